/// A Swift type with a fixed D-Bus type. Its static ``dbusType`` makes empty arrays and nested
/// containers carry the right signature by construction.
public protocol DBusCodable: Sendable {
    static var dbusType: DBusType { get }
    var dbusValue: DBusValue { get }
    /// Decodes, throwing ``DBusError/typeMismatch(expected:got:)`` when the value's type differs.
    init(dbusValue: DBusValue) throws(DBusError)
}

extension DBusCodable {
    static func mismatch(_ value: DBusValue) -> DBusError {
        .typeMismatch(expected: dbusType.signature, got: value.type.signature)
    }
}

extension UInt8: DBusCodable {
    public static var dbusType: DBusType { .byte }
    public var dbusValue: DBusValue { .byte(self) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .byte(let v) = dbusValue else { throw Self.mismatch(dbusValue) }
        self = v
    }
}

extension Bool: DBusCodable {
    public static var dbusType: DBusType { .boolean }
    public var dbusValue: DBusValue { .boolean(self) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .boolean(let v) = dbusValue else { throw Self.mismatch(dbusValue) }
        self = v
    }
}

extension Int16: DBusCodable {
    public static var dbusType: DBusType { .int16 }
    public var dbusValue: DBusValue { .int16(self) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .int16(let v) = dbusValue else { throw Self.mismatch(dbusValue) }
        self = v
    }
}

extension UInt16: DBusCodable {
    public static var dbusType: DBusType { .uint16 }
    public var dbusValue: DBusValue { .uint16(self) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .uint16(let v) = dbusValue else { throw Self.mismatch(dbusValue) }
        self = v
    }
}

extension Int32: DBusCodable {
    public static var dbusType: DBusType { .int32 }
    public var dbusValue: DBusValue { .int32(self) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .int32(let v) = dbusValue else { throw Self.mismatch(dbusValue) }
        self = v
    }
}

extension UInt32: DBusCodable {
    public static var dbusType: DBusType { .uint32 }
    public var dbusValue: DBusValue { .uint32(self) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .uint32(let v) = dbusValue else { throw Self.mismatch(dbusValue) }
        self = v
    }
}

extension Int64: DBusCodable {
    public static var dbusType: DBusType { .int64 }
    public var dbusValue: DBusValue { .int64(self) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .int64(let v) = dbusValue else { throw Self.mismatch(dbusValue) }
        self = v
    }
}

extension UInt64: DBusCodable {
    public static var dbusType: DBusType { .uint64 }
    public var dbusValue: DBusValue { .uint64(self) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .uint64(let v) = dbusValue else { throw Self.mismatch(dbusValue) }
        self = v
    }
}

extension Double: DBusCodable {
    public static var dbusType: DBusType { .double }
    public var dbusValue: DBusValue { .double(self) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .double(let v) = dbusValue else { throw Self.mismatch(dbusValue) }
        self = v
    }
}

extension String: DBusCodable {
    public static var dbusType: DBusType { .string }
    public var dbusValue: DBusValue { .string(self) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .string(let v) = dbusValue else { throw Self.mismatch(dbusValue) }
        self = v
    }
}

extension ObjectPath: DBusCodable {
    public static var dbusType: DBusType { .objectPath }
    public var dbusValue: DBusValue { .objectPath(self) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .objectPath(let v) = dbusValue else { throw Self.mismatch(dbusValue) }
        self = v
    }
}

extension Signature: DBusCodable {
    public static var dbusType: DBusType { .signature }
    public var dbusValue: DBusValue { .signature(self) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .signature(let v) = dbusValue else { throw Self.mismatch(dbusValue) }
        self = v
    }
}

/// A variant (`v`): any value, its type carried alongside.
public struct DBusVariant: DBusCodable, Hashable {
    public var value: DBusValue
    public init(_ value: DBusValue) { self.value = value }
    public init<T: DBusCodable>(_ value: T) { self.value = value.dbusValue }
    public static var dbusType: DBusType { .variant }
    public var dbusValue: DBusValue { .variant(value) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .variant(let v) = dbusValue else { throw Self.mismatch(dbusValue) }
        value = v
    }
}

extension Array: DBusCodable where Element: DBusCodable {
    public static var dbusType: DBusType { .array(Element.dbusType) }
    public var dbusValue: DBusValue { .array(Element.dbusType, map(\.dbusValue)) }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .array(let element, let items) = dbusValue, element == Element.dbusType else {
            throw Self.mismatch(dbusValue)
        }
        var result: [Element] = []
        result.reserveCapacity(items.count)
        for item in items { result.append(try Element(dbusValue: item)) }
        self = result
    }
}

extension Dictionary: DBusCodable where Key: DBusCodable, Value: DBusCodable {
    public static var dbusType: DBusType { .dictionary(key: Key.dbusType, value: Value.dbusType) }
    public var dbusValue: DBusValue {
        .dictionary(key: Key.dbusType, value: Value.dbusType, map { .init($0.key.dbusValue, $0.value.dbusValue) })
    }
    public init(dbusValue: DBusValue) throws(DBusError) {
        guard case .dictionary(let key, let value, let entries) = dbusValue,
            key == Key.dbusType, value == Value.dbusType
        else { throw Self.mismatch(dbusValue) }
        var result: [Key: Value] = [:]
        for entry in entries {
            result[try Key(dbusValue: entry.key)] = try Value(dbusValue: entry.value)
        }
        self = result
    }
}

extension DBusValue {
    /// Decodes this value as a Swift type, looking through variants when the type is not itself
    /// a variant.
    public func decode<T: DBusCodable>(_ type: T.Type = T.self) throws(DBusError) -> T {
        if T.dbusType != .variant, case .variant = self { return try T(dbusValue: unwrappingVariants) }
        return try T(dbusValue: self)
    }

    /// The fields of a struct value, checked for count.
    public func structFields(count: Int) throws(DBusError) -> [DBusValue] {
        guard case .structure(let fields) = self, fields.count == count else {
            throw .typeMismatch(expected: "a struct of \(count) fields", got: type.signature)
        }
        return fields
    }
}
