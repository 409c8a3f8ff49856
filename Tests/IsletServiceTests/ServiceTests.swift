import DBus
import Foundation
import TestSupport
import Testing

let usec: UInt64 = 1_000_000
func nowUSec() -> UInt64 { UInt64(Date().timeIntervalSince1970 * 1_000_000) }

@Suite(.startsProcesses) struct Contract {
    @Test func servedIntrospectionMatchesDbusDirectory() async throws {
        let daemon = try await Daemon()
        let served = try await daemon.client.call(
            .methodCall(
                destination: Daemon.name, path: Daemon.path, interface: "org.freedesktop.DBus.Introspectable", member: "Introspect"))
        guard case .string(let xml)? = served.body.first else { throw TestFailure("no XML") }
        let file = try String(contentsOfFile: "dbus/org.islet.Islet1.xml", encoding: .utf8)
        // The file is the served XML of each islet interface plus doc annotations.
        let documented = file.split(separator: "\n").filter { !$0.contains("org.gtk.GDBus.DocString") }
        let interfaces = documented.drop { !$0.contains("<interface") }.dropLast().joined(separator: "\n")
        // A method or signal with no arguments is one empty element once its doc is gone.
        let collapsed = interfaces.replacingOccurrences(of: "\">\n    </method>", with: "\"/>")
            .replacingOccurrences(of: "\">\n    </signal>", with: "\"/>")
        #expect(xml.contains(interfaces) || xml.contains(collapsed), "served XML differs from dbus/org.islet.Islet1.xml")
        let generated = try await Command.run([Daemon.binary, "--print-introspection"])
        #expect(generated.stdout == file, "dbus/org.islet.Islet1.xml is stale: regenerate with isletd --print-introspection")
        let gdbus = try await Command.run(["gdbus", "introspect", "--address", daemon.bus.address, "--dest", Daemon.name, "--object-path", "/org/islet/Islet1"])
        #expect(gdbus.stdout.contains("StartIntervals(in  s owner,"))
    }

    @Test func startsByBusActivation() async throws {
        let services = try TemporaryDirectory.make(prefix: "islet-services")
        let database = services.appendingPathComponent("db/islet.sqlite").path
        let template = try String(contentsOfFile: "dbus/org.islet.Islet1.service.in", encoding: .utf8)
        let file = template.replacingOccurrences(of: "@bindir@/isletd", with: "\(Daemon.binary) --database \(database)")
        try file.write(to: services.appendingPathComponent("org.islet.Islet1.service"), atomically: true, encoding: .utf8)
        let bus = try PrivateBus(serviceDirectories: [services.path])
        let client = try DBusConnection(bus: .address(bus.address))
        defer { client.close() }
        #expect(try await client.nameOwner(Daemon.name) == nil)
        let reply = try await client.call(
            .methodCall(
                destination: Daemon.name, path: Daemon.path, interface: "org.islet.Islet1.Fasting", member: "ListPresets"))
        #expect(reply.body.first.map { "\($0)" }?.contains("16:8") == true)
        #expect(try await client.nameOwner(Daemon.name) != nil)
        bus.kill()
    }

    @Test func coreOperationsThroughPlainDbusSend() async throws {
        let daemon = try await Daemon()
        var r = try await daemon.dbusSend("Fasting.SetGoal", "uint64:57600")
        #expect(r.status == 0, "\(r)")
        r = try await daemon.dbusSend("Fasting.StartFast")
        #expect(r.status == 0 && r.stdout.contains("uint64 1"), "\(r)")
        r = try await daemon.dbusSend("Fasting.StartFast")
        #expect(r.stderr.contains("org.islet.Islet1.Error.AlreadyFasting"), "\(r)")
        r = try await daemon.dbusSend("Timers.Start", "string:tea", "string:Tea", "uint64:120")
        #expect(r.status == 0, "\(r)")
        r = try await daemon.dbusSend("Timers.StartIntervals", "string:gym", "string:Workout", "array:string:Work,Rest", "array:uint64:40,20", "uint32:8")
        #expect(r.status == 0, "\(r)")
        for step in ["Timers.Pause", "Timers.Resume", "Timers.Stop"] {
            r = try await daemon.dbusSend(step, "string:gym")
            #expect(r.status == 0, "\(step): \(r)")
        }
        r = try await daemon.dbusSend("Fasting.StopFast")
        #expect(r.status == 0, "\(r)")
        let history = try await daemon.fasting.call("ListFasts", [.uint32(0), .uint32(10)])
        #expect("\(history)".contains("57600"))
        let owner = try await daemon.live.get("Owner")
        #expect(owner == .string("tea"))
    }

