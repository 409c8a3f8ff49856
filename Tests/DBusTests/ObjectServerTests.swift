import DBus
import TestSupport
import Testing

@Suite(.startsProcesses) struct ObjectServer {
    @Test func standardErrors() async throws {
        let fixture = try await BusFixture()
        let client = fixture.client
        await expectError(DBusError.unknownObjectName) {
            _ = try await client.call(.methodCall(destination: BusFixture.name, path: "/nope", interface: "org.example.Echo", member: "Noop"))
        }
        await expectError(DBusError.unknownInterfaceName) {
            _ = try await client.call(.methodCall(destination: BusFixture.name, path: BusFixture.path, interface: "org.example.Nope", member: "Noop"))
        }
        await expectError(DBusError.unknownMethodName) { try await fixture.echoProxy.call("Nope") }
        await expectError(DBusError.invalidArgsName) { try await fixture.echoProxy.call("Noop", [.int32(1)]) }
        await expectError(DBusError.invalidArgsName) { try await fixture.echoProxy.call(BusFixture.echoMember("s"), [.int32(1)]) }
        await expectError("org.example.Error.Custom") {
            try await fixture.echoProxy.call("Fail", [.string("org.example.Error.Custom"), .string("it broke")])
        }
        await expectError(DBusError.failedName) { try await fixture.echoProxy.call("Wrong") }
        await expectError(DBusError.unknownPropertyName) { _ = try await fixture.settingsProxy.get("Nope") }
        await expectError(DBusError.propertyReadOnlyName) { try await fixture.settingsProxy.set("Name", .string("x")) }
        await expectError(DBusError.invalidArgsName) { try await fixture.settingsProxy.set("Volume", .string("x")) }
        await expectError("org.example.Error.OutOfRange") { try await fixture.settingsProxy.set("Volume", .uint32(101)) }
        // Interface-less calls find the method, the standard interfaces' too, at an object as
        // anywhere else.
        let reply = try await client.call(.methodCall(destination: BusFixture.name, path: BusFixture.path, interface: nil, member: "Noop"))
        #expect(reply.body.isEmpty)
        for path in [BusFixture.path, "/nothing/here"] as [ObjectPath] {
            let ping = try await client.call(.methodCall(destination: BusFixture.name, path: path, interface: nil, member: "Ping"))
            #expect(ping.kind == .methodReturn && ping.body.isEmpty)
            let id = try await client.call(.methodCall(destination: BusFixture.name, path: path, interface: nil, member: "GetMachineId"))
            guard case .string(let machineID)? = id.body.first else {
                Issue.record("GetMachineId: \(id.body)")
                continue
            }
            #expect(machineID.count == 32)
        }
        let xml = try await client.call(.methodCall(destination: BusFixture.name, path: BusFixture.path, interface: nil, member: "Introspect"))
        guard case .string(let text)? = xml.body.first else {
            Issue.record("Introspect: \(xml.body)")
            return
        }
        #expect(text.contains("<interface name=\"\(BusFixture.echoInterface)\">"))
        await expectError(DBusError.unknownMethodName) {
            _ = try await client.call(.methodCall(destination: BusFixture.name, path: BusFixture.path, interface: nil, member: "Pong"))
        }
    }

    /// Calls find what is exported now: the object last called is remembered, and forgotten
    /// when the objects change.
    @Test func callsFollowExportAndUnexport() async throws {
        let fixture = try await BusFixture()
        let path: ObjectPath = "/org/example/Test/Later"
        func call() async throws -> [DBusValue] {
            try await fixture.client.call(
                .methodCall(destination: BusFixture.name, path: path, interface: "org.example.Echo", member: "Noop")
            ).body
        }
        await expectError(DBusError.unknownObjectName) { _ = try await call() }
        try fixture.server.export(path, interfaces: [BusFixture.echo()])
        #expect(try await call() == [])
        #expect(try await call() == [])
        fixture.server.unexport(path)
        await expectError(DBusError.unknownObjectName) { _ = try await call() }
        try fixture.server.export(path, interfaces: [BusFixture.settings(fixture.state)])
        await expectError(DBusError.unknownInterfaceName) { _ = try await call() }
    }

