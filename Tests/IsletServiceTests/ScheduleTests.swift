import DBus
import Foundation
import TestSupport
import Testing

/// Contract 1.3 (issue 45): the daily fasting window and its reminders, the running fast's start
/// moved, stages announced, the longer presets. Through real clients and dbus-monitor; the
/// service's clock is put just before a reminder's minute (`--test-clock-offset`), not waited for.
@Suite(.startsProcesses) struct ScheduleAndReminders {
    let hour: UInt64 = 3_600_000_000
    static let zone = "Europe/Berlin"

    /// The signals `member` seen, their arguments trimmed.
    func signals(_ monitor: BusMonitor, _ member: String) -> [BusMonitor.Seen] {
        monitor.messages.filter { $0.kind == "signal" && $0.member == member }.map {
            var seen = $0
            seen.arguments = seen.arguments.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            return seen
        }
    }

    /// org.freedesktop.DBus.Properties through dbus-send.
    func properties(_ daemon: Daemon, _ member: String, _ args: String...) async throws -> CommandResult {
        try await Command.run(
            [
                "dbus-send", "--bus=\(daemon.bus.address)", "--print-reply", "--dest=\(Daemon.name)", Daemon.path.rawValue,
                "org.freedesktop.DBus.Properties.\(member)", "string:org.islet.Islet1.Fasting",
            ] + args)
    }

    @Test func schedule_aReminderIsSentAtItsMinuteAndTheNextAfterARestart() async throws {
        let eatingEnds = TestClock.nextLocal(hour: 19, zone: Self.zone)
        let daemon = try await Daemon(environment: ["TZ": Self.zone])
        let monitor = try await BusMonitor(address: daemon.bus.address, rules: ["type='signal',interface='org.islet.Islet1.Fasting'"])
        // Fast due at 20:00 every day, "1 h left to eat" at 19:00, "time to start" at 20:00.
        let set = try await Command.run([
            "gdbus", "call", "--address", daemon.bus.address, "--dest", Daemon.name, "--object-path", Daemon.path.rawValue,
            "--method", "org.islet.Islet1.Fasting.SetSchedule",
            "{'enabled': <true>, 'start_minutes': <@aq [1200, 1200, 1200, 1200, 1200, 1200, 1200]>, 'remind_before_minutes': <@q 60>}",
        ])
        #expect(set.status == 0, "\(set)")
        // The schedule is kept; the service started again with its clock just before 19:00
        // says it at its minute (or at once, should a loaded machine start it after the minute).
        daemon.stop()
        daemon.arguments = TestClock.arguments(before: eatingEnds, lead: 3)
        try await daemon.start()
        #expect(await eventually { !self.signals(monitor, "Reminder").isEmpty }, "no reminder: \(monitor.messages)")
        let first = signals(monitor, "Reminder")
        #expect(first.count == 1)
        #expect(first.first?.strings == ["eating-ends"])
        #expect(first.first?.arguments.dropFirst() == ["uint64 \(eatingEnds)", "uint64 \(eatingEnds + hour)"], "\(first)")
        // Restarted just before 20:00, it sends the second.
        daemon.stop()
        daemon.arguments = TestClock.arguments(before: eatingEnds + hour, lead: 3)
        try await daemon.start()
        #expect(await eventually { self.signals(monitor, "Reminder").count == 2 }, "\(monitor.messages)")
        let second = signals(monitor, "Reminder").last
        #expect(second?.strings == ["fast-starts"])
        #expect(second?.arguments.dropFirst() == ["uint64 \(eatingEnds + hour)", "uint64 \(eatingEnds + hour)"])
        let property = try await Command.run([
            "busctl", "--address", daemon.bus.address, "get-property", Daemon.name, Daemon.path.rawValue, "org.islet.Islet1.Fasting", "Schedule",
        ])
        #expect(property.stdout.contains("\"enabled\" b true"), "\(property)")
        #expect(property.stdout.contains("\"start_minutes\" aq 7 1200 1200 1200 1200 1200 1200 1200"), "\(property)")
    }

