import ArgumentParser
import DBus
import IdleLoop
import IsletService
import IsletStore
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// The whole service runs on the main thread's event loop: the connection, the wake-up, Swift
/// concurrency's tasks and the signals. Idle, it sleeps in poll(2) and wakes for nothing.
@main
enum IsletdMain {
    static func main() {
        EventLoop.runMain { await Isletd.main() }
    }
}

struct Isletd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "isletd",
        abstract: "The islet session service (org.islet.Islet1): fasts, timers and the live activity.",
        version: "0.1.0")

    @Option(help: "The database file (default: $XDG_DATA_HOME/islet/islet.sqlite).")
    var database: String?

    @Option(help: "A D-Bus address to use instead of the session bus.")
    var address: String?

    @Flag(help: "Take org.islet.Islet1 over from a running isletd.")
    var replace = false

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    @Flag(help: .hidden)
    var printIntrospection = false

    func run() async throws {
        if printIntrospection {
            print(IsletService.documentedXML(), terminator: "")
            return
        }
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("unknown log level \"\(logLevel)\"; use trace, debug, info, notice, warning, error or critical")
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "isletd")
        if getenv("DBUS_STARTER_BUS_TYPE").map({ String(cString: $0) }) == "system" {
            logger.critical("isletd is a per-user service and refuses to run on the system bus")
            throw ExitCode(1)
        }
        let connection: DBusConnection
        do {
            connection = try DBusConnection(bus: address.map { .address($0) } ?? .session, label: "isletd")
        } catch {
            logger.critical("cannot connect to the bus: \(error)")
            throw ExitCode(69)
        }
        let path = database ?? Store.defaultPath
        var flags: DBusConnection.NameFlags = [.doNotQueue, .allowReplacement]
        if replace {
            // Take the name first; the old isletd exits on NameLost and lets go of the database.
            flags.insert(.replaceExisting)
            guard try await connection.requestName(IsletService.busName, flags: flags) == .primaryOwner else {
                logger.critical("could not take over \(IsletService.busName)")
                throw ExitCode(1)
            }
        }
        let store = try await openStore(path: path, waitForOther: replace, logger: logger)
        let service: IsletService
        do {
            service = try IsletService(connection: connection, store: store, logger: logger)
            try service.export()
        } catch {
            logger.critical("cannot start: \(error)")
            throw ExitCode(1)
        }
        if !replace {
            let reply = try await connection.requestName(IsletService.busName, flags: flags)
            guard reply == .primaryOwner || reply == .alreadyOwner else {
                logger.critical("another isletd owns \(IsletService.busName); stop it or start this one with --replace")
                throw ExitCode(1)
            }
        }
        logger.info("serving \(IsletService.busName) as \(connection.uniqueName), database \(path)")
        connection.onDisconnect {
            logger.critical("lost the bus connection; exiting so that the service manager restarts isletd")
            Glibc.exit(1)
        }
        let lost = try await connection.nameLostEvents()
        let signals = try Isletd.stopSignals(connection: connection, logger: logger)
        for await name in lost where name == IsletService.busName {
            logger.notice("another isletd took over \(IsletService.busName); exiting")
            Glibc.exit(0)
        }
        // The stream ends only with the connection (the disconnect handler may not have run
        // yet): the same exit, so that the service manager restarts isletd.
        _ = signals
        logger.critical("lost the bus connection; exiting so that the service manager restarts isletd")
        Glibc.exit(1)
    }

    /// SIGTERM and SIGINT arrive as events of the loop, between commands (each command runs
    /// on the loop and commits before it returns), so nothing is half-written when we exit.
    static func stopSignals(connection: DBusConnection, logger: Logger) throws -> SignalWatch {
        try SignalWatch(loop: connection.loop, signals: [SIGTERM, SIGINT]) { number in
            logger.info("stopping on signal \(number)")
            Glibc.exit(0)
        }
    }

    func openStore(path: String, waitForOther: Bool, logger: Logger) async throws -> Store {
        var attempts = 0
        while true {
            do {
                return try Store(path: path)
            } catch StoreError.inUse(let p) where waitForOther && attempts < 50 {
                _ = p
                attempts += 1
                try await Task.sleep(for: .milliseconds(100))
            } catch {
                logger.critical("\(error)")
                throw ExitCode(1)
            }
        }
    }
}
