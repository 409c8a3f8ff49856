import CIdleLoop

#if canImport(Glibc)
    import Glibc
#endif

/// Another process's end heard on an ``EventLoop`` (a pidfd, which polls readable when the
/// process ends; no signal, no wait, so any process of the user's may be followed): `handler`
/// runs once on the loop. Idle, it wakes for nothing.
public final class ProcessExit: @unchecked Sendable {
    private let fd: Int32
    private var watch: Watch?

    /// Nil where the process is already gone or the kernel has no pidfd (before Linux 5.3).
    public init?(loop: EventLoop, pid: Int32, _ handler: @escaping @Sendable () -> Void) {
        let fd = idle_loop_pidfd_open(pid)
        guard fd >= 0 else { return nil }
        self.fd = fd
        watch = loop.watch(fd: fd, events: Int16(POLLIN)) { [weak self] _ in
            guard let self else { return }
            self.watch?.cancel()
            self.watch = nil
            handler()
        }
    }

    deinit {
        watch?.cancel()
        close(fd)
    }
}
