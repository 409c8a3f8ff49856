import CIdleLoop
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One thread, one `poll(2)`: file-descriptor watches, timers, and work posted from any thread.
///
/// Nothing here ticks. With no work queued and no timer armed the loop sleeps in `poll` with no
/// timeout, so an idle loop wakes for nothing: no housekeeping timer, no thread pool watching
/// itself (libdispatch's Linux worker pool re-arms a one-second monitor for the life of the
/// process once any worker ran, which is why this loop exists). Timers are kept on
/// `CLOCK_BOOTTIME` in one `timerfd`, so time spent suspended counts and a timer that fell due
/// during a suspend fires on waking.
///
/// The loop can also be Swift concurrency's global executor for a whole process
/// (``EventLoop/runMain(_:)``); then actors, tasks, ``EventLoop/sleep(for:)`` and every
/// connection share the one thread.
public final class EventLoop: @unchecked Sendable {
    /// Work the loop runs: a closure, or a Swift concurrency job (Executors.swift), run as the
    /// runtime's own global executor runs it.
    enum Work: @unchecked Sendable {
        case closure(() -> Void)
        case globalJob(OpaquePointer)

        func run() {
            switch self {
            case .closure(let body): body()
            case .globalJob(let job): idle_loop_run_global_job(job)
            }
        }
    }

    struct State {
        var work: [Work] = []
        var timers = TimerHeap()
        var watches: [Watch] = []
        var watchesChanged = true
        /// In `poll` with nothing to do: a poster from another thread must wake it.
        var sleeping = false
        /// The deadline the timerfd is armed for (`UInt64.max`: disarmed); a timer scheduled
        /// earlier from another thread must wake the loop to re-arm it.
        var armedDeadline = UInt64.max
        var stopping = false
        var running = false
    }

    public let name: String
    let state = Mutex(State())
    private let wakeFD: Int32
    private let timerFD: Int32

    /// Thrown when the kernel refuses the loop's descriptors (out of descriptors or memory).
    public struct SetupError: Error, CustomStringConvertible {
        public let call: String
        public let errno: Int32
        public var description: String { "\(call) failed: \(String(cString: strerror(errno)))" }
    }