    /// Timers.Extend (contract 1.1) from outside programs: "+1 min" on a running timer, the
    /// signals a change of state brings, and the named errors.
    @Test func extendAddsTimeToTheCurrentPhase() async throws {
        let daemon = try await Daemon()
        var r = try await daemon.dbusSend("Timers.Start", "string:tea", "string:Tea", "uint64:120")
        #expect(r.status == 0, "\(r)")
        let before = try await daemon.live.call("Get")
        let endsBefore = try #require(try before[3].stringVariantEntries?["ends_at_usec"]?.decode(UInt64.self))
        let signals = try await daemon.signals()
        r = try await daemon.dbusSend("Timers.Extend", "string:tea", "uint64:60")
        #expect(r.status == 0, "\(r)")
        let seen = await collect(signals) { $0.names.contains("ActivityUpdated") }
        #expect(seen.names == ["TimerChanged", "ActivityUpdated"], "\(seen.names)")
        let ends = try #require(try seen.last?.body.last?.stringVariantEntries?["ends_at_usec"]?.decode(UInt64.self))
        #expect(ends == endsBefore + 60_000_000)
        let total = try #require(try seen.last?.body.last?.stringVariantEntries?["total_usec"]?.decode(UInt64.self))
        #expect(total == 180_000_000)
        // busctl, paused: still paused, a minute more left.
        let busctl = try await Command.run([
            "busctl", "--address=\(daemon.bus.address)", "call", Daemon.name, Daemon.path.rawValue,
            "org.islet.Islet1.Timers", "Pause", "s", "tea",
        ])
        #expect(busctl.status == 0, "\(busctl)")
        let paused = try await Command.run([
            "busctl", "--address=\(daemon.bus.address)", "call", Daemon.name, Daemon.path.rawValue,
            "org.islet.Islet1.Timers", "Extend", "st", "tea", "60",
        ])
        #expect(paused.status == 0, "\(paused)")
        let state = try await daemon.live.call("Get")
        #expect(state[3].stringVariantEntries?["status"] == .string("paused"))
        let left = try #require(try state[3].stringVariantEntries?["remaining_usec"]?.decode(UInt64.self))
        #expect(left > 230_000_000 && left <= 240_000_000, "\(left)")
        r = try await daemon.dbusSend("Timers.Extend", "string:nobody", "uint64:60")
        #expect(r.stderr.contains("org.islet.Islet1.Error.UnknownTimer"), "\(r)")
        r = try await daemon.dbusSend("Timers.Extend", "string:tea", "uint64:0")
        #expect(r.stderr.contains("org.islet.Islet1.Error.InvalidArgument"), "\(r)")
        r = try await daemon.dbusSend("Timers.Extend", "string:tea", "uint64:86401")
        #expect(r.stderr.contains("org.islet.Islet1.Error.InvalidArgument"), "\(r)")
        r = try await daemon.dbusSend("Timers.Extend", "string:tea", "uint32:60")
        #expect(r.stderr.contains("org.freedesktop.DBus.Error.InvalidArgs"), "\(r)")
    }

