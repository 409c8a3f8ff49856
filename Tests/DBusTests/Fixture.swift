import DBus
import Foundation
import TestSupport

/// A private bus with a server connection exporting test objects and a client connection.
final class BusFixture: @unchecked Sendable {
    let bus: PrivateBus
    let server: DBusConnection
    let client: DBusConnection
    static let name = "org.example.Test"
    static let path: ObjectPath = "/org/example/Test"
    static let echoInterface = "org.example.Echo"

    /// The signatures the echo object answers, one method `EchoN` each.
    static let echoSignatures = [
        "y", "b", "n", "q", "i", "u", "x", "t", "d", "s", "o", "g", "v",
        "ai", "as", "ad", "aay", "a{sv}", "a{sa{sv}}", "(ist)", "a(tss)", "a{ua(sv)}", "aas",
    ]

    static func echoMember(_ signature: String) -> String {
        "Echo\(echoSignatures.firstIndex(of: signature) ?? -1)"
    }

    let state = FixtureState()

    init() async throws {
        bus = try PrivateBus()
        server = try DBusConnection(bus: .address(bus.address), label: "test.server")
        client = try DBusConnection(bus: .address(bus.address), label: "test.client")
        try server.export(BusFixture.path, interfaces: [BusFixture.echo(), BusFixture.settings(state)])
        try server.export("/org/example/Test/child/grandchild", interfaces: [BusFixture.echo()])
        _ = try await server.requestName(BusFixture.name)
    }

    deinit {
        client.close()
        server.close()
    }

    var echoProxy: DBusProxy {
        DBusProxy(connection: client, destination: BusFixture.name, path: BusFixture.path, interface: BusFixture.echoInterface)
    }

    var settingsProxy: DBusProxy {
        DBusProxy(connection: client, destination: BusFixture.name, path: BusFixture.path, interface: "org.example.Settings")
    }

    static func echo() -> DBusInterface {
        var methods = echoSignatures.map { signature -> DBusMethod in
            let type = (try? DBusType.parseSingle(signature)) ?? .string
            return DBusMethod(echoMember(signature), in: [DBusArgument("value", type)], out: [DBusArgument("value", type)]) {
                $0.arguments
            }
        }
        methods.append(DBusMethod("Noop") { _ in [] })
        methods.append(
            DBusMethod("Fail", in: [DBusArgument("name", .string), DBusArgument("message", .string)]) { call in
                throw DBusError(try call.argument(0, as: String.self), try call.argument(1, as: String.self))
            })
        methods.append(DBusMethod("Never", deferred: { _, _ in }))
        methods.append(
            DBusMethod(
                "Later", out: [DBusArgument("answer", .uint32)],
                deferred: { call, replier in
                    call.connection.loop.schedule(after: .milliseconds(20)) { replier.reply([.uint32(42)]) }
                }))
        methods.append(DBusMethod("Wrong", out: [DBusArgument("n", .uint32)]) { _ in [.string("not a number")] })
        // Answers from a reply marshalled once; counts its calls in the first field.
        let prepared = PreparedCounter()
        methods.append(
            DBusMethod.prepared(
                "Prepared", out: [DBusArgument("pairs", .array(.structure([.uint64, .string])))],
                handler: { _ in
                    try prepared.next()
                }))
        methods.append(
            DBusMethod.prepared(
                "PreparedWrong", out: [DBusArgument("n", .uint32)],
                handler: { _ in
                    try DBusPreparedReply([.string("not a number")])
                }))
        return DBusInterface(
            echoInterface, doc: "Returns what it is given.", methods: methods,
            signals: [DBusSignal("Pinged", [DBusArgument("count", .uint32)])])
    }

    static func settings(_ state: FixtureState) -> DBusInterface {
        DBusInterface(
            "org.example.Settings",
            properties: [
                .typed(
                    "Volume", UInt32.self, get: { state.volume },
                    set: { value, _ in
                        guard value <= 100 else { throw DBusError("org.example.Error.OutOfRange", "volume over 100") }
                        state.volume = value
                    }),
                .typed("Name", String.self, get: { state.label }),
                .typed("Serial", String.self, changeSignal: .constant, get: { "X1" }),
                .typed("Cached", UInt64.self, changeSignal: .invalidates, get: { state.cached }),
            ])
    }
}

/// Hands out the same prepared reply twice, then a new one: a copy is what each caller gets,
/// so the first reply must not change when the second is built.
final class PreparedCounter: @unchecked Sendable {
    private var calls = 0
    private var reply: DBusPreparedReply?

    func next() throws -> DBusPreparedReply {
        calls += 1
        if calls % 2 == 1 || reply == nil {
            reply = try DBusPreparedReply([
                .array(
                    .structure([.uint64, .string]),
                    [
                        .structure([.uint64(UInt64(calls)), .string("first")]), .structure([.uint64(7), .string("second")]),
                    ])
            ])
        }
        if let reply { return reply }
        return try DBusPreparedReply([])
    }
}

/// State behind the settings object; touched only on the server's queue.
final class FixtureState: @unchecked Sendable {
    var volume: UInt32 = 50
    var label = "test"
    var cached: UInt64 = 1
}
