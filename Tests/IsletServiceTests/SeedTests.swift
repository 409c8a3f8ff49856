import DBus
import Foundation
import TestSupport
import Testing

/// The seed requirements a user sees through the bus, one test each, named after them: the
/// fasting tracker (FR-001 ... FR-006), the daily fast goal (DFG-001 ... DFG-005) and the
/// Dynamic Island (DI-001 ... DI-007; DI-001, DI-004 and DI-006 live in ServiceTests and
/// ScenarioTests). Each runs the built isletd on a private bus, mostly through outside clients.
@Suite(.startsProcesses) struct SeedRequirements {
    /// The live activity's attributes and state, from LiveActivity.Get.
    func activity(_ daemon: Daemon) async throws -> (id: String, attributes: [String: DBusValue], state: [String: DBusValue]) {
        let got = try await daemon.live.call("Get")
        guard got.count == 4, case .string(let id) = got[0] else { throw TestFailure("LiveActivity.Get: \(got)") }
        return (id, got[2].stringVariantEntries ?? [:], got[3].stringVariantEntries ?? [:])
    }

    func u64(_ value: DBusValue?) -> UInt64? {
        if case .uint64(let v) = value { return v }
        return nil
    }

    /// FR-001: starting records the precise start and makes the state "fasting"; a second
    /// start is refused.
    @Test func FR001_startFast() async throws {
        let daemon = try await Daemon()
        let before = nowUSec()
        let sent = try await daemon.dbusSend("Fasting.StartFast")
        let after = nowUSec()
        #expect(sent.status == 0, "\(sent)")
        let started = try #require(u64(try await daemon.fasting.get("StartedAtUSec")))
        #expect(started >= before && started <= after)
        #expect(sent.stdout.contains("uint64 \(started)"))
        #expect(try await daemon.fasting.get("Fasting") == .boolean(true))
        let again = try await daemon.dbusSend("Fasting.StartFast")
        #expect(again.stderr.contains("org.islet.Islet1.Error.AlreadyFasting"), "\(again)")
    }

    /// FR-002: stopping records the precise end and saves the completed fast.
    @Test func FR002_stopFast() async throws {
        let daemon = try await Daemon()
        let start = nowUSec() - 3600 * usec
        try await daemon.fasting.call("StartFastAt", [.uint64(start)])
        let before = nowUSec()
        let sent = try await daemon.dbusSend("Fasting.StopFast")
        let after = nowUSec()
        #expect(sent.status == 0, "\(sent)")
        #expect(try await daemon.fasting.get("Fasting") == .boolean(false))
        let fasts = try await daemon.fasting.call("ListFasts", [.uint32(0), .uint32(10)])
        guard case .array(_, let items) = fasts.first, let only = items.first, items.count == 1,
            case .structure(let fields) = only, fields.count == 4,
            let begun = u64(fields[1]), let ended = u64(fields[2])
        else { throw TestFailure("ListFasts: \(fasts)") }
        #expect(begun == start)
        #expect(ended >= before && ended <= after)
        let twice = try await daemon.dbusSend("Fasting.StopFast")
        #expect(twice.stderr.contains("org.islet.Islet1.Error.NotFasting"), "\(twice)")
    }

