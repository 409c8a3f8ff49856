import CDBus
import IdleLoop

#if canImport(Glibc)
    import Glibc
#endif

/// A private connection to a message bus, owned by one ``EventLoop``.
///
/// Every libdbus call on the connection runs on ``loop``. Incoming messages are popped and
/// dispatched by this library itself (replies to pending calls, signals to subscriptions,
/// method calls to exported objects), so libdbus's own dispatch machinery is never used.
/// Exported handlers run on the loop too, which keeps an object's state single-threaded
/// without locks. Losing the bus never exits the process: pending calls fail with
/// `org.freedesktop.DBus.Error.Disconnected` and streams finish.
public final class DBusConnection: @unchecked Sendable {
    public enum Bus: Sendable {
        case session
        case system
        /// A D-Bus address such as `unix:path=/run/user/1000/bus`.
        case address(String)
    }

    /// The loop that owns the connection; exported handlers run here.
    public let loop: EventLoop
    /// The unique name the bus assigned, such as `:1.42`.
    public let uniqueName: String

    private(set) var raw: OpaquePointer?
    private(set) var glue: ConnectionLoop?
    /// The loop's thread was started for this connection and ends with it.
    private let ownsLoop: Bool

    // Loop-confined state.
    private var pending: [UInt32: PendingCall] = [:]
    private var subscriptions: [UInt64: Subscription] = [:]
    private var nextSubscriptionID: UInt64 = 1
    private var disconnectHandlers: [@Sendable () -> Void] = []
    let objects = ObjectRegistry()
    private var dirtyProperties: [PropertyKey: Set<String>] = [:]
    private var propertyFlushScheduled = false
    /// Strings and signatures the peer's messages repeat (the loop's only).
    private let wireCache = WireCache()
    /// What this turn of the loop sends, held until the turn ends (``holdOutputUntilEndOfTurn(_:)``).
    var heldOutput: HeldOutput?
    /// Set while the calls of a turn whose hold was refused are run again.
    var replayingHeldCalls = false

    /// Whether the connection is still open. Read on any thread; changes on the loop.
    public var isConnected: Bool { loop.sync { raw != nil } }