    /// A fast stopped by mistake comes back with UndoStopFast, across a restart of isletd, and
    /// leaves the history as if never stopped.
    @Test func aStoppedFastComesBackWithUndo() async throws {
        let daemon = try await Daemon()
        var r = try await daemon.dbusSend("Fasting.UndoStopFast")
        #expect(r.stderr.contains("org.islet.Islet1.Error.NothingToUndo"), "\(r)")
        _ = try await daemon.dbusSend("Fasting.SetGoal", "uint64:57600")
        r = try await daemon.dbusSend("Fasting.StartFastAt", "uint64:\(nowUSec() - 3_600_000_000)")
        #expect(r.status == 0, "\(r)")
        let started = try await daemon.fasting.get("StartedAtUSec")
        r = try await daemon.dbusSend("Fasting.StopFast")
        #expect(r.status == 0, "\(r)")
        #expect("\(try await daemon.fasting.call("ListFasts", [.uint32(0), .uint32(10)]))".contains("57600"))
        try await daemon.crash()  // the undo survives a crash: it is stored with the state
        try await daemon.start()
        r = try await daemon.dbusSend("Fasting.UndoStopFast")
        #expect(r.status == 0, "\(r)")
        #expect(try await daemon.fasting.get("Fasting") == .boolean(true))
        #expect(try await daemon.fasting.get("StartedAtUSec") == started)
        #expect(try await daemon.live.get("Owner") == .string("fasting"))
        #expect(try await daemon.fasting.call("ListFasts", [.uint32(0), .uint32(10)]) == [.array(.structure([.uint64, .uint64, .uint64, .uint64]), [])])
        r = try await daemon.dbusSend("Fasting.UndoStopFast")
        #expect(r.stderr.contains("org.islet.Islet1.Error.NothingToUndo"), "\(r)")
    }

    @Test func namedErrorsForBadInput() async throws {
        let daemon = try await Daemon()
        let e = "org.islet.Islet1.Error."
        await expectError(e + "InvalidArgument") { try await daemon.fasting.call("SetGoal", [.uint64(0)]) }
        await expectError(e + "InvalidArgument") { try await daemon.fasting.call("SetGoal", [.uint64(59)]) }
        await expectError(e + "NotFasting") { try await daemon.fasting.call("StopFast") }
        await expectError(e + "NotFasting") { try await daemon.fasting.call("SetActiveFastGoal", [.uint64(3600)]) }
        await expectError(e + "UnknownFast") { try await daemon.fasting.call("DeleteFast", [.uint64(42)]) }
        await expectError(e + "InvalidArgument") { try await daemon.fasting.call("EditFast", [.uint64(42), .uint64(5), .uint64(1)]) }
        await expectError(e + "InvalidArgument") { try await daemon.fasting.call("ListFasts", [.uint32(0), .uint32(0)]) }
        await expectError(e + "InvalidArgument") { try await daemon.fasting.call("StartFastAt", [.uint64(nowUSec() + 3600 * usec)]) }
        await expectError(e + "UnknownTimer") { try await daemon.timers.call("Pause", [.string("nobody")]) }
        await expectError(e + "InvalidArgument") { try await daemon.timers.call("Start", [.string(""), .string("T"), .uint64(5)]) }
        await expectError(e + "InvalidArgument") { try await daemon.timers.call("Start", [.string("o"), .string("T"), .uint64(0)]) }
        await expectError(e + "InvalidArgument") {
            try await daemon.timers.call("StartIntervals", [.string("o"), .string("T"), ["A", "B"].dbusValue, [UInt64(5)].dbusValue, .uint32(1)])
        }
        await expectError(e + "InvalidArgument") {
            try await daemon.live.call("Start", [.string("app"), .stringVariantDictionary([:]), .stringVariantDictionary([:])])
        }
        await expectError(e + "InvalidArgument") {
            try await daemon.live.call(
                "Start",
                [
                    .string("app"), .stringVariantDictionary(["title": .string("T")]),
                    .stringVariantDictionary(["nested": .array(.string, [])]),
                ])
        }
        await expectError(e + "NotOwner") { try await daemon.live.call("End", [.string("app")]) }
        await expectError(DBusError.invalidArgsName) { try await daemon.fasting.call("SetGoal", [.string("16h")]) }
        await expectError(DBusError.unknownMethodName) { try await daemon.fasting.call("Explode") }
        await expectError(DBusError.propertyReadOnlyName) { try await daemon.fasting.set("Fasting", .boolean(true)) }
        await expectError(e + "InvalidArgument") { try await daemon.live.set("LingerSeconds", .uint32(3601)) }
        // The service is still there and well.
        #expect(try await daemon.fasting.get("Fasting") == .boolean(false))
    }
}

