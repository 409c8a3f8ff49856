import CDBus
import IdleLoop

#if canImport(Glibc)
    import Glibc
#endif

/// Drives one libdbus connection from an ``EventLoop``.
///
/// libdbus asks for file-descriptor watches and timeouts; each becomes a loop watch or timer
/// that is armed only while libdbus says it is enabled (a write watch left armed is the classic
/// busy loop). Nothing here calls back into the connection from inside a libdbus callback: the
/// callbacks only arm, disarm or schedule work on the loop.
final class ConnectionLoop: @unchecked Sendable {
    let loop: EventLoop
    /// Called on the loop whenever libdbus may have messages ready to pop.
    private let onReadable: () -> Void
    /// Called on the loop at the end of every outermost turn.
    private let onTurnEnd: () -> Void
    // Loop-confined.
    private var drainScheduled = false
    /// Set while a turn runs (an event handler or a scheduled drain): messages made ready
    /// during a turn are drained at its end instead of waking the loop again.
    private var inTurn = false
    private var drainAtEndOfTurn = false

    init(loop: EventLoop, onReadable: @escaping () -> Void, onTurnEnd: @escaping () -> Void) {
        self.loop = loop
        self.onReadable = onReadable
        self.onTurnEnd = onTurnEnd
    }

    /// Whether a turn is running (on the loop).
    var isInTurn: Bool { inTurn }

    /// Installs the watch, timeout and dispatch-status functions. Must run on the loop.
    func install(on connection: OpaquePointer) -> Bool {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let watchesSet = dbus_connection_set_watch_functions(
            connection,
            { watch, data in ConnectionLoop.from(data).addWatch(watch) },
            { watch, _ in ConnectionLoop.watchBox(watch)?.cancel() },
            { watch, _ in ConnectionLoop.toggleWatch(watch) },
            context, nil)
        let timeoutsSet = dbus_connection_set_timeout_functions(
            connection,
            { timeout, data in ConnectionLoop.from(data).addTimeout(timeout) },
            { timeout, _ in ConnectionLoop.timeoutBox(timeout)?.cancel() },
            { timeout, _ in ConnectionLoop.toggleTimeout(timeout) },
            context, nil)
        dbus_connection_set_dispatch_status_function(
            connection,
            { _, status, data in
                if status == DBUS_DISPATCH_DATA_REMAINS { ConnectionLoop.from(data).scheduleDrain() }
            },
            context, nil)
        // Messages may already be queued (read during authentication or Hello): the status
        // function only reports changes, so look now.
        if dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS { scheduleDrain() }
        return watchesSet != 0 && timeoutsSet != 0
    }

