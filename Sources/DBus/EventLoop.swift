import CDBus
import Dispatch

/// Drives one libdbus connection from a serial dispatch queue.
///
/// libdbus asks for file-descriptor watches and timeouts; each becomes a dispatch source that
/// runs only while libdbus says it is enabled (a write watch left armed is the classic busy
/// loop). Nothing here calls back into the connection from inside a libdbus callback: the
/// callbacks only arm, disarm or schedule work on the queue.
final class EventLoop: @unchecked Sendable {
    let queue: DispatchQueue
    /// Called on the queue whenever libdbus may have messages ready to pop.
    private let onReadable: () -> Void
    private var drainScheduled = false
    /// Set while a turn of the loop runs (an event handler or a scheduled drain): work asked
    /// for during a turn is done at its end instead of waking the queue again.
    private var inTurn = false
    private var drainAtEndOfTurn = false
    private var watchesToReconcile: [WatchSource] = []

    init(queue: DispatchQueue, onReadable: @escaping () -> Void) {
        self.queue = queue
        self.onReadable = onReadable
    }

    /// Installs the watch, timeout and dispatch-status functions. Must run on the queue.
    func install(on connection: OpaquePointer) -> Bool {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let watchesSet = dbus_connection_set_watch_functions(
            connection,
            { watch, data in EventLoop.from(data).addWatch(watch) },
            { watch, _ in EventLoop.removeWatch(watch) },
            { watch, _ in EventLoop.toggleWatch(watch) },
            context, nil)
        let timeoutsSet = dbus_connection_set_timeout_functions(
            connection,
            { timeout, data in EventLoop.from(data).addTimeout(timeout) },
            { timeout, _ in EventLoop.removeTimeout(timeout) },
            { timeout, _ in EventLoop.toggleTimeout(timeout) },
            context, nil)
        dbus_connection_set_dispatch_status_function(
            connection,
            { _, status, data in
                if status == DBUS_DISPATCH_DATA_REMAINS { EventLoop.from(data).scheduleDrain() }
            },
            context, nil)
        // Messages may already be queued (read during authentication or Hello): the status
        // function only reports changes, so look now.
        if dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS { scheduleDrain() }
        return watchesSet != 0 && timeoutsSet != 0
    }

