import Foundation

/// An X server of our own (Xvfb) for one test, on the first free display number.
public final class VirtualDisplay: @unchecked Sendable {
    public let name: String
    let server: Process

    public init(width: Int = 1024, height: Int = 600) throws {
        server = Process()
        let pipe = Pipe()
        // -displayfd: Xvfb picks a free display and writes its number to fd 3, which the shell
        // points at our pipe (Foundation's Process hands over only 0, 1 and 2).
        server.executableURL = URL(fileURLWithPath: "/bin/sh")
        server.arguments = ["-c", "exec Xvfb -displayfd 3 -screen 0 \(width)x\(height)x24 -nolisten tcp 3>&1 1>/dev/null 2>/dev/null"]
        server.standardOutput = pipe
        try server.run()
        var text = ""
        while true {
            let byte = pipe.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data([0x0A]) { break }
            text += String(decoding: byte, as: UTF8.self)
        }
        guard let number = Int(text) else {
            server.terminate()
            throw TestFailure("Xvfb did not start (is the xvfb package installed?)")
        }
        name = ":\(number)"
    }

    /// A PNG of the whole screen (ImageMagick's import).
    public func screenshot(to path: String) async throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = name
        let r = try await Command.run(["import", "-window", "root", path], environment: env)
        guard r.status == 0 else { throw TestFailure("screenshot failed: \(r)") }
    }

    deinit {
        if server.isRunning {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
    }
}
