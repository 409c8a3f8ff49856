import CDBus

/// Checks made in Swift before any text reaches libdbus, which aborts the process on an
/// invalid object path, name or UTF-8 string instead of returning an error.
public enum DBusValidation {
    /// A string the wire can carry: valid UTF-8 (Swift guarantees it) without an embedded NUL,
    /// and acceptable to libdbus's own UTF-8 check.
    public static func checkString(_ string: String) throws(DBusError) {
        if string.utf8.contains(0) { throw .invalidValue("string contains an embedded NUL byte") }
        let valid = string.withCString { dbus_validate_utf8($0, nil) != 0 }
        if !valid { throw .invalidValue("string is not valid UTF-8 for D-Bus") }
    }

    public static func checkObjectPath(_ path: String) throws(DBusError) {
        try check(path, what: "object path", dbus_validate_path)
    }

    public static func checkInterfaceName(_ name: String) throws(DBusError) {
        try check(name, what: "interface name", dbus_validate_interface)
    }

    public static func checkMemberName(_ name: String) throws(DBusError) {
        try check(name, what: "member name", dbus_validate_member)
    }

    public static func checkErrorName(_ name: String) throws(DBusError) {
        try check(name, what: "error name", dbus_validate_error_name)
    }

    public static func checkBusName(_ name: String) throws(DBusError) {
        try check(name, what: "bus name", dbus_validate_bus_name)
    }

    public static func checkSignature(_ signature: String) throws(DBusError) {
        if signature.utf8.contains(0) { throw .invalidSignature(signature, "contains a NUL byte") }
        _ = try DBusType.parse(signature)
    }

    private static func check(
        _ text: String, what: String,
        _ validator: (UnsafePointer<CChar>?, UnsafeMutablePointer<CDBus.DBusError>?) -> dbus_bool_t
    ) throws(DBusError) {
        if text.utf8.contains(0) { throw .invalidValue("\(what) contains a NUL byte") }
        let ok = text.withCString { validator($0, nil) != 0 }
        if !ok { throw .invalidValue("invalid \(what) \"\(text.prefix(300))\"") }
    }
}

/// A validated object path (`o`).
public struct ObjectPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ rawValue: String) throws(DBusError) {
        try DBusValidation.checkObjectPath(rawValue)
        self.rawValue = rawValue
    }

    /// For literals written in source code; an invalid literal is a programming error.
    public init(stringLiteral value: String) {
        precondition((try? DBusValidation.checkObjectPath(value)) != nil, "invalid object path literal \(value)")
        self.rawValue = value
    }

    init(unchecked rawValue: String) { self.rawValue = rawValue }

    public static let root = ObjectPath(unchecked: "/")
    public var description: String { rawValue }

    /// Whether `self` lies strictly below `other` in the path hierarchy.
    public func isDescendant(of other: ObjectPath) -> Bool {
        if other.rawValue == "/" { return rawValue != "/" }
        return rawValue.hasPrefix(other.rawValue + "/")
    }
}

/// A validated type signature (`g`).
public struct Signature: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ rawValue: String) throws(DBusError) {
        try DBusValidation.checkSignature(rawValue)
        self.rawValue = rawValue
    }

    public init(_ types: [DBusType]) { self.rawValue = types.signature }

    public init(stringLiteral value: String) {
        precondition((try? DBusValidation.checkSignature(value)) != nil, "invalid signature literal \(value)")
        self.rawValue = value
    }

    init(unchecked rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}
