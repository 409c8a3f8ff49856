import CIdleLoop

#if canImport(Glibc)
    import Glibc
#endif

/// A wall-clock deadline (`CLOCK_REALTIME`) on an ``EventLoop``, for things due at a time of
/// day rather than after a delay. The handler also runs when someone sets the clock, so that a
/// deadline is re-judged at once instead of firing early or late; after a suspend an overdue
/// deadline fires on waking.
public final class WallTimer: @unchecked Sendable {
    private let fd: Int32
    private var watch: Watch?

    /// - Parameter handler: runs on the loop when the deadline passes or the clock is set.
    public init(loop: EventLoop, _ handler: @escaping @Sendable () -> Void) throws(EventLoop.SetupError) {
        let fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard fd >= 0 else { throw EventLoop.SetupError(call: "timerfd_create", errno: errno) }
        self.fd = fd
        watch = loop.watch(fd: fd, events: Int16(POLLIN)) { _ in
            var expirations: UInt64 = 0
            // ECANCELED: the clock was set; either way the handler judges the new time.
            _ = read(fd, &expirations, 8)
            handler()
        }
    }

    deinit {
        watch?.cancel()
        close(fd)
    }

    /// Fires once at `microseconds` since the epoch (a time already passed fires at once).
    public func arm(atMicroseconds microseconds: UInt64) {
        let at = max(microseconds, 1)
        var spec = itimerspec()
        spec.it_value = timespec(tv_sec: Int(at / 1_000_000), tv_nsec: Int(at % 1_000_000) * 1000)
        timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET), &spec, nil)
    }

    /// Fires once after `delay`, by the wall clock.
    public func arm(after delay: Duration) {
        var spec = itimerspec()
        let nanoseconds = max(EventLoop.nanoseconds(delay), 1)
        spec.it_value = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        timerfd_settime(fd, 0, &spec, nil)
    }

    public func disarm() {
        var spec = itimerspec()
        timerfd_settime(fd, 0, &spec, nil)
    }
}
