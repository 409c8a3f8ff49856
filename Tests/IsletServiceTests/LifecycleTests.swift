import DBus
import Foundation
import TestSupport
import Testing

/// isletd as a process: one per bus, --replace, signals.
@Suite(.startsProcesses) struct Lifecycle {
    func launch(_ daemon: Daemon, _ extra: [String] = [], database: String? = nil) throws -> Child {
        try Child([Daemon.binary, "--address", daemon.bus.address, "--database", database ?? daemon.databasePath, "--log-level", "info"] + extra)
    }

    @Test func refusesASecondInstanceAndReplaceTakesOver() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("SetGoal", [.uint64(3600)])
        let owner = try await daemon.client.nameOwner(Daemon.name)
        // A second isletd on another database: the name is taken, so it exits 1.
        let other = try TemporaryDirectory.make(prefix: "isletd-second").appendingPathComponent("islet.sqlite").path
        let second = try launch(daemon, database: other)
        #expect(await second.waitForExit() == 1)
        #expect(try await daemon.client.nameOwner(Daemon.name) == owner)
        // --replace on the same database: the old one exits 0, the new one serves its data.
        let replacement = try launch(daemon, ["--replace"])
        defer { replacement.kill() }
        var newOwner = owner
        _ = try await eventually(every: .milliseconds(10)) {
            newOwner = try await daemon.client.nameOwner(Daemon.name)
            return newOwner != owner && newOwner != nil
        }
        #expect(newOwner != owner && newOwner != nil)
        var served: DBusValue?
        _ = await eventually(every: .milliseconds(20)) {
            served = try? await daemon.fasting.get("GoalSeconds")
            return served != nil
        }
        #expect(served == .uint64(3600))
    }

    @Test func sigtermStopsCleanly() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("StartFast")
        kill(daemon.pid, SIGTERM)
        #expect(try await eventually(every: .milliseconds(10)) { try await daemon.client.nameOwner(Daemon.name) == nil })
        try await daemon.start()
        #expect(try await daemon.fasting.get("Fasting") == .boolean(true))
    }

    /// After SIGTERM the next start does not read the whole database again (the store closed
    /// cleanly), nor after kill -9 in the same boot (the file is as the last checkpoint left
    /// it); after kill -9 and another program's write to the file, it does. The data is there
    /// every time, the last write before each kill included.
    @Test func noStartRereadsTheFileUnlessSomethingElseWroteIt() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("SetGoal", [.uint64(7200)])
        daemon.stop()
        let cleanLine = "unchanged since its clean close, not read again"
        let crashLine = "not closed, but unchanged since its last checkpoint in this boot, not read again"
        // The logs of four starts: after that SIGTERM, after another, after kill -9, after
        // kill -9 and a touch of the file (its change time moved, as by any writer).
        var logs: [String] = []
        var goal: UInt64 = 7200
        for stop in [SIGTERM, SIGKILL, SIGKILL, nil] {
            let process = try Background(
                [Daemon.binary, "--address", daemon.bus.address, "--database", daemon.databasePath, "--log-level", "info"])
            #expect(await eventually { process.stderr.contains("serving org.islet.Islet1") })
            #expect(try await daemon.fasting.get("GoalSeconds") == .uint64(goal))
            logs.append(process.stderr)
            guard let stop else { break }
            goal += 3600
            try await daemon.fasting.call("SetGoal", [.uint64(goal)])
            process.signal(stop)
            #expect(await process.waitForExit() != nil)
            if logs.count == 3 {
                let touched = try await Command.run(["touch", daemon.databasePath])
                #expect(touched.status == 0, "\(touched)")
            }
        }
        #expect(logs[0].contains(cleanLine), "after SIGTERM: \(logs[0])")
        #expect(logs[1].contains(cleanLine), "after SIGTERM: \(logs[1])")
        #expect(logs[2].contains(crashLine), "after kill -9: \(logs[2])")
        #expect(logs[3].contains("quick check passed"), "after kill -9 and a write: \(logs[3])")
    }

    /// Pages overwritten after isletd was killed: the start reads the file, names the damage
    /// and leaves the file as it found it.
    @Test func aPageDamagedAfterAKillIsRefused() async throws {
        let daemon = try await Daemon()
        // 400 fasts a day apart, ending two days ago: enough commits for a checkpoint.
        let now = UInt64(Date().timeIntervalSince1970)
        for day in (2...UInt64(401)).reversed() {
            let start = now - day * 86400
            try await daemon.fasting.call("StartFastAt", [.uint64(start * 1_000_000)])
            try await daemon.fasting.call("StopFastAt", [.uint64((start + 60000) * 1_000_000)])
        }
        try await daemon.crash()
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: daemon.databasePath))
        let size = try file.seekToEnd()
        #expect(size >= 8 * 4096, "\(size) bytes")
        try file.seek(toOffset: 3 * 4096)
        try file.write(contentsOf: Data(repeating: 0x5A, count: Int(size) - 3 * 4096))
        try file.close()
        let damaged = try Data(contentsOf: URL(fileURLWithPath: daemon.databasePath))
        // The WAL the kill left: not checkpointed into the refused file either.
        let wal = try Data(contentsOf: URL(fileURLWithPath: daemon.databasePath + "-wal"))
        #expect(!wal.isEmpty)
        let result = try await Command.run(
            [Daemon.binary, "--address", daemon.bus.address, "--database", daemon.databasePath])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("is damaged") && result.stderr.contains("left untouched"), "\(result)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: daemon.databasePath)) == damaged)
        #expect(try Data(contentsOf: URL(fileURLWithPath: daemon.databasePath + "-wal")) == wal)
    }

    /// A SIGTERM that arrives the moment isletd owns its name (a service manager stopping a
    /// service it has just started) is a clean stop too: exit 0 and the database closed, so
    /// the next start skips the full read. Before the fix the signal could land before isletd
    /// listened for it, and took the default action (killed, the next start checked all).
    @Test func aSigtermTheMomentTheNameIsOwnedStopsCleanly() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("SetGoal", [.uint64(7200)])
        daemon.stop()
        let owners = try await daemon.client.watchNameOwner(Daemon.name)
        var changes = owners.makeAsyncIterator()
        _ = await changes.next()  // nil: nobody owns it now
        var statuses: [Int32?] = []
        var logs: [String] = []
        for _ in 0..<20 {
            let process = try Background(
                [Daemon.binary, "--address", daemon.bus.address, "--database", daemon.databasePath, "--log-level", "info"])
            while case .some(let owner) = await changes.next(), owner == nil {}  // until it owns the name
            process.signal(SIGTERM)
            statuses.append(await process.waitForExit())
            while case .some(let owner) = await changes.next(), owner != nil {}  // until it is gone
            logs.append(process.stderr)
        }
        #expect(statuses.allSatisfy { $0 == 0 }, "exit statuses: \(statuses)")
        // Every start after the first follows a clean stop, so none reads the whole file.
        let checked = logs.dropFirst().filter { !$0.contains("unchanged since its clean close, not read again") }
        #expect(checked.isEmpty, "starts that read the whole database: \(checked)")
        try await daemon.start()
        #expect(try await daemon.fasting.get("GoalSeconds") == .uint64(7200))
    }

    @Test func exitsNonZeroWhenTheBusGoesAway() async throws {
        let bus = try PrivateBus()
        let daemon = try await Daemon(bus: bus)
        daemon.stop()
        let process = try launch(daemon)
        #expect(try await eventually(every: .milliseconds(10)) { try await daemon.client.nameOwner(Daemon.name) != nil })
        #expect(process.isRunning)
        bus.kill()
        #expect(await process.waitForExit() == 1)
    }

    @Test func aDamagedDatabaseIsReportedAndLeftAlone() async throws {
        let directory = try TemporaryDirectory.make(prefix: "isletd-damaged")
        let path = directory.appendingPathComponent("islet.sqlite").path
        let garbage = Data(repeating: 0x5A, count: 4096)
        try garbage.write(to: URL(fileURLWithPath: path))
        let bus = try PrivateBus()
        let result = try await Command.run(
            [Daemon.binary, "--address", bus.address, "--database", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is damaged") && result.stderr.contains("left untouched"), "\(result)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }
}

@Suite(.startsProcesses) struct PerUser {
    @Test func refusesTheSystemBus() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_STARTER_BUS_TYPE"] = "system"
        let database = try TemporaryDirectory.make(prefix: "isletd-system").appendingPathComponent("islet.sqlite").path
        let r = try await Command.run([Daemon.binary, "--database", database], environment: environment)
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.contains("per-user service and refuses to run on the system bus"), "\(r)")
        #expect(!FileManager.default.fileExists(atPath: database), "nothing created")
    }
}

