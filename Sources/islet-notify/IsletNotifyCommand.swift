import ArgumentParser
import DBus
import Dispatch
import IsletClient
import IsletNotify

#if canImport(Glibc)
    import Glibc
#endif

@main
struct IsletNotifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "islet-notify",
        abstract: "Shows islet's live activity as a desktop notification, updated in place.",
        discussion: """
            BridgeSettings come from $XDG_CONFIG_HOME/islet/config.toml (see the example in \
            share/doc/islet/config.toml); the options below override the file.
            """,
        version: "0.1.0")

    @Option(help: "The configuration file (default: $XDG_CONFIG_HOME/islet/config.toml).")
    var config: String?

    @Option(help: "standard (title, time, progress, buttons) or minimal (the time alone).")
    var style: String?

    @Option(help: "Urgency of in-place updates: low, normal or critical.")
    var updateUrgency: String?

    @Flag(inversion: .prefixedNo, help: "Pause / Resume / Stop buttons (standard style).")
    var buttons: Bool?

    @Option(help: "A D-Bus address to use instead of the session bus.")
    var address: String?

    @Flag(name: .shortAndLong, help: "Log what the bridge does to stderr.")
    var verbose = false

    func settings() throws -> BridgeSettings {
        var settings = BridgeSettings()
        let environment = Environment.current
        let explicit = config != nil
        if let path = config ?? ConfigFile.defaultPath(environment: environment) {
            switch readFile(path) {
            case .success(let text):
                do {
                    try ConfigFile.apply(text, path: path, to: &settings)
                } catch {
                    throw ValidationError("\(error)")
                }
            case .failure(let error) where error.code == ENOENT && !explicit:
                break
            case .failure(let error):
                throw ValidationError("cannot read \(path): \(String(cString: strerror(error.code)))")
            }
        }
        if let style {
            guard let value = BridgeSettings.Style(rawValue: style) else {
                throw ValidationError("--style must be standard or minimal, got \"\(style)\"")
            }
            settings.style = value
        }
        if let updateUrgency {
            guard let value = Urgency(name: updateUrgency) else {
                throw ValidationError("--update-urgency must be low, normal or critical, got \"\(updateUrgency)\"")
            }
            settings.updateUrgency = value
        }
        if let buttons { settings.buttons = buttons }
        return settings
    }

    func run() async throws {
        let settings = try settings()
        let verbose = self.verbose
        let log: @Sendable (String) -> Void = { message in
            if verbose { Environment.standardError("islet-notify: " + message) }
        }
        let connection: DBusConnection
        do {
            connection = try DBusConnection(bus: address.map { .address($0) } ?? .session, label: "islet-notify")
        } catch {
            Environment.standardError("islet-notify: cannot connect to the session bus: \(error)")
            throw ExitCode(69)
        }
        connection.onDisconnect {
            Environment.standardError("islet-notify: lost the bus connection; exiting")
            Glibc.exit(1)
        }
        let bridge = Bridge(
            islet: IsletClient(connection: connection), server: NotificationServer(connection: connection),
            settings: settings, log: log)
        let sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: connection.queue)
            source.setEventHandler {
                Task {
                    await bridge.shutdown()
                    Glibc.exit(0)
                }
            }
            source.resume()
            return source
        }
        log("started, style \(settings.style.rawValue), as \(connection.uniqueName)")
        try await bridge.run()
        _ = sources
    }
}

/// The little of the operating system the bridge needs, without Foundation.
enum Environment {
    static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    static func standardError(_ line: String) {
        let text = line + "\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
    }
}

/// The whole file as UTF-8 text, or the errno that stopped us.
struct Errno: Error, Equatable { var code: Int32 }

func readFile(_ path: String) -> Result<String, Errno> {
    guard let file = fopen(path, "r") else { return .failure(Errno(code: errno)) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count > 0 { bytes += buffer[0..<count] }
        if count < buffer.count {
            if ferror(file) != 0 { return .failure(Errno(code: errno)) }
            break
        }
        if bytes.count > 1 << 20 { return .failure(Errno(code: EFBIG)) }
    }
    return .success(String(decoding: bytes, as: UTF8.self))
}
