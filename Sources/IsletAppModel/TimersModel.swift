import IsletCore
import Translation

/// The app's Timers page: the Live Activities spec's tabs made real. Three timers, each its own
/// owner on the bus (the spec's "Tab A", "Tab B"): a countdown, a meditation with named phases,
/// a workout of Work/Rest rounds. Each can be started from presets or a custom plan, paused,
/// resumed, extended by a minute and stopped; the page says which activity holds the island.
/// Pure: timers and the island's owner in, texts out.
public struct TimersModel: Equatable, Sendable {
    /// One of the page's timers: its owner string on the bus is `owner`.
    public enum Kind: String, CaseIterable, Equatable, Sendable {
        case countdown, meditation, workout

        /// The owner the app's timer of this kind has on the bus.
        public var owner: String { "islet-app-" + rawValue }

        public init?(owner: String) {
            guard owner.hasPrefix("islet-app-"), let kind = Kind(rawValue: String(owner.dropFirst(10))) else { return nil }
            self = kind
        }

        /// "Countdown", "Meditation", "Workout".
        public var name: String {
            switch self {
            case .countdown: tr("Countdown")
            case .meditation: tr("Meditation")
            case .workout: tr("Workout")
            }
        }

        /// The ready plans offered for this kind.
        public var presets: [Plan] {
            switch self {
            case .countdown:
                [1, 3, 5, 10, 25].map { Plan.countdown(seconds: $0 * 60) }
            case .meditation:
                [
                    Plan.meditation([Phase(name: tr("Settle"), seconds: 120), Phase(name: tr("Sit"), seconds: 480)]),
                    Plan.meditation([
                        Phase(name: tr("Settle"), seconds: 300), Phase(name: tr("Sit"), seconds: 900), Phase(name: tr("Return"), seconds: 120),
                    ]),
                ]
            case .workout:
                [
                    Plan.workout(work: 20, rest: 10, rounds: 8),
                    Plan.workout(work: 40, rest: 20, rounds: 8),
                    Plan.workout(work: 60, rest: 30, rounds: 5),
                ]
            }
        }
    }

    /// What a timer is started with: its title, phases and rounds, and how the page names it.
    public struct Plan: Equatable, Sendable {
        public var kind: Kind
        public var title: String
        public var phases: [Phase]
        public var rounds: UInt32
        /// "5 min", "Settle 2 min · Sit 8 min", "20 s / 10 s × 8".
        public var label: String

        public static func countdown(seconds: UInt64) -> Plan {
            Plan(kind: .countdown, title: tr("Countdown"), phases: [Phase(name: tr("Countdown"), seconds: seconds)], rounds: 1, label: short(seconds))
        }

        public static func meditation(_ phases: [Phase]) -> Plan {
            Plan(
                kind: .meditation, title: tr("Meditation"), phases: phases, rounds: 1,
                label: phases.map { $0.name + " " + short($0.seconds) }.joined(separator: " · "))
        }

        public static func workout(work: UInt64, rest: UInt64, rounds: UInt32) -> Plan {
            Plan(
                kind: .workout, title: tr("Workout"), phases: [Phase(name: tr("Work"), seconds: work), Phase(name: tr("Rest"), seconds: rest)],
                rounds: rounds, label: tr("%1$s work, %2$s rest × %3$d", short(work), short(rest), "\(rounds)"))
        }

        /// "90 s", "5 min", "1 h 30 min": a plan's times, short.
        static func short(_ seconds: UInt64) -> String {
            if seconds < 60 || (seconds < 600 && seconds % 60 != 0) {
                return seconds < 60 ? tr("%d s", "\(seconds)") : tr("%1$d min %2$d s", "\(seconds / 60)", "\(seconds % 60)")
            }
            return Format.duration(seconds: seconds)
        }
    }

    /// A plan written by hand, or why it cannot be one (the words to show).
    public enum Custom: Equatable, Sendable {
        case plan(Plan)
        case invalid(String)
    }