@Suite(.startsProcesses) struct Behaviour {
    @Test func signalsComeBeforeTheReplyFromSpecificToGeneral() async throws {
        let daemon = try await Daemon()
        let signals = try await daemon.signals()
        try await daemon.timers.call(
            "StartIntervals", [.string("gym"), .string("Workout"), ["Work", "Rest"].dbusValue, [UInt64(1), UInt64(1)].dbusValue, .uint32(1)])
        let seen = await collect(signals) { $0.names.contains("ActivityEnded") }
        #expect(
            seen.names == [
                "TimerChanged", "ActivityStarted",
                "PhaseChanged", "TimerChanged", "ActivityUpdated",
                "TimerFinished", "TimerRemoved", "ActivityUpdated",
                "ActivityEnded",
            ], "\(seen.names)")
        #expect(seen.last?.body.last == .string("completed"))
    }

    @Test("Activity End (Normal Completion); PRD-02 FR-07") func FR07_minimalCountdownEndsFiveSecondsAfterCompletion() async throws {
        let daemon = try await Daemon()
        let signals = try await daemon.signals()
        try await daemon.timers.call("Start", [.string("boring"), .string("Countdown"), .uint64(1)])
        let seen = await collect(signals) { $0.names.contains("ActivityEnded") }
        guard let finished = seen.first(where: { $0.name == "TimerFinished" }), let ended = seen.last else {
            throw TestFailure("\(seen.names)")
        }
        _ = finished
        #expect(ended.body == [seen[1].body[0], .string("completed")])
        let completed = seen.first { $0.name == "ActivityUpdated" && "\($0.body)".contains("completed") }
        #expect(completed != nil)
    }

    /// DI-001: a fast starts an activity only when it has a goal; gaining one takes the island,
    /// and a fast begun earlier reaches its goal at start + goal.
    @Test func DI001_aFastHasAnActivityOnlyWithAGoal() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("SetGoal", [.uint64(60)])
        let signals = try await daemon.signals()
        let start = nowUSec() - 120 * usec
        try await daemon.fasting.call("StartFastAt", [.uint64(start)])
        let seen = await collect(signals) { $0.names.contains("GoalReached") && $0.names.filter { $0 == "ActivityUpdated" }.count >= 1 }
        let reached = seen.first { $0.name == "GoalReached" }
        #expect(reached?.body == [.uint64(1), .uint64(start + 60 * usec)])
        #expect(try await daemon.fasting.get("GoalReached") == .boolean(true))
        let got = try await daemon.live.call("Get")
        #expect("\(got[3])".contains("goal-reached"))
        // Without a goal, no activity; gaining one takes the island.
        try await daemon.fasting.call("StopFast")
        try await daemon.fasting.call("ClearGoal")
        try await daemon.fasting.call("StartFast")
        #expect(try await daemon.fasting.get("Fasting") == .boolean(true))
        #expect(try await daemon.live.get("ActivityId") == .string(""))
        try await daemon.fasting.call("SetActiveFastGoal", [.uint64(3600)])
        #expect(try await daemon.live.get("Owner") == .string("fasting"))
        try await daemon.fasting.call("StopFast")
        #expect(try await daemon.live.get("ActivityId") == .string(""))
    }

    /// DI-004: the goal-reached fast keeps the island until the fast stops; with
    /// GoalReachedLingerSeconds set, only that long.
    @Test func DI004_goalReachedStaysUntilTheFastStopsOrItsLinger() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("SetGoal", [.uint64(60)])
        var signals = try await daemon.signals()
        try await daemon.fasting.call("StartFastAt", [.uint64(nowUSec() - 120 * usec)])
        let reached = await collect(signals) { $0.names.contains("GoalReached") }
        #expect(reached.names.contains("GoalReached"))
        try await Task.sleep(for: .seconds(2))
        let activity = try await daemon.live.get("ActivityId")
        #expect(activity != .string(""))
        try await daemon.fasting.call("StopFast")
        #expect(try await daemon.live.get("ActivityId") == .string(""))

        // A second service (fasts in the past must not overlap the first one's history).
        let lingering = try await Daemon()
        try await lingering.fasting.call("SetGoal", [.uint64(60)])
        try await lingering.live.set("GoalReachedLingerSeconds", .uint32(1))
        signals = try await lingering.signals()
        try await lingering.fasting.call("StartFastAt", [.uint64(nowUSec() - 90 * usec)])
        let ended = await collect(signals) { $0.names.contains("ActivityEnded") }
        #expect(ended.names.contains("GoalReached"))
        #expect(ended.first { $0.name == "ActivityEnded" }?.body.last == .string("completed"))
        #expect(try await lingering.fasting.get("Fasting") == .boolean(true))  // the fast goes on
        #expect(try await lingering.live.get("ActivityId") == .string(""))
    }

    @Test("First-Come Priority") func ownershipAndEnabled() async throws {
        let daemon = try await Daemon()
        let id = try await daemon.live.call(
            "Start",
            [
                .string("delivery"), .stringVariantDictionary(["title": .string("Pizza"), "ends_with_owner": .boolean(false)]),
                .stringVariantDictionary(["status": .string("running")]),
            ])
        #expect(id.first != .string(""))
        await expectError("org.islet.Islet1.Error.NotOwner") {
            try await daemon.live.call("Update", [.string("thief"), .stringVariantDictionary([:])])
        }
        try await daemon.live.call("Update", [.string("delivery"), .stringVariantDictionary(["status": .string("paused")])])
        try await daemon.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(300)])
        #expect(try await daemon.live.get("Owner") == .string("tea"))  // newest wins
        await expectError("org.islet.Islet1.Error.InvalidState") {
            try await daemon.live.call("Update", [.string("tea"), .stringVariantDictionary([:])])
        }
        try await daemon.live.set("Enabled", .boolean(false))
        #expect(try await daemon.live.get("ActivityId") == .string(""))
        #expect(
            try await daemon.live.call("Start", [.string("x"), .stringVariantDictionary(["title": .string("X")]), .stringVariantDictionary([:])]) == [
                .string("")
            ])
        try await daemon.live.set("Enabled", .boolean(true))
        #expect(try await daemon.live.get("Owner") == .string("tea"))
        // A program's own activity ends when its connection leaves the bus.
        let app = try DBusConnection(bus: .address(daemon.bus.address))
        let appLive = DBusProxy(connection: app, destination: Daemon.name, path: Daemon.path, interface: "org.islet.Islet1.LiveActivity")
        try await appLive.call("Start", [.string("app"), .stringVariantDictionary(["title": .string("Ride")]), .stringVariantDictionary([:])])
        #expect(try await daemon.live.get("Owner") == .string("app"))
        let signals = try await daemon.signals()
        app.close()
        let seen = await collect(signals) { $0.names.contains("ActivityStarted") }
        #expect(seen.first { $0.name == "ActivityEnded" }?.body.last == .string("owner-vanished"))
        #expect(try await daemon.live.get("Owner") == .string("tea"))  // handed back
    }

    @Test func restartAfterKill9RestoresEverything() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("SetGoal", [.uint64(57600)])
        try await daemon.fasting.call("StartFast")
        try await daemon.timers.call("Start", [.string("a"), .string("Tea"), .uint64(600)])
        try await daemon.timers.call(
            "StartIntervals", [.string("b"), .string("Workout"), ["Work", "Rest"].dbusValue, [UInt64(40), UInt64(20)].dbusValue, .uint32(8)])
        try await daemon.timers.call("Pause", [.string("a")])
        let before = try await daemon.timers.call("List")
        let activity = try await daemon.live.call("Get")
        let fastID = try await daemon.fasting.get("FastId")
        try await daemon.crash()
        let signals = try await daemon.signals()
        try await daemon.start()
        #expect(try await daemon.fasting.get("FastId") == fastID)
        #expect(try await daemon.fasting.get("ActiveFastGoalSeconds") == .uint64(57600))
        let after = try await daemon.timers.call("List")
        #expect("\(after)".contains("\"a\"") && "\(after)".contains("\"b\""))
        // The paused one is still paused with the same remaining time.
        func remaining(_ list: [DBusValue], _ owner: String) -> DBusValue? { timerState(in: list, owner: owner)?["remaining_usec"] }
        #expect(remaining(after, "a") != nil && remaining(after, "a") == remaining(before, "a"))
        let restored = try await daemon.live.call("Get")
        #expect(restored[0] == activity[0] && restored[1] == .string("b"))
        let extra = await collect(signals, until: { $0.names.contains("ActivityStarted") }, within: .seconds(1))
        #expect(!extra.names.contains("ActivityStarted"))
    }

    /// Starts an hour's timer and kills isletd; its next start has a clock two hours on
    /// (`--test-clock-offset`), so the timer ran out while isletd was down, however long the
    /// machine takes over the kill and the start. (Waiting for a short timer to run out raced
    /// with its own end on a loaded machine, issue 69.)
    private func crashWhileATimerRuns(_ daemon: Daemon) async throws {
        try await daemon.timers.call("Start", [.string("short"), .string("Short"), .uint64(3600)])
        try await daemon.crash()
        daemon.arguments = ["--test-clock-offset", "7200"]
    }

    @Test func timersThatRanOutWhileDownFinishAtStartUp() async throws {
        let daemon = try await Daemon()
        try await crashWhileATimerRuns(daemon)
        let signals = try await daemon.signals()
        try await daemon.start()
        let seen = await collect(signals) { $0.names.contains("TimerRemoved") }
        #expect(seen.names.starts(with: ["TimerFinished", "TimerRemoved"]), "\(seen.names)")
    }

    /// What isletd announces at start-up goes out once it owns org.islet.Islet1, so a listener
    /// that matches `sender='org.islet.Islet1'` (as panels and the bridge do) hears it too.
    @Test func startUpSignalsReachAListenerMatchingTheWellKnownName() async throws {
        let daemon = try await Daemon()
        try await crashWhileATimerRuns(daemon)
        let signals = try await daemon.client.signals(matching: MatchRule(sender: Daemon.name, pathNamespace: Daemon.path))
        try await daemon.start()
        let seen = await collect(signals) { $0.names.contains("ActivityUpdated") }
        #expect(seen.names.starts(with: ["TimerFinished", "TimerRemoved", "ActivityUpdated"]), "\(seen.names)")
    }

    @Test func anIdleMinuteCarriesNoSignal() async throws {
        let daemon = try await Daemon()
        try await daemon.timers.call("Start", [.string("ten"), .string("Ten minutes"), .uint64(600)])
        // A schedule whose next reminder is two hours away (issue 45): isletd sleeps until then.
        let parts = Calendar.current.dateComponents([.hour, .minute], from: Date())
        let due = UInt16(((parts.hour ?? 0) * 60 + (parts.minute ?? 0) + 180) % 1440)
        try await daemon.fasting.call(
            "SetSchedule",
            [
                .stringVariantDictionary([
                    "enabled": .boolean(true), "start_minutes": .array(.uint16, Array(repeating: .uint16(due), count: 7)),
                    "remind_before_minutes": .uint16(60),
                ])
            ])
        #expect(await settled([daemon.pid]), "isletd did not go to sleep after the calls")
        let switchesBefore = try #require(voluntaryContextSwitches(pid: daemon.pid))
        let monitor = try await Command.run(
            ["dbus-monitor", "--address", daemon.bus.address, "type='signal',sender='\(Daemon.name)'"], timeout: .seconds(60))
        let switchesAfter = try #require(voluntaryContextSwitches(pid: daemon.pid))
        let signals = monitor.stdout.split(separator: "\n").filter { $0.hasPrefix("signal ") && !$0.contains("sender=org.freedesktop.DBus ") }
        #expect(signals.isEmpty, "\(signals)")
        #expect(monitor.status == SIGKILL && monitor.stderr.isEmpty, "dbus-monitor did not watch the whole minute: \(monitor)")
        // Nor a wake-up: the timer's end is the next deadline, nine minutes away, then the reminder.
        #expect(switchesAfter - switchesBefore == 0, "isletd woke \(switchesAfter - switchesBefore) times in an idle minute")
    }
}

