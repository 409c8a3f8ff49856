import IsletClient
import IsletCore
import Platform
import Translation

/// The live activity as a KDE job (Plasma's own progress area): what the job view shows, and
/// which of its buttons mean something. Pure.
public struct JobView: Equatable, Sendable {
    /// The summary: "Workout · 00:30 · Work 1/8", "Fasting Goal · goal in 12:00".
    public var infoMessage: String
    /// Description fields, in order: (label, value), "Time left" / "01:57", "Phase" / "Work · Round 3/8".
    public var fields: [Field]
    public var percent: UInt32
    public var suspended: Bool
    /// When the text next changes by itself; nil when only a change of state changes it.
    public var nextChange: USec?

    public struct Field: Equatable, Sendable {
        public var label: String
        public var value: String
    }

    /// Capabilities for `requestView`: 1 killable (cancel), 2 suspendable (pause).
    public static func capabilities(for kind: ActivityKind) -> Int32 {
        switch kind {
        case .timer: 1 | 2
        case .fast: 1  // Plasma's cancel button: Stop Fast, pressed on purpose
        case .custom: 0
        }
    }
}

public enum JobPresenter {
    /// What the job's buttons do.
    /// Whether a job shows `activity` now: only while it is live. Its moment (a timer's end, a
    /// fast's goal reached) is the bridge's announcement, said once; a job still on screen
    /// beside it would say it twice (Plasma 6: "Quick · 00:00" at 100 %, then "(Finished)").
    public static func shows(_ activity: ActivitySnapshot, now: USec) -> Bool {
        let status = ActivityView(activity, now: now, unit: .minutes).status
        return status != .completed && status != .goalReached
    }

    public static func present(_ activity: ActivitySnapshot, now: USec, localTime: LocalTime = .system) -> JobView {
        let unit: DisplayUnit = activity.kind == .fast ? .minutes : .seconds
        let view = ActivityView(activity, now: now, unit: unit)
        var fields: [JobView.Field] = []
        // The summary Plasma shows folded: the title and the time (it adds "(Paused)" and
        // "(Finished)" itself); the fields, shown unfolded, say what each figure is.
        var info: String
        switch view.kind {
        case .fast:
            if view.status == .goalReached {
                info = tr("Goal reached · fasted %s", view.timeText)
                fields.append(.init(label: tr("Fasted"), value: view.timeText))
            } else {
                info = view.title + " · " + tr("goal in %s", view.timeText)
                fields.append(.init(label: tr("Goal in"), value: view.timeText))
            }
            if view.goalSeconds > 0 { fields.append(.init(label: tr("Goal"), value: Format.duration(seconds: view.goalSeconds))) }
        case .timer, .custom:
            info = view.title
            if view.hasTime {
                info += " · " + view.timeText
                // A program's time without an end counts up (`islet run`).
                fields.append(.init(label: view.countsUp ? tr("Running for") : tr("Time left"), value: view.timeText))
            }
            if let mark = view.phaseMark, view.status != .completed { info += " · " + mark }
            if let label = view.phaseLabel { fields.append(.init(label: tr("Phase"), value: label)) }
            // Contract 1.4: whose it is, where the program gave its name ("Build").
            if let program = view.program { fields.append(.init(label: tr("Program"), value: program)) }
            // Contract 1.2: out-of-date content says so, in the summary Plasma shows folded.
            if view.isStale {
                info += " " + tr("(stale)")
                if let since = view.lastUpdate {
                    fields.append(.init(label: tr("Not updated since"), value: localTime.describe(since, now: now)))
                }
            }
        }
        let percent = UInt32(min(100, max(0, view.percent ?? 0)))
        return JobView(
            infoMessage: info, fields: fields, percent: percent, suspended: view.status == .paused,
            nextChange: view.nextChange)
    }

    /// Plasma's suspend, resume and cancel, for the activity that holds the island.
    public static func command(_ signal: String, activity: ActivitySnapshot?) -> IsletCommand? {
        guard let activity else { return nil }
        let verb: IsletCommand.Verb? =
            switch (activity.kind, signal) {
            case (.timer, "suspendRequested"): .pause
            case (.timer, "resumeRequested"): .resume
            case (.timer, "cancelRequested"): .stop
            case (.fast, "cancelRequested"): .stopFast
            default: nil
            }
        return verb.flatMap { IsletCommand($0, on: activity) }
    }
}
