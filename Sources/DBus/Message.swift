/// A D-Bus message as plain Swift data: header fields and a decoded body.
///
/// Incoming messages are read out of libdbus as soon as they are popped; outgoing ones are
/// validated and marshalled by ``DBusConnection`` when sent.
public struct Message: Sendable {
    public enum Kind: Sendable, Equatable {
        case methodCall, methodReturn, error, signal
    }

    public var kind: Kind
    public var serial: UInt32 = 0
    public var replySerial: UInt32 = 0
    public var sender: String?
    public var destination: String?
    public var path: ObjectPath?
    public var interface: String?
    public var member: String?
    public var errorName: String?
    public var noReplyExpected = false
    /// Whether the bus may start the destination by activation (method calls).
    public var autoStart = true
    public var body: [DBusValue]
    /// Set by the object server when every body value matches, all the way down, a declared
    /// type that holds no text and no variants: then nothing in the body is left to validate,
    /// and a reply of ten structs is not walked again.
    var bodyIsChecked = false

    public init(kind: Kind, body: [DBusValue] = []) {
        self.kind = kind
        self.body = body
    }

    /// The body's signature.
    public var signature: String { body.map(\.type).signature }

    /// Whether the body holds exactly these types, in order (an incoming call's arguments
    /// against a method's declared inputs), without building signature text.
    public func bodyHasTypes(_ types: some Sequence<DBusType>) -> Bool {
        var values = body.makeIterator()
        for type in types {
            guard let value = values.next(), value.hasType(type) else { return false }
        }
        return values.next() == nil
    }

    public static func methodCall(
        destination: String?, path: ObjectPath, interface: String?, member: String, body: [DBusValue] = []
    ) -> Message {
        var message = Message(kind: .methodCall, body: body)
        message.destination = destination
        message.path = path
        message.interface = interface
        message.member = member
        return message
    }

    public static func signal(path: ObjectPath, interface: String, member: String, body: [DBusValue] = []) -> Message {
        var message = Message(kind: .signal, body: body)
        message.path = path
        message.interface = interface
        message.member = member
        return message
    }

    /// The reply to this method call.
    public func methodReturn(_ body: [DBusValue] = []) -> Message {
        var message = Message(kind: .methodReturn, body: body)
        message.replySerial = serial
        message.destination = sender
        return message
    }

    /// The error reply to this method call.
    public func errorReply(_ error: DBusError) -> Message {
        var message = Message(kind: .error, body: [.string(error.message)])
        message.errorName = error.name
        message.replySerial = serial
        message.destination = sender
        return message
    }

    /// The error this message carries, for an error reply.
    public var error: DBusError? {
        guard kind == .error else { return nil }
        var text = ""
        if case .string(let first)? = body.first { text = first }
        return DBusError(errorName ?? DBusError.failedName, text)
    }

    /// Checks every header field and the body against what libdbus would abort on.
    func validate() throws(DBusError) {
        if let destination { try DBusValidation.checkBusName(destination) }
        if let interface { try DBusValidation.checkInterfaceName(interface) }
        if let member { try DBusValidation.checkMemberName(member) }
        if let errorName { try DBusValidation.checkErrorName(errorName) }
        switch kind {
        case .methodCall:
            if path == nil || member == nil { throw .invalidValue("a method call needs a path and a member") }
        case .signal:
            if path == nil || member == nil || interface == nil {
                throw .invalidValue("a signal needs a path, an interface and a member")
            }
            if path?.rawValue == "/org/freedesktop/DBus/Local" {
                throw .invalidValue("the path /org/freedesktop/DBus/Local is reserved")
            }
        case .error:
            if errorName == nil { throw .invalidValue("an error reply needs an error name") }
        case .methodReturn: break
        }
        if !bodyIsChecked {
            for value in body { try value.validate() }
            try DBusValidation.checkSignature(signature)
        }
    }
}
