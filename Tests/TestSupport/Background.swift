import Foundation

/// A long-running child (dunst, Xvfb, islet-notify, dbus-monitor) whose output goes to files;
/// killed with SIGKILL when dropped (some children here ignore SIGTERM).
public final class Background: @unchecked Sendable {
    public let process: Process
    public let directory: URL
    public var stdoutURL: URL { directory.appendingPathComponent("out") }
    public var stderrURL: URL { directory.appendingPathComponent("err") }

    public init(_ arguments: [String], environment: [String: String]? = nil) throws {
        directory = try TemporaryDirectory.make(prefix: "islet-bg")
        FileManager.default.createFile(atPath: directory.appendingPathComponent("out").path, contents: nil)
        FileManager.default.createFile(atPath: directory.appendingPathComponent("err").path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = try FileHandle(forWritingTo: directory.appendingPathComponent("out"))
        process.standardError = try FileHandle(forWritingTo: directory.appendingPathComponent("err"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    public var pid: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }
    public var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    public var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    public func signal(_ number: Int32) { Foundation.kill(process.processIdentifier, number) }

    /// Waits for the exit (up to `timeout`); the exit status, nil if it is still running.
    public func waitForExit(timeout: Duration = .seconds(10)) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return process.isRunning ? nil : process.terminationStatus
    }

    public func kill() {
        if process.isRunning {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Polls `condition` until it holds or `timeout` passes; whether it held.
public func eventually(
    within timeout: Duration = .seconds(10), every interval: Duration = .milliseconds(50),
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return try await condition()
}
