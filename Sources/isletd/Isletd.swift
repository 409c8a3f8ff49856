import DBus
import IdleLoop
import IsletBus
import IsletService
import IsletStore
import Logging
import OptionScanner
import Translation

#if canImport(Glibc)
    import Glibc
#endif

/// The whole service runs on the main thread's event loop: the connection, the wake-up, Swift
/// concurrency's tasks and the signals. Idle, it sleeps in poll(2) and wakes for nothing.
@main
enum IsletdMain {
    static func main() {
        // Its error messages, which clients show, in the session's language.
        Translation.start()
        EventLoop.runMain { await Isletd.main() }
    }
}

enum Isletd {
    /// Exit status (sysexits.h) when the bus cannot be reached; a bad command line is 64.
    static let unavailableStatus: Int32 = 69

    static func main() async {
        let options = OptionScanner.options(
            of: "isletd", version: Options.version, usage: Options.usage, synopsis: Options.synopsis
        ) { () throws(Options.UsageError) in try Options.parse(Array(CommandLine.arguments.dropFirst())) }
        if options.printIntrospection {
            print(IsletBus.documentedXML(), terminator: "")
            return
        }
        await run(options)
    }

    static func run(_ options: Options) async {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = options.logLevel
            return handler
        }
        let logger = Logger(label: "isletd")
        do {
            try await serve(options, logger: logger)
        } catch {
            logger.critical("\(error)")
            exit(1)
        }
    }

    static func serve(_ options: Options, logger: Logger) async throws {
        if getenv("DBUS_STARTER_BUS_TYPE").map({ String(cString: $0) }) == "system" {
            logger.critical("isletd is a per-user service and refuses to run on the system bus")
            exit(1)
        }
        let connection: DBusConnection
        do {
            connection = try DBusConnection(bus: options.address.map { .address($0) } ?? .session, label: "isletd")
        } catch {
            logger.critical("cannot connect to the bus: \(error)")
            exit(unavailableStatus)
        }
        let path = options.database ?? Store.defaultPath
        var flags: DBusConnection.NameFlags = [.doNotQueue, .allowReplacement]
        if options.replace {
            // Take the name first; the old isletd exits on NameLost and lets go of the database.
            flags.insert(.replaceExisting)
            guard try await connection.requestName(IsletBus.name, flags: flags) == .primaryOwner else {
                logger.critical("could not take over \(IsletBus.name)")
                exit(1)
            }
        }
        let store = try await openStore(path: path, waitForOther: options.replace, logger: logger)
        let check =
            switch store.openCheck {
            case .quickCheck: "quick check passed"
            case .closedCleanly: "unchanged since its clean close, not read again"
            case .unchangedThisBoot: "not closed, but unchanged since its last checkpoint in this boot, not read again"
            }
        logger.info("opened the database \(path) (\(check))")
        // From here a stop closes the database cleanly: listen for the signals before the name
        // is ours, or one sent the moment it is (a service manager stopping what it has just
        // started) would take the default action.
        let signals = try Isletd.stopSignals(connection: connection, store: store, logger: logger)
        let service: IsletService
        do {
            service = try IsletService(connection: connection, store: store, logger: logger, clockOffsetSeconds: options.clockOffsetSeconds)
            try service.export()
        } catch {
            logger.critical("cannot start: \(error)")
            exit(1)
        }
        if !options.replace {
            let reply = try await connection.requestName(IsletBus.name, flags: flags)
            guard reply == .primaryOwner || reply == .alreadyOwner else {
                logger.critical("another isletd owns \(IsletBus.name); stop it or start this one with --replace")
                exit(1)
            }
        }
        service.catchUp()
        logger.info("serving \(IsletBus.name) as \(connection.uniqueName)")
        connection.onDisconnect {
            logger.critical("lost the bus connection; exiting so that the service manager restarts isletd")
            stop(store, status: 1)
        }
        let lost = try await connection.nameLostEvents()
        for await name in lost where name == IsletBus.name {
            logger.notice("another isletd took over \(IsletBus.name); exiting")
            stop(store, status: 0)
        }
        // The stream ends only with the connection (the disconnect handler may not have run
        // yet): the same exit, so that the service manager restarts isletd.
        // Kept alive to here for certain: `_ = signals` is no use of it, and Swift 6.2 -O let the
        // watch go at once (its signals then went unheard).
        withExtendedLifetime(signals) {}
        logger.critical("lost the bus connection; exiting so that the service manager restarts isletd")
        stop(store, status: 1)
    }

    /// SIGTERM and SIGINT arrive as events of the loop, between commands (each command runs
    /// on the loop and commits before it returns), so nothing is half-written when we exit.
    static func stopSignals(connection: DBusConnection, store: Store, logger: Logger) throws -> SignalWatch {
        try SignalWatch(loop: connection.loop, signals: [SIGTERM, SIGINT]) { number in
            logger.info("stopping on signal \(number)")
            stop(store, status: 0)
        }
    }

    /// Exits after closing the database, which lets the next start skip reading all of it
    /// (``Store/close()``); every answered command is already on disk.
    static func stop(_ store: Store, status: Int32) -> Never {
        store.close()
        Glibc.exit(status)
    }

    static func openStore(path: String, waitForOther: Bool, logger: Logger) async throws -> Store {
        var attempts = 0
        while true {
            do {
                return try Store(path: path)
            } catch StoreError.inUse(let p) where waitForOther && attempts < 50 {
                _ = p
                attempts += 1
                try await EventLoop.sleep(for: .milliseconds(100))
            } catch {
                logger.critical("\(error)")
                exit(1)
            }
        }
    }
}
