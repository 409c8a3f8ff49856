import ArgumentParser
import DBus
import IsletBus
import IsletClient
import IsletCore
import Platform
import Translation

struct ScheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule", abstract: tr("The daily fasting window and its reminders."),
        discussion: tr(
            "A scheduled fast lasts the daily goal (`islet goal set`). isletd sends \"1 h left to eat\" before it and \"Time to start your fast\" when it is due, shown by islet-notify; nothing while a fast runs."
        ),
        subcommands: [Show.self, SetSchedule.self, Off.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Show the schedule and the next fast."))
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let status = try await bus.run { try await $0.fastStatus() }
            let schedule = status.schedule
            guard schedule.enabled else {
                Output.line(tr("No schedule; set one with `islet schedule set 20:00`."))
                return
            }
            let zone = LocalTime.system
            Output.line(tr("Fasting window: %s.", schedule.summary(zone.style)))
            if status.dailyGoalSeconds > 0 { Output.line(tr("Each fast lasts the daily goal, %s.", Format.duration(seconds: status.dailyGoalSeconds))) }
            var reminders: [String] = []
            if schedule.remindBeforeMinutes > 0 {
                reminders.append(tr("%s before the fast", Format.duration(seconds: UInt64(schedule.remindBeforeMinutes) * 60)))
            }
            if schedule.remindAtStart { reminders.append(tr("when it is due")) }
            Output.line(reminders.isEmpty ? tr("Reminders: none.") : tr("Reminders: %s.", reminders.joinedText(separator: ", ")))
            let now = Times.now()
            if let next = schedule.nextFastStart(after: now, in: zone) { Output.line(tr("Next fast at %s.", GoalTime.clock(next, now: now, in: zone))) }
        }
    }

    struct SetSchedule: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: tr("Fast from a time of day, on every day or the days given."))
        @Argument(help: .init(tr("When each fast is due: 20:00, 8:30pm."))) var time: String
        @Option(help: .init(tr("The days: all, mon-fri, sat,sun (default: all)."))) var days: String = "all"
        @Option(
            name: .customLong("on"), parsing: .singleValue,
            help: .init(tr("Another time for one day: sat=22:00 (may be repeated)."))) var exceptions: [String] = []
        @Option(help: .init(tr("\"1 h left to eat\": how long before (1h, 30m), or off (default: 1h)."))) var remindBefore: String = "1h"
        @Flag(help: .init(tr("No \"Time to start your fast\" when it is due."))) var noRemindAtStart = false
        @OptionGroup var bus: BusOptions

        func run() async throws {
            var schedule = FastingSchedule()
            schedule.enabled = true
            let minutes = try ScheduleText.minutes(time)
            let chosen = try ScheduleText.days(days)
            schedule.startMinutes = (0..<7).map { chosen.contains($0) ? minutes : FastingSchedule.off }
            for exception in exceptions {
                let parts = exception.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw ValidationError(tr("write another day's time as sat=22:00, not \"%s\"", exception)) }
                let at = try ScheduleText.minutes(parts[1])
                for day in try ScheduleText.days(parts[0]) { schedule.startMinutes[day] = at }
            }
            if remindBefore == "off" || remindBefore == "0" {
                schedule.remindBeforeMinutes = 0
            } else {
                let seconds = try Parse.duration(remindBefore, what: tr("reminder"))
                guard seconds % 60 == 0, seconds / 60 <= UInt64(FastingSchedule.maxRemindBeforeMinutes) else {
                    throw ValidationError(tr("a reminder is whole minutes, at most 12 hours before the fast; got \"%s\"", remindBefore))
                }
                schedule.remindBeforeMinutes = UInt16(seconds / 60)
            }
            schedule.remindAtStart = !noRemindAtStart
            try await bus.run { try await $0.setSchedule(schedule) }
            Output.line(tr("Fasting window: %s.", schedule.summary(LocalTime.system.style)))
        }
    }

    struct Off: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Turn the schedule and its reminders off (the times are kept)."))
        @OptionGroup var bus: BusOptions

        func run() async throws {
            try await bus.run { client in
                var schedule = try await client.fastStatus().schedule
                schedule.enabled = false
                try await client.setSchedule(schedule)
            }
            Output.line(tr("No schedule: no reminders."))
        }
    }
}

/// Times of day and weekdays as people type them for a schedule.
enum ScheduleText {
    static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// "20:00", "8:30pm", "8pm", "20" as minutes after midnight.
    static func minutes(_ text: String) throws -> UInt16 {
        guard let minutes = FastingSchedule.minutes(fromTimeOfDay: text) else {
            throw ValidationError(tr("cannot read the time of day \"%s\"; write it like 20:00 or 8:30pm", text))
        }
        return minutes
    }

