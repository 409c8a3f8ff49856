import Foundation

/// An X server of our own (Xvfb) for one test, on the first free display number.
public final class VirtualDisplay: @unchecked Sendable {
    public let name: String
    let server: Child

    public init(width: Int = 1024, height: Int = 600) throws {
        // -displayfd: Xvfb picks a free display and writes its number to fd 3, which the shell
        // points at our pipe (a Child hands over only 0, 1 and 2).
        server = try Child(
            ["/bin/sh", "-c", "exec Xvfb -displayfd 3 -screen 0 \(width)x\(height)x24 -nolisten tcp 3>&1 1>/dev/null 2>/dev/null"],
            stdout: .pipe)
        let text = server.readLine()
        guard let number = Int(text) else {
            server.kill()
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

    deinit { server.kill() }
}