    @Test func schedule_noReminderWhileAFastRuns() async throws {
        let eatingEnds = TestClock.nextLocal(hour: 19, zone: Self.zone)
        let daemon = try await Daemon(environment: ["TZ": Self.zone], arguments: TestClock.arguments(before: eatingEnds, lead: 2))
        let monitor = try await BusMonitor(address: daemon.bus.address, rules: ["type='signal',interface='org.islet.Islet1.Fasting'"])
        try await daemon.fasting.call("StartFast")
        try await daemon.fasting.call(
            "SetSchedule", [.stringVariantDictionary(["enabled": .boolean(true), "start_minutes": .array(.uint16, Array(repeating: .uint16(1200), count: 7))])])
        try await Task.sleep(for: .seconds(4))
        #expect(signals(monitor, "Reminder").isEmpty, "\(monitor.messages)")
    }

    @Test func schedule_badValuesAreNamedAndChangeNothing() async throws {
        let daemon = try await Daemon()
        func setting(_ dictionary: String) async throws -> CommandResult {
            try await Command.run([
                "gdbus", "call", "--address", daemon.bus.address, "--dest", Daemon.name, "--object-path", Daemon.path.rawValue,
                "--method", "org.islet.Islet1.Fasting.SetSchedule", dictionary,
            ])
        }
        let cases: [(String, String)] = [
            ("{'enabled': <true>, 'starts': <1>}", "the schedule has no key \"starts\""),
            ("{'enabled': <'yes'>}", "the schedule's \"enabled\" must be of type b, got \"s\""),
            ("{'start_minutes': <@aq [1200, 1200]>}", "start_minutes must have 7 entries (Monday to Sunday), got 2"),
            ("{'start_minutes': <@aq [1200, 1200, 1440, 1200, 1200, 1200, 1200]>}", "start_minutes[2] must be 0 to 1439 minutes"),
            ("{'remind_before_minutes': <@q 721>}", "remind_before_minutes must be 0 to 720, got 721"),
        ]
        for (dictionary, message) in cases {
            let result = try await setting(dictionary)
            #expect(result.status != 0 && result.stderr.contains("InvalidArgument") && result.stderr.contains(message), "\(dictionary): \(result)")
        }
        let property = try await Command.run([
            "busctl", "--address", daemon.bus.address, "get-property", Daemon.name, Daemon.path.rawValue, "org.islet.Islet1.Fasting", "Schedule",
        ])
        #expect(property.stdout.contains("\"enabled\" b false") && property.stdout.contains("\"remind_before_minutes\" q 60"), "\(property)")
        // Days off (65535) are taken.
        let weekdays = try await setting("{'enabled': <true>, 'start_minutes': <@aq [1200, 1200, 1200, 1200, 1200, 65535, 65535]>}")
        #expect(weekdays.status == 0, "\(weekdays)")
    }

    @Test func FR001_theRunningFastsStartMovesAndRefusesAnOverlapInWords() async throws {
        let daemon = try await Daemon(environment: ["TZ": Self.zone])
        let monitor = try await BusMonitor(address: daemon.bus.address, rules: ["type='signal',interface='org.islet.Islet1.Fasting'"])
        let now = nowUSec()
        try await daemon.fasting.call("AddFast", [.uint64(now - 30 * hour), .uint64(now - 10 * hour), .uint64(0)])
        await expectError("org.islet.Islet1.Error.NotFasting") { try await daemon.fasting.call("SetFastStart", [.uint64(now - hour)]) }
        try await daemon.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        try await daemon.fasting.call("StartFast")
        let moved = try await daemon.dbusSend("Fasting.SetFastStart", "uint64:\(now - 2 * hour)")
        #expect(moved.status == 0 && moved.stdout.contains("uint64 \(now - 2 * hour)"), "\(moved)")
        let property = try await properties(daemon, "Get", "string:StartedAtUSec")
        #expect(property.stdout.contains("uint64 \(now - 2 * hour)"), "\(property)")
        let overlap = try await daemon.dbusSend("Fasting.SetFastStart", "uint64:\(now - 11 * hour)")
        #expect(overlap.status != 0 && overlap.stderr.contains("that start overlaps a completed fast, which ended at"), "\(overlap)")
        let future = try await daemon.dbusSend("Fasting.SetFastStart", "uint64:\(now + hour)")
        #expect(future.stderr.contains("a fast cannot start in the future"), "\(future)")
        // Back past its goal: reached at once, at start + goal.
        try await daemon.fasting.call("SetFastStart", [.uint64(now - 10 * hour + 1)])
        try await daemon.fasting.call("SetActiveFastGoal", [.uint64(8 * 3600 as UInt64)])
        #expect(await eventually { monitor.messages.contains { $0.member == "GoalReached" } }, "\(monitor.messages)")
        let changed = signals(monitor, "FastStartChanged")
        #expect(changed.count == 2 && changed.first?.arguments == ["uint64 2", "uint64 \(now - 2 * hour)"], "\(changed)")
        // The activity's state follows (started_at_usec).
        let activity = try await daemon.dbusSend("LiveActivity.Get")
        #expect(activity.stdout.contains("uint64 \(now - 10 * hour + 1)"), "\(activity)")
    }

