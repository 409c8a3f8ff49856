/// A typed handle on one remote object's interface: call methods, read and write properties,
/// subscribe to its signals.
public struct DBusProxy: Sendable {
    public let connection: DBusConnection
    public let destination: String
    public let path: ObjectPath
    public let interface: String
    public var timeout: Duration
    /// Whether a call may start the destination by D-Bus activation. A call that only looks
    /// (is the screen locked? is a job server there?) says false: observing never starts a
    /// service (it fails with ServiceUnknown instead).
    public var autoStart: Bool

    public init(
        connection: DBusConnection, destination: String, path: ObjectPath, interface: String,
        timeout: Duration = .seconds(25), autoStart: Bool = true
    ) {
        self.connection = connection
        self.destination = destination
        self.path = path
        self.interface = interface
        self.timeout = timeout
        self.autoStart = autoStart
    }

    /// Calls a method and returns its output values.
    @discardableResult
    public func call(_ member: String, _ arguments: [DBusValue] = []) async throws -> [DBusValue] {
        var message = Message.methodCall(
            destination: destination, path: path, interface: interface, member: member, body: arguments)
        message.autoStart = autoStart
        return try await connection.call(message, timeout: timeout).body
    }

    /// Calls a method whose single output decodes as `T`.
    public func call<T: DBusCodable>(_ member: String, _ arguments: [DBusValue] = [], returning: T.Type) async throws -> T {
        let values = try await call(member, arguments)
        guard values.count == 1, let value = values.first else {
            throw DBusError.typeMismatch(expected: T.dbusType.signature, got: values.map(\.type).signature)
        }
        return try value.decode(T.self)
    }

    private var properties: DBusProxy {
        DBusProxy(
            connection: connection, destination: destination, path: path,
            interface: "org.freedesktop.DBus.Properties", timeout: timeout, autoStart: autoStart)
    }

    public func get(_ property: String) async throws -> DBusValue {
        let values = try await properties.call("Get", [.string(interface), .string(property)])
        guard case .variant(let value)? = values.first else {
            throw DBusError.typeMismatch(expected: "v", got: values.map(\.type).signature)
        }
        return value
    }

    public func get<T: DBusCodable>(_ property: String, as type: T.Type) async throws -> T {
        try await get(property).decode(T.self)
    }

    public func set(_ property: String, _ value: DBusValue) async throws {
        try await properties.call("Set", [.string(interface), .string(property), .variant(value)])
    }

    public func getAll() async throws -> [String: DBusValue] {
        let values = try await properties.call("GetAll", [.string(interface)])
        guard let dictionary = values.first?.stringVariantEntries else {
            throw DBusError.typeMismatch(expected: "a{sv}", got: values.map(\.type).signature)
        }
        return dictionary
    }

    /// This interface's signals named `member` (all of them when nil) from `destination`.
    public func signals(_ member: String? = nil) async throws -> AsyncStream<Message> {
        try await connection.signals(
            matching: MatchRule(sender: destination, interface: interface, member: member, path: path))
    }
}