    /// One timer's card: what it shows now and which buttons work.
    public struct Card: Equatable, Sendable {
        /// The app's own timer of this kind; nil for another program's (`islet timer start Tea 3m`).
        public var kind: Kind?
        /// The timer's owner on the bus: whom Pause, +1 min and Stop name.
        public var owner: String
        /// "Countdown" for the app's own; another program's timer's own title ("Tea").
        public var heading: String
        /// "04:59" while it runs or is paused; "Not running" otherwise.
        public var time: String
        /// "Work · Round 3/8 · Paused"; nil when there is nothing to add.
        public var detail: String?
        /// 0 ... 1 of the phase; nil when not running.
        public var progress: Double?
        public var running: Bool
        public var paused: Bool
        /// This timer's activity is the one on the island.
        public var holdsIsland: Bool
        /// When its time next changes by itself; nil: never (idle, paused).
        public var nextChange: USec?
        /// The card's own controls work only while it runs or is paused.
        public var active: Bool { running || paused }
        /// "Pause Workout" or "Resume Workout": the one button's name, as a screen reader says it.
        public var pauseLabel: String { paused ? tr("Resume %s", heading) : tr("Pause %s", heading) }
    }

    /// The app's three timers, in ``Kind``'s order.
    public var cards: [Card]
    /// The timers other programs run (the command line's, a script's), the one shown live
    /// first: above the app's own, with their controls, so that a click on such a timer's
    /// notification lands where it can be paused or stopped.
    public var others: [Card]
    /// "Shown live: Workout", "Shown live: Tea (Countdown)", "Shown live: Fasting Goal",
    /// "Nothing is shown live.".
    public var island: String
    /// Another program's activity on the island (a song in mpv, a Pomodoro in Focus Timer, a
    /// command run with `islet run`): a card of its own, with the buttons it offers; nil when
    /// the island shows islet's own or nothing.
    public var program: Program?

    /// A program's activity as its card shows it (contract 1.4).
    public struct Program: Equatable, Sendable {
        /// Whom the buttons name (LiveActivity.Act): the activity shown now.
        public var activityID: String
        /// Its program's desktop entry's id: the page shows that entry's icon and name.
        public var appID: String?
        /// The name the program gave, or the title: used where no desktop entry answers.
        public var name: String
        /// The song's, the block's, the command's title.
        public var title: String
        /// "01:58" of the song, "24:59" of the block; nil when it has no time.
        public var time: String?
        /// "Paused · The Kettles"; nil when there is nothing to add.
        public var detail: String?
        /// 0 ... 1; nil when unknown.
        public var progress: Double?
        /// The buttons it offers now, in its order.
        public var actions: [Action]
        /// Its image (a song's cover): a local file's URL; nil for none.
        public var art: String?
    }

    /// One of a program's buttons: its word for LiveActivity.Act, its icon, and its name as a
    /// screen reader says it ("Pause mpv Media Player").
    public struct Action: Equatable, Sendable {
        public var word: String
        public var icon: String

        /// The button's name, for the program named `name`.
        public func label(_ name: String) -> String {
            switch word {
            case "pause": tr("Pause %s", name)
            case "resume": tr("Resume %s", name)
            case "next": tr("Next in %s", name)
            case "skip": tr("Skip in %s", name)
            default: tr("Stop %s", name)
            }
        }

        static func icon(_ word: String) -> String {
            switch word {
            case "pause": "media-playback-pause-symbolic"
            case "resume": "media-playback-start-symbolic"
            case "next", "skip": "media-skip-forward-symbolic"
            default: "media-playback-stop-symbolic"
            }
        }
    }
    /// When a text on the page next changes by itself (each second of a running timer); nil: never.
    public var nextChange: USec?

    /// - Parameters:
    ///   - timers: isletd's running and paused timers (`Timers.List`), every owner's.
    ///   - activity: the live activity now (`LiveActivity.Get`), nil when there is none.
    public init(timers: [(owner: String, state: ActivityState)], activity: ActivitySnapshot?, now: USec) {
        let live = activity?.owner
        cards = Kind.allCases.map { kind in
            guard let state = timers.first(where: { $0.owner == kind.owner })?.state else {
                return Card(
                    kind: kind, owner: kind.owner, heading: kind.name, time: tr("Not running"), detail: nil, progress: nil, running: false,
                    paused: false, holdsIsland: false)
            }
            return Self.card(kind: kind, owner: kind.owner, state: state, live: live, now: now)
        }
        others = timers.filter { Kind(owner: $0.owner) == nil }.map {
            Self.card(kind: nil, owner: $0.owner, state: $0.state, live: live, now: now)
        }
        // The one shown live first; the rest as isletd lists them.
        if let first = others.firstIndex(where: \.holdsIsland) { others.insert(others.remove(at: first), at: 0) }
        nextChange = (cards + others).compactMap(\.nextChange).min()
        if let activity {
            // One view of the activity for the page's line and a program's card.
            let view = ActivityView(activity, now: now, unit: .seconds)
            if view.kind == .custom {
                program = Self.program(activity, view)
                nextChange = [nextChange, view.nextChange].compactMap { $0 }.min()
            }
            if let kind = Kind(owner: activity.owner), view.title != kind.name {
                island = tr("Shown live: %1$s (%2$s)", view.title, kind.name)
            } else {
                island = tr("Shown live: %s", view.title)
            }
        } else {
            island = tr("Nothing is shown live.")
        }
    }