    /// A loop that runs when a thread calls ``run()``.
    public init(name: String) throws(SetupError) {
        self.name = name
        let wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard wake >= 0 else { throw SetupError(call: "eventfd", errno: errno) }
        let timer = timerfd_create(CLOCK_BOOTTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard timer >= 0 else {
            let code = errno
            close(wake)
            throw SetupError(call: "timerfd_create", errno: code)
        }
        wakeFD = wake
        timerFD = timer
    }

    deinit {
        close(wakeFD)
        close(timerFD)
    }

    /// A loop running on a thread of its own (``SignalFreeThread``), until ``stop()``.
    public static func startThread(name: String) throws(SetupError) -> EventLoop {
        let loop = try EventLoop(name: name)
        try SignalFreeThread { loop.run() }.detach()
        return loop
    }

    // MARK: Which thread

    private static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The loop running on the calling thread, if any.
    public static var current: EventLoop? {
        guard let pointer = pthread_getspecific(currentKey) else { return nil }
        return Unmanaged<EventLoop>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Whether the calling thread is this loop's thread.
    public var inLoop: Bool {
        pthread_getspecific(EventLoop.currentKey) == Unmanaged.passUnretained(self).toOpaque()
    }

    // MARK: Posting work

    /// Runs `body` on the loop, after the work already posted. Any thread.
    public func execute(_ body: @escaping @Sendable () -> Void) {
        post(.closure(body))
    }

    /// Runs `body` on the loop now if the caller is on it, later otherwise.
    public func executeSoon(_ body: @escaping @Sendable () -> Void) {
        if inLoop { body() } else { post(.closure(body)) }
    }

    func post(_ work: Work) {
        let wake = state.withLock { state in
            state.work.append(work)
            return state.sleeping
        }
        if wake { self.wake() }
    }

    /// Runs `body` on the loop and returns its result: inline on the loop's thread, otherwise
    /// the caller waits. Never call it from a thread the loop itself waits for.
    public func sync<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if inLoop { return try body() }
        return try withoutActuallyEscaping(body) { (body) throws(E) -> T in
            let waiter = Waiter<Result<T, E>>()
            let call = OneCall(body)
            post(.closure { waiter.finish(call.run()) })
            return try waiter.wait().get()
        }
    }

    // MARK: Timers

    /// Runs `body` on the loop once `delay` has passed (suspended time included).
    @discardableResult
    public func schedule(after delay: Duration, _ body: @escaping @Sendable () -> Void) -> LoopTimer {
        schedule(at: EventLoop.deadline(after: EventLoop.nanoseconds(delay)), .closure(body))
    }

    /// Runs `body` on the loop at `deadline`, in ``now()`` nanoseconds.
    @discardableResult
    public func schedule(atNanoseconds deadline: UInt64, _ body: @escaping @Sendable () -> Void) -> LoopTimer {
        schedule(at: deadline, .closure(body))
    }

    func schedule(at deadline: UInt64, _ work: Work) -> LoopTimer {
        let (id, wake) = state.withLock { state in
            let id = state.timers.push(deadline: deadline, work: work)
            return (id, state.sleeping && deadline < state.armedDeadline)
        }
        if wake { self.wake() }
        return LoopTimer(loop: self, id: id)
    }

    func cancelTimer(_ id: UInt64) {
        state.withLock { $0.timers.cancel(id) }
    }

    /// Timers scheduled on this loop and neither run nor cancelled (for tests: what a cancelled
    /// sleep leaves behind).
    var pendingTimers: Int { state.withLock { $0.timers.liveCount } }

    /// Nanoseconds on `CLOCK_BOOTTIME`: monotonic, and counting time spent suspended.
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_BOOTTIME, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// A duration in whole nanoseconds, negative ones as zero.
    public static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        return whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000)).overflow
            ? .max : whole + UInt64(attoseconds / 1_000_000_000)
    }

    /// `now() + nanoseconds`, saturating: a delay of centuries is "never", not the past.
    static func deadline(after nanoseconds: UInt64) -> UInt64 {
        let (sum, overflow) = now().addingReportingOverflow(nanoseconds)
        return overflow ? .max - 1 : sum
    }

    // MARK: Watches

    /// Calls `handler` on the loop with the `poll` events (`POLLIN`, `POLLOUT`, `POLLHUP`,
    /// `POLLERR`) whenever `fd` is ready for `events`, while the watch is enabled.
    public func watch(fd: Int32, events: Int16, enabled: Bool = true, _ handler: @escaping (Int16) -> Void) -> Watch {
        let watch = Watch(loop: self, fd: fd, events: events, enabled: enabled, handler: handler)
        watchesChanged { state in
            state.watches.append(watch)
            return true
        }
        return watch
    }

    /// Applies `change` under the lock; when it reports a change, the loop rebuilds its poll
    /// set before it next sleeps.
    func watchesChanged(_ change: (inout State) -> Bool) {
        let wake = state.withLock { state in
            guard change(&state) else { return false }
            state.watchesChanged = true
            return state.sleeping
        }
        if wake && !inLoop { self.wake() }
    }

    // MARK: Running

    /// Runs the loop on the calling thread until ``stop()``.
    public func run() {
        let alreadyRunning = state.withLock { state in
            defer { state.running = true }
            return state.running
        }
        guard !alreadyRunning else { return }
        let previous = pthread_getspecific(EventLoop.currentKey)
        pthread_setspecific(EventLoop.currentKey, Unmanaged.passUnretained(self).toOpaque())
        defer {
            pthread_setspecific(EventLoop.currentKey, previous)
            state.withLock { $0.running = false }
        }
        var fds: [pollfd] = []
        var polled: [Watch] = []
        // Two buffers swapped each turn, so taking the posted work allocates nothing.
        var batch: [Work] = []
        while true {
            // The work posted so far, in order; what it posts runs on the next turn.
            let timersDue = state.withLock { state in
                swap(&batch, &state.work)
                return !state.timers.isEmpty
            }
            if !batch.isEmpty {
                for work in batch { work.run() }
                batch.removeAll(keepingCapacity: true)
            }
            if timersDue { runDueTimers() }

            let (idle, stop, rebuild, rearm) = state.withLock { state in
                let idle = state.work.isEmpty
                state.sleeping = idle
                defer { state.watchesChanged = false }
                // Decided under the same lock as `sleeping`, so a poster sees the deadline
                // the loop is about to sleep on.
                let earliest = state.timers.earliest ?? .max
                let rearm: UInt64? = earliest == state.armedDeadline ? nil : earliest
                state.armedDeadline = earliest
                return (idle, state.stopping, state.watchesChanged, rearm)
            }
            if stop { break }
            if let rearm { setTimer(rearm) }
            if rebuild || fds.isEmpty {
                let watches = state.withLock { state in
                    state.watches.removeAll { $0.cancelled }
                    return state.watches
                }
                polled = watches.filter { $0.enabled }
                fds = [
                    pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: timerFD, events: Int16(POLLIN), revents: 0),
                ]
                fds += polled.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
            }
            let ready = poll(&fds, nfds_t(fds.count), idle ? -1 : 0)
            state.withLock { $0.sleeping = false }
            guard ready > 0 else { continue }
            if fds[0].revents != 0 { drain(wakeFD) }
            if fds[1].revents != 0 {
                drain(timerFD)
                state.withLock { $0.armedDeadline = .max }
            }
            for index in polled.indices {
                let revents = fds[index + 2].revents
                fds[index + 2].revents = 0
                let watch = polled[index]
                guard revents != 0, watch.enabled, !watch.cancelled else { continue }
                watch.handler(revents)
            }
            fds[0].revents = 0
            fds[1].revents = 0
        }
    }

    /// Asks the loop to return from ``run()`` once the current turn is done. Any thread.
    public func stop() {
        state.withLock { $0.stopping = true }
        wake()
    }

    private func runDueTimers() {
        let now = EventLoop.now()
        while true {
            let due = state.withLock { $0.timers.popDue(now: now) }
            guard let due else { return }
            due.run()
        }
    }

    /// Points the timerfd at `wanted` (`UInt64.max` disarms it); called only on a change.
    private func setTimer(_ wanted: UInt64) {
        var spec = itimerspec()
        if wanted != .max {
            // Zero would disarm: a deadline already passed becomes one nanosecond.
            let at = max(wanted, 1)
            spec.it_value = timespec(tv_sec: Int(at / 1_000_000_000), tv_nsec: Int(at % 1_000_000_000))
        }
        timerfd_settime(timerFD, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    private func drain(_ fd: Int32) {
        var value: UInt64 = 0
        _ = read(fd, &value, 8)
    }
}

/// A timer of an ``EventLoop``; cancelling one that already ran does nothing.
public struct LoopTimer: Sendable {
    let loop: EventLoop
    let id: UInt64

    public func cancel() { loop.cancelTimer(id) }
}

/// A file descriptor the loop polls. Changes take effect on the loop's next turn; any thread.
public final class Watch: @unchecked Sendable {
    private unowned let loop: EventLoop
    public let fd: Int32
    public let events: Int16
    let handler: (Int16) -> Void
    // Written under the loop's lock, read by the loop.
    private(set) var enabled: Bool
    private(set) var cancelled = false

    init(loop: EventLoop, fd: Int32, events: Int16, enabled: Bool, handler: @escaping (Int16) -> Void) {
        self.loop = loop
        self.fd = fd
        self.events = events
        self.enabled = enabled
        self.handler = handler
    }

    /// Polls the descriptor or stops polling it (a write watch left on is a busy loop).
    public func setEnabled(_ enabled: Bool) {
        loop.watchesChanged { _ in
            guard self.enabled != enabled, !cancelled else { return false }
            self.enabled = enabled
            return true
        }
    }

    /// Stops for good; the descriptor is the caller's to close.
    public func cancel() {
        loop.watchesChanged { _ in
            guard !cancelled else { return false }
            cancelled = true
            return true
        }
    }
}

/// A closure carried to the loop's thread while its caller waits for it. It lets go of the
/// closure before the caller wakes: the closure must not outlive the caller's frame.
final class OneCall<T, E: Error>: @unchecked Sendable {
    private var body: (() throws(E) -> T)?

    init(_ body: @escaping () throws(E) -> T) { self.body = body }

    func run() -> Result<T, E> {
        guard let body else { preconditionFailure("a synchronous call ran twice") }
        self.body = nil
        do throws(E) { return .success(try body()) } catch { return .failure(error) }
    }
}

/// One value handed from the loop to a waiting thread.
final class Waiter<T>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var value: T?

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func finish(_ result: T) {
        pthread_mutex_lock(mutex)
        value = result
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    func wait() -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let value { return value }
            pthread_cond_wait(condition, mutex)
        }
    }
}
