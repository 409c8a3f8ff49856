import CDBus

/// Converts between ``Message`` and libdbus's `DBusMessage`. Everything handed to libdbus here
/// has been validated by `Message.validate()` first.
enum Marshal {
    static let byteCode = Int32(UInt8(ascii: "y"))
    static let booleanCode = Int32(UInt8(ascii: "b"))
    static let int16Code = Int32(UInt8(ascii: "n"))
    static let uint16Code = Int32(UInt8(ascii: "q"))
    static let int32Code = Int32(UInt8(ascii: "i"))
    static let uint32Code = Int32(UInt8(ascii: "u"))
    static let int64Code = Int32(UInt8(ascii: "x"))
    static let uint64Code = Int32(UInt8(ascii: "t"))
    static let doubleCode = Int32(UInt8(ascii: "d"))
    static let stringCode = Int32(UInt8(ascii: "s"))
    static let objectPathCode = Int32(UInt8(ascii: "o"))
    static let signatureCode = Int32(UInt8(ascii: "g"))
    static let variantCode = Int32(UInt8(ascii: "v"))
    static let arrayCode = Int32(UInt8(ascii: "a"))
    static let structCode = Int32(UInt8(ascii: "r"))
    static let dictEntryCode = Int32(UInt8(ascii: "e"))

    // MARK: Swift -> libdbus

    /// Builds a libdbus message (retained; the caller unrefs it).
    static func makeCMessage(_ message: Message) throws(DBusError) -> OpaquePointer {
        try message.validate()
        let type: Int32
        switch message.kind {
        case .methodCall: type = 1
        case .methodReturn: type = 2
        case .error: type = 3
        case .signal: type = 4
        }
        guard let cMessage = dbus_message_new(type) else { throw DBusError(DBusError.noMemoryName, "out of memory") }
        var ok = true
        if let path = message.path { ok = ok && path.rawValue.withCString { dbus_message_set_path(cMessage, $0) } != 0 }
        if let interface = message.interface {
            ok = ok && interface.withCString { dbus_message_set_interface(cMessage, $0) } != 0
        }
        if let member = message.member { ok = ok && member.withCString { dbus_message_set_member(cMessage, $0) } != 0 }
        if let destination = message.destination {
            ok = ok && destination.withCString { dbus_message_set_destination(cMessage, $0) } != 0
        }
        if let errorName = message.errorName {
            ok = ok && errorName.withCString { dbus_message_set_error_name(cMessage, $0) } != 0
        }
        if message.replySerial != 0 { ok = ok && dbus_message_set_reply_serial(cMessage, message.replySerial) != 0 }
        if message.noReplyExpected { dbus_message_set_no_reply(cMessage, 1) }
        if !message.autoStart { dbus_message_set_auto_start(cMessage, 0) }
        if ok {
            var iter = DBusMessageIter()
            dbus_message_iter_init_append(cMessage, &iter)
            for value in message.body where ok { ok = append(value, to: &iter) }
        }
        guard ok else {
            dbus_message_unref(cMessage)
            throw DBusError(DBusError.noMemoryName, "out of memory while building a message")
        }
        return cMessage
    }

    private static func appendBasic<T>(_ iter: UnsafeMutablePointer<DBusMessageIter>, _ code: Int32, _ value: T) -> Bool {
        var copy = value
        return withUnsafeMutablePointer(to: &copy) { dbus_message_iter_append_basic(iter, code, $0) != 0 }
    }

    private static func appendText(_ iter: UnsafeMutablePointer<DBusMessageIter>, _ code: Int32, _ text: String) -> Bool {
        text.withCString { pointer in
            var p: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(iter, code, &p) != 0
        }
    }

    private static func container(
        _ iter: UnsafeMutablePointer<DBusMessageIter>, _ code: Int32, _ signature: String?,
        _ body: (UnsafeMutablePointer<DBusMessageIter>) -> Bool
    ) -> Bool {
        var sub = DBusMessageIter()
        let opened: Bool
        if let signature {
            opened = signature.withCString { dbus_message_iter_open_container(iter, code, $0, &sub) } != 0
        } else {
            opened = dbus_message_iter_open_container(iter, code, nil, &sub) != 0
        }
        guard opened else { return false }
        let filled = body(&sub)
        if !filled {
            dbus_message_iter_abandon_container(iter, &sub)
            return false
        }
        return dbus_message_iter_close_container(iter, &sub) != 0
    }

    static func append(_ value: DBusValue, to iter: UnsafeMutablePointer<DBusMessageIter>) -> Bool {
        switch value {
        case .byte(let v): return appendBasic(iter, byteCode, v)
        case .boolean(let v): return appendBasic(iter, booleanCode, dbus_bool_t(v ? 1 : 0))
        case .int16(let v): return appendBasic(iter, int16Code, v)
        case .uint16(let v): return appendBasic(iter, uint16Code, v)
        case .int32(let v): return appendBasic(iter, int32Code, v)
        case .uint32(let v): return appendBasic(iter, uint32Code, v)
        case .int64(let v): return appendBasic(iter, int64Code, v)
        case .uint64(let v): return appendBasic(iter, uint64Code, v)
        case .double(let v): return appendBasic(iter, doubleCode, v)
        case .string(let v): return appendText(iter, stringCode, v)
        case .objectPath(let v): return appendText(iter, objectPathCode, v.rawValue)
        case .signature(let v): return appendText(iter, signatureCode, v.rawValue)
        case .variant(let inner):
            return container(iter, variantCode, inner.type.signature) { append(inner, to: $0) }
        case .array(let element, let items):
            return container(iter, arrayCode, element.signature) { sub in
                items.allSatisfy { append($0, to: sub) }
            }
        case .dictionary(let key, let valueType, let entries):
            return container(iter, arrayCode, "{" + key.signature + valueType.signature + "}") { sub in
                entries.allSatisfy { entry in
                    container(sub, dictEntryCode, nil) { e in append(entry.key, to: e) && append(entry.value, to: e) }
                }
            }
        case .structure(let fields):
            return container(iter, structCode, nil) { sub in fields.allSatisfy { append($0, to: sub) } }
        }
    }

    // MARK: libdbus -> Swift

    /// Reads a libdbus message into Swift, from its wire bytes (libdbus validated it on
    /// arrival). A type this library does not support (unix fds) fails the read.
    static func readCMessage(_ cMessage: OpaquePointer, cache: WireCache) -> Message? {
        var data: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(cMessage, &data, &length) != 0, let data else { return nil }
        defer { dbus_free(data) }
        return WireReader.message(UnsafeRawBufferPointer(start: data, count: Int(length)), cache: cache)
    }
}
