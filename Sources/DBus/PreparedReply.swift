import CDBus

/// A reply body marshalled once and sent any number of times: for a read whose answer changes
/// rarely (the first page of a history), so that each call costs a copy of the finished message
/// instead of building its values and appending them to libdbus one by one. The owner builds a
/// new one when the data behind it changes.
public final class DBusPreparedReply: @unchecked Sendable {
    /// A method return holding the body, with no destination and no reply serial yet; never sent
    /// itself, only copied (libdbus copies are independent messages).
    let template: OpaquePointer
    /// The body's types, compared with the method's declared outputs before each use.
    public let types: [DBusType]
    public var signature: String { types.signature }

    /// Validates and marshals `values` (the same checks as any message this library sends).
    public init(_ values: [DBusValue]) throws(DBusError) {
        let message = Message(kind: .methodReturn, body: values)
        template = try Marshal.makeCMessage(message)
        types = values.map(\.type)
    }

    /// The reply to `call`: a copy of the template addressed to the caller.
    func reply(to call: Message) -> OpaquePointer? {
        guard let copy = dbus_message_copy(template) else { return nil }
        var ok = dbus_message_set_reply_serial(copy, call.serial) != 0
        if ok, let sender = call.sender {
            // The sender's name came from the bus, which checked it.
            ok = sender.withCString { dbus_message_set_destination(copy, $0) } != 0
        }
        guard ok else {
            dbus_message_unref(copy)
            return nil
        }
        return copy
    }

    deinit { dbus_message_unref(template) }
}
