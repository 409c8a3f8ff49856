import ArgumentParser
import IsletClient
import IsletCore
import Translation

struct FastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fast", abstract: tr("Start, stop and follow a fast."),
        subcommands: [Start.self, StartAt.self, Stop.self, Undo.self, Status.self, Goal.self], defaultSubcommand: Status.self)

    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Start a fast now, or at an earlier time."))
        @Option(help: .init(tr("When it started: now, \"2h ago\" (or --at=-2h), 20:00, \"2026-11-21 20:00\"."))) var at: String?
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let time = try at.map(Parse.time)
            let started = try await bus.run { try await $0.startFast(at: time) }
            Output.line(tr("Fast %1$s started at %2$s.", "\(started.id)", "\(Times.format(started.startedAt))"))
        }
    }

    struct StartAt: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start-at", abstract: tr("Move the running fast's start (\"I started at 19:30\"), without stopping it."))
        @Argument(help: .init(tr("When it started: 19:30, \"2h ago\", \"2026-11-21 19:30\"."))) var time: String
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let at = try Parse.time(time)
            let fast = try await bus.run { try await $0.setFastStart(at) }
            Output.line(tr("Fast %1$s started at %2$s.", "\(fast.id)", "\(Times.format(fast.startedAt))"))
        }
    }

    struct Stop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Stop the fast and save it to the history."))
        @Option(help: .init(tr("When it ended: now, \"30m ago\" (or --at=-30m), 07:30, \"2026-11-22 07:30\"."))) var at: String?
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let time = try at.map(Parse.time)
            let fast = try await bus.run { try await $0.stopFast(at: time) }
            let length = (fast.endedAt - fast.startedAt) / usecPerSecond
            Output.line(
                tr(
                    "Fast %1$s stopped after %2$s (%3$s to %4$s).", "\(fast.id)", Format.hoursMinutes(seconds: length), Times.format(fast.startedAt),
                    Times.format(fast.endedAt)))
            Output.line(tr("Stopped by mistake? `islet fast undo` brings it back within %s.", "\(Format.duration(seconds: Limits.undoStopSeconds))"))
        }
    }

    struct Undo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr(
                "Bring back the fast stopped last, as if never stopped (within %s of the stop).", "\(Format.duration(seconds: Limits.undoStopSeconds))"))
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let fast = try await bus.run { try await $0.undoStopFast() }
            Output.line(tr("Fast %1$s runs again, since %2$s.", "\(fast.id)", "\(Times.format(fast.startedAt))"))
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Show the running fast."))
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let (status, lastEnd) = try await bus.run { client in
                let status = try await client.fastStatus()
                return (status, status.fasting ? nil : try await client.fasts(offset: 0, limit: 1).first?.endedAt)
            }
            let now = Times.now()
            let zone = LocalTime.system
            guard status.fasting else {
                let goal = status.dailyGoalSeconds > 0 ? Format.goal(seconds: status.dailyGoalSeconds) : tr("No daily goal")
                Output.line(tr("Not fasting. %s.", goal))
                let next = status.schedule.nextFastStart(after: now, in: zone)
                if let eating = GoalTime.eatingLine(lastFastEnd: lastEnd, nextFastStart: next, now: now, in: zone) { Output.line(eating + ".") }
                return
            }
            let elapsed = (now > status.startedAt ? now - status.startedAt : 0) / usecPerSecond
            Output.line(tr("Fasting since %1$s: %2$s.", "\(Times.format(status.startedAt))", "\(Format.hms(seconds: elapsed))"))
            if status.activeGoalSeconds > 0 {
                let goal = status.activeGoalSeconds
                let at = GoalTime.line(startedAt: status.startedAt, goalSeconds: goal, now: now, in: zone) ?? ""
                if status.goalReached || elapsed >= goal {
                    Output.line(tr("Goal Reached! %s.", "\(Format.goal(seconds: goal))") + " " + at + ".")
                } else {
                    Output.line(Format.goalIn(seconds: goal - elapsed) + ". " + at + ". " + Format.goal(seconds: goal) + ".")
                }
            } else {
                Output.line(tr("No goal for this fast; set one with `islet fast goal 16h`."))
            }
            if status.showStages {
                Output.line(FastingStages.line(startedAt: status.startedAt, now: now, in: zone) + ". " + FastingStages.caveat)
            }
        }
    }

    struct Goal: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("Change the running fast's goal (0 removes it); the daily goal stays as it is."))
        @Argument(help: .init(tr("16h, 18h30m, 16:30, or 0."))) var duration: String
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let seconds = duration == "0" ? 0 : try Parse.duration(duration, what: tr("goal"))
            try await bus.run { try await $0.setActiveFastGoal(seconds: seconds) }
            Output.line(seconds == 0 ? tr("The running fast has no goal now.") : tr("The running fast's goal: %s.", Format.duration(seconds: seconds)))
        }
    }
}

struct GoalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal", abstract: tr("The daily fasting goal, taken by each fast when it starts."),
        subcommands: [Show.self, SetGoal.self, Clear.self, ListPresets.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Show the daily goal."))
        @OptionGroup var bus: BusOptions
        func run() async throws {
            let status = try await bus.run { try await $0.fastStatus() }
            Output.line(status.dailyGoalSeconds == 0 ? tr("No daily goal; set one with `islet goal set 16h`.") : Format.goal(seconds: status.dailyGoalSeconds))
        }
    }

    struct SetGoal: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: tr("Set the daily goal: 16h, 16h30m, 16:30 or a preset such as 16:8."))
        @Argument(help: .init(tr("A duration (60 s to 7 days) or a preset's schedule (14:10, 16:8, 18:6, 20:4)."))) var goal: String
        @OptionGroup var bus: BusOptions
        func run() async throws {
            let seconds = try Presets.all.first { $0.schedule == goal }?.goalSeconds ?? Parse.duration(goal, what: tr("goal"))
            try await bus.run { try await $0.setGoal(seconds: seconds) }
            Output.line(tr("Daily goal: %s.", Format.duration(seconds: seconds)))
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Remove the daily goal."))
        @OptionGroup var bus: BusOptions
        func run() async throws {
            try await bus.run { try await $0.clearGoal() }
            Output.line(tr("No daily goal."))
        }
    }

    struct ListPresets: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "presets", abstract: tr("The preset goals, with what each is for."))
        @OptionGroup var bus: BusOptions
        func run() async throws {
            let presets = try await bus.run { try await $0.presets() }
            let width = (presets.map { Format.duration(seconds: $0.goalSeconds).count }.max() ?? 0) + 2
            for p in presets {
                Output.line(p.schedule.padding(6) + Format.duration(seconds: p.goalSeconds).padding(width) + p.description)
            }
        }
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
