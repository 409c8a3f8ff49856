import ArgumentParser
import IsletClient
import IsletCore
import Translation

struct TimerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer", abstract: tr("Countdown timers: one phase, or phases over rounds."),
        subcommands: [Start.self, Intervals.self, Pause.self, Resume.self, Extend.self, Stop.self, List.self],
        defaultSubcommand: List.self)

    static let defaultOwner = "islet"

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Start a countdown: islet timer start Tea 3m."))
        @Option(help: .init(tr("Whose timer (each owner has at most one)."))) var owner = TimerCommand.defaultOwner
        @Argument(help: .init(tr("What it is for."))) var title: String
        @Argument(help: .init(tr("How long: 25m, 90s, 1h30m, 1:30:00."))) var duration: String
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let seconds = try Parse.duration(duration)
            try await bus.run { try await $0.startTimer(owner: owner, title: title, seconds: seconds) }
            Output.line(tr("%1$s: %2$s (owner %3$s).", "\(title)", "\(Format.timer(seconds: seconds))", "\(owner)"))
        }
    }

    struct Intervals: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("Start phases over rounds: --phase Work=40s --phase Rest=20s --rounds 8."))
        @Option(help: .init(tr("Whose timer."))) var owner = TimerCommand.defaultOwner
        @Option(help: .init(tr("What it is for."))) var title: String
        @Option(name: .customLong("phase"), help: .init(tr("NAME=DURATION, in order; repeat for each phase."))) var phases: [String] = []
        @Option(help: .init(tr("How many times the phases repeat (1 to 100)."))) var rounds: UInt32 = 1
        @OptionGroup var bus: BusOptions

        func validate() throws {
            guard !phases.isEmpty else { throw ValidationError(tr("give at least one --phase NAME=DURATION")) }
        }

        func run() async throws {
            let parsed = try phases.map { text -> Phase in
                guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
                    throw ValidationError(tr("a phase is NAME=DURATION (Work=40s), got \"%s\"", "\(text)"))
                }
                return Phase(name: String(text[..<equals]), seconds: try Parse.duration(String(text[text.index(after: equals)...])))
            }
            try await bus.run { try await $0.startIntervals(owner: owner, title: title, phases: parsed, rounds: rounds) }
            let list = parsed.map { "\($0.name) \(Format.timer(seconds: $0.seconds))" }.joined(separator: ", ")
            let repeated = rounds > 1 ? ", " + trn("%d round", "%d rounds", UInt64(rounds), "\(rounds)") : ""
            Output.line(tr("%1$s: %2$s (owner %3$s).", title, list + repeated, owner))
        }
    }

    struct Pause: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Pause a timer."))
        @Option(help: .init(tr("Whose timer."))) var owner = TimerCommand.defaultOwner
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await bus.run { try await $0.pauseTimer(owner: owner) }
            Output.line(tr("Paused %s's timer.", "\(owner)"))
        }
    }

    struct Resume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Resume a paused timer."))
        @Option(help: .init(tr("Whose timer."))) var owner = TimerCommand.defaultOwner
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await bus.run { try await $0.resumeTimer(owner: owner) }
            Output.line(tr("Resumed %s's timer.", "\(owner)"))
        }
    }

    struct Extend: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("Add time to the current phase, running or paused: islet timer extend 5m (a minute by default)."))
        @Option(help: .init(tr("Whose timer."))) var owner = TimerCommand.defaultOwner
        @Argument(help: .init(tr("How much more: 1m, 30s, 1h (at most 24h)."))) var duration = "1m"
        @OptionGroup var bus: BusOptions
        func run() async throws {
            let seconds = try Parse.duration(duration)
            try await bus.run { try await $0.extendTimer(owner: owner, seconds: seconds) }
            Output.line(tr("Added %1$s to %2$s's timer.", "\(Format.duration(seconds: seconds))", "\(owner)"))
        }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Stop a timer."))
        @Option(help: .init(tr("Whose timer."))) var owner = TimerCommand.defaultOwner
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await bus.run { try await $0.stopTimer(owner: owner) }
            Output.line(tr("Stopped %s's timer.", "\(owner)"))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("The running and paused timers."))
        @OptionGroup var bus: BusOptions
        func run() async throws {
            let timers = try await bus.run { try await $0.listTimers() }
            if timers.isEmpty {
                Output.line(tr("No timers; start one with `islet timer start Tea 3m`."))
                return
            }
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

extension PanelFormat: ExpressibleByArgument {}
extension PanelStyle: ExpressibleByArgument {}
