import ArgumentParser
import IsletClient
import IsletCore

struct TimerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer", abstract: "Countdown timers: one phase, or phases over rounds.",
        subcommands: [Start.self, Intervals.self, Pause.self, Resume.self, Stop.self, List.self],
        defaultSubcommand: List.self)

    static let defaultOwner = "islet"

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start a countdown: islet timer start Tea 3m.")
        @Option(help: "Whose timer (each owner has at most one).") var owner = TimerCommand.defaultOwner
        @Argument(help: "What it is for.") var title: String
        @Argument(help: "How long: 25m, 90s, 1h30m, 1:30:00.") var duration: String
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let seconds = try Parse.duration(duration)
            try await bus.run { try await $0.startTimer(owner: owner, title: title, seconds: seconds) }
            Output.line("\(title): \(Format.timer(seconds: seconds)) (owner \(owner)).")
        }
    }

    struct Intervals: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start phases over rounds: --phase Work=40s --phase Rest=20s --rounds 8.")
        @Option(help: "Whose timer.") var owner = TimerCommand.defaultOwner
        @Option(help: "What it is for.") var title: String
        @Option(name: .customLong("phase"), help: "NAME=DURATION, in order; repeat for each phase.") var phases: [String] = []
        @Option(help: "How many times the phases repeat (1 to 100).") var rounds: UInt32 = 1
        @OptionGroup var bus: BusOptions

        func validate() throws {
            guard !phases.isEmpty else { throw ValidationError("give at least one --phase NAME=DURATION") }
        }

        func run() async throws {
            let parsed = try phases.map { text -> Phase in
                guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
                    throw ValidationError("a phase is NAME=DURATION (Work=40s), got \"\(text)\"")
                }
                return Phase(name: String(text[..<equals]), seconds: try Parse.duration(String(text[text.index(after: equals)...])))
            }
            try await bus.run { try await $0.startIntervals(owner: owner, title: title, phases: parsed, rounds: rounds) }
            let list = parsed.map { "\($0.name) \(Format.timer(seconds: $0.seconds))" }.joined(separator: ", ")
            Output.line("\(title): \(list)\(rounds > 1 ? ", \(rounds) rounds" : "") (owner \(owner)).")
        }
    }

    struct Pause: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Pause a timer.")
        @Option(help: "Whose timer.") var owner = TimerCommand.defaultOwner
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await bus.run { try await $0.pauseTimer(owner: owner) }
            Output.line("Paused \(owner)'s timer.")
        }
    }

    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Resume a paused timer.")
        @Option(help: "Whose timer.") var owner = TimerCommand.defaultOwner
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await bus.run { try await $0.resumeTimer(owner: owner) }
            Output.line("Resumed \(owner)'s timer.")
        }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop a timer.")
        @Option(help: "Whose timer.") var owner = TimerCommand.defaultOwner
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await bus.run { try await $0.stopTimer(owner: owner) }
            Output.line("Stopped \(owner)'s timer.")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The running and paused timers.")
        @OptionGroup var bus: BusOptions
        func run() async throws {
            let timers = try await bus.run { try await $0.listTimers() }
            if timers.isEmpty { Output.line("No timers; start one with `islet timer start Tea 3m`."); return }
            let now = Times.now()
            for (owner, state) in timers {
                let snapshot = ActivitySnapshot(id: "", owner: owner, attributes: ["kind": .string("timer")], state: state)
                let view = ActivityView(snapshot, now: now, unit: .seconds)
                var detail = view.status.label
                if let label = view.phaseLabel { detail += " · " + label }
                Output.line(owner.padding(12) + view.title.padding(16) + view.timeText.padding(9) + detail)
            }
        }
    }
}

