import DBus
import IsletCore
import Platform
import Synchronization

/// A client of `org.freedesktop.Notifications` (the Desktop Notifications Specification). Every
/// surface that posts to the server (the live notification, the announcements, the lock
/// screen's notice) shares one: its ``crashes`` count what any of them sent.
public struct NotificationServer: Sendable {
    public static let busName = "org.freedesktop.Notifications"
    public static let path: ObjectPath = "/org/freedesktop/Notifications"

    public let proxy: DBusProxy
    /// Whether the server dies on what islet sends it (``CrashGuard``), shared by every copy.
    public let crashes: Crashes
    let clock: @Sendable () -> USec

    /// `timeout` bounds every call: a hanging server must not hold the bridge up.
    public init(connection: DBusConnection, timeout: Duration = .seconds(2), clock: @escaping @Sendable () -> USec = WallClock.clock) {
        proxy = DBusProxy(
            connection: connection, destination: Self.busName, path: Self.path, interface: Self.busName,
            timeout: timeout)
        crashes = Crashes()
        self.clock = clock
    }

    /// The ``CrashGuard`` of one server, told of every Notify and its answer.
    public final class Crashes: Sendable {
        let state = Mutex(CrashGuard())
        public func read<T>(_ body: (CrashGuard) -> T) -> T { state.withLock { body($0) } }
        public func change<T>(_ body: (inout CrashGuard) -> T) -> T { state.withLock { body(&$0) } }
    }

    public func notify(_ content: NotificationContent, replacesID: UInt32) async throws -> UInt32 {
        let clock = self.clock
        crashes.change { $0.notifySent(at: clock()) }
        let hints = content.hints.mapValues { hint -> DBusValue in
            switch hint {
            case .string(let s): .string(s)
            case .byte(let b): .byte(b)
            case .int32(let i): .int32(i)
            case .bool(let b): .boolean(b)
            }
        }
        let out = try await proxy.call(
            "Notify",
            [
                .string(content.appName), .uint32(replacesID), .string(content.icon), .string(content.summary),
                .string(content.body), .array(.string, content.actions.flatMap { [DBusValue.string($0.key), .string($0.label)] }),
                .stringVariantDictionary(hints), .int32(content.expireTimeout),
            ])
        guard let first = out.first else { throw DBusError.typeMismatch(expected: "u", got: "") }
        crashes.change { $0.notifyAnswered(at: clock()) }
        return try first.decode(UInt32.self)
    }

    public func close(id: UInt32) async throws {
        try await proxy.call("CloseNotification", [.uint32(id)])
    }

    public func capabilities() async throws -> ServerCapabilities {
        let out = try await proxy.call("GetCapabilities")
        guard let first = out.first else { throw DBusError.typeMismatch(expected: "as", got: "") }
        return ServerCapabilities(try first.decode([String].self))
    }

    /// (name, vendor, version, spec_version).
    public func information() async throws -> [String] {
        try await proxy.call("GetServerInformation").map { try $0.decode(String.self) }
    }

    /// NotificationClosed and ActionInvoked, as they come.
    public func signals() async throws -> AsyncStream<Message> { try await proxy.signals() }
}