    @Test func stages_eachStageIsAnnouncedOnceOnlyWhenAsked() async throws {
        let daemon = try await Daemon()
        let monitor = try await BusMonitor(address: daemon.bus.address, rules: ["type='signal',interface='org.islet.Islet1.Fasting'"])
        let now = nowUSec()
        try await daemon.fasting.call("StartFastAt", [.uint64(now - 5 * hour)])
        try await daemon.fasting.call("SetFastStart", [.uint64(now - 16 * hour + 1_500_000)])
        try await Task.sleep(for: .seconds(2.5))
        #expect(monitor.messages.filter { $0.member == "StageReached" }.isEmpty, "stages are off by default")
        for name in ["ShowStages", "AnnounceStages"] {
            let set = try await properties(daemon, "Set", "string:\(name)", "variant:boolean:true")
            #expect(set.status == 0, "\(set)")
        }
        // Turned on in stage 1: nothing said of it; moved four seconds before stage 2 (16 h), that is said once.
        let start = nowUSec() - 16 * hour + 4_000_000
        try await daemon.fasting.call("SetFastStart", [.uint64(start)])
        #expect(await eventually { !monitor.messages.filter { $0.member == "StageReached" }.isEmpty })
        try await Task.sleep(for: .seconds(1))
        let said = signals(monitor, "StageReached")
        #expect(said.count == 1 && said.first?.arguments == ["uint64 1", "uint32 2", "uint64 \(start + 16 * hour)"], "\(said)")
        let neutral = try await properties(daemon, "Set", "string:NeutralMode", "variant:boolean:true")
        #expect(neutral.status == 0)
        daemon.stop()
        try await daemon.start()
        let kept = try await properties(daemon, "GetAll")
        for name in ["ShowStages", "AnnounceStages", "NeutralMode"] {
            #expect(kept.stdout.contains("string \"\(name)\"\n         variant             boolean true"), "\(name): \(kept.stdout)")
        }
    }

    @Test func streaks_countAFastPastADayAndAcrossMidnight() async throws {
        let daemon = try await Daemon(environment: ["TZ": "UTC"])
        let now = nowUSec()
        // A 37-hour fast that met its 16-hour goal, ended an hour ago: every UTC day it touched counts.
        let (start, end) = (now - 38 * hour, now - hour)
        try await daemon.fasting.call("AddFast", [.uint64(start), .uint64(end), .uint64(16 * 3600 as UInt64)])
        let days = UInt32(end / (24 * hour) - start / (24 * hour) + 1)
        let stats = try await Command.run([
            "busctl", "--address", daemon.bus.address, "call", Daemon.name, Daemon.path.rawValue, "org.islet.Islet1.Fasting", "GetStats",
        ])
        #expect(days >= 2)
        #expect(stats.stdout.contains("\"current_streak_days\" u \(days)") && stats.stdout.contains("\"longest_streak_days\" u \(days)"), "\(days): \(stats)")
        // Neutral mode hides streaks where they are shown; GetStats still counts them.
        try await daemon.fasting.set("NeutralMode", .boolean(true))
        let kept = try await daemon.dbusSend("Fasting.GetStats")
        #expect(kept.stdout.contains("current_streak_days"), "\(kept)")
    }

    @Test func DFG001_theSeedsFourPresetsComeFirstThenLongerAndShorterOnes() async throws {
        let daemon = try await Daemon()
        let presets = try await Command.run([
            "busctl", "--address", daemon.bus.address, "call", Daemon.name, Daemon.path.rawValue, "org.islet.Islet1.Fasting", "ListPresets",
        ])
        #expect(presets.stdout.hasPrefix("a(tss) 10 50400 \"14:10\" "), "\(presets)")
        let order = presets.stdout.split(separator: " ").compactMap { UInt64($0) }.filter { $0 >= 3600 }
        #expect(order == [50400, 57600, 64800, 72000, 43200, 46800, 86400, 129_600, 172_800, 259_200], "\(order)")
    }
}
