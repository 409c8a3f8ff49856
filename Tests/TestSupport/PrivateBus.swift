import Foundation

/// A real `dbus-daemon` of our own for one test: a session-type bus on a private socket, with
/// no service directories unless the test names some, so nothing is started by activation
/// behind the test's back.
public final class PrivateBus: @unchecked Sendable {
    public let address: String
    public let directory: URL
    private let process: Child

    public init(serviceDirectories: [String] = []) throws {
        directory = try TemporaryDirectory.make(prefix: "islet-bus")
        let services = serviceDirectories.map { "  <servicedir>\($0)</servicedir>\n" }.joined()
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <keep_umask/>
              <listen>unix:dir=\(directory.path)</listen>
              <auth>EXTERNAL</auth>
            \(services)  <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>

            """
        let configURL = directory.appendingPathComponent("bus.conf")
        try config.write(to: configURL, atomically: true, encoding: .utf8)
        process = try Child(
            ["/usr/bin/dbus-daemon", "--config-file=\(configURL.path)", "--nofork", "--print-address=1", "--nopidfile"],
            stdout: .pipe)
        let text = process.readLine()
        guard !text.isEmpty else {
            process.kill()
            throw TestFailure("dbus-daemon did not print its address")
        }
        address = text
    }

    /// The daemon's process id, for tests that kill it.
    public var pid: Int32 { process.pid }

    /// Environment for a child process that should use this bus as its session bus.
    public var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        return env
    }

    /// Stops the daemon: every connection to it is dropped.
    public func kill() { process.kill() }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: directory)
    }
}

public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

public enum TemporaryDirectory {
    public static func make(prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
