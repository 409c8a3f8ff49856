import DBus
import Foundation
import TestSupport
import Testing

/// Scenarios a user sees through the bus.
@Suite(.startsProcesses) struct Scenarios {
    func state(_ message: Message?) -> [String: DBusValue] { message?.body.last?.stringVariantEntries ?? [:] }

    /// The session's info in the attributes (title, phases, rounds) and the first ContentState
    /// with the remaining time and the phase, in ActivityStarted and in Get alike.
    @Test("Activity Start") func activityStartCarriesTheSessionAndItsFirstState() async throws {
        let daemon = try await Daemon()
        let signals = try await daemon.signals()
        try await daemon.timers.call(
            "StartIntervals",
            [
                .string("gym"), .string("Workout"), .array(.string, [.string("Work"), .string("Rest")]),
                .array(.uint64, [.uint64(40), .uint64(20)]), .uint32(8),
            ])
        let seen = await collect(signals) { $0.names.contains("ActivityStarted") }
        let started = try #require(seen.first { $0.name == "ActivityStarted" })
        let attributes = started.body[2].stringVariantEntries ?? [:]
        #expect(started.body[1] == .string("gym"))
        #expect(attributes["kind"] == .string("timer") && attributes["title"] == .string("Workout"))
        #expect(attributes["phase_count"] == .uint32(2) && attributes["rounds"] == .uint32(8))
        let first = state(started)
        #expect(first["status"] == .string("running") && first["phase_name"] == .string("Work") && first["round"] == .uint32(1))
        #expect(first["total_usec"] == .uint64(8 * 60 * 1_000_000 as UInt64))
        let remaining = try #require(try first["remaining_usec"]?.decode(UInt64.self))
        #expect(remaining > 0 && remaining <= 40 * 1_000_000)
        let get = try await daemon.live.call("Get")
        #expect(get.count == 4 && get[1] == .string("gym") && get[2].stringVariantEntries?["title"] == .string("Workout"))
    }

