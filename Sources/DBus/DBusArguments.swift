/// A method's arguments, its reply, or a signal's body as one Swift value whose fields carry the
/// names the contract publishes: a call site reads `fast.startedAt`, never a position. The
/// published `<arg>`s (names and types, in order) are ``arguments``, so the documented XML and
/// the Swift type are one list; ``values`` and ``init(values:)`` encode and decode in that order
/// with ``ArgumentReader``, which names the argument that does not fit.
public protocol DBusArguments: Sendable {
    static var arguments: [DBusArgument] { get }
    var values: [DBusValue] { get }
    init(values: [DBusValue]) throws(DBusError)
}

extension DBusArguments {
    /// The D-Bus signature of the whole list.
    public static var signature: String { arguments.map(\.type).signature }
}

/// No arguments: a method that takes nothing, or replies nothing.
public struct NoArguments: DBusArguments {
    public static let arguments: [DBusArgument] = []
    public var values: [DBusValue] { [] }
    public init() {}
    public init(values: [DBusValue]) throws(DBusError) { _ = try ArgumentReader(values, Self.self) }
}

/// Reads a received argument list field by field, in the order of `T.arguments`: the count is
/// checked first, each value against its declared type, and a mismatch is an error that names
/// the argument ("fast_id: expected t, got s").
public struct ArgumentReader: ~Copyable {
    let values: [DBusValue]
    let declared: [DBusArgument]
    var index = 0

    public init<T: DBusArguments>(_ values: [DBusValue], _ type: T.Type) throws(DBusError) {
        // Checked before any field is set: Swift 6.2's SIL verifier (Debian's swiftlang is built
        // with it) stops on a throw from a noncopyable value's init that has set some of them.
        let declared = T.arguments
        guard values.count == declared.count else {
            throw .typeMismatch(expected: T.signature, got: values.map(\.type).signature)
        }
        (self.values, self.declared) = (values, declared)
    }

    /// The next argument as it came, checked against its declared type: for a value read
    /// further by its own rules (a dictionary of variants).
    public mutating func raw() throws(DBusError) -> DBusValue {
        guard index < values.count else { throw .invalidArgs("no argument \(index)") }
        let (value, argument) = (values[index], declared[index])
        index += 1
        guard value.type == argument.type else {
            throw .typeMismatch(expected: "\(argument.name): \(argument.type.signature)", got: value.type.signature)
        }
        return value
    }

    /// The next argument, decoded as `V`.
    public mutating func next<V: DBusCodable>(_ type: V.Type = V.self) throws(DBusError) -> V {
        guard index < values.count else { throw .invalidArgs("no argument \(index)") }
        let (value, argument) = (values[index], declared[index])
        index += 1
        do {
            return try V(dbusValue: value)
        } catch {
            throw .typeMismatch(expected: "\(argument.name): \(argument.type.signature)", got: value.type.signature)
        }
    }
}

/// A struct in a list (a history entry, a timer and its state): its fields named in Swift as
/// an argument list's are, its D-Bus type the struct of their types.
public protocol DBusStruct: DBusArguments, DBusCodable {}

extension DBusStruct {
    public static var dbusType: DBusType { .structure(arguments.map(\.type)) }
    public var dbusValue: DBusValue { .structure(values) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .structure(let fields) = dbusValue else { throw .typeMismatch(expected: Self.dbusType.signature, got: dbusValue.type.signature) }
        try self.init(values: fields)
    }
}

extension DBusMethodCall {
    /// The call's arguments as `T` (the signature was checked before the handler ran).
    public func arguments<T: DBusArguments>(_ type: T.Type) throws(DBusError) -> T {
        do {
            return try T(values: message.body)
        } catch {
            throw .invalidArgs("\(error.message)")
        }
    }
}

extension DBusProxy {
    /// Calls `member` with `input`; the reply as `Output`.
    public func call<Input: DBusArguments, Output: DBusArguments>(
        _ member: String, _ input: Input, returning: Output.Type
    ) async throws -> Output {
        try Output(values: try await call(member, input.values))
    }

    /// Calls `member` with `input`; a reply with nothing in it.
    public func call<Input: DBusArguments>(_ member: String, _ input: Input) async throws {
        _ = try NoArguments(values: try await call(member, input.values))
    }
}