    /// Removes the functions before the connection is closed. Must run on the loop.
    func uninstall(from connection: OpaquePointer) {
        dbus_connection_set_dispatch_status_function(connection, nil, nil, nil)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> ConnectionLoop {
        // The data pointer is always the loop installed above, alive for the connection's life.
        Unmanaged<ConnectionLoop>.fromOpaque(data.unsafelyUnwrapped).takeUnretainedValue()
    }

    func scheduleDrain() {
        if inTurn {
            drainAtEndOfTurn = true
            return
        }
        guard !drainScheduled else { return }
        drainScheduled = true
        loop.execute { [self] in
            drainScheduled = false
            runTurn {}
        }
    }

    /// Runs one turn: `body`, then the messages it made ready. Must run on the loop.
    private func runTurn(_ body: () -> Void) {
        let outer = inTurn
        inTurn = true
        body()
        repeat {
            drainAtEndOfTurn = false
            onReadable()
        } while drainAtEndOfTurn
        inTurn = outer
        if !outer { onTurnEnd() }
    }

    // MARK: Watches

    private final class WatchBox {
        var watch: Watch?
        func cancel() {
            watch?.cancel()
            watch = nil
        }
    }

    private func addWatch(_ dbusWatch: OpaquePointer?) -> dbus_bool_t {
        guard let dbusWatch else { return 0 }
        let fd = dbus_watch_get_unix_fd(dbusWatch)
        let flags = dbus_watch_get_flags(dbusWatch)
        var events: Int16 = 0
        if flags & UInt32(DBUS_WATCH_READABLE.rawValue) != 0 { events |= Int16(POLLIN) }
        if flags & UInt32(DBUS_WATCH_WRITABLE.rawValue) != 0 { events |= Int16(POLLOUT) }
        let box = WatchBox()
        box.watch = loop.watch(fd: fd, events: events, enabled: dbus_watch_get_enabled(dbusWatch) != 0) {
            [weak self, box] revents in
            guard box.watch != nil else { return }
            var condition: UInt32 = 0
            if revents & Int16(POLLIN) != 0 { condition |= UInt32(DBUS_WATCH_READABLE.rawValue) }
            if revents & Int16(POLLOUT) != 0 { condition |= UInt32(DBUS_WATCH_WRITABLE.rawValue) }
            if revents & Int16(POLLHUP) != 0 { condition |= UInt32(DBUS_WATCH_HANGUP.rawValue) }
            if revents & Int16(POLLERR) != 0 { condition |= UInt32(DBUS_WATCH_ERROR.rawValue) }
            // Reading may queue messages; the turn drains them.
            self?.runTurn { dbus_watch_handle(dbusWatch, condition) }
        }
        dbus_watch_set_data(dbusWatch, Unmanaged.passRetained(box).toOpaque()) { data in
            guard let data else { return }
            Unmanaged<WatchBox>.fromOpaque(data).takeRetainedValue().cancel()
        }
        return 1
    }

    private static func watchBox(_ watch: OpaquePointer?) -> WatchBox? {
        guard let watch, let data = dbus_watch_get_data(watch) else { return nil }
        return Unmanaged<WatchBox>.fromOpaque(data).takeUnretainedValue()
    }

    private static func toggleWatch(_ watch: OpaquePointer?) {
        guard let watch, let box = watchBox(watch) else { return }
        box.watch?.setEnabled(dbus_watch_get_enabled(watch) != 0)
    }

    // MARK: Timeouts

    /// A libdbus timeout: repeats at its interval while enabled.
    private final class TimeoutBox: @unchecked Sendable {
        let timeout: OpaquePointer
        weak var owner: ConnectionLoop?
        var timer: LoopTimer?
        /// Bumped on every change, so that a firing scheduled before it is ignored.
        var generation = 0
        var cancelled = false

        init(timeout: OpaquePointer, owner: ConnectionLoop) {
            self.timeout = timeout
            self.owner = owner
        }

        func reschedule() {
            timer?.cancel()
            timer = nil
            generation += 1
            guard !cancelled, dbus_timeout_get_enabled(timeout) != 0, let loop = owner?.loop else { return }
            let interval = max(1, Int(dbus_timeout_get_interval(timeout)))
            let generation = generation
            timer = loop.schedule(after: .milliseconds(interval)) { [self] in
                guard generation == self.generation, !cancelled, let owner else { return }
                owner.runTurn { dbus_timeout_handle(timeout) }
                if generation == self.generation { reschedule() }
            }
        }

        func cancel() {
            cancelled = true
            reschedule()
        }
    }

    private func addTimeout(_ timeout: OpaquePointer?) -> dbus_bool_t {
        guard let timeout else { return 0 }
        let box = TimeoutBox(timeout: timeout, owner: self)
        dbus_timeout_set_data(timeout, Unmanaged.passRetained(box).toOpaque()) { data in
            guard let data else { return }
            Unmanaged<TimeoutBox>.fromOpaque(data).takeRetainedValue().cancel()
        }
        box.reschedule()
        return 1
    }

    private static func timeoutBox(_ timeout: OpaquePointer?) -> TimeoutBox? {
        guard let timeout, let data = dbus_timeout_get_data(timeout) else { return nil }
        return Unmanaged<TimeoutBox>.fromOpaque(data).takeUnretainedValue()
    }

    private static func toggleTimeout(_ timeout: OpaquePointer?) {
        timeoutBox(timeout)?.reschedule()
    }
}
