import CDBus

/// What a turn of the loop sent after a hold began: the messages, in order, and the method
/// calls they answer.
struct HeldOutput {
    var messages: [OpaquePointer] = []
    var calls: [DBusMethodCall] = []
    var settles: [() -> Bool]
}

extension DBusConnection {
    /// Holds every message this connection sends from now until the current turn of the loop
    /// ends (the calls that were read together are answered), then asks `settle`. True: the
    /// held messages go out, in the order they were sent. False: they are dropped, and the
    /// turn's method calls since the hold began are dispatched again, one by one, without a
    /// hold. A service makes its writes durable once for all the calls read together this way,
    /// and nothing goes out before they are (grouped commits).
    ///
    /// Must run on the loop, from a handler. Returns false when no hold can be taken (outside
    /// a turn, or while held calls are being run again): the caller then settles at once.
    public func holdOutputUntilEndOfTurn(_ settle: @escaping () -> Bool) -> Bool {
        guard loop.inLoop, !replayingHeldCalls, glue?.isInTurn == true, raw != nil else { return false }
        if heldOutput == nil {
            heldOutput = HeldOutput(settles: [settle])
        } else {
            heldOutput?.settles.append(settle)
        }
        return true
    }

    /// At the end of a turn: sends what was held, or drops it and runs the calls again.
    func settleHeldOutput() {
        guard let held = heldOutput else { return }
        heldOutput = nil
        var keep = true
        for settle in held.settles where !settle() { keep = false }
        if keep, let raw {
            for message in held.messages {
                dbus_connection_send(raw, message, nil)
                dbus_message_unref(message)
            }
            return
        }
        for message in held.messages { dbus_message_unref(message) }
        guard raw != nil else { return }
        replayingHeldCalls = true
        defer { replayingHeldCalls = false }
        for call in held.calls { dispatchMethodCall(call) }
    }

    /// Drops what was held without sending it (the connection is closing).
    func dropHeldOutput() {
        guard let held = heldOutput else { return }
        heldOutput = nil
        for settle in held.settles { _ = settle() }
        for message in held.messages { dbus_message_unref(message) }
    }
}