    /// "all", "mon-fri", "sat,sun", "tue" as weekday numbers (Monday 0).
    static func days(_ text: String) throws -> Set<Int> {
        let t = text.trimmingWhitespace().lowercased()
        if t == "all" || t == "daily" { return Set(0..<7) }
        var days: Set<Int> = []
        for part in t.split(separator: ",") {
            let range = part.split(separator: "-", omittingEmptySubsequences: false).map { String($0.prefix(3)) }
            guard (1...2).contains(range.count), let first = dayNames.firstIndex(of: range[0]),
                let last = dayNames.firstIndex(of: range[range.count - 1])
            else {
                throw ValidationError(tr("cannot read the days \"%s\"; write them like all, mon-fri or sat,sun", text))
            }
            var day = first
            while true {
                days.insert(day)
                if day == last { break }
                day = (day + 1) % 7
            }
        }
        guard !days.isEmpty else { throw ValidationError(tr("cannot read the days \"%s\"; write them like all, mon-fri or sat,sun", text)) }
        return days
    }
}

struct SettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: tr("Fasting stages and neutral mode, kept by isletd; the sources, kept by islet-notify."),
        subcommands: [Show.self, Stages.self, Neutral.self, Players.self, Pomodoro.self], defaultSubcommand: Show.self)

    enum Switch: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    enum StagesSwitch: String, ExpressibleByArgument, CaseIterable {
        case on, off, announce
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Show the settings."))
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let status = try await bus.run { try await $0.fastStatus() }
            func word(_ on: Bool) -> String { on ? tr("on") : tr("off") }
            Output.line(tr("Fasting stages: %s", status.showStages ? (status.announceStages ? tr("on, each announced") : tr("on")) : tr("off")))
            Output.line(tr("Neutral mode (no streaks): %s", word(status.neutralMode)))
            // islet-notify's, when it runs (it keeps them).
            if let players = try? await bus.run({ try await Self.notifySwitch($0, .players) }),
                let pomodoro = try? await bus.run({ try await Self.notifySwitch($0, .pomodoro) })
            {
                Output.line(tr("Media players on the island: %s", word(players)))
                Output.line(tr("Pomodoro apps on the island: %s", word(pomodoro)))
            }
        }

        static func notifySwitch(_ client: IsletClient, _ property: NotifyBus.Property) async throws -> Bool {
            try await SettingsCommand.notify(client).get(property.name, as: Bool.self)
        }
    }

    /// islet-notify's own settings object (org.islet.Notify1), which owns the sources' settings;
    /// looked at only: a call never starts it.
    static func notify(_ client: IsletClient) -> DBusProxy {
        DBusProxy(
            connection: client.connection, destination: NotifyBus.busName, path: NotifyBus.path, interface: NotifyBus.name, timeout: .seconds(10),
            autoStart: false)
    }

    /// A source on or off, set on islet-notify (which writes its line of config.toml).
    static func setSource(_ property: NotifyBus.Property, _ on: Bool, bus: BusOptions) async throws {
        try await bus.run { client in
            guard (try? await client.connection.nameOwner(NotifyBus.busName)) ?? nil != nil else {
                Output.error(
                    tr("islet-notify is not running: it keeps this setting."),
                    hint: tr("Start it (islet-notify), or set %1$s = %2$s in ~/.config/islet/config.toml.", property.configKey ?? "", on ? "true" : "false"))
                throw ExitCode(1)
            }
            try await notify(client).set(property.name, .boolean(on))
        }
    }

    struct Players: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("Show what media players play on the island, below what you start (on), or not (off)."))
        @Argument var setting: Switch
        @OptionGroup var bus: BusOptions

        func run() async throws {
            try await SettingsCommand.setSource(.players, setting == .on, bus: bus)
            Output.line(setting == .on ? tr("Media players are shown on the island.") : tr("Media players are not followed."))
        }
    }

    struct Pomodoro: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("Show Focus Timer's and gnome-pomodoro's blocks on the island (on), or not (off)."))
        @Argument var setting: Switch
        @OptionGroup var bus: BusOptions

        func run() async throws {
            try await SettingsCommand.setSource(.pomodoro, setting == .on, bus: bus)
            Output.line(setting == .on ? tr("Pomodoro apps are shown on the island.") : tr("Pomodoro apps are not followed."))
        }
    }

    struct Stages: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("Show fasting stages (a rule of thumb, not medical advice); announce: also say when each begins."))
        @Argument var setting: StagesSwitch
        @OptionGroup var bus: BusOptions

        func run() async throws {
            try await bus.run { client in
                try await client.setFastingSwitch(.showStages, setting != .off)
                try await client.setFastingSwitch(.announceStages, setting == .announce)
            }
            Output.line(setting == .off ? tr("Fasting stages are hidden.") : FastingStages.caveat)
        }
    }

    struct Neutral: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Hide streaks everywhere (on), or show them (off)."))
        @Argument var setting: Switch
        @OptionGroup var bus: BusOptions

        func run() async throws {
            try await bus.run { try await $0.setFastingSwitch(.neutralMode, setting == .on) }
            Output.line(setting == .on ? tr("Neutral mode: streaks are hidden.") : tr("Streaks are shown."))
        }
    }
}
