import IsletClient
import IsletCore
import Translation

/// The live activity as an MPRIS media player shows it (GNOME's message list, Plasma's and
/// GNOME 48's lock screens, swaync's and waybar's media widgets, playerctl): the title, the
/// time and phase as the artist line, a length and a position so that the widget draws
/// progress, and which of play / pause / stop mean something. Pure: the same activity, time
/// and style give the same view.
public struct MediaView: Equatable, Sendable {
    public enum Status: String, Sendable { case playing = "Playing", paused = "Paused", stopped = "Stopped" }

    public var title: String
    /// The time and the phase: "01:57 · 1/2", "❚❚ 01:57 · Work 3/8", "Goal in 3:12 · Goal: 16 hours".
    /// Empty in the minimal style, whose title is the time alone.
    public var artist: String
    public var status: Status
    /// Identifies the "track": the activity and its phase, so a new phase is a new track with a
    /// length of its own. An object path's last element.
    public var track: String
    /// Microseconds; 0 when there is nothing to measure against (no progress is drawn).
    public var length: Int64
    /// Microseconds into `length` at the time the view was made; it moves on at rate 1 while
    /// playing.
    public var position: Int64
    /// MPRIS's CanPlay: whether there is a current track. Clients (playerctl, GNOME) show
    /// nothing of a player that cannot play, so it is true for every view; what Play does is
    /// ``MediaPresenter/command(_:activity:style:)``'s business.
    public var canPlay: Bool
    public var canPause: Bool
    /// Whether any control does something (false: clients draw no buttons).
    public var canControl: Bool
    /// When the text next changes by itself; nil when only a change of state changes it.
    public var nextChange: USec?
    /// islet's icon as the art (`mpris:artUrl`); not in the minimal style (no icon).
    public var showsArt = true

    /// The metadata's part of the view: a change here is a `Metadata` change.
    public var metadataKey: [String] { [title, artist, track, String(length)] }
}

public enum MediaPresenter {
    public static func present(_ activity: ActivitySnapshot, now: USec, style: NotifySettings.Style) -> MediaView {
        // Timers count in seconds, fasts in minutes, as their notifications do (a fast's
        // widget text then changes once a minute; its position still moves each second).
        let unit: DisplayUnit = activity.kind == .fast ? .minutes : .seconds
        let view = ActivityView(activity, now: now, unit: unit)
        let state = activity.state
        // Completed: paused at its end, not Stopped: widgets (Phosh's, GNOME's) draw a stopped
        // player's bar empty, and the seed's completion is a full one. Play does nothing then
        // (``command(_:activity:style:)`` reads the activity, not this).
        let status: MediaView.Status =
            switch view.status {
            case .running, .goalReached: .playing
            case .paused, .completed: .paused
            }

        var length: Int64 = 0
        var position: Int64 = 0
        let endsAt = state["ends_at_usec"]?.uint64 ?? 0
        let remaining = state["remaining_usec"]?.uint64
        let elapsed = state["elapsed_usec"]?.uint64 ?? 0
        switch view.kind {
        case .fast:
            let started = state["started_at_usec"]?.uint64 ?? 0
            if view.goalSeconds > 0, started > 0 {
                length = Int64(clamping: view.goalSeconds * usecPerSecond)
                position = min(length, Int64(clamping: now > started ? now - started : 0))
            }
        case .timer, .custom:
            if let remaining {
                length = Int64(clamping: remaining + elapsed)
                let left: UInt64 =
                    switch view.status {
                    case .running where endsAt > 0: endsAt > now ? endsAt - now : 0
                    case .completed, .goalReached: 0
                    default: remaining
                    }
                position = max(0, length - Int64(clamping: left))
            }
        }

        let index = state["phase_index"]?.uint32 ?? 0
        let round = state["round"]?.uint32 ?? 1
        let track =
            "a" + String(activity.id.unicodeScalars.filter { $0.properties.isASCIIHexDigit || $0 == "_" })
            + "_\(round)_\(index)"
        let controllable = view.kind == .timer && style == .standard

        if style == .minimal {
            // The time alone (PRD-02); no progress (AR-01), nothing to tap (AR-05).
            return MediaView(
                title: view.hasTime ? view.minimalText : view.title, artist: "", status: status, track: track,
                length: 0, position: 0, canPlay: true, canPause: false, canControl: false,
                nextChange: view.nextChange, showsArt: false)
        }

        let title: String
        var parts: [String] = []
        switch view.kind {
        case .fast:
            if view.status == .goalReached {
                title = tr("Goal Reached!")
                parts.append(tr("Fasted %s", view.timeText))
            } else {
                title = view.title
                parts.append(tr("Goal in %s", view.timeText))
            }
            if view.goalSeconds > 0 { parts.append(Format.goal(seconds: view.goalSeconds)) }
        case .timer, .custom:
            title = view.title
            // Contract 1.4: whose it is, first, where the program gave its name ("Build").
            if let program = view.program { parts.append(program) }
            if view.hasTime {
                parts.append((view.status == .paused ? "❚❚ " : "") + view.timeText)
            } else {
                parts.append(view.status.label)
            }
            if view.status == .completed, view.hasTime, !(view.kind == .custom && view.phaseMark != nil) { parts.append(tr("Done")) }
            // The compact mark: a media widget has one short line for it (a program's own
            // activity says how it ended: "Done in 3:12").
            if let mark = view.compactMark { parts.append(mark) }
            // Contract 1.2: out-of-date content says so.
            if view.isStale { parts.append(tr("stale")) }
        }
        return MediaView(
            title: title, artist: parts.joined(separator: " · "), status: status, track: track, length: length,
            position: position, canPlay: true,
            canPause: controllable && (view.status == .running || view.status == .paused), canControl: controllable,
            nextChange: view.nextChange)
    }

    /// What Play, Pause, PlayPause and Stop do: a timer's pause, resume and stop. A fast is
    /// never stopped from a media key (it has no pause, and a stray Stop would end it); a
    /// program's own activity is driven by its owner; the minimal style has nothing to tap.
    public static func command(_ control: String, activity: ActivitySnapshot?, style: NotifySettings.Style) -> IsletCommand? {
        guard let activity, activity.kind == .timer, style == .standard else { return nil }
        let status = activity.state["status"]?.string
        let verb: IsletCommand.Verb? =
            switch (control, status) {
            case ("Play", "paused"), ("PlayPause", "paused"): .resume
            case ("Pause", "running"), ("PlayPause", "running"): .pause
            case ("Stop", "running"), ("Stop", "paused"): .stop
            default: nil
            }
        return verb.flatMap { IsletCommand($0, on: activity) }
    }
}
