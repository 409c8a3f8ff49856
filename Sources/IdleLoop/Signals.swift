import CIdleLoop

#if canImport(Glibc)
    import Glibc
#endif

/// Signals delivered to an ``EventLoop`` through a `signalfd`, as ordinary events.
public final class SignalWatch: @unchecked Sendable {
    private let fd: Int32
    private var watch: Watch?

    /// Blocks `signals` for the calling thread (and the threads it starts later) and calls
    /// `handler` on the loop with each one that arrives. Create it on the main thread before
    /// other threads start, so that no thread takes the signals' default action.
    public convenience init(loop: EventLoop, signals: [Int32], _ handler: @escaping (Int32) -> Void) throws(EventLoop.SetupError) {
        try self.init(loop: loop, signals: signals, reporting: { handler($0.number) })
    }

    /// As ``init(loop:signals:_:)``, with what the kernel says of each delivery.
    public static func deliveries(
        loop: EventLoop, signals: [Int32], _ handler: @escaping (Delivery) -> Void
    ) throws(EventLoop.SetupError) -> SignalWatch {
        try SignalWatch(loop: loop, signals: signals, reporting: handler)
    }

    /// One signal as it arrived: its number, and whether a process sent it (kill(2), with the
    /// sender's pid) or the kernel did (a terminal's Ctrl+C, a child's exit).
    public struct Delivery: Sendable, Equatable {
        public var number: Int32
        /// `si_code`: SI_USER (0) or SI_QUEUE (-1) when a process sent it.
        public var code: Int32
        public var senderPID: Int32
        public var sentByAProcess: Bool { code == 0 || code == -1 }
    }

    private init(loop: EventLoop, signals: [Int32], reporting handler: @escaping (Delivery) -> Void) throws(EventLoop.SetupError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in signals { sigaddset(&mask, number) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        let fd = signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard fd >= 0 else { throw EventLoop.SetupError(call: "signalfd", errno: errno) }
        self.fd = fd
        watch = loop.watch(fd: fd, events: Int16(POLLIN)) { _ in
            var info = signalfd_siginfo()
            while read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
                handler(Delivery(number: Int32(info.ssi_signo), code: info.ssi_code, senderPID: Int32(bitPattern: info.ssi_pid)))
            }
        }
    }

    deinit {
        watch?.cancel()
        close(fd)
    }
}
