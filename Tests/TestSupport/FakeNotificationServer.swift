import DBus
import Foundation

/// A notification server of our own, for what no real server does on demand: press a button,
/// never answer, answer with an error or with nonsense. Real servers (dunst, xfce4-notifyd)
/// are used for everything else.
public final class FakeNotificationServer: @unchecked Sendable {
    public enum Mode: Sendable {
        case normal
        /// Takes the calls and never replies.
        case hang
        /// Replies to Notify with an error.
        case fail
        /// Replies to Notify with a string instead of a uint32.
        case garbage
        /// Leaves the bus 20 ms after each Notify, without replying: a server that crashes on
        /// what it is sent (mako 1.7 on a stack tag beside replaces_id).
        case crash
    }

    public struct Posted: Sendable {
        public var replacesID: UInt32
        public var appName: String
        public var icon: String
        public var summary: String
        public var body: String
        public var actions: [String]
        public var hints: [String: DBusValue]
        public var at: ContinuousClock.Instant
    }

    public static let path: ObjectPath = "/org/freedesktop/Notifications"
    public static let interface = "org.freedesktop.Notifications"
    public let connection: DBusConnection
    private let lock = NSLock()
    private var _posted: [Posted] = []
    private var _closed: [UInt32] = []
    private var held: [DBusReplier] = []
    private var nextID: UInt32 = 1

    public init(
        address: String, mode: Mode = .normal, capabilities: [String] = ["body", "actions", "body-markup"], name: String = "fake",
        version: String = "1"
    ) async throws {
        connection = try DBusConnection(bus: .address(address), label: "fake-notifications")
        // Weak: a call can be on the loop while the test lets go of the server.
        let record: @Sendable (DBusMethodCall) throws -> UInt32 = { [weak self] call in
            guard let self else { throw DBusError.failed("the fake server is gone") }
            let a = call.arguments
            func s(_ i: Int) -> String { (try? a[i].decode(String.self)) ?? "" }
            let posted = Posted(
                replacesID: (try? a[1].decode(UInt32.self)) ?? 0, appName: s(0), icon: s(2), summary: s(3), body: s(4),
                actions: (try? a[5].decode([String].self)) ?? [], hints: a[6].stringVariantEntries ?? [:],
                at: .now)
            return self.lock.withLock {
                self._posted.append(posted)
                if posted.replacesID != 0 { return posted.replacesID }
                defer { self.nextID += 1 }
                return self.nextID
            }
        }
        let notify: DBusMethod
        let notifyInputs = [
            DBusArgument("app_name", .string), DBusArgument("replaces_id", .uint32), DBusArgument("app_icon", .string),
            DBusArgument("summary", .string), DBusArgument("body", .string), DBusArgument("actions", .array(.string)),
            DBusArgument("hints", .dictionary(key: .string, value: .variant)), DBusArgument("expire_timeout", .int32),
        ]
        switch mode {
        case .normal:
            notify = DBusMethod("Notify", in: notifyInputs, out: [DBusArgument("id", .uint32)]) { call in [.uint32(try record(call))] }
        case .hang:
            notify = DBusMethod("Notify", in: notifyInputs, out: [DBusArgument("id", .uint32)]) { [weak self] call, replier in
                guard let self else { return }
                _ = try? record(call)
                lock.withLock { held.append(replier) }
            }
        case .fail:
            notify = DBusMethod("Notify", in: notifyInputs, out: [DBusArgument("id", .uint32)]) { call in
                _ = try record(call)
                throw DBusError("org.freedesktop.Notifications.Error.Broken", "this server is broken on purpose")
            }
        case .garbage:
            notify = DBusMethod("Notify", in: notifyInputs, out: [DBusArgument("id", .string)]) { call in
                _ = try record(call)
                return [.string("not an id")]
            }
        case .crash:
            notify = DBusMethod("Notify", in: notifyInputs, out: [DBusArgument("id", .uint32)]) { [weak self] call, replier in
                guard let self else { return }
                _ = try? record(call)
                lock.withLock { held.append(replier) }
                let connection = self.connection
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { connection.close() }
            }
        }
        let interface = DBusInterface(
            Self.interface,
            methods: [
                notify,
                DBusMethod("CloseNotification", in: [DBusArgument("id", .uint32)]) { [weak self] call in
                    guard let self else { throw DBusError.failed("the fake server is gone") }
                    let id = try call.argument(0, as: UInt32.self)
                    lock.withLock { _closed.append(id) }
                    try call.connection.emit(path: Self.path, interface: Self.interface, signal: "NotificationClosed", [.uint32(id), .uint32(3)])
                    return []
                },
                DBusMethod("GetCapabilities", out: [DBusArgument("capabilities", .array(.string))]) { _ in
                    [.array(.string, capabilities.map { .string($0) })]
                },
                DBusMethod(
                    "GetServerInformation",
                    out: [
                        DBusArgument("name", .string), DBusArgument("vendor", .string), DBusArgument("version", .string),
                        DBusArgument("spec_version", .string),
                    ]
                ) { _ in [.string(name), .string("islet tests"), .string(version), .string("1.2")] },
            ],
            signals: [
                DBusSignal("NotificationClosed", [DBusArgument("id", .uint32), DBusArgument("reason", .uint32)]),
                DBusSignal("ActionInvoked", [DBusArgument("id", .uint32), DBusArgument("action_key", .string)]),
            ])
        try connection.export(Self.path, interfaces: [interface])
        guard try await connection.requestName("org.freedesktop.Notifications") == .primaryOwner else {
            throw TestFailure("another notification server owns the name")
        }
    }

    public var posted: [Posted] { lock.withLock { _posted } }
    public var closed: [UInt32] { lock.withLock { _closed } }

    /// The user pressed a button.
    public func invoke(id: UInt32, action: String) throws {
        try connection.emit(path: Self.path, interface: Self.interface, signal: "ActionInvoked", [.uint32(id), .string(action)])
    }

    /// The user dismissed the notification (reason 2).
    public func dismiss(id: UInt32) throws {
        try connection.emit(path: Self.path, interface: Self.interface, signal: "NotificationClosed", [.uint32(id), .uint32(2)])
    }

    /// The server leaves the bus.
    public func quit() { connection.close() }

    deinit { connection.close() }
}