struct ActivityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity", abstract: "The live activity: show it, or turn live activities on and off.",
        subcommands: [Show.self, Pause.self, Resume.self, Toggle.self, Stop.self, On.self, Off.self, Linger.self, GoalLinger.self],
        defaultSubcommand: Show.self)

    /// What a panel's click means: the same verb for whatever holds the island.
    enum Verb { case pause, resume, toggle, stop }

    static func act(_ verb: Verb, bus: BusOptions) async throws {
        try await bus.run { client in
            guard let activity = try await client.currentActivity() else {
                Output.error("no live activity to act on.", hint: "`islet timer start Tea 3m` or `islet fast start` starts one.")
                throw ExitCode(1)
            }
            let paused = activity.state["status"]?.string == DisplayStatus.paused.rawValue
            let resolved = verb == .toggle ? (paused ? Verb.resume : .pause) : verb
            switch (activity.kind, resolved) {
            case (.timer, .pause):
                try await client.pauseTimer(owner: activity.owner)
                Output.line("Paused \(activity.owner)'s timer.")
            case (.timer, .resume), (.timer, .toggle):
                try await client.resumeTimer(owner: activity.owner)
                Output.line("Resumed \(activity.owner)'s timer.")
            case (.timer, .stop):
                try await client.stopTimer(owner: activity.owner)
                Output.line("Stopped \(activity.owner)'s timer.")
            case (.fast, .stop):
                let fast = try await client.stopFast()
                Output.line("Stopped the fast after \(Format.hms(seconds: (fast.endedAt - fast.startedAt) / usecPerSecond)).")
            case (.fast, _):
                Output.error("a fast does not pause.", hint: "`islet activity stop` (or `islet fast stop`) ends it.")
                throw ExitCode(1)
            case (.custom, _):
                Output.error("this activity belongs to \(activity.owner), which drives it.", hint: "Only the program that started it may change it.")
                throw ExitCode(1)
            }
        }
    }

    struct Pause: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Pause the timer that holds the island.")
        @OptionGroup var bus: BusOptions
        func run() async throws { try await ActivityCommand.act(.pause, bus: bus) }
    }

    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Resume the timer that holds the island.")
        @OptionGroup var bus: BusOptions
        func run() async throws { try await ActivityCommand.act(.resume, bus: bus) }
    }

    struct Toggle: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Pause or resume the timer that holds the island, whoever owns it (for a panel's click).")
        @OptionGroup var bus: BusOptions
        func run() async throws { try await ActivityCommand.act(.toggle, bus: bus) }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop the timer or the fast that holds the island.")
        @OptionGroup var bus: BusOptions
        func run() async throws { try await ActivityCommand.act(.stop, bus: bus) }
    }

    struct Linger: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show or set how long a finished timer's activity shows completion (0 to 1h; default 5s).")
        @Argument(help: "A duration (5s, 1m) or 0; leave it out to show the setting.") var duration: String?
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await ActivityCommand.linger("LingerSeconds", duration, bus: bus, what: "A finished timer shows completion for")
        }
    }

    struct GoalLinger: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "goal-linger",
            abstract: "Show or set how long a fast's reached goal stays on the island (0: until the fast stops; up to 1d).")
        @Argument(help: "A duration (10m, 1h) or 0; leave it out to show the setting.") var duration: String?
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await ActivityCommand.linger("GoalReachedLingerSeconds", duration, bus: bus, what: "A reached goal stays for")
        }
    }

    static func linger(_ property: String, _ duration: String?, bus: BusOptions, what: String) async throws {
        let seconds: UInt64? = try duration.map { $0.trimmingWhitespace() == "0" ? 0 : try Parse.duration($0) }
        if let seconds, seconds > UInt64(UInt32.max) { throw ValidationError("\(duration ?? "") is too long") }
        let value = try await bus.run { client -> UInt32 in
            if let seconds { try await client.activity.set(property, .uint32(UInt32(seconds))) }
            return try await client.activity.get(property, as: UInt32.self)
        }
        if value == 0 && property == "GoalReachedLingerSeconds" {
            Output.line("A reached goal stays until the fast stops.")
        } else {
            Output.line("\(what) \(Format.duration(seconds: UInt64(value))).")
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the current live activity.")
        @Option(help: "plain or json.") var format: PanelFormat = .plain
        @OptionGroup var bus: BusOptions
        func run() async throws {
            let (activity, enabled) = try await bus.run { (try await $0.currentActivity(), try await $0.activitiesEnabled()) }
            guard let activity else {
                Output.line(format == .json ? Panel.idle(.json) : enabled ? "No live activity." : "Live activities are off; `islet activity on` turns them on.")
                return
            }
            if format == .json {
                Output.line(Panel.line(activity, now: Times.now(), format: .json, style: .standard).text)
                return
            }
            let view = ActivityView(activity, now: Times.now(), unit: .seconds)
            Output.line("\(activity.kind.rawValue) activity \(activity.id), owner \(activity.owner)")
            for line in Panel.tooltipLines(view) { Output.line("  " + line) }
        }
    }

    struct On: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Turn live activities on.")
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await bus.run { try await $0.setActivitiesEnabled(true) }
            Output.line("Live activities are on.")
        }
    }

    struct Off: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Turn live activities off (fasts and timers go on).")
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await bus.run { try await $0.setActivitiesEnabled(false) }
            Output.line("Live activities are off.")
        }
    }
}

extension PanelFormat: ExpressibleByArgument {}
extension PanelStyle: ExpressibleByArgument {}
