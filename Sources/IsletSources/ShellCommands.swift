import DBus
import IdleLoop
import IsletBus
import IsletClient
import IsletCore
import Platform

#if canImport(Glibc)
    import Glibc
#endif

/// Long commands typed in a shell (producers.md): each shell with islet's hook (`islet init`)
/// writes what it runs into a file of its own in `folder` (``ShellCommand``); a command still
/// running after `threshold` becomes the user's own activity, titled with its program's name and
/// counting up, and its end is the activity's end in words ("Done in 3:12", "Failed (exit 2)
/// after 3:12"), announced as `islet run`'s is. A command stopped with Ctrl+C or suspended with
/// Ctrl+Z ends without a word; a shell that closes mid-command (its terminal closed, `exec`)
/// takes its activity with it. A command that ends sooner costs a read of its file and nothing
/// else: no call, no process. The folder is watched (inotify) and each shell that runs a long
/// command followed to its end (a pidfd): idle, nothing wakes.
public actor ShellCommands {
    /// One shell's command as followed.
    private struct Command {
        var program: String
        var since: USec
        var wait: Task<Void, Never>?
        var shown = false
    }

    private let connection: DBusConnection
    private let islet: IsletClient
    private let folder: String
    private let threshold: Duration
    private let ignore: Set<String>
    private let log: @Sendable (String) -> Void
    private var commands: [Int32: Command] = [:]
    private var exits: [Int32: ProcessExit] = [:]

    /// The folder the hooks write to: `$XDG_RUNTIME_DIR/islet/commands` (nil without one).
    public static func folder(environment: [String: String]) -> String? {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return runtime + "/islet/commands"
    }

    public init(
        connection: DBusConnection, folder: String, thresholdSeconds: UInt32, ignore: Set<String>, log: @escaping @Sendable (String) -> Void
    ) {
        self.connection = connection
        islet = IsletClient(connection: connection, timeout: .seconds(5))
        self.folder = folder
        threshold = .seconds(Int64(thresholdSeconds))
        self.ignore = ignore
        self.log = log
    }

    /// Follows the shells until the task is cancelled (their activities ended then).
    public func run() async {
        if case .failure(let failure) = TextFile.makeFolder(folder) { return log("commands: cannot make \(folder): \(failure)") }
        let (changes, tell) = AsyncStream.makeStream(of: Set<String>?.self, bufferingPolicy: .bufferingNewest(64))
        let watch: FolderWatch
        do {
            watch = try FolderWatch(loop: connection.loop, folder: folder) { names in tell.yield(names) }
        } catch {
            return log("commands: cannot watch \(folder): \(error)")
        }
        let service = Task { await self.followIsletd() }
        defer {
            service.cancel()
            withExtendedLifetime(watch) {}
        }
        // Shells that were running before: a command mid-way counts from its file's time.
        readAll()
        for await names in changes {
            if let names { for name in names { readShell(name) } } else { readAll() }
        }
        for (pid, command) in commands {
            command.wait?.cancel()
            if command.shown { try? await islet.endActivity(owner: Self.owner(pid)) }
        }
        commands = [:]
        exits = [:]
    }

    private func readAll() {
        guard let dir = opendir(folder) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            readShell(name)
        }
    }

    /// The file of shell `name` (its pid) read: what it says now.
    private func readShell(_ name: String) {
        guard let pid = Int32(name), pid > 1 else { return }
        let path = folder + "/" + name
        guard let (text, written) = Self.head(of: path) else {
            // Removed: the shell is gone.
            return forget(pid)
        }
        guard kill(pid, 0) == 0 || errno == EPERM else {
            // A shell that ended without a word (killed, its terminal closed): its file goes.
            unlink(path)
            return forget(pid)
        }
        switch ShellCommand.record(text[...]) {
        case .run(let line):
            started(pid, line: line, at: written)
        case .end(let status):
            ended(pid, CommandActivity.Outcome(shellStatus: status))
        case nil:
            break
        }
    }

    private func started(_ pid: Int32, line: String, at written: USec) {
        if let old = commands[pid] {
            // A new line while one was shown: the shell moved on without saying how it ended.
            old.wait?.cancel()
            if old.shown { end(pid, nil) }
            commands[pid] = nil
        }
        guard let program = ShellCommand.program(of: line), ShellCommand.watched(program, ignore: ignore) else { return }
        let now = WallClock.now()
        let since = min(written, now)
        let waited = Duration.microseconds(Int64(now - since))
        let wait = Task { [threshold] in
            if waited < threshold { try? await EventLoop.sleep(for: threshold - waited) }
            guard !Task.isCancelled else { return }
            await self.show(pid)
        }
        commands[pid] = Command(program: program.name, since: since, wait: wait)
    }

    /// Past the threshold: the command on the island, its shell followed to its end.
    private func show(_ pid: Int32) async {
        guard var command = commands[pid], !command.shown else { return }
        command.shown = true
        commands[pid] = command
        if exits[pid] == nil {
            exits[pid] = ProcessExit(loop: connection.loop, pid: pid) { [weak self] in
                Task { await self?.shellEnded(pid) }
            }
        }
        let now = WallClock.now()
        do {
            _ = try await islet.startActivity(
                owner: Self.owner(pid), attributes: CommandActivity.attributes(title: command.program).mapValues(ActivityCoding.value),
                state: CommandActivity.running(startedAt: command.since, now: now).mapValues(ActivityCoding.value))
        } catch {
            log("commands: \(command.program): \(error)")
        }
    }

    private func ended(_ pid: Int32, _ outcome: CommandActivity.Outcome) {
        guard let command = commands.removeValue(forKey: pid) else { return }
        command.wait?.cancel()
        if command.shown { end(pid, (outcome, command)) }
    }

    /// The activity ended: in words where it ran to its end, quietly where the user stopped it
    /// (Ctrl+C), suspended it (Ctrl+Z) or its shell went.
    private func end(_ pid: Int32, _ how: (outcome: CommandActivity.Outcome, command: Command)?) {
        let owner = Self.owner(pid)
        Task { [islet, log] in
            do {
                if let (outcome, command) = how, !outcome.interrupted, !outcome.suspended {
                    let now = WallClock.now()
                    let state = CommandActivity.finished(outcome, startedAt: command.since, elapsed: now > command.since ? now - command.since : 0, now: now)
                    try await islet.finishActivity(owner: owner, state: state.mapValues(ActivityCoding.value), dismissal: "default")
                } else {
                    try await islet.endActivity(owner: owner)
                }
            } catch {
                log("commands: \(owner): \(error)")
            }
        }
    }

    private func shellEnded(_ pid: Int32) {
        unlink(folder + "/\(pid)")
        forget(pid)
    }

    private func forget(_ pid: Int32) {
        exits[pid] = nil
        guard let command = commands.removeValue(forKey: pid) else { return }
        command.wait?.cancel()
        if command.shown { end(pid, nil) }
    }

    /// isletd back on the bus (restarted): the commands shown are shown again.
    private func followIsletd() async {
        await IsletdLink.returns(on: connection) {
            for (pid, command) in commands where command.shown {
                commands[pid]?.shown = false
                await show(pid)
            }
        }
    }

    static func owner(_ pid: Int32) -> String { "shell-\(pid)" }

    /// The file's first bytes (a record is one short line) and the time it was written.
    static func head(of path: String) -> (String, USec)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 0 else { return nil }
        let written = UInt64(max(0, info.st_mtim.tv_sec)) * 1_000_000 + UInt64(max(0, info.st_mtim.tv_nsec)) / 1000
        return (String(decoding: bytes.prefix(count), as: UTF8.self), written)
    }
}
