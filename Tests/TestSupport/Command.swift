import Foundation

/// What a finished command printed and how it exited.
public struct CommandResult: Sendable, CustomStringConvertible {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// Runs outside programs (gdbus, busctl, dbus-send, ...) without blocking Swift's cooperative
/// threads: output goes to files, and the exit is awaited through the termination handler.
public enum Command {
    public static func run(
        _ arguments: [String], environment: [String: String]? = nil, timeout: Duration = Patience.deadline
    ) async throws -> CommandResult {
        let directory = try TemporaryDirectory.make(prefix: "islet-cmd")
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("out")
        let errURL = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            let pid = process.processIdentifier
            let (seconds, attoseconds) = timeout.components
            let millis = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(millis)) {
                Foundation.kill(pid, SIGKILL)
            }
        }
        return CommandResult(
            status: status,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }

    /// Whether a program is on PATH.
    public static func exists(_ name: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }
}

/// Resident memory of a process (this one by default) in KiB, from /proc: now (VmRSS), or
/// the most it has ever had (VmHWM).
public func residentKiB(pid: Int32? = nil, peak: Bool = false) -> Int {
    let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix(peak ? "VmHWM:" : "VmRSS:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}