/// isletd answers the first history pages from replies it marshalled once: every change to the
/// history (a fast stopped, added, edited, deleted) must show in the next answer, to outside
/// clients as to ours.
@Suite(.startsProcesses) struct PreparedHistoryPages {
    @Test func everyHistoryChangeShowsInTheNextPage() async throws {
        let daemon = try await Daemon()
        let hour: UInt64 = 3_600_000_000
        let now = UInt64(Date().timeIntervalSince1970 * 1_000_000)
        func page(_ offset: UInt32 = 0, _ limit: UInt32 = 10) async throws -> [[UInt64]] {
            let reply = try await daemon.fasting.call("ListFasts", [.uint32(offset), .uint32(limit)])
            guard case .array(_, let items)? = reply.first else { return [] }
            return items.map { item in
                guard case .structure(let fields) = item else { return [] }
                return fields.compactMap { if case .uint64(let v) = $0 { v } else { nil } }
            }
        }
        #expect(try await page().isEmpty)
        try await daemon.fasting.call("AddFast", [.uint64(now - 50 * hour), .uint64(now - 40 * hour), .uint64(0)])
        try await daemon.fasting.call("AddFast", [.uint64(now - 30 * hour), .uint64(now - 20 * hour), .uint64(16 * 3600 as UInt64)])
        var expected: [[UInt64]] = [[2, now - 30 * hour, now - 20 * hour, 16 * 3600], [1, now - 50 * hour, now - 40 * hour, 0]]
        #expect(try await page() == expected)
        #expect(try await page() == expected)  // asked again: the same answer
        #expect(try await page(1, 1) == [expected[1]])

        try await daemon.fasting.call("EditFast", [.uint64(1), .uint64(now - 49 * hour), .uint64(now - 41 * hour)])
        expected[1] = [1, now - 49 * hour, now - 41 * hour, 0]
        #expect(try await page() == expected)
        #expect(try await page(1, 1) == [expected[1]])

        try await daemon.fasting.call("StartFastAt", [.uint64(now - 2 * hour)])
        try await daemon.fasting.call("StopFast")
        let stopped = try await page()
        #expect(stopped.count == 3 && stopped[0][0] == 3 && Array(stopped[1...]) == expected)

        try await daemon.fasting.call("DeleteFast", [.uint64(2)])
        #expect(try await page() == [stopped[0], expected[1]])

        // dbus-send reads the same page off the wire.
        let sent = try await daemon.dbusSend("Fasting.ListFasts", "uint32:0", "uint32:10")
        #expect(sent.status == 0, "\(sent)")
        #expect(sent.stdout.contains("uint64 \(now - 49 * hour)") && !sent.stdout.contains("uint64 \(now - 30 * hour)"), "\(sent)")
        await expectError("org.islet.Islet1.Error.InvalidArgument") { try await daemon.fasting.call("ListFasts", [.uint32(0), .uint32(0)]) }
    }
}