    /// Removes the functions before the connection is closed. Must run on the queue.
    func uninstall(from connection: OpaquePointer) {
        dbus_connection_set_dispatch_status_function(connection, nil, nil, nil)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> EventLoop {
        // The data pointer is always the loop installed above, alive for the connection's life.
        Unmanaged<EventLoop>.fromOpaque(data.unsafelyUnwrapped).takeUnretainedValue()
    }

    func scheduleDrain() {
        if inTurn {
            drainAtEndOfTurn = true
            return
        }
        guard !drainScheduled else { return }
        drainScheduled = true
        queue.async { [self] in
            drainScheduled = false
            runTurn {}
        }
    }

    /// Runs one turn: `body`, then the messages it made ready, then the watch changes libdbus
    /// asked for along the way. Must run on the queue.
    private func runTurn(_ body: () -> Void) {
        inTurn = true
        body()
        repeat {
            drainAtEndOfTurn = false
            onReadable()
        } while drainAtEndOfTurn
        inTurn = false
        let watches = watchesToReconcile
        watchesToReconcile.removeAll(keepingCapacity: true)
        for watch in watches { watch.reconcile() }
    }

    private func reconcileLater(_ watch: WatchSource) {
        if inTurn {
            watchesToReconcile.append(watch)
        } else {
            queue.async { watch.reconcile() }
        }
    }

    // MARK: Watches

    /// Touched only on the loop's queue.
    private final class WatchSource: @unchecked Sendable {
        let watch: OpaquePointer
        weak var loop: EventLoop?
        var source: DispatchSourceProtocol?
        var running = false
        var wanted = false
        var reconcileScheduled = false
        init(watch: OpaquePointer, loop: EventLoop) {
            self.watch = watch
            self.loop = loop
        }

        /// libdbus turns the write watch on and off again around every message it writes at
        /// once. Mirroring each toggle costs two trips through the dispatch manager, so the
        /// wish is recorded and applied once, at the end of the current turn of the loop.
        func setEnabled(_ enabled: Bool) {
            wanted = enabled
            guard !reconcileScheduled else { return }
            reconcileScheduled = true
            loop?.reconcileLater(self)
        }

        func reconcile() {
            reconcileScheduled = false
            guard let source, wanted != running else { return }
            running = wanted
            if wanted { source.resume() } else { source.suspend() }
        }

        func cancel() {
            guard let source else { return }
            source.cancel()
            // A suspended source must be resumed before it is released.
            if !running { source.resume() }
            running = false
            self.source = nil
        }
    }

    private func addWatch(_ watch: OpaquePointer?) -> dbus_bool_t {
        guard let watch else { return 0 }
        let box = WatchSource(watch: watch, loop: self)
        let fd = dbus_watch_get_unix_fd(watch)
        let flags = dbus_watch_get_flags(watch)
        let readable = flags & UInt32(DBUS_WATCH_READABLE.rawValue) != 0
        let source: DispatchSourceProtocol =
            readable
            ? DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
            : DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        let condition = readable ? UInt32(DBUS_WATCH_READABLE.rawValue) : UInt32(DBUS_WATCH_WRITABLE.rawValue)
        source.setEventHandler { [weak self, box] in
            guard box.source != nil else { return }
            // Reading may queue messages; the turn drains them.
            self?.runTurn { dbus_watch_handle(box.watch, condition) }
        }
        box.source = source
        dbus_watch_set_data(watch, Unmanaged.passRetained(box).toOpaque()) { data in
            guard let data else { return }
            let box = Unmanaged<WatchSource>.fromOpaque(data).takeRetainedValue()
            box.cancel()
        }
        box.setEnabled(dbus_watch_get_enabled(watch) != 0)
        return 1
    }

    private static func watchBox(_ watch: OpaquePointer?) -> WatchSource? {
        guard let watch, let data = dbus_watch_get_data(watch) else { return nil }
        return Unmanaged<WatchSource>.fromOpaque(data).takeUnretainedValue()
    }

    private static func removeWatch(_ watch: OpaquePointer?) {
        watchBox(watch)?.cancel()
    }

    private static func toggleWatch(_ watch: OpaquePointer?) {
        guard let watch, let box = watchBox(watch) else { return }
        box.setEnabled(dbus_watch_get_enabled(watch) != 0)
    }

    // MARK: Timeouts

    private final class TimeoutSource {
        let timeout: OpaquePointer
        var source: DispatchSourceTimer?
        var running = false
        init(timeout: OpaquePointer) { self.timeout = timeout }

        func setEnabled(_ enabled: Bool) {
            guard let source else { return }
            if enabled {
                // libdbus timeouts repeat at their interval until disabled or removed.
                let interval = max(1, Int(dbus_timeout_get_interval(timeout)))
                source.schedule(deadline: .now() + .milliseconds(interval), repeating: .milliseconds(interval))
                if !running {
                    running = true
                    source.resume()
                }
            } else if running {
                running = false
                source.suspend()
            }
        }

        func cancel() {
            guard let source else { return }
            source.cancel()
            if !running { source.resume() }
            running = false
            self.source = nil
        }
    }

    private func addTimeout(_ timeout: OpaquePointer?) -> dbus_bool_t {
        guard let timeout else { return 0 }
        let box = TimeoutSource(timeout: timeout)
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.setEventHandler { [weak self, box] in
            guard box.source != nil else { return }
            self?.runTurn { dbus_timeout_handle(box.timeout) }
        }
        box.source = source
        dbus_timeout_set_data(timeout, Unmanaged.passRetained(box).toOpaque()) { data in
            guard let data else { return }
            let box = Unmanaged<TimeoutSource>.fromOpaque(data).takeRetainedValue()
            box.cancel()
        }
        box.setEnabled(dbus_timeout_get_enabled(timeout) != 0)
        return 1
    }

    private static func timeoutBox(_ timeout: OpaquePointer?) -> TimeoutSource? {
        guard let timeout, let data = dbus_timeout_get_data(timeout) else { return nil }
        return Unmanaged<TimeoutSource>.fromOpaque(data).takeUnretainedValue()
    }

    private static func removeTimeout(_ timeout: OpaquePointer?) {
        timeoutBox(timeout)?.cancel()
    }

    private static func toggleTimeout(_ timeout: OpaquePointer?) {
        guard let timeout, let box = timeoutBox(timeout) else { return }
        box.setEnabled(dbus_timeout_get_enabled(timeout) != 0)
    }
}