    @Test("Resume State Display") func pauseAndResumeAnActivity() async throws {
        let daemon = try await Daemon()
        try await daemon.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(300)])
        let signals = try await daemon.signals()
        try await daemon.timers.call("Pause", [.string("tea")])
        try await Task.sleep(for: .milliseconds(300))
        try await daemon.timers.call("Resume", [.string("tea")])
        let seen = await collect(signals) { $0.names.filter { $0 == "ActivityUpdated" }.count == 2 }
        #expect(seen.names == ["TimerChanged", "ActivityUpdated", "TimerChanged", "ActivityUpdated"], "\(seen.names)")
        let updates = seen.filter { $0.name == "ActivityUpdated" }
        let paused = state(updates.first)
        let resumed = state(updates.last)
        #expect(paused["status"] == .string("paused") && paused["ends_at_usec"] == .uint64(0))
        #expect(resumed["status"] == .string("running"))
        // The pause neither gained nor lost time: the remaining time at resume is what it was at the pause.
        #expect(paused["remaining_usec"] == resumed["remaining_usec"])
        guard case .uint64(let ends)? = resumed["ends_at_usec"], case .uint64(let updated)? = resumed["updated_at_usec"],
            case .uint64(let remaining)? = resumed["remaining_usec"]
        else { throw TestFailure("no timestamps in \(resumed)") }
        #expect(ends == updated + remaining)
    }

    @Test func DI006_bothOptions() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("SetGoal", [.uint64(57600)])
        try await daemon.fasting.call("StartFast")
        // Option A: the daily goal changes; the running fast keeps the goal it started with.
        try await daemon.fasting.call("SetGoal", [.uint64(72000)])
        #expect(try await daemon.fasting.get("ActiveFastGoalSeconds") == .uint64(57600))
        #expect(try await daemon.fasting.get("GoalSeconds") == .uint64(72000))
        // Option B: the running fast is retargeted; its activity says so.
        let signals = try await daemon.signals()
        try await daemon.fasting.call("SetActiveFastGoal", [.uint64(64800)])
        let seen = await collect(signals) { $0.names.contains("ActivityUpdated") }
        #expect(state(seen.last)["goal_usec"] == .uint64(64800 * 1_000_000 as UInt64))
        #expect(try await daemon.fasting.get("ActiveFastGoalSeconds") == .uint64(64800))
        // 0 removes the goal and the activity.
        try await daemon.fasting.call("SetActiveFastGoal", [.uint64(0)])
        #expect(try await daemon.live.get("ActivityId") == .string(""))
    }

    @Test func historyEditDeleteAndStats() async throws {
        let daemon = try await Daemon()
        let now = UInt64(Date().timeIntervalSince1970 * 1_000_000)
        let hour: UInt64 = 3_600_000_000
        try await daemon.fasting.call("SetGoal", [.uint64(3600)])
        try await daemon.fasting.call("StartFastAt", [.uint64(now - 5 * hour)])
        let stopped = try await daemon.fasting.call("StopFastAt", [.uint64(now - 2 * hour)])
        #expect(stopped == [.uint64(1), .uint64(now - 5 * hour), .uint64(now - 2 * hour)])
        try await daemon.fasting.call("StartFastAt", [.uint64(now - hour)])
        try await daemon.fasting.call("StopFast")
        await expectError("org.islet.Islet1.Error.InvalidArgument") {  // would overlap fast 2
            try await daemon.fasting.call("EditFast", [.uint64(1), .uint64(now - 5 * hour), .uint64(now - hour / 2)])
        }
        try await daemon.fasting.call("EditFast", [.uint64(1), .uint64(now - 6 * hour), .uint64(now - 2 * hour)])
        let page = try await daemon.fasting.call("ListFasts", [.uint32(0), .uint32(10)])
        #expect("\(page)".contains("uint64 \(now - 6 * hour)"))
        let stats = try await daemon.fasting.call("GetStats").first?.stringVariantEntries ?? [:]
        #expect(stats["count"] == .uint64(2))
        #expect(stats["longest_usec"] == .uint64(4 * hour))
        #expect(stats["goal_hits"] == .uint64(2))  // both lasted at least an hour
        try await daemon.fasting.call("DeleteFast", [.uint64(1)])
        let after = try await daemon.fasting.call("GetStats").first?.stringVariantEntries ?? [:]
        #expect(after["count"] == .uint64(1) && after["goal_hits"] == .uint64(1))
    }

    @Test func addFastImportsACompletedFastWithItsOwnGoal() async throws {
        let daemon = try await Daemon()
        let now = UInt64(Date().timeIntervalSince1970 * 1_000_000)
        let hour: UInt64 = 3_600_000_000
        let (start, end) = (now - 30 * hour, now - 14 * hour)
        let added = try await Command.run([
            "busctl", "--address=\(daemon.bus.address)", "call", Daemon.name, Daemon.path.rawValue,
            "org.islet.Islet1.Fasting", "AddFast", "ttt", "\(start)", "\(end)", "57600",
        ])
        #expect(added.status == 0 && added.stdout == "t 1\n", "\(added)")
        let page = try await daemon.fasting.call("ListFasts", [.uint32(0), .uint32(10)])
        #expect(
            page == [
                .array(
                    .structure([.uint64, .uint64, .uint64, .uint64]),
                    [
                        .structure([.uint64(1), .uint64(start), .uint64(end), .uint64(57600)])
                    ])
            ])
        for (a, b, goal) in [(start + hour, end + hour, UInt64(0)), (now - hour, now + hour, 0), (now - 2 * hour, now - hour, 30)] {
            await expectError("org.islet.Islet1.Error.InvalidArgument") {  // overlap, future, goal under a minute
                try await daemon.fasting.call("AddFast", [.uint64(a), .uint64(b), .uint64(goal)])
            }
        }
        let stats = try await daemon.fasting.call("GetStats").first?.stringVariantEntries ?? [:]
        #expect(stats["count"] == .uint64(1) && stats["goal_hits"] == .uint64(1))
    }
}
