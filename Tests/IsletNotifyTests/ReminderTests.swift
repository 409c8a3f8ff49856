import DBus
import Foundation
import TestSupport
import Testing

/// Issue 45: the schedule's reminders reach the desktop through islet-notify, at their minute,
/// on a real dunst, and "Start Fast" on the reminder starts the fast. isletd's clock is put two
/// seconds before each reminder (`--test-clock-offset`); nothing waits for the real 19:00.
@Suite(.startsProcesses) struct ScheduleReminders {
    static let zone = "Europe/Berlin"

    @Test func schedule_remindersArriveAtTheirMinuteOnDunstAndStartFastStartsIt() async throws {
        let eatingEnds = TestClock.nextLocal(hour: 19, zone: Self.zone)
        let fastStarts = eatingEnds + 3600 * 1_000_000
        let daemon = try await Daemon(environment: ["TZ": Self.zone])
        let (config, pick) = try Rig.dunstWithPicker()
        let rig = try await Rig(.dunst, daemon: daemon, dunstrc: config, zone: Self.zone)
        try await daemon.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        try await daemon.fasting.call(
            "SetSchedule", [.stringVariantDictionary(["enabled": .boolean(true), "start_minutes": .array(.uint16, Array(repeating: .uint16(1200), count: 7))])])
        // isletd again, its clock just before 19:00 (a loaded machine starting it after the
        // minute: said at once, still timely).
        daemon.stop()
        daemon.arguments = TestClock.arguments(before: eatingEnds, lead: 3)
        try await daemon.start()
        let left = try await rig.waitForNotify { $0.strings.contains("1 h left to eat") }
        #expect(left.body == "<b>Your fast starts at 20:00.</b>", "\(left)")
        #expect(!left.strings.contains("start-fast"))
        #expect(await eventually { (try? await rig.dunstctl("count", "displayed")) == "1" })

        // A minute before 20:00 (isletd restarted with its clock there): "Time to start your
        // fast" replaces it, with Start Fast.
        daemon.stop()
        daemon.arguments = TestClock.arguments(before: fastStarts, lead: 3)
        try await daemon.start()
        let due = try await rig.waitForNotify { $0.strings.contains("Time to start your fast") }
        #expect(due.body == "<b>For 16 hours, until 12:00 tomorrow.</b>", "\(due)")
        #expect(due.strings.contains("start-fast") && due.strings.contains("Start Fast"), "\(due)")
        #expect(due.replacesID != 0, "it replaces the reminder before it: \(due)")
        #expect(await eventually { (try? await rig.dunstctl("count", "displayed")) == "1" })
        try "Start Fast".write(to: pick, atomically: true, encoding: .utf8)
        _ = try await rig.dunstctl("context")
        #expect(await eventually { (try? await daemon.fasting.get("Fasting")) == .boolean(true) }, "\(rig.bridge?.stderr ?? "")")
    }
}
