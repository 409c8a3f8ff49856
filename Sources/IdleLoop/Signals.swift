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
    public init(loop: EventLoop, signals: [Int32], _ handler: @escaping (Int32) -> Void) throws(EventLoop.SetupError) {
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
                handler(Int32(info.ssi_signo))
            }
        }
    }

    deinit {
        watch?.cancel()
        close(fd)
    }
}