/// isletd's command line, parsed by hand: every mistake is named, exits 64 and starts nothing.
@Suite(.startsProcesses) struct CommandLineOptions {
    @Test(arguments: [
        (["--bogus"], "Unknown option '--bogus'"),
        (["stray"], "Unexpected argument 'stray'"),
        (["--database"], "Missing value for '--database <value>'"),
        (["--address"], "Missing value for '--address <value>'"),
        (["--log-level", "loud"], "unknown log level \"loud\""),
        (["--log-level=loud"], "unknown log level \"loud\""),
        (["--replace=yes"], "'--replace' takes no value"),
    ])
    func aBadCommandLineIsNamedAndExits64(arguments: [String], message: String) async throws {
        // No bus address at all: if parsing let it through, isletd would fail differently (69).
        let result = try await Command.run([Daemon.binary] + arguments, environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.contains("Error: " + message), "\(result)")
        #expect(result.stderr.contains("Usage: isletd [--database <path>]"), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func helpAndVersion() async throws {
        let help = try await Command.run([Daemon.binary, "--help"])
        #expect(help.status == 0)
        for option in ["--database <path>", "--address <address>", "--replace", "--log-level <level>", "--version", "-h, --help"] {
            #expect(help.stdout.contains(option), "\(option) missing from --help")
        }
        let short = try await Command.run([Daemon.binary, "-h"])
        #expect(short.stdout == help.stdout)
        let version = try await Command.run([Daemon.binary, "--version"])
        #expect(version.status == 0 && version.stdout == "0.1.0\n")
    }

