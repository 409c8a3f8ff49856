import Foundation

/// A long-running child (dunst, Xvfb, islet-notify, dbus-monitor) whose output goes to files;
/// killed with SIGKILL when dropped (some children here ignore SIGTERM).
public final class Background: @unchecked Sendable {
    public let process: Child
    public let directory: URL
    public var stdoutURL: URL { directory.appendingPathComponent("out") }
    public var stderrURL: URL { directory.appendingPathComponent("err") }

    public init(_ arguments: [String], environment: [String: String]? = nil) throws {
        let directory = try TemporaryDirectory.make(prefix: "islet-bg")
        self.directory = directory
        process = try Child(
            arguments, environment: environment,
            stdout: .file(directory.appendingPathComponent("out").path), stderr: .file(directory.appendingPathComponent("err").path))
    }

    public var pid: Int32 { process.pid }
    public var isRunning: Bool { process.isRunning }
    public var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    public var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    public func signal(_ number: Int32) { process.signal(number) }

    /// Waits for the exit (up to `timeout`); the exit status, nil if it is still running.
    public func waitForExit(timeout: Duration = Patience.deadline) async -> Int32? {
        await process.waitForExit(timeout: timeout)
    }

    public func kill() { process.kill() }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Polls `condition` until it holds or `timeout` (a safety net: ``Patience``) passes; whether it
/// held.
public func eventually(
    within timeout: Duration = Patience.deadline, every interval: Duration = .milliseconds(50),
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return try await condition()
}
