import DBus
import IsletCore

/// islet's D-Bus contract (../shared/design/dbus-api.md; dbus/org.islet.Islet1.xml is its
/// documented copy, generated from here and checked by a test): the names, and one enum per
/// interface (``Fasting``, ``Timers``, ``LiveActivity``) with its methods, signals and properties.
/// The service, the client, the bench and the tests all take the contract from here.
public enum IsletBus {
    public static let name = "org.islet.Islet1"
    public static let path: ObjectPath = "/org/islet/Islet1"
    /// Since 1.3: a second well-known name, owned by the service exactly while an activity is
    /// live or a fast runs (what a panel shows). A client that can watch names but not match signals (Plasma 6.3's QML D-Bus) learns
    /// from NameOwnerChanged when to read `LiveActivity.Get`, with no polling while none is.
    public static let liveName = "org.islet.Islet1.Live"

    /// `a{sv}`: attributes, state, statistics.
    public static let stateType = DBusType.dictionary(key: .string, value: .variant)

    /// dbus/org.islet.Islet1.xml (`isletd --print-introspection`).
    public static func documentedXML() -> String {
        var out = Introspection.doctype + "<node name=\"\(path)\">\n"
        for interface in [Fasting.described, Timers.described, LiveActivity.described] { out += Introspection.xml(interface, withDocs: true) }
        return out + "</node>\n"
    }

    // MARK: Errors

    public static let errorPrefix = "org.islet.Islet1.Error."

    /// The D-Bus error for a refusal of the core's: `org.islet.Islet1.Error.<name>`.
    public static func error(_ error: IsletError) -> DBusError {
        DBusError(errorPrefix + error.name, error.message)
    }

    /// The store could not read or write: `org.islet.Islet1.Error.StorageFailed`. Nothing was
    /// changed or announced.
    public static func storageFailed(_ detail: String) -> DBusError {
        DBusError(errorPrefix + "StorageFailed", detail)
    }
}

extension DBusError {
    /// One of the contract's `org.islet.Islet1.Error.*` errors.
    public var isIsletError: Bool { name.hasPrefix(IsletBus.errorPrefix) }
}

// MARK: Using the contract on a connection

extension DBusConnection {
    /// Emits one of a contract's signals from its object.
    public func emit<S: ContractSignal>(_ signal: S, _ arguments: [DBusValue], to destination: String? = nil) throws {
        try emit(path: S.Interface.path, interface: S.Interface.name, signal: signal.name, arguments, to: destination)
    }

    /// Emits one of a contract's signals with its arguments as their Swift type.
    public func emit<S: ContractSignal, A: DBusArguments>(_ signal: S, _ arguments: A, to destination: String? = nil) throws {
        try emit(signal, arguments.values, to: destination)
    }

    /// Announces (coalesced) that these properties changed.
    public func propertiesChanged<P: ContractProperty>(_ properties: [P]) {
        guard !properties.isEmpty else { return }
        propertiesChanged(path: P.Interface.path, interface: P.Interface.name, properties.map(\.name))
    }
}

extension DBusProxy {
    /// A proxy on a contract's interface, at its bus name and object.
    public init<I: ContractInterface>(_ interface: I.Type, connection: DBusConnection, timeout: Duration = .seconds(25)) {
        self.init(connection: connection, destination: I.busName, path: I.path, interface: I.name, timeout: timeout)
    }

    @discardableResult
    public func call<M: ContractMethod>(_ method: M, _ arguments: [DBusValue] = []) async throws -> [DBusValue] {
        try await call(method.name, arguments)
    }

    /// Calls `method` with its input as a Swift type; its reply as `Output`.
    public func call<M: ContractMethod, Input: DBusArguments, Output: DBusArguments>(
        _ method: M, _ input: Input, returning: Output.Type
    ) async throws -> Output {
        try await call(method.name, input, returning: Output.self)
    }

    /// Calls `method`, which takes nothing; its reply as `Output`.
    public func call<M: ContractMethod, Output: DBusArguments>(_ method: M, returning: Output.Type) async throws -> Output {
        try await call(method.name, NoArguments(), returning: Output.self)
    }

    /// Calls `method` with its input as a Swift type; a reply with nothing in it.
    public func call<M: ContractMethod, Input: DBusArguments>(_ method: M, _ input: Input) async throws {
        try await call(method.name, input)
    }

    public func get<P: ContractProperty, T: DBusCodable>(_ property: P, as type: T.Type) async throws -> T {
        try await get(property.name, as: type)
    }

    public func set<P: ContractProperty>(_ property: P, _ value: DBusValue) async throws {
        try await set(property.name, value)
    }

    /// A match rule for one of the contract's signals from its well-known name.
    public func signals<S: ContractSignal>(_ signal: S) async throws -> AsyncStream<Message> {
        try await signals(signal.name)
    }
}

extension MatchRule {
    /// A contract's signal (all of its interface's signals when nil), from its well-known name.
    public static func contract<S: ContractSignal>(_ signal: S? = nil) -> MatchRule {
        MatchRule(sender: S.Interface.busName, interface: S.Interface.name, member: signal?.name, path: S.Interface.path)
    }
}
