import DBus
import Foundation
import TestSupport
import Testing

@Suite(.startsProcesses) struct Connections {
    func matchRuleCount(_ fixture: BusFixture, _ connection: DBusConnection) async throws -> UInt32 {
        let stats = DBusProxy(
            connection: fixture.server, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus.Debug.Stats")
        let reply = try await stats.call("GetConnectionStats", [.string(connection.uniqueName)])
        return try reply.first?.stringVariantEntries?["MatchRules"]?.decode(UInt32.self) ?? 999
    }

    @Test func subscribeAndUnsubscribe() async throws {
        let fixture = try await BusFixture()
        #expect(try await matchRuleCount(fixture, fixture.client) == 0)
        let task = Task {
            let signals = try await fixture.echoProxy.signals("Pinged")
            var seen: [UInt32] = []
            for await signal in signals {
                seen.append(try signal.body[0].decode(UInt32.self))
                if seen.count == 3 { break }
            }
            return seen
        }
        // Wait until the rule is on the bus, then emit.
        while try await matchRuleCount(fixture, fixture.client) == 0 { try await Task.sleep(for: .milliseconds(5)) }
        for n in 1...3 {
            try fixture.server.emit(path: BusFixture.path, interface: BusFixture.echoInterface, signal: "Pinged", [.uint32(UInt32(n))])
        }
        #expect(try await task.value == [1, 2, 3])
        // The stream is gone: so is the rule, on the bus and locally.
        var count = try await matchRuleCount(fixture, fixture.client)
        for _ in 0..<200 where count != 0 {
            try await Task.sleep(for: .milliseconds(10))
            count = try await matchRuleCount(fixture, fixture.client)
        }
        #expect(count == 0)
        #expect(fixture.client.subscriptionCount == 0)
    }

    @Test func signalsSeenByDbusMonitor() async throws {
        let fixture = try await BusFixture()
        let monitor = try Background(["dbus-monitor", "--address", fixture.bus.address, "interface='org.example.Echo'"])
        // The monitor's start-up is not observable from here: emit until it has printed one.
        #expect(
            try await eventually(every: .milliseconds(200)) {
                try fixture.server.emit(path: BusFixture.path, interface: BusFixture.echoInterface, signal: "Pinged", [.uint32(77)])
                return monitor.stdout.contains("uint32 77")
            })
        monitor.kill()
        #expect(monitor.stdout.contains("member=Pinged"), "\(monitor.stdout)")
    }

    @Test func racingForANameWithDoNotQueue() async throws {
        let bus = try PrivateBus()
        for round in 0..<20 {
            let a = try DBusConnection(bus: .address(bus.address))
            let b = try DBusConnection(bus: .address(bus.address))
            async let first = a.requestName("org.example.Race\(round)", flags: [.doNotQueue])
            async let second = b.requestName("org.example.Race\(round)", flags: [.doNotQueue])
            let results = try await [first, second]
            #expect(results.filter { $0 == .primaryOwner }.count == 1, "\(results)")
            #expect(results.filter { $0 == .exists }.count == 1, "\(results)")
            a.close()
            b.close()
        }
    }

    @Test func replacementSendsNameLostAndOwnerChanges() async throws {
        let bus = try PrivateBus()
        let a = try DBusConnection(bus: .address(bus.address))
        let b = try DBusConnection(bus: .address(bus.address))
        let watcher = try DBusConnection(bus: .address(bus.address))
        defer {
            a.close()
            b.close()
            watcher.close()
        }
        var owners = try await watcher.watchNameOwner("org.example.Name").makeAsyncIterator()
        #expect(await owners.next() == .some(nil))
        let lost = try await a.nameLostEvents()
        #expect(try await a.requestName("org.example.Name", flags: [.allowReplacement, .doNotQueue]) == .primaryOwner)
        #expect(await owners.next() == .some(a.uniqueName))
        #expect(try await b.requestName("org.example.Name", flags: [.replaceExisting, .doNotQueue]) == .primaryOwner)
        var lostNames = lost.makeAsyncIterator()
        #expect(await lostNames.next() == "org.example.Name")
        #expect(await owners.next() == .some(b.uniqueName))
        #expect(try await b.releaseName("org.example.Name") == .released)
        #expect(await owners.next() == .some(nil))
        #expect(try await b.releaseName("org.example.Name") == .nonExistent)
    }

    @Test func callsFailPromptlyWhenTheBusGoesAway() async throws {
        let fixture = try await BusFixture()
        let proxy = DBusProxy(
            connection: fixture.client, destination: BusFixture.name, path: BusFixture.path,
            interface: BusFixture.echoInterface, timeout: .seconds(600))
        let disconnected = DisconnectFlag()
        fixture.client.onDisconnect { disconnected.set() }
        let calls = (0..<50).map { _ in Task { try await proxy.call("Never") } }
        try await fixture.echoProxy.call("Noop")  // the Never calls are on the wire before this reply
        fixture.bus.kill()
        for call in calls {
            do {
                _ = try await call.value
                Issue.record("a call to a method that never answers succeeded")
            } catch let error as DBusError {
                #expect(error.name == DBusError.disconnectedName)
            }
        }
        #expect(disconnected.isSet)
        await #expect(throws: DBusError.self) { try await proxy.call("Noop") }
        #expect(fixture.client.isConnected == false)
    }

    @Test func timeoutAndCancellation() async throws {
        let fixture = try await BusFixture()
        var proxy = fixture.echoProxy
        proxy.timeout = .milliseconds(200)
        do {
            try await proxy.call("Never")
            Issue.record("expected NoReply")
        } catch let error as DBusError {
            #expect(error.name == DBusError.noReplyName)
        }
        proxy.timeout = .seconds(600)
        let task = Task { try await proxy.call("Never") }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // The connection is still fine.
        try await fixture.echoProxy.call("Noop")
    }

    @Test func tenThousandCallsSeriallyAndConcurrentlyLeaveNothingBehind() async throws {
        let fixture = try await BusFixture()
        let proxy = fixture.echoProxy
        let member = BusFixture.echoMember("a{sv}")
        let payload = DBusValue.stringVariantDictionary(["title": .string("Workout"), "n": .uint32(3)])
        func serial() async throws {
            for _ in 0..<10_000 { _ = try await proxy.call(member, [payload]) }
        }
        func concurrent() async throws {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<100 {
                    group.addTask {
                        for _ in 0..<100 {
                            let reply = try await proxy.call(member, [payload])
                            if reply != [payload] { throw TestFailure("worker \(worker) got \(reply)") }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        try await serial()
        try await concurrent()
        // Nothing of 20,000 finished calls is kept: no pending entry, no subscription. (The
        // process's resident memory cannot tell: other tests run in it at the same time; the
        // benchmarks and the soak watch memory in processes of their own.)
        try await serial()
        try await concurrent()
        #expect(fixture.client.pendingCallCount == 0)
        #expect(fixture.client.subscriptionCount == 0)
    }

    @Test func noAutolaunchWithoutABus() throws {
        // The address is resolved from the environment only; a missing bus is an error.
        #expect(throws: Error.self) { try DBusConnection(bus: .address("unix:path=/nonexistent/islet-test")) }
    }
}

final class DisconnectFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
