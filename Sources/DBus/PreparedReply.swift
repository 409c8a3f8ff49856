import CDBus
import Synchronization

/// A reply body marshalled once and sent any number of times: for a read whose answer changes
/// rarely (the first page of a history), so that each call costs a copy of the finished message
/// instead of building its values and appending them to libdbus one by one. The owner builds a
/// new one when the data behind it changes.
public final class DBusPreparedReply: @unchecked Sendable {
    /// A method return holding the body, with no destination and no reply serial yet; never sent
    /// itself, only copied (libdbus copies are independent messages).
    let template: OpaquePointer
    /// The body's signature, compared with the method's declared outputs before each use.
    public let signature: String

    /// Validates and marshals `values` (the same checks as any message this library sends).
    public init(_ values: [DBusValue]) throws(DBusError) {
        var message = Message(kind: .methodReturn, body: values)
        // A placeholder, rewritten in every copy (see `copy(_:replyingTo:)`); set before the
        // body, so that it is the header's first field.
        message.replySerial = 1
        template = try Marshal.makeCMessage(message)
        Self.fillHeaderCache(template)
        signature = values.map(\.type).signature
    }

    /// The template addressed to the last caller: callers tend to ask again, and libdbus
    /// rewrites the whole header to add a field, so the destination is added once per caller.
    private let addressed = Mutex<Addressed?>(nil)

    struct Addressed: @unchecked Sendable {
        let destination: String
        let message: OpaquePointer
    }

    /// The reply to `call`: a copy of the template addressed to the caller.
    func reply(to call: Message) -> OpaquePointer? {
        guard let sender = call.sender else { return copy(template, replyingTo: call.serial) }
        return addressed.withLock { addressed -> OpaquePointer? in
            if let addressed, addressed.destination == sender {
                return copy(addressed.message, replyingTo: call.serial)
            }
            // The sender's name came from the bus, which checked it.
            guard let message = dbus_message_copy(template) else { return nil }
            guard sender.withCString({ dbus_message_set_destination(message, $0) }) != 0 else {
                dbus_message_unref(message)
                return nil
            }
            Self.fillHeaderCache(message)
            if let previous = addressed { dbus_message_unref(previous.message) }
            addressed = Addressed(destination: sender, message: message)
            return copy(message, replyingTo: call.serial)
        }
    }

    /// How a reply is made per call, and why it is cheap: libdbus keeps, beside each header, a
    /// cache of where each field sits; a copy takes the cache along, and a setter that finds the
    /// field cached and already present overwrites a fixed-size value in place. So the reply
    /// serial is rewritten, not added (adding rewrites the header), it is found at once (it is
    /// the first field), and the templates' caches are filled before they are copied (a setter
    /// empties the cache, and the next one would walk every field to fill it again). This takes
    /// 1,400 instructions where adding the field to a copy took 4,700 (callgrind).
    private func copy(_ message: OpaquePointer, replyingTo serial: UInt32) -> OpaquePointer? {
        guard let copy = dbus_message_copy(message) else { return nil }
        guard dbus_message_set_reply_serial(copy, serial) != 0 else {
            dbus_message_unref(copy)
            return nil
        }
        return copy
    }

    /// Fills libdbus's cache of where the header fields of `message` are (any getter does).
    private static func fillHeaderCache(_ message: OpaquePointer) {
        _ = dbus_message_get_reply_serial(message)
    }

    deinit {
        dbus_message_unref(template)
        addressed.withLock { addressed in
            if let addressed { dbus_message_unref(addressed.message) }
        }
    }
}