    /// A program's activity's card: its texts as every surface has them (``ActivityView``), and
    /// the buttons its state's `actions` offer while it has not ended.
    static func program(_ activity: ActivitySnapshot, _ view: ActivityView) -> Program {
        var detail: [String] = []
        if view.status != .running { detail.append(view.status.label) }
        if let label = view.phaseLabel { detail.append(label) }
        return Program(
            activityID: activity.id, appID: activity.appID, name: view.program ?? view.title, title: view.title,
            time: view.hasTime ? view.timeText : nil, detail: detail.isEmpty ? nil : detail.joined(separator: " · "),
            progress: view.percent.map { Double($0) / 100 },
            actions: view.actions.map { Action(word: $0, icon: Action.icon($0)) }, art: view.art)
    }

    /// A running or paused timer's card, from its state as isletd lists it: headed by its kind's
    /// name, or else by its own title (the owner's name when it has none).
    static func card(kind: Kind?, owner: String, state: ActivityState, live: String?, now: USec) -> Card {
        let snapshot = ActivitySnapshot(id: "", owner: owner, attributes: ["kind": .string("timer")], state: state)
        let view = ActivityView(snapshot, now: now, unit: .seconds)
        var detail: [String] = []
        if let phase = view.phaseLabel { detail.append(phase) }
        if view.status != .running { detail.append(view.status.label) }
        return Card(
            kind: kind, owner: owner, heading: kind?.name ?? (view.title.isEmpty ? owner : view.title), time: view.timeText,
            detail: detail.isEmpty ? nil : detail.joined(separator: " · "), progress: view.percent.map { Double($0) / 100 },
            running: view.status == .running, paused: view.status == .paused, holdsIsland: live == owner, nextChange: view.nextChange)
    }

    /// A countdown written as islet reads a duration ("4m30s", "90s", "1:30:00").
    public static func customCountdown(_ text: String) -> Custom {
        guard let seconds = Format.parseDuration(text), Limits.phaseSeconds.contains(seconds) else {
            return .invalid(tr("A countdown is 1 second to 7 days: write it like 4m30s, 90s or 1:30:00."))
        }
        return .plan(.countdown(seconds: seconds))
    }

    /// A meditation's phases written "Settle 3m, Sit 12m": names and durations, comma between.
    public static func customMeditation(_ text: String) -> Custom {
        let invalid = Custom.invalid(tr("Write the phases like: Settle 3m, Sit 12m (a name and a duration each, at most 32)."))
        let parts = text.split(separator: ",").map { String($0).trimmingWhitespace() }
        guard !parts.isEmpty, parts.count <= Limits.maxPhases else { return invalid }
        var phases: [Phase] = []
        for part in parts {
            guard let space = part.lastIndex(of: " ") else { return invalid }
            let name = String(part[..<space]).trimmingWhitespace()
            guard !name.isEmpty, name.utf8.count <= 64, let seconds = Format.parseDuration(String(part[part.index(after: space)...])),
                Limits.phaseSeconds.contains(seconds)
            else { return invalid }
            phases.append(Phase(name: name, seconds: seconds))
        }
        return .plan(.meditation(phases))
    }

    /// A workout from its work and rest times and rounds ("40s", "20s", "8").
    public static func customWorkout(work: String, rest: String, rounds: String) -> Custom {
        guard let w = Format.parseDuration(work), let r = Format.parseDuration(rest), Limits.phaseSeconds.contains(w),
            Limits.phaseSeconds.contains(r), let n = UInt32(rounds.trimmingWhitespace()), Limits.rounds.contains(n)
        else {
            return .invalid(tr("A workout needs a work and a rest time (like 40s and 20s) and 1 to 100 rounds."))
        }
        return .plan(.workout(work: w, rest: r, rounds: n))
    }
}
