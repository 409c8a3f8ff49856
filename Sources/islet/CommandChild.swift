import IdleLoop

#if canImport(Glibc)
    import Glibc
#endif

/// A command run as a child of `islet run`: started with posix_spawn, with islet's standard
/// input, output and error and environment, no signal blocked and default dispositions; the
/// signals islet is sent are passed on to it, and its end is read from SIGCHLD, on the loop.
final class CommandChild: @unchecked Sendable {
    struct SpawnFailure: Error {
        var reason: String
        /// As a shell says it: 127 not found, 126 found but not runnable.
        var status: Int32
    }

    /// How the command ended.
    struct Status: Sendable, Equatable {
        /// The exit status, or 128+N for signal N (as a shell reports it).
        var code: Int32
        /// The signal that ended it, if one did.
        var signal: Int32?
    }

    /// Passed on when sent by a process. SIGINT and SIGQUIT from the terminal (Ctrl+C, Ctrl+\)
    /// reach the whole foreground process group, the command too: passed on, it would get
    /// them twice.
    static let forwarded: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2]
    static let fromTheTerminal: Set<Int32> = [SIGINT, SIGQUIT]

    let pid: pid_t
    private var watch: SignalWatch?
    private var status: Status?
    private var waiters: [CheckedContinuation<Status, Never>] = []

    /// Starts `arguments[0]`, looked up in PATH when it has no slash. Call on `loop`'s thread.
    init(_ arguments: [String], loop: EventLoop) throws {
        var child: pid_t = 0
        // The signals are blocked and watched before the child exists, so that none is lost
        // (nor takes islet's default action). The handler runs on the loop, after this.
        let box = Box()
        let watch = try SignalWatch.deliveries(loop: loop, signals: Self.forwarded + [SIGCHLD]) { box.child?.handle($0) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let result = Self.withCStrings(arguments) { argv in
            posix_spawnp(&child, arguments[0], nil, &attributes, argv, environ)
        }
        guard result == 0 else {
            let reason = String(cString: strerror(result))
            throw SpawnFailure(reason: reason, status: result == ENOENT ? 127 : 126)
        }
        pid = child
        self.watch = watch
        box.child = self
    }

    private final class Box {
        weak var child: CommandChild?
    }

    private func handle(_ delivery: SignalWatch.Delivery) {
        if delivery.number == SIGCHLD {
            reap()
            return
        }
        guard status == nil else { return }
        if Self.fromTheTerminal.contains(delivery.number), !delivery.sentByAProcess { return }
        kill(pid, delivery.number)
    }

    /// Reads the child's end, if it has come (SIGCHLD may stand for several children).
    private func reap() {
        guard status == nil else { return }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, WNOHANG)
        guard result == pid else { return }
        let signal = raw & 0x7F
        status = signal == 0 ? Status(code: (raw >> 8) & 0xFF, signal: nil) : Status(code: 128 + signal, signal: signal)
        watch = nil
        if let status {
            for waiter in waiters { waiter.resume(returning: status) }
        }
        waiters = []
    }

    /// Waits for the command to end.
    func exit() async -> Status {
        // The child may have ended before the watch saw SIGCHLD (a command that exits at once).
        reap()
        if let status { return status }
        return await withCheckedContinuation { waiters.append($0) }
    }

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
