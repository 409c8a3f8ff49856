import DBus
import Foundation

/// The built isletd on a private bus, with a database of its own, and a client connection.
public final class Daemon: @unchecked Sendable {
    public let bus: PrivateBus
    public let client: DBusConnection
    public let databasePath: String
    private var process: Child?
    /// isletd's environment (nil: this process's).
    public let environment: [String: String]?
    /// More options for isletd (`--test-clock-offset`); may change between starts.
    public var arguments: [String]

    public static var binary: String { builtProduct("isletd") }

    public static let name = "org.islet.Islet1"
    public static let path: ObjectPath = "/org/islet/Islet1"

    public init(
        bus: PrivateBus? = nil, databasePath: String? = nil, environment: [String: String]? = nil, arguments: [String] = []
    ) async throws {
        self.bus = try bus ?? PrivateBus()
        self.environment = environment
        self.arguments = arguments
        self.databasePath =
            try databasePath
            ?? TemporaryDirectory.make(prefix: "isletd").appendingPathComponent("islet.sqlite").path
        client = try DBusConnection(bus: .address(self.bus.address))
        try await start()
    }

    /// Starts isletd and waits until it owns its name.
    public func start() async throws {
        // Its warnings go to the test's own standard error, where a failing test shows them.
        let process = try Child(
            [Daemon.binary, "--address", bus.address, "--database", databasePath, "--log-level", "warning"] + arguments, environment: environment,
            stderr: .inherit)
        self.process = process
        guard try await eventually(every: .milliseconds(10), { try await client.nameOwner(Daemon.name) != nil }) else {
            throw TestFailure("isletd did not take its name in \(Patience.deadline)")
        }
    }

    public var pid: Int32 { process?.pid ?? 0 }

    /// kill -9, and wait for the bus to notice.
    public func crash() async throws {
        guard let process else { return }
        process.kill()
        guard try await eventually(every: .milliseconds(10), { try await client.nameOwner(Daemon.name) == nil }) else {
            throw TestFailure("the bus did not see isletd go in \(Patience.deadline)")
        }
    }

    /// SIGTERM, and the exit it leads to (SIGKILL after 20 s: a test never hangs here).
    public func stop() {
        guard let process, process.isRunning else { return }
        process.signal(SIGTERM)
        for _ in 0..<2000 where process.isRunning { usleep(10_000) }
        process.kill()
    }

    deinit {
        stop()
        client.close()
    }

    public func proxy(_ interface: String) -> DBusProxy {
        DBusProxy(connection: client, destination: Daemon.name, path: Daemon.path, interface: "org.islet.Islet1.\(interface)")
    }
    public var fasting: DBusProxy { proxy("Fasting") }
    public var timers: DBusProxy { proxy("Timers") }
    public var live: DBusProxy { proxy("LiveActivity") }

    /// dbus-send against this bus; returns the result.
    public func dbusSend(_ member: String, _ args: String...) async throws -> CommandResult {
        try await Command.run(
            [
                "dbus-send", "--bus=\(bus.address)", "--print-reply", "--dest=\(Daemon.name)", Daemon.path.rawValue,
                "org.islet.Islet1.\(member)",
            ] + args)
    }

    /// Every signal islet sends, in order.
    public func signals() async throws -> AsyncStream<Message> {
        try await client.signals(matching: MatchRule(pathNamespace: Daemon.path))
    }
}

/// Collects signals until a predicate says enough, or a deadline passes: by default the safety
/// net (``Patience``); a test that looks for what must not come names the window it watches.
public func collect(
    _ stream: AsyncStream<Message>, until done: @escaping @Sendable ([Message]) -> Bool, within: Duration = Patience.deadline
) async -> [Message] {
    await withTaskGroup(of: [Message]?.self) { group in
        group.addTask {
            var seen: [Message] = []
            for await message in stream where message.interface != "org.freedesktop.DBus.Properties" {
                seen.append(message)
                if done(seen) { return seen }
            }
            return seen
        }
        group.addTask {
            try? await Task.sleep(for: within)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first ?? []
    }
}

extension Message {
    public var name: String { member ?? "" }
}

extension Array where Element == Message {
    public var names: [String] { map(\.name) }
}

/// A product of this package's build (isletd, islet, islet-notify), found beside the test bundle.
public func builtProduct(_ name: String) -> String {
    // `make test-installed` points the suites at the release programs as installed; what is
    // not installed (docs/CLIENTS.md's Swift example) comes from beside the test bundle.
    if let programs = ProcessInfo.processInfo.environment["ISLET_TEST_PROGRAMS"], !programs.isEmpty,
        FileManager.default.isExecutableFile(atPath: programs + "/" + name)
    {
        return programs + "/" + name
    }
    let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [here, here.deletingLastPathComponent()] {
        let path = candidate.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return ".build/debug/" + name
}

/// The state of `owner`'s timer in a Timers.List reply (`a(sa{sv})`), nil when it has none.
public func timerState(in list: [DBusValue], owner: String) -> [String: DBusValue]? {
    guard case .array(_, let items)? = list.first else { return nil }
    for case .structure(let fields) in items where fields.first == .string(owner) { return fields[1].stringVariantEntries }
    return nil
}
