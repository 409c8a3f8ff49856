/// A named D-Bus error: what a method call fails with, and what this library throws.
///
/// A handler that throws a `DBusError` replies with exactly that name and message; any other
/// error thrown by a handler becomes `org.freedesktop.DBus.Error.Failed`.
public struct DBusError: Error, Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var message: String

    public init(_ name: String, _ message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(message)" }

    // Standard names (org.freedesktop.DBus.Error.*).
    public static let failedName = "org.freedesktop.DBus.Error.Failed"
    public static let invalidArgsName = "org.freedesktop.DBus.Error.InvalidArgs"
    public static let unknownMethodName = "org.freedesktop.DBus.Error.UnknownMethod"
    public static let unknownObjectName = "org.freedesktop.DBus.Error.UnknownObject"
    public static let unknownInterfaceName = "org.freedesktop.DBus.Error.UnknownInterface"
    public static let unknownPropertyName = "org.freedesktop.DBus.Error.UnknownProperty"
    public static let propertyReadOnlyName = "org.freedesktop.DBus.Error.PropertyReadOnly"
    public static let disconnectedName = "org.freedesktop.DBus.Error.Disconnected"
    public static let noReplyName = "org.freedesktop.DBus.Error.NoReply"
    public static let timeoutName = "org.freedesktop.DBus.Error.Timeout"
    public static let serviceUnknownName = "org.freedesktop.DBus.Error.ServiceUnknown"
    public static let nameHasNoOwnerName = "org.freedesktop.DBus.Error.NameHasNoOwner"
    public static let noMemoryName = "org.freedesktop.DBus.Error.NoMemory"
    public static let accessDeniedName = "org.freedesktop.DBus.Error.AccessDenied"

    public static func failed(_ message: String) -> DBusError { DBusError(failedName, message) }
    public static func invalidArgs(_ message: String) -> DBusError { DBusError(invalidArgsName, message) }
    public static func unknownMethod(_ message: String) -> DBusError { DBusError(unknownMethodName, message) }
    public static func unknownObject(_ message: String) -> DBusError { DBusError(unknownObjectName, message) }
    public static func unknownInterface(_ message: String) -> DBusError { DBusError(unknownInterfaceName, message) }
    public static func unknownProperty(_ message: String) -> DBusError { DBusError(unknownPropertyName, message) }
    public static func propertyReadOnly(_ message: String) -> DBusError { DBusError(propertyReadOnlyName, message) }
    public static func disconnected(_ message: String = "the connection to the bus is closed") -> DBusError {
        DBusError(disconnectedName, message)
    }
    public static func noReply(_ message: String) -> DBusError { DBusError(noReplyName, message) }

    // Errors this library raises before anything reaches libdbus (which would abort instead).
    public static let invalidValueName = "org.islet.DBus.Error.InvalidValue"

    public static func invalidSignature(_ signature: String, _ why: String) -> DBusError {
        DBusError(invalidValueName, "invalid signature \"\(signature)\": \(why)")
    }
    public static func invalidValue(_ why: String) -> DBusError { DBusError(invalidValueName, why) }

    /// A decoded value did not have the type the caller asked for.
    public static func typeMismatch(expected: String, got: String) -> DBusError {
        DBusError(invalidArgsName, "expected a value of type \"\(expected)\", got \"\(got)\"")
    }
}