    /// Both spellings of an option with a value take effect: the log level decides what isletd
    /// says as it starts.
    @Test func optionsTakeEffectInBothSpellings() async throws {
        let bus = try PrivateBus()
        let directory = try TemporaryDirectory.make(prefix: "isletd-options")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (arguments, says) in [
            (["--log-level", "info"], true), (["--log-level=info"], true), (["--log-level=warning"], false),
        ] {
            let database = directory.appendingPathComponent("\(arguments.joined()).sqlite").path
            let log = directory.appendingPathComponent("\(arguments.joined()).log").path
            let process = try Child(
                [Daemon.binary, "--address=\(bus.address)", "--database=\(database)"] + arguments, stderr: .file(log))
            let client = try DBusConnection(bus: .address(bus.address))
            defer { client.close() }
            func text() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
            #expect(try await eventually(every: .milliseconds(10)) { try await client.nameOwner(Daemon.name) != nil })
            // At info, until it says it serves (the bus shows the name owned a moment before
            // isletd hears so itself); at warning, the line it writes before asking for the
            // name is not there either, so nothing was said that the stop could have cut short.
            if says { #expect(await eventually { text().contains("serving org.islet.Islet1") }, "\(arguments): \(text())") }
            process.signal(SIGTERM)
            #expect(await process.waitForExit() == 0)
            #expect(text().contains("serving org.islet.Islet1") == says, "\(arguments): \(text())")
            #expect(text().contains("opened the database") == says, "\(arguments): \(text())")
            #expect(FileManager.default.fileExists(atPath: database), "--database=PATH was not used")
        }
    }
}