    @Test func handlerErrorMessageReachesOutsideClient() async throws {
        let fixture = try await BusFixture()
        let result = try await Command.run(
            [
                "dbus-send", "--bus=\(fixture.bus.address)", "--print-reply", "--dest=\(BusFixture.name)",
                BusFixture.path.rawValue, "org.example.Echo.Fail", "string:org.example.Error.Custom", "string:it broke",
            ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("org.example.Error.Custom: it broke"), "\(result)")
    }

    @Test func deferredReplies() async throws {
        let fixture = try await BusFixture()
        let values = try await fixture.echoProxy.call("Later")
        #expect(values == [.uint32(42)])
    }

    /// A prepared reply goes to each caller as its own reply (the right destination and reply
    /// serial), to our client and to outside ones alike, and a wrong one is an error reply.
    @Test func preparedReplies() async throws {
        let fixture = try await BusFixture()
        func pairs(_ first: UInt64) -> [DBusValue] {
            [
                .array(
                    .structure([.uint64, .string]),
                    [
                        .structure([.uint64(first), .string("first")]), .structure([.uint64(7), .string("second")]),
                    ])
            ]
        }
        #expect(try await fixture.echoProxy.call("Prepared") == pairs(1))
        #expect(try await fixture.echoProxy.call("Prepared") == pairs(1))  // the same prepared reply again
        // Many at once from a second connection and this one: each gets exactly one answer.
        let other = try DBusConnection(bus: .address(fixture.bus.address))
        defer { other.close() }
        let otherProxy = DBusProxy(connection: other, destination: BusFixture.name, path: BusFixture.path, interface: BusFixture.echoInterface)
        let answers = try await withThrowingTaskGroup(of: [DBusValue].self) { group in
            for i in 0..<20 {
                let proxy = i % 2 == 0 ? fixture.echoProxy : otherProxy
                group.addTask { try await proxy.call("Prepared") }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Calls 3 to 22: odd calls prepare a reply counting themselves, even ones reuse it.
        let counts = answers.compactMap { answer -> UInt64? in
            guard case .array(_, let items)? = answer.first, case .structure(let fields)? = items.first,
                case .uint64(let n)? = fields.first, answer == pairs(n)
            else { return nil }
            return n
        }
        #expect(counts.sorted() == stride(from: UInt64(3), through: 21, by: 2).flatMap { [$0, $0] })
        let busctl = try await Command.run(
            [
                "busctl", "--address=\(fixture.bus.address)", "call", BusFixture.name, BusFixture.path.rawValue,
                BusFixture.echoInterface, "Prepared",
            ])
        #expect(busctl.status == 0, "\(busctl)")
        #expect(busctl.stdout.hasPrefix("a(ts) 2 ") && busctl.stdout.contains("\"first\" 7 \"second\""), "\(busctl)")
        await expectError(DBusError.failedName) { try await fixture.echoProxy.call("PreparedWrong") }
    }

    /// Declared types past the spec's limits are refused at export: replies matched against
    /// them go to libdbus unchecked, and libdbus aborts on such a signature.
    @Test func exportRefusesDeclaredTypesPastTheLimits() throws {
        let bus = try PrivateBus()
        let connection = try DBusConnection(bus: .address(bus.address))
        defer { connection.close() }
        var deep = DBusType.uint32
        for _ in 0..<33 { deep = .array(deep) }
        let method = DBusMethod("Deep", out: [DBusArgument("v", deep)]) { _ in [] }
        #expect(throws: DBusError.self) {
            try connection.export("/org/example/Deep", interfaces: [DBusInterface("org.example.Deep", methods: [method])])
        }
    }

    @Test func propertiesGetSetGetAll() async throws {
        let fixture = try await BusFixture()
        #expect(try await fixture.settingsProxy.get("Volume", as: UInt32.self) == 50)
        try await fixture.settingsProxy.set("Volume", .uint32(70))
        #expect(try await fixture.settingsProxy.get("Volume", as: UInt32.self) == 70)
        let all = try await fixture.settingsProxy.getAll()
        #expect(all["Volume"] == .uint32(70))
        #expect(all["Name"] == .string("test"))
        #expect(all.count == 4)
        // busctl reads and writes it too.
        let set = try await Command.run(
            [
                "busctl", "--address=\(fixture.bus.address)", "set-property", BusFixture.name, BusFixture.path.rawValue,
                "org.example.Settings", "Volume", "u", "12",
            ])
        #expect(set.status == 0, "\(set)")
        let get = try await Command.run(
            [
                "busctl", "--address=\(fixture.bus.address)", "get-property", BusFixture.name, BusFixture.path.rawValue,
                "org.example.Settings", "Volume",
            ])
        #expect(get.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "u 12", "\(get)")
    }

    /// Get answers from a reply marshalled once per value: a value that changes behind the
    /// connection's back (no Set, no PropertiesChanged) is still read as it is now, by every
    /// caller.
    @Test func propertyGetFollowsTheValue() async throws {
        let fixture = try await BusFixture()
        func busctlGet() async throws -> String {
            let get = try await Command.run(
                [
                    "busctl", "--address=\(fixture.bus.address)", "get-property", BusFixture.name, BusFixture.path.rawValue,
                    "org.example.Settings", "Volume",
                ])
            return get.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        for volume: UInt32 in [50, 50, 9, 9, 50, 4_000_000_000] {
            fixture.server.loop.sync { fixture.state.volume = volume }
            #expect(try await fixture.settingsProxy.get("Volume", as: UInt32.self) == volume)
            #expect(try await busctlGet() == "u \(volume)")
            #expect(try await fixture.settingsProxy.get("Volume", as: UInt32.self) == volume)
        }
    }

    @Test func propertiesChangedIsCoalescedPerTurn() async throws {
        let fixture = try await BusFixture()
        let changes = try await fixture.client.signals(
            matching: MatchRule(interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: BusFixture.path))
        let state = fixture.state
        let server = fixture.server
        server.loop.sync {
            for volume in 1...10 {
                state.volume = UInt32(volume)
                state.label = "label \(volume)"
                state.cached = UInt64(volume)
                server.propertiesChanged(path: BusFixture.path, interface: "org.example.Settings", ["Volume", "Name", "Cached", "Serial"])
            }
        }
        // A marker after the flush: a signal the client sees only after the coalesced one.
        server.loop.sync {
            server.loop.execute { try? server.emit(path: BusFixture.path, interface: BusFixture.echoInterface, signal: "Pinged", [.uint32(1)]) }
        }
        let markers = try await fixture.client.signals(matching: MatchRule(interface: BusFixture.echoInterface, member: "Pinged"))
        _ = markers
        var iterator = changes.makeAsyncIterator()
        guard let first = await iterator.next() else { throw TestFailure("no PropertiesChanged") }
        #expect(first.body.count == 3)
        #expect(first.body[0] == .string("org.example.Settings"))
        let changed = first.body[1].stringVariantEntries ?? [:]
        #expect(changed == ["Volume": .uint32(10), "Name": .string("label 10")])
        #expect(first.body[2] == ["Cached"].dbusValue)
        // Exactly one: the next change produces the next signal, with only its own property.
        server.loop.sync {
            state.volume = 99
            server.propertiesChanged(path: BusFixture.path, interface: "org.example.Settings", ["Volume"])
        }
        let second = await iterator.next()
        #expect(second?.body[1].stringVariantEntries == ["Volume": .uint32(99)])
    }

    @Test func signalsCheckedAgainstTheirDeclaration() async throws {
        let fixture = try await BusFixture()
        #expect(throws: DBusError.self) {
            try fixture.server.emit(path: BusFixture.path, interface: BusFixture.echoInterface, signal: "Pinged", [.string("x")])
        }
    }
}