    /// FR-003: an active fast carries what its running timer shows: the start, from which the
    /// elapsed time counts up, and the same elapsed time in the activity's state.
    @Test func FR003_activeFastDisplay() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        let start = nowUSec() - 90 * 60 * usec
        try await daemon.fasting.call("StartFastAt", [.uint64(start)])
        #expect(u64(try await daemon.fasting.get("StartedAtUSec")) == start)
        let (_, _, state) = try await activity(daemon)
        #expect(u64(state["started_at_usec"]) == start)
        let elapsed = try #require(u64(state["elapsed_usec"]))
        let updated = try #require(u64(state["updated_at_usec"]))
        #expect(elapsed == updated - start)
        #expect(state["status"] == .string("running"))
        // The "Start" control is unavailable while fasting: StartFast is refused.
        await expectError("org.islet.Islet1.Error.AlreadyFasting") { try await daemon.fasting.call("StartFast") }
    }

    /// FR-004: with no fast, the state says so and stopping is refused.
    @Test func FR004_inactiveStateDisplay() async throws {
        let daemon = try await Daemon()
        #expect(try await daemon.fasting.get("Fasting") == .boolean(false))
        #expect(try await daemon.fasting.get("FastId") == .uint64(0))
        #expect(try await daemon.fasting.get("StartedAtUSec") == .uint64(0))
        #expect(try await activity(daemon).id == "")
        await expectError("org.islet.Islet1.Error.NotFasting") { try await daemon.fasting.call("StopFast") }
    }

    /// FR-005: the history lists every completed fast, most recent first, with start, end and
    /// (by difference) duration; `gdbus` reads it.
    @Test func FR005_fastingHistory() async throws {
        let daemon = try await Daemon()
        let day: UInt64 = 86_400 * usec
        let base = nowUSec() - 10 * day
        let fasts: [(UInt64, UInt64)] = [
            (base, base + 16 * 3600 * usec), (base + 2 * day, base + 2 * day + 14 * 3600 * usec), (base + day, base + day + 3600 * usec),
        ]
        for (start, end) in fasts {
            try await daemon.fasting.call("AddFast", [.uint64(start), .uint64(end), .uint64(0)])
        }
        let listed = try await Command.run(
            [
                "gdbus", "call", "--address", daemon.bus.address, "--dest", Daemon.name, "--object-path", Daemon.path.rawValue,
                "--method", "org.islet.Islet1.Fasting.ListFasts", "0", "100",
            ])
        #expect(listed.status == 0, "\(listed)")
        let starts = fasts.map(\.0).sorted(by: >)
        // Most recent first: the starts appear in that order in gdbus's text.
        let positions = starts.compactMap { listed.stdout.range(of: "\($0)")?.lowerBound }
        #expect(positions.count == 3 && positions == positions.sorted(), "\(listed.stdout)")
        let reply = try await daemon.fasting.call("ListFasts", [.uint32(0), .uint32(100)])
        guard case .array(_, let items) = reply.first else { throw TestFailure("\(reply)") }
        let durations = items.compactMap { item -> UInt64? in
            guard case .structure(let f) = item, let s = u64(f[1]), let e = u64(f[2]) else { return nil }
            return e - s
        }
        #expect(durations == [14 * 3600 * usec, 3600 * usec, 16 * 3600 * usec])
    }

    /// FR-006: completed fasts and the running fast survive the service being killed.
    @Test func FR006_dataPersistence() async throws {
        let daemon = try await Daemon()
        let start = nowUSec() - 5 * 3600 * usec
        try await daemon.fasting.call("AddFast", [.uint64(start - 20 * 3600 * usec), .uint64(start - 4 * 3600 * usec), .uint64(0)])
        try await daemon.fasting.call("StartFastAt", [.uint64(start)])
        let id = try await daemon.fasting.get("FastId")
        try await daemon.crash()
        try await daemon.start()
        #expect(try await daemon.fasting.get("Fasting") == .boolean(true))
        #expect(try await daemon.fasting.get("FastId") == id)
        #expect(try await daemon.fasting.get("StartedAtUSec") == .uint64(start))
        let reply = try await daemon.fasting.call("ListFasts", [.uint32(0), .uint32(10)])
        guard case .array(_, let items) = reply.first else { throw TestFailure("\(reply)") }
        #expect(items.count == 1)
    }

    /// DFG-001: the daily goal can be set, changed and read back (the current goal is shown).
    @Test func DFG001_setAndModifyTheDailyGoal() async throws {
        let daemon = try await Daemon()
        #expect(try await daemon.fasting.get("GoalSeconds") == .uint64(0))
        #expect(try await daemon.dbusSend("Fasting.SetGoal", "uint64:57600").status == 0)
        #expect(try await daemon.fasting.get("GoalSeconds") == .uint64(57_600))
        #expect(try await daemon.dbusSend("Fasting.SetGoal", "uint64:64800").status == 0)
        #expect(try await daemon.fasting.get("GoalSeconds") == .uint64(64_800))
        try await daemon.fasting.call("ClearGoal")
        #expect(try await daemon.fasting.get("GoalSeconds") == .uint64(0))
    }

    /// DFG-002: a preset or any custom duration in hours and minutes (60 s ... 7 days); what is
    /// outside that is refused by name.
    @Test func DFG002_goalInputMethods() async throws {
        let daemon = try await Daemon()
        let set = try await Command.run(
            [
                "busctl", "--address", daemon.bus.address, "set-property", Daemon.name, Daemon.path.rawValue,
                "org.islet.Islet1.Fasting", "GoalSeconds", "t", "59400",
            ])
        #expect(set.status == 0, "\(set)")
        #expect(try await daemon.fasting.get("GoalSeconds") == .uint64(16 * 3600 + 30 * 60 as UInt64))
        try await daemon.fasting.call("SetGoal", [.uint64(60)])
        try await daemon.fasting.call("SetGoal", [.uint64(7 * 86_400 as UInt64)])
        for bad: UInt64 in [0, 59, 7 * 86_400 + 1] {
            await expectError("org.islet.Islet1.Error.InvalidArgument") { try await daemon.fasting.call("SetGoal", [.uint64(bad)]) }
        }
        #expect(try await daemon.fasting.get("GoalSeconds") == .uint64(7 * 86_400 as UInt64))
    }

    /// DFG-003: the four presets, in order, with their schedules and descriptions.
    @Test func DFG003_predefinedGoalSuggestions() async throws {
        let daemon = try await Daemon()
        let listed = try await Command.run(
            [
                "gdbus", "call", "--address", daemon.bus.address, "--dest", Daemon.name, "--object-path", Daemon.path.rawValue,
                "--method", "org.islet.Islet1.Fasting.ListPresets",
            ])
        #expect(listed.status == 0, "\(listed)")
        #expect(
            listed.stdout.hasPrefix(
                "([(uint64 50400, '14:10', 'A gentle start to time-restricted eating.'), "
                    + "(57600, '16:8', 'A popular choice, may aid weight management and blood sugar control.'), "
                    + "(64800, '18:6', 'A longer fast, potentially enhancing fat burning and focus.'), "
                    + "(72000, '20:4', 'An extended daily fast.')"), "\(listed.stdout)")
    }

    /// DFG-004: with a goal, the running fast carries both counts: elapsed up, remaining down to
    /// the goal, and "goal reached" once it passes; without a goal, elapsed only.
    @Test func DFG004_countdownTimerDisplay() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        let start = nowUSec() - 3600 * usec
        try await daemon.fasting.call("StartFastAt", [.uint64(start)])
        let (_, _, state) = try await activity(daemon)
        let updated = try #require(u64(state["updated_at_usec"]))
        #expect(u64(state["goal_usec"]) == 16 * 3600 * usec)
        #expect(u64(state["ends_at_usec"]) == start + 16 * 3600 * usec)
        #expect(u64(state["elapsed_usec"]) == updated - start)
        #expect(u64(state["remaining_usec"]) == start + 16 * 3600 * usec - updated)
        // Ended long ago (forgot to stop), so that the next fast can begin in the past.
        try await daemon.fasting.call("StopFastAt", [.uint64(start + 60 * usec)])
        // Goal passed: reached, nothing remains.
        try await daemon.fasting.call("SetGoal", [.uint64(60)])
        try await daemon.fasting.call("StartFastAt", [.uint64(nowUSec() - 120 * usec)])
        #expect(await eventually { (try? await activity(daemon).state["status"]) == .string("goal-reached") })
        let reached = try await activity(daemon).state
        #expect(u64(reached["remaining_usec"]) == 0)
        #expect(try await daemon.fasting.get("GoalReached") == .boolean(true))
        try await daemon.fasting.call("StopFast")
        // No goal: the fast runs (elapsed from StartedAtUSec), with no countdown anywhere.
        try await daemon.fasting.call("ClearGoal")
        try await daemon.fasting.call("StartFast")
        #expect(try await daemon.fasting.get("ActiveFastGoalSeconds") == .uint64(0))
        #expect(try await activity(daemon).id == "")
    }

    /// DFG-005: the goal is kept across restarts and used by the next fast.
    @Test func DFG005_goalPersistence() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("SetGoal", [.uint64(18 * 3600 as UInt64)])
        try await daemon.crash()
        try await daemon.start()
        #expect(try await daemon.fasting.get("GoalSeconds") == .uint64(18 * 3600 as UInt64))
        try await daemon.fasting.call("StartFast")
        #expect(try await daemon.fasting.get("ActiveFastGoalSeconds") == .uint64(18 * 3600 as UInt64))
    }

    /// DI-002 and DI-003: the activity holds what the compact and expanded island show: the
    /// "Fasting Goal" title, the countdown's end (rendered locally, so no signal on a tick),
    /// the elapsed time and the goal.
    @Test func DI002_DI003_islandContent() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        let signals = try await daemon.signals()
        try await daemon.fasting.call("StartFast")
        let (_, attributes, state) = try await activity(daemon)
        #expect(attributes["title"] == .string("Fasting Goal"))
        #expect(attributes["kind"] == .string("fast"))
        #expect(u64(state["goal_usec"]) == 16 * 3600 * usec)
        #expect(u64(state["ends_at_usec"]).map { $0 > nowUSec() } == true)
        #expect(state["elapsed_usec"] != nil && state["progress"] != nil)
        // Two seconds of a running countdown bring no update: listeners count down themselves.
        let seen = await collect(signals, until: { _ in false }, within: .seconds(2))
        #expect(seen.names.filter { $0 == "ActivityUpdated" }.isEmpty, "\(seen.names)")
    }

    /// DI-005: stopping the fast ends its activity at once, reason `stopped`.
    @Test("Activity End (Manual Stop); DI-005") func DI005_endLiveActivityOnStop() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        try await daemon.fasting.call("StartFast")
        let id = try await activity(daemon).id
        #expect(!id.isEmpty)
        let signals = try await daemon.signals()
        #expect(try await daemon.dbusSend("Fasting.StopFast").status == 0)
        let seen = await collect(signals) { $0.names.contains("ActivityEnded") }
        #expect(seen.first { $0.name == "ActivityEnded" }?.body == [.string(id), .string("stopped")])
        #expect(try await activity(daemon).id == "")
    }

    /// DI-007: the activity outlives the service: killed and started again, the same activity
    /// (id, owner, start, goal) is back without a new ActivityStarted.
    @Test("App Foregrounded; DI-007") func DI007_handlingTermination() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        try await daemon.fasting.call("StartFastAt", [.uint64(nowUSec() - 3600 * usec)])
        let before = try await activity(daemon)
        try await daemon.crash()
        let signals = try await daemon.signals()
        try await daemon.start()
        let after = try await activity(daemon)
        #expect(after.id == before.id)
        #expect(try await daemon.live.get("Owner") == .string("fasting"))
        #expect(after.state["started_at_usec"] == before.state["started_at_usec"])
        #expect(after.state["ends_at_usec"] == before.state["ends_at_usec"])
        let seen = await collect(signals, until: { _ in false }, within: .seconds(1))
        #expect(!seen.names.contains("ActivityStarted"), "\(seen.names)")
    }
}
