import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with posix_spawn and reaped with waitpid, for the children the
/// tests keep alive (dbus-daemon, isletd, Xvfb, dunst, islet-notify, dbus-monitor) and for the
/// little shell commands that must finish before a test goes on.
///
/// Not Foundation's Process: on Linux it learns of a child's exit when a socket it hands the
/// child closes, and while it sets that socket up for one child, a second child started at the
/// same moment can inherit it too. The first child's exit then goes unnoticed for as long as
/// the second lives: waitUntilExit never returns, the child stays a zombie, and a test suite
/// whose cooperative threads wait like that stops altogether (seen here with two isletd
/// children each held open by a dbus-daemon started beside them). A Child closes every
/// descriptor but 0, 1 and 2 in the new process, so it never holds anyone else's, and its exit
/// is read with waitpid, which needs no one's help.
public final class Child: @unchecked Sendable {
    public enum Output: Sendable {
        case null
        /// The test's own.
        case inherit
        case file(String)
        /// A pipe whose reading end `readLine()` reads.
        case pipe
    }

    public let pid: pid_t
    private let lock = NSLock()
    private var status: Int32?
    private var pipeReader: Int32 = -1

    /// Starts `arguments[0]` (looked up in PATH when it has no slash) with `arguments`.
    public init(
        _ arguments: [String], environment: [String: String]? = nil, stdout: Output = .null, stderr: Output = .null
    ) throws {
        guard let program = arguments.first else { throw TestFailure("Child: no program") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeWriter: Int32 = -1
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (fd, output) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch output {
            case .null:
                posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
            case .inherit:
                break
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            case .pipe:
                if pipeWriter < 0 {
                    var fds: [Int32] = [-1, -1]
                    guard pipe(&fds) == 0 else { throw TestFailure("pipe: errno \(errno)") }
                    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
                    pipeReader = fds[0]
                    pipeWriter = fds[1]
                }
                posix_spawn_file_actions_adddup2(&actions, pipeWriter, fd)
            }
        }
        // Nothing else crosses over: not our sockets, not Foundation's.
        guard let addCloseFrom = Child.addCloseFrom else {
            throw TestFailure("Child needs posix_spawn_file_actions_addclosefrom_np (glibc 2.34)")
        }
        _ = addCloseFrom(&actions, 3)
        defer { if pipeWriter >= 0 { close(pipeWriter) } }

        // The child starts with no signal blocked (the spawning thread may be one of
        // libdispatch's, which block most) and default dispositions.
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

        let environmentLines = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var child: pid_t = 0
        let result = Child.withCStrings(arguments) { argv in
            Child.withCStrings(environmentLines) { envp in
                program.contains("/")
                    ? posix_spawn(&child, program, &actions, &attributes, argv, envp)
                    : posix_spawnp(&child, program, &actions, &attributes, argv, envp)
            }
        }
        guard result == 0 else {
            if pipeReader >= 0 { close(pipeReader) }
            throw TestFailure("cannot start \(program): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    /// Runs a command to its end, blocking the calling thread: for quick set-up and clean-up
    /// commands (mount, umount). The exit status (128 + n for signal n).
    @discardableResult
    public static func runToEnd(_ arguments: [String]) -> Int32 {
        guard let child = try? Child(arguments) else { return 127 }
        return child.waitBlocking()
    }

    /// The exit status once the child has exited (128 + n if signal n ended it), else nil.
    public var exitStatus: Int32? {
        lock.lock()
        defer { lock.unlock() }
        if status == nil {
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid { status = Child.decode(raw) }
        }
        return status
    }

    public var isRunning: Bool { exitStatus == nil }

    public func signal(_ number: Int32) {
        if isRunning { Glibc.kill(pid, number) }
    }

    /// Waits for the exit without blocking a thread; the status, nil if still running.
    public func waitForExit(timeout: Duration = Patience.deadline) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while exitStatus == nil, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return exitStatus
    }

    /// Blocks until the child exits: only where it surely will (after SIGKILL, or a short
    /// command).
    @discardableResult
    public func waitBlocking() -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 {
            guard errno == EINTR else {
                status = 127
                return 127
            }
        }
        status = Child.decode(raw)
        return status ?? 127
    }

    /// SIGKILL and reap.
    public func kill() {
        if isRunning {
            Glibc.kill(pid, SIGKILL)
            waitBlocking()
        }
    }

    /// One line from the pipe (stdout: .pipe), without its newline; "" at the end.
    public func readLine() -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while pipeReader >= 0, read(pipeReader, &byte, 1) == 1, byte != 0x0A { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }

    deinit {
        kill()
        if pipeReader >= 0 { close(pipeReader) }
    }

    /// glibc 2.34's posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc module does
    /// not declare (it is a GNU extension).
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    private static func decode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
