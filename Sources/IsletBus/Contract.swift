import DBus

/// One interface of a D-Bus contract. Its members are enums (a case per method, signal and
/// property), so that everything built from them (the service's handler tables, the client's
/// calls, the signals, PropertiesChanged, the documented XML) names members the compiler knows,
/// and a handler table written as a `switch` is checked for completeness.
public protocol ContractInterface {
    associatedtype Method: ContractMethod
    associatedtype Signal: ContractSignal
    associatedtype Property: ContractProperty
    /// The well-known bus name and the object that serve it.
    static var busName: String { get }
    static var path: ObjectPath { get }
    static var name: String { get }
    static var doc: String { get }
}

/// A member's name is its enum's raw value (no allocation when a call or a signal names it);
/// the rest of its description is `contract`.
public protocol ContractMember: CaseIterable, Sendable {
    associatedtype Interface: ContractInterface
    var name: String { get }
}

extension ContractMember where Self: RawRepresentable, RawValue == String {
    public var name: String { rawValue }
}

public protocol ContractMethod: ContractMember {
    var contract: MethodContract { get }
}

public protocol ContractSignal: ContractMember {
    var contract: SignalContract { get }
}

public protocol ContractProperty: ContractMember, Hashable {
    var contract: PropertyContract { get }
}

public struct MethodContract: Sendable {
    public var doc: String
    public var inputs: [DBusArgument]
    public var outputs: [DBusArgument]

    public init(doc: String, in inputs: [DBusArgument] = [], out outputs: [DBusArgument] = []) {
        self.doc = doc
        self.inputs = inputs
        self.outputs = outputs
    }
}

public struct SignalContract: Sendable {
    public var doc: String
    public var arguments: [DBusArgument]

    public init(doc: String, _ arguments: [DBusArgument]) {
        self.doc = doc
        self.arguments = arguments
    }
}

public struct PropertyContract: Sendable {
    public var doc: String
    public var type: DBusType
    public var writable: Bool

    public init(_ type: DBusType, doc: String, writable: Bool = false) {
        self.doc = doc
        self.type = type
        self.writable = writable
    }
}

extension ContractSignal {
    /// The signal a received message carries, nil for any other member.
    public static func named(_ member: String?) -> Self? { allCases.first { $0.name == member } }
}

/// For an interface without signals.
public enum NoSignal<Interface: ContractInterface>: ContractSignal {
    public var name: String { switch self {} }
    public var contract: SignalContract { switch self {} }
}

/// For an interface without properties.
public enum NoProperty<Interface: ContractInterface>: ContractProperty {
    public var name: String { switch self {} }
    public var contract: PropertyContract { switch self {} }
}

/// Shorthand for the contract tables.
func arg(_ name: String, _ type: DBusType) -> DBusArgument { DBusArgument(name, type) }

extension ContractInterface {
    /// The interface for an object server: each method answered by `method`'s handler, each
    /// property read by `get` and (when the contract says it is writable) written by `set`.
    public static func bind(
        method handler: (Method) -> DBusMethod.Handler,
        get: @escaping @Sendable (Property) throws -> DBusValue = { _ in throw DBusError.failed("no value") },
        set: @escaping @Sendable (Property, DBusValue, DBusMethodCall) throws -> Void = { _, _, _ in }
    ) -> DBusInterface {
        var methods: [DBusMethod] = []
        for member in Method.allCases {
            let c = member.contract
            var method = DBusMethod(member.name, doc: c.doc, in: c.inputs, out: c.outputs) { _ in [] }
            method.handler = handler(member)
            methods.append(method)
        }
        var properties: [DBusProperty] = []
        for member in Property.allCases {
            let c = member.contract
            let read: @Sendable () throws -> DBusValue = { try get(member) }
            var write: (@Sendable (DBusValue, DBusMethodCall) throws -> Void)?
            if c.writable { write = { @Sendable value, call in try set(member, value, call) } }
            properties.append(DBusProperty(member.name, type: c.type, doc: c.doc, get: read, set: write))
        }
        var signals: [DBusSignal] = []
        for member in Signal.allCases {
            let c = member.contract
            signals.append(DBusSignal(member.name, doc: c.doc, c.arguments))
        }
        return DBusInterface(name, doc: doc, methods: methods, properties: properties, signals: signals)
    }

    /// The interface as documentation: handlers that only refuse.
    public static var described: DBusInterface {
        bind(method: { _ in .immediate { _ in throw DBusError.failed("described only") } })
    }
}