    /// Opens a private connection and registers with the bus (Hello).
    ///
    /// - Parameter loop: the loop to run on. By default the process's main loop when
    ///   ``EventLoop/runMain(_:)`` runs the process, otherwise a thread of the connection's own
    ///   that ends when the connection closes.
    public init(bus: Bus = .session, label: String = "dbus.connection", loop: EventLoop? = nil) throws {
        dbus_threads_init_default()
        let address = try DBusConnection.resolveAddress(bus)
        if let chosen = loop ?? EventLoop.main {
            self.loop = chosen
            ownsLoop = false
        } else {
            self.loop = try EventLoop.startThread(name: label)
            ownsLoop = true
        }
        let ownedLoop = ownsLoop ? self.loop : nil
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let connection = address.withCString({ dbus_connection_open_private($0, &error) }) else {
            ownedLoop?.stop()
            throw DBusConnection.swiftError(&error, fallback: "cannot connect to \(address)")
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard dbus_bus_register(connection, &error) != 0, let name = dbus_bus_get_unique_name(connection) else {
            let failure = DBusConnection.swiftError(&error, fallback: "the bus refused to register us")
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            ownedLoop?.stop()
            throw failure
        }
        uniqueName = String(cString: name)
        raw = connection
        let glue = ConnectionLoop(loop: self.loop) { [weak self] in
            self?.drain()
        } onTurnEnd: { [weak self] in
            self?.settleHeldOutput()
        }
        self.glue = glue
        let installed = self.loop.sync { glue.install(on: connection) }
        if !installed {
            close()
            throw DBusError(DBusError.noMemoryName, "could not install the event loop")
        }
    }

    deinit {
        if let raw {
            glue?.uninstall(from: raw)
            dbus_connection_close(raw)
            dbus_connection_unref(raw)
        }
        if ownsLoop { loop.stop() }
    }

    /// Closes the connection: pending calls fail, subscriptions finish.
    public func close() {
        loop.sync { handleDisconnect(closing: true) }
    }

    /// Runs `body` when the connection to the bus is lost (not when ``close()`` is called).
    public func onDisconnect(_ body: @escaping @Sendable () -> Void) {
        let runNow: Bool = loop.sync {
            if raw == nil { return true }
            disconnectHandlers.append(body)
            return false
        }
        if runNow { body() }
    }

    // MARK: Sending

    /// Checks a message as ``send(_:)`` would, without sending it.
    public static func validateForSending(_ message: Message) throws(DBusError) {
        try message.validate()
    }

    /// Sends a message without waiting for anything. Throws at once on invalid content.
    public func send(_ message: Message) throws {
        send(built: try Marshal.makeCMessage(message))
    }

    /// Sends a libdbus message this library built, and gives up our reference to it.
    func send(built cMessage: OpaquePointer) {
        if loop.inLoop {  // a reply from a handler: no box, no closure
            if heldOutput != nil {
                heldOutput?.messages.append(cMessage)
                return
            }
            if let raw { dbus_connection_send(raw, cMessage, nil) }
            dbus_message_unref(cMessage)
            return
        }
        let box = MessageBox(cMessage)
        loop.executeSoon { [self] in
            guard let raw else { return }
            dbus_connection_send(raw, box.pointer, nil)
        }
    }

    /// Sends a method call and waits for its reply.
    ///
    /// - Throws: the error reply as a ``DBusError``; `NoReply` after `timeout`;
    ///   `Disconnected` if the bus goes away first; `CancellationError` if the task is cancelled.
    public func call(_ message: Message, timeout: Duration = .seconds(25)) async throws -> Message {
        var message = message
        message.noReplyExpected = false
        let cMessage = try Marshal.makeCMessage(message)
        let box = MessageBox(cMessage)
        let token = CallToken()
        let reply: Message = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Message, Error>) in
                loop.executeSoon { [self] in
                    self.startCall(box, token: token, timeout: timeout, continuation: continuation)
                }
            }
        } onCancel: {
            self.loop.executeSoon { [self] in self.cancelCall(token) }
        }
        if let error = reply.error { throw error }
        return reply
    }

    /// Sends a method call whose reply nobody waits for.
    public func callNoReply(_ message: Message) throws {
        var message = message
        message.noReplyExpected = true
        try send(message)
    }

    private func startCall(
        _ box: MessageBox, token: CallToken, timeout: Duration, continuation: CheckedContinuation<Message, Error>
    ) {
        guard !token.cancelled else {
            continuation.resume(throwing: CancellationError())
            return
        }
        guard let raw else {
            continuation.resume(throwing: DBusError.disconnected())
            return
        }
        var serial: UInt32 = 0
        guard dbus_connection_send(raw, box.pointer, &serial) != 0 else {
            continuation.resume(throwing: DBusError(DBusError.noMemoryName, "out of memory while sending"))
            return
        }
        token.serial = serial
        // One loop timer a call, cancelled when the reply comes: a finished call leaves
        // nothing armed behind it.
        let timer = loop.schedule(after: timeout) { [weak self, serial] in
            self?.finishCall(serial, with: .failure(DBusError.noReply("no reply before the call's timeout")))
        }
        pending[serial] = PendingCall(continuation: continuation, timer: timer)
    }

    private func cancelCall(_ token: CallToken) {
        token.cancelled = true
        if token.serial != 0 { finishCall(token.serial, with: .failure(CancellationError())) }
    }

    private func finishCall(_ serial: UInt32, with result: Result<Message, Error>) {
        guard let call = pending.removeValue(forKey: serial) else { return }
        call.timer.cancel()
        call.continuation.resume(with: result)
    }

    // MARK: Receiving

    /// Pops and dispatches every queued message. Runs on the loop.
    private func drain() {
        while let raw, let cMessage = dbus_connection_pop_message(raw) {
            let message = Marshal.readCMessage(cMessage, cache: wireCache)
            dbus_message_unref(cMessage)
            guard let message else { continue }
            handle(message)
        }
    }

    private func handle(_ message: consuming Message) {
        switch message.kind {
        case .methodReturn, .error:
            finishCall(message.replySerial, with: .success(message))
        case .signal:
            if message.interface == "org.freedesktop.DBus.Local", message.member == "Disconnected" {
                handleDisconnect(closing: false)
                return
            }
            for subscription in subscriptions.values where subscription.rule.matches(message) {
                subscription.continuation.yield(copy message)
            }
        case .methodCall:
            // The call takes the message over: no copy of its header strings and body.
            let call = DBusMethodCall(message: message, connection: self)
            dispatchMethodCall(call)
            // Its answer is held: kept, to be run again should the hold be refused.
            if heldOutput != nil { heldOutput?.calls.append(call) }
        }
    }

    private func handleDisconnect(closing: Bool) {
        guard let connection = raw else { return }
        dropHeldOutput()
        raw = nil
        glue?.uninstall(from: connection)
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
        // The handlers first: a caller whose call fails for the disconnection may rely on them
        // having run (seen: a test reading the handler's flag right after its calls failed).
        let handlers = disconnectHandlers
        disconnectHandlers.removeAll()
        if !closing { for handler in handlers { handler() } }
        let calls = pending
        pending.removeAll()
        for call in calls.values {
            call.timer.cancel()
            call.continuation.resume(throwing: DBusError.disconnected())
        }
        let streams = subscriptions
        subscriptions.removeAll()
        for subscription in streams.values { subscription.continuation.finish() }
    }

    // MARK: Subscriptions

    /// Signals matching `rule`, for as long as the stream is iterated. The match rule is added
    /// to the bus before this returns and removed when the stream ends.
    public func signals(matching rule: MatchRule) async throws -> AsyncStream<Message> {
        let (stream, continuation) = AsyncStream.makeStream(of: Message.self)
        let id: UInt64 = try loop.sync {
            guard raw != nil else { throw DBusError.disconnected() }
            let id = nextSubscriptionID
            nextSubscriptionID += 1
            subscriptions[id] = Subscription(rule: rule, continuation: continuation)
            return id
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.loop.executeSoon { [self] in
                guard self.subscriptions.removeValue(forKey: id) != nil else { return }
                try? self.callNoReply(DBusConnection.busCall("RemoveMatch", [.string(rule.text)]))
            }
        }
        do {
            _ = try await call(DBusConnection.busCall("AddMatch", [.string(rule.text)]))
        } catch {
            loop.sync { _ = subscriptions.removeValue(forKey: id) }
            continuation.finish()
            throw error
        }
        return stream
    }

    /// The number of live subscriptions (for tests and diagnostics).
    public var subscriptionCount: Int { loop.sync { subscriptions.count } }

    /// The number of calls awaiting their reply (for tests and diagnostics).
    public var pendingCallCount: Int { loop.sync { pending.count } }

    // MARK: Properties changed (coalesced per turn of the loop)

    struct PropertyKey: Hashable {
        var path: ObjectPath
        var interface: String
    }

    /// Marks properties as changed; one PropertiesChanged per interface is emitted once the
    /// current turn of the loop is done, whatever number of changes it made.
    public func propertiesChanged(path: ObjectPath, interface: String, _ names: [String]) {
        loop.executeSoon { [self] in
            dirtyProperties[PropertyKey(path: path, interface: interface), default: []].formUnion(names)
            guard !propertyFlushScheduled else { return }
            propertyFlushScheduled = true
            loop.execute { [self] in flushPropertiesChanged() }
        }
    }

    private func flushPropertiesChanged() {
        propertyFlushScheduled = false
        let dirty = dirtyProperties
        dirtyProperties.removeAll()
        for (key, names) in dirty.sorted(by: { $0.key.interface < $1.key.interface }) {
            guard let signal = objects.propertiesChangedSignal(path: key.path, interface: key.interface, names: names)
            else { continue }
            try? send(signal)
        }
    }

    // MARK: Helpers

    static func busCall(_ member: String, _ body: [DBusValue]) -> Message {
        .methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", member: member, body: body)
    }

    static func resolveAddress(_ bus: Bus) throws -> String {
        func env(_ name: String) -> String? {
            guard let value = getenv(name) else { return nil }
            let text = String(cString: value)
            return text.isEmpty ? nil : text
        }
        switch bus {
        case .address(let address): return address
        case .system: return env("DBUS_SYSTEM_BUS_ADDRESS") ?? "unix:path=/var/run/dbus/system_bus_socket"
        case .session:
            // A service started by bus activation is told the activating bus's address.
            if env("DBUS_STARTER_BUS_TYPE") == "session", let address = env("DBUS_STARTER_ADDRESS") { return address }
            if let address = env("DBUS_SESSION_BUS_ADDRESS") { return address }
            if let runtime = env("XDG_RUNTIME_DIR"), access(runtime + "/bus", F_OK) == 0 {
                return "unix:path=" + runtime + "/bus"
            }
            throw DBusError(
                "org.freedesktop.DBus.Error.NotSupported",
                "no session bus: DBUS_SESSION_BUS_ADDRESS is unset and $XDG_RUNTIME_DIR/bus does not exist")
        }
    }

    static func swiftError(_ error: inout CDBus.DBusError, fallback: String) -> DBusError {
        if dbus_error_is_set(&error) != 0 {
            let name = error.name.map { String(cString: $0) } ?? DBusError.failedName
            let message = error.message.map { String(cString: $0) } ?? fallback
            return DBusError(name, message)
        }
        return DBusError.failed(fallback)
    }
}

/// Owns one reference to a libdbus message until it is sent.
final class MessageBox: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { dbus_message_unref(pointer) }
}

/// Identifies a call across the cancellation handler; touched only on the loop.
final class CallToken: @unchecked Sendable {
    var serial: UInt32 = 0
    var cancelled = false
}

struct PendingCall {
    let continuation: CheckedContinuation<Message, Error>
    let timer: LoopTimer
}

struct Subscription {
    let rule: MatchRule
    let continuation: AsyncStream<Message>.Continuation
}
