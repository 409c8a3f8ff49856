import ArgumentParser
import IsletClient
import IsletCore
import Translation

struct ActivityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity", abstract: tr("The live activity: show it, or turn live activities on and off."),
        subcommands: [
            Show.self, Pause.self, Resume.self, Toggle.self, Stop.self, On.self, Off.self, Linger.self, GoalLinger.self, Start.self,
            Update.self, End.self,
        ],
        defaultSubcommand: Show.self)

    /// What a panel's click means: the same verb for whatever holds the island.
    enum Verb { case pause, resume, toggle, stop }

    static func act(_ verb: Verb, bus: BusOptions) async throws {
        try await bus.run { client in
            // With no activity, a running fast is what the panel shows (FR-003, its app view):
            // the click acts on it (FR-002: a graphical Stop for a fast without a goal).
            var shown = try await client.currentActivity()
            if shown == nil, let status = try? await client.fastStatus(), status.fasting {
                shown = ActivitySnapshot(id: "", owner: "fasting", attributes: ["kind": .string("fast")], state: [:])
            }
            guard let activity = shown else {
                Output.error(tr("no live activity to act on."), hint: tr("`islet timer start Tea 3m` or `islet fast start` starts one."))
                throw ExitCode(1)
            }
            let paused = activity.state["status"]?.string == DisplayStatus.paused.rawValue
            let resolved = verb == .toggle ? (paused ? Verb.resume : .pause) : verb
            switch (activity.kind, resolved) {
            case (.timer, .pause):
                try await client.pauseTimer(owner: activity.owner)
                Output.line(tr("Paused %s's timer.", "\(activity.owner)"))
            case (.timer, .resume), (.timer, .toggle):
                try await client.resumeTimer(owner: activity.owner)
                Output.line(tr("Resumed %s's timer.", "\(activity.owner)"))
            case (.timer, .stop):
                try await client.stopTimer(owner: activity.owner)
                Output.line(tr("Stopped %s's timer.", "\(activity.owner)"))
            case (.fast, .stop):
                let fast = try await client.stopFast()
                Output.line(tr("Stopped the fast after %s.", "\(Format.hms(seconds: (fast.endedAt - fast.startedAt) / usecPerSecond))"))
            case (.fast, _):
                Output.error(tr("a fast does not pause."), hint: tr("`islet activity stop` (or `islet fast stop`) ends it."))
                throw ExitCode(1)
            case (.custom, _):
                // A program's activity that offers the button (contract 1.4): pressed, and the
                // program does it (a player pauses).
                let word: IsletCommand.Verb =
                    switch resolved {
                    case .pause: .pause
                    case .resume, .toggle: .resume
                    case .stop: .stop
                    }
                if let command = IsletCommand(word, on: activity), case .act = command {
                    try await client.perform(command)
                    Output.line(tr("Asked %1$s to %2$s.", "\(activity.owner)", word.rawValue))
                    return
                }
                Output.error(
                    tr("this activity belongs to %s, which drives it.", "\(activity.owner)"), hint: tr("Only the program that started it may change it."))
                throw ExitCode(1)
            }
        }
    }

    struct Pause: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Pause the timer that holds the island."))
        @OptionGroup var bus: BusOptions
        func run() async throws { try await ActivityCommand.act(.pause, bus: bus) }
    }

    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Resume the timer that holds the island."))
        @OptionGroup var bus: BusOptions
        func run() async throws { try await ActivityCommand.act(.resume, bus: bus) }
    }

    struct Toggle: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("Pause or resume the timer that holds the island, whoever owns it (for a panel's click)."))
        @OptionGroup var bus: BusOptions
        func run() async throws { try await ActivityCommand.act(.toggle, bus: bus) }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Stop the timer or the fast that holds the island."))
        @OptionGroup var bus: BusOptions
        func run() async throws { try await ActivityCommand.act(.stop, bus: bus) }
    }

    struct Linger: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("Show or set how long a finished timer's activity shows completion (0 to 1h; default 5s)."))
        @Argument(help: .init(tr("A duration (5s, 1m) or 0; leave it out to show the setting."))) var duration: String?
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await ActivityCommand.linger("LingerSeconds", duration, bus: bus) { tr("A finished timer shows completion for %s.", $0) }
        }
    }

    struct GoalLinger: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "goal-linger",
            abstract: tr("Show or set how long a fast's reached goal stays on the island (0: until the fast stops; up to 1d)."))
        @Argument(help: .init(tr("A duration (10m, 1h) or 0; leave it out to show the setting."))) var duration: String?
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await ActivityCommand.linger("GoalReachedLingerSeconds", duration, bus: bus) { tr("A reached goal stays for %s.", $0) }
        }
    }

    static func linger(_ property: String, _ duration: String?, bus: BusOptions, saying: (String) -> String) async throws {
        let seconds: UInt64? = try duration.map { $0.trimmingWhitespace() == "0" ? 0 : try Parse.duration($0) }
        if let seconds, seconds > UInt64(UInt32.max) { throw ValidationError(tr("%s is too long", "\(duration ?? "")")) }
        let value = try await bus.run { client -> UInt32 in
            if let seconds { try await client.activity.set(property, .uint32(UInt32(seconds))) }
            return try await client.activity.get(property, as: UInt32.self)
        }
        if value == 0 && property == "GoalReachedLingerSeconds" {
            Output.line(tr("A reached goal stays until the fast stops."))
        } else {
            Output.line(saying(Format.duration(seconds: UInt64(value))))
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Show the current live activity."))
        @Option(help: .init(tr("plain or json."))) var format: PanelFormat = .plain
        @OptionGroup var bus: BusOptions
        func run() async throws {
            let (activity, enabled) = try await bus.run { (try await $0.currentActivity(), try await $0.activitiesEnabled()) }
            guard let activity else {
                Output.line(
                    format == .json ? Panel.idle(.json) : enabled ? tr("No live activity.") : tr("Live activities are off; `islet activity on` turns them on."))
                return
            }
            if format == .json {
                Output.line(Panel.line(activity, now: Times.now(), format: .json, style: .standard).text)
                return
            }
            let now = Times.now()
            let view = ActivityView(activity, now: now, unit: .seconds)
            Output.line(tr("%1$s activity %2$s, owner %3$s", activity.kind.rawValue, activity.id, activity.owner))
            for line in Panel.tooltipLines(view, now: now) { Output.line("  " + line) }
        }
    }

    struct On: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Turn live activities on."))
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await bus.run { try await $0.setActivitiesEnabled(true) }
            Output.line(tr("Live activities are on."))
        }
    }

    struct Off: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Turn live activities off (fasts and timers go on)."))
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await bus.run { try await $0.setActivitiesEnabled(false) }
            Output.line(tr("Live activities are off."))
        }
    }
}
