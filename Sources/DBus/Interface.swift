/// One D-Bus interface, described once: dispatch, introspection XML and the Properties
/// interface all come from this description.
public struct DBusInterface: Sendable {
    public var name: String
    public var doc: String?
    public var methods: [DBusMethod]
    public var properties: [DBusProperty]
    public var signals: [DBusSignal]

    public init(
        _ name: String, doc: String? = nil, methods: [DBusMethod] = [], properties: [DBusProperty] = [],
        signals: [DBusSignal] = []
    ) {
        self.name = name
        self.doc = doc
        self.methods = methods
        self.properties = properties
        self.signals = signals
    }

    public func method(_ name: String) -> DBusMethod? { methods.first { $0.name == name } }
    public func property(_ name: String) -> DBusProperty? { properties.first { $0.name == name } }
    public func signal(_ name: String) -> DBusSignal? { signals.first { $0.name == name } }
}

/// A named, typed argument of a method or signal.
public struct DBusArgument: Sendable, Hashable {
    public var name: String
    public var type: DBusType

    public init(_ name: String, _ type: DBusType) {
        self.name = name
        self.type = type
    }

    public init<T: DBusCodable>(_ name: String, _ swiftType: T.Type) {
        self.init(name, T.dbusType)
    }
}

/// An incoming method call, as a handler sees it.
public struct DBusMethodCall: Sendable {
    public let message: Message
    public let connection: DBusConnection

    public var arguments: [DBusValue] { message.body }
    /// The caller's unique name.
    public var sender: String { message.sender ?? "" }

    /// The argument at `index`, decoded. The signature was checked before the handler ran, so
    /// this throws only if the handler asks for another type than it declared.
    public func argument<T: DBusCodable>(_ index: Int, as type: T.Type = T.self) throws(DBusError) -> T {
        guard index < message.body.count else { throw .invalidArgs("missing argument \(index)") }
        return try T(dbusValue: message.body[index])
    }
}

/// Sends the reply of a call whose handler chose to answer later. Exactly one reply is sent;
/// later ones are ignored.
public final class DBusReplier: @unchecked Sendable {
    private let call: DBusMethodCall
    private let outputs: [DBusArgument]
    private var replied = false

    init(call: DBusMethodCall, outputs: [DBusArgument]) {
        self.call = call
        self.outputs = outputs
    }

    public func reply(_ values: [DBusValue]) {
        call.connection.loop.executeSoon { [self] in
            guard !replied else { return }
            replied = true
            call.connection.sendReply(to: call.message, outputs: outputs, result: .success(values))
        }
    }

    public func fail(_ error: Error) {
        call.connection.loop.executeSoon { [self] in
            guard !replied else { return }
            replied = true
            call.connection.sendReply(to: call.message, outputs: outputs, result: .failure(error))
        }
    }
}

public struct DBusMethod: Sendable {
    public enum Handler: Sendable {
        /// Runs on the connection's loop and returns the output values.
        case immediate(@Sendable (DBusMethodCall) throws -> [DBusValue])
        /// Runs on the connection's loop and replies later through the replier.
        case deferred(@Sendable (DBusMethodCall, DBusReplier) -> Void)
        /// Runs on the connection's loop and returns a reply marshalled earlier.
        case prepared(@Sendable (DBusMethodCall) throws -> DBusPreparedReply)
    }

    public var name: String
    public var doc: String?
    public var inputs: [DBusArgument]
    public var outputs: [DBusArgument] {
        didSet { outputSignature = outputs.map(\.type).signature }
    }
    public var handler: Handler
    /// Kept beside the outputs: a prepared reply is checked against it on every call.
    public private(set) var outputSignature: String

    public init(
        _ name: String, doc: String? = nil, in inputs: [DBusArgument] = [], out outputs: [DBusArgument] = [],
        handler: @escaping @Sendable (DBusMethodCall) throws -> [DBusValue]
    ) {
        self.name = name
        self.doc = doc
        self.inputs = inputs
        self.outputs = outputs
        self.outputSignature = outputs.map(\.type).signature
        self.handler = .immediate(handler)
    }

    public init(
        _ name: String, doc: String? = nil, in inputs: [DBusArgument] = [], out outputs: [DBusArgument] = [],
        deferred: @escaping @Sendable (DBusMethodCall, DBusReplier) -> Void
    ) {
        self.name = name
        self.doc = doc
        self.inputs = inputs
        self.outputs = outputs
        self.outputSignature = outputs.map(\.type).signature
        self.handler = .deferred(deferred)
    }

    /// A method whose handler answers with a ``DBusPreparedReply`` it keeps between calls.
    public static func prepared(
        _ name: String, doc: String? = nil, in inputs: [DBusArgument] = [], out outputs: [DBusArgument] = [],
        handler: @escaping @Sendable (DBusMethodCall) throws -> DBusPreparedReply
    ) -> DBusMethod {
        var method = DBusMethod(name, doc: doc, in: inputs, out: outputs) { _ in [] }
        method.handler = .prepared(handler)
        return method
    }

    public var inputSignature: String { inputs.map(\.type).signature }
}

public struct DBusProperty: Sendable {
    /// How changes are announced (the `org.freedesktop.DBus.Property.EmitsChangedSignal`
    /// annotation).
    public enum ChangeSignal: String, Sendable {
        case emitsValue = "true"
        case invalidates = "invalidates"
        case constant = "const"
        case none = "false"
    }

    public var name: String
    public var doc: String?
    public var type: DBusType
    public var changeSignal: ChangeSignal
    public var getter: @Sendable () throws -> DBusValue
    /// nil for a read-only property. Runs on the connection's loop.
    public var setter: (@Sendable (DBusValue, DBusMethodCall) throws -> Void)?

    public init(
        _ name: String, type: DBusType, doc: String? = nil, changeSignal: ChangeSignal = .emitsValue,
        get: @escaping @Sendable () throws -> DBusValue,
        set: (@Sendable (DBusValue, DBusMethodCall) throws -> Void)? = nil
    ) {
        self.name = name
        self.doc = doc
        self.type = type
        self.changeSignal = changeSignal
        self.getter = get
        self.setter = set
    }

    /// A typed property: getter and setter in Swift types.
    public static func typed<T: DBusCodable>(
        _ name: String, _ swiftType: T.Type, doc: String? = nil, changeSignal: ChangeSignal = .emitsValue,
        get: @escaping @Sendable () throws -> T, set: (@Sendable (T, DBusMethodCall) throws -> Void)? = nil
    ) -> DBusProperty {
        var untypedSet: (@Sendable (DBusValue, DBusMethodCall) throws -> Void)?
        if let set {
            untypedSet = { value, call in try set(try T(dbusValue: value), call) }
        }
        return DBusProperty(
            name, type: T.dbusType, doc: doc, changeSignal: changeSignal,
            get: { try get().dbusValue }, set: untypedSet)
    }

    public var access: String { setter == nil ? "read" : "readwrite" }

    /// The value now, refused (rather than sent) when it is not of the declared type.
    public func read() throws -> DBusValue {
        let value = try getter()
        guard value.type == type else { throw DBusError.failed("\(name) is \(type.signature), not \(value.type.signature)") }
        return value
    }
}

public struct DBusSignal: Sendable {
    public var name: String
    public var doc: String?
    public var arguments: [DBusArgument]

    public init(_ name: String, doc: String? = nil, _ arguments: [DBusArgument] = []) {
        self.name = name
        self.doc = doc
        self.arguments = arguments
    }

    public var signature: String { arguments.map(\.type).signature }
}
