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
    static let invalidCode: Int32 = 0

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

    /// Reads a libdbus message into Swift. libdbus validated it on arrival, so every value read
    /// here is well formed; a type this library does not support (unix fds) fails the read.
    static func readCMessage(_ cMessage: OpaquePointer) -> Message? {
        let kind: Message.Kind
        switch dbus_message_get_type(cMessage) {
        case 1: kind = .methodCall
        case 2: kind = .methodReturn
        case 3: kind = .error
        case 4: kind = .signal
        default: return nil
        }
        var message = Message(kind: kind)
        message.serial = dbus_message_get_serial(cMessage)
        message.replySerial = dbus_message_get_reply_serial(cMessage)
        message.sender = dbus_message_get_sender(cMessage).map { String(cString: $0) }
        message.destination = dbus_message_get_destination(cMessage).map { String(cString: $0) }
        message.path = dbus_message_get_path(cMessage).map { ObjectPath(unchecked: String(cString: $0)) }
        message.interface = dbus_message_get_interface(cMessage).map { String(cString: $0) }
        message.member = dbus_message_get_member(cMessage).map { String(cString: $0) }
        message.errorName = dbus_message_get_error_name(cMessage).map { String(cString: $0) }
        message.noReplyExpected = dbus_message_get_no_reply(cMessage) != 0
        var iter = DBusMessageIter()
        if dbus_message_iter_init(cMessage, &iter) != 0 {
            repeat {
                guard let value = read(&iter) else { return nil }
                message.body.append(value)
            } while dbus_message_iter_next(&iter) != 0
        }
        return message
    }

    private static func readBasic<T>(_ iter: UnsafeMutablePointer<DBusMessageIter>, _ zero: T) -> T {
        var value = zero
        withUnsafeMutablePointer(to: &value) { dbus_message_iter_get_basic(iter, $0) }
        return value
    }

    private static func readText(_ iter: UnsafeMutablePointer<DBusMessageIter>) -> String {
        var pointer: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(iter, &pointer)
        return pointer.map { String(cString: $0) } ?? ""
    }

    /// The complete type at the iterator, from libdbus's own signature of it.
    private static func currentType(_ iter: UnsafeMutablePointer<DBusMessageIter>) -> DBusType? {
        guard let raw = dbus_message_iter_get_signature(iter) else { return nil }
        defer { dbus_free(raw) }
        return try? DBusType.parseSingle(String(cString: raw))
    }

    private static func readChildren(
        _ iter: UnsafeMutablePointer<DBusMessageIter>, _ each: (UnsafeMutablePointer<DBusMessageIter>) -> Bool
    ) -> Bool {
        var sub = DBusMessageIter()
        dbus_message_iter_recurse(iter, &sub)
        while dbus_message_iter_get_arg_type(&sub) != invalidCode {
            guard each(&sub) else { return false }
            dbus_message_iter_next(&sub)
        }
        return true
    }

    static func read(_ iter: UnsafeMutablePointer<DBusMessageIter>) -> DBusValue? {
        switch dbus_message_iter_get_arg_type(iter) {
        case byteCode: return .byte(readBasic(iter, UInt8(0)))
        case booleanCode: return .boolean(readBasic(iter, dbus_bool_t(0)) != 0)
        case int16Code: return .int16(readBasic(iter, Int16(0)))
        case uint16Code: return .uint16(readBasic(iter, UInt16(0)))
        case int32Code: return .int32(readBasic(iter, Int32(0)))
        case uint32Code: return .uint32(readBasic(iter, UInt32(0)))
        case int64Code: return .int64(readBasic(iter, Int64(0)))
        case uint64Code: return .uint64(readBasic(iter, UInt64(0)))
        case doubleCode: return .double(readBasic(iter, Double(0)))
        case stringCode: return .string(readText(iter))
        case objectPathCode: return .objectPath(ObjectPath(unchecked: readText(iter)))
        case signatureCode: return .signature(Signature(unchecked: readText(iter)))
        case variantCode:
            var inner: DBusValue?
            _ = readChildren(iter) { sub in
                inner = read(sub)
                return false
            }
            return inner.map { .variant($0) }
        case structCode:
            var fields: [DBusValue] = []
            let ok = readChildren(iter) { sub in
                guard let field = read(sub) else { return false }
                fields.append(field)
                return true
            }
            return ok ? .structure(fields) : nil
        case arrayCode:
            guard let type = currentType(iter) else { return nil }
            switch type {
            case .dictionary(let key, let valueType):
                var entries: [DBusValue.DictEntry] = []
                let ok = readChildren(iter) { entry in
                    var pair: [DBusValue] = []
                    let complete = readChildren(entry) { part in
                        guard let value = read(part) else { return false }
                        pair.append(value)
                        return true
                    }
                    guard complete, pair.count == 2 else { return false }
                    entries.append(.init(pair[0], pair[1]))
                    return true
                }
                return ok ? .dictionary(key: key, value: valueType, entries) : nil
            case .array(let element):
                var items: [DBusValue] = []
                let ok = readChildren(iter) { sub in
                    guard let item = read(sub) else { return false }
                    items.append(item)
                    return true
                }
                return ok ? .array(element, items) : nil
            default: return nil
            }
        default: return nil
        }
    }
}
