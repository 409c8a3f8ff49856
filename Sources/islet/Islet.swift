import ArgumentParser
import DBus
import IdleLoop
import IsletBus
import IsletClient
import IsletCore
import Platform
import Translation

#if canImport(Glibc)
    import Glibc
#endif

/// One thread, the main thread's event loop: `islet watch` feeding a panel all day sleeps in
/// poll(2) between the changes it prints.
@main
enum IsletMain {
    static func main() {
        Translation.start()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let status = PanelStatus.Request(arguments) {
            EventLoop.runMain { await PanelStatus.main(status) }
        }
        EventLoop.runMain { await Islet.main() }
    }
}

struct Islet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "islet",
        abstract: tr("Fasts, timers and the live activity of islet, from the command line and for panels."),
        discussion: tr(
            "Talks to isletd (org.islet.Islet1) on the session bus, which starts it when it is installed.\nTimes: \"now\", \"2h ago\" or --at=-2h (that long ago), \"07:30\" (the last 07:30), \"2026-11-22 07:30\".\nDurations: \"16h\", \"16h30m\", \"90m\", \"45s\", \"16:30\" (H:MM), \"1:30:00\".\nExit status: 0 success, 1 the service refused (the message says why), 64 bad usage, 69 the service is unavailable."
        ),
        version: "0.1.0",
        subcommands: [
            FastCommand.self, GoalCommand.self, HistoryCommand.self, StatsCommand.self, TimerCommand.self,
            ScheduleCommand.self, SettingsCommand.self, ActivityCommand.self, RunCommand.self, ExpandCommand.self, OpenCommand.self, WatchCommand.self,
            StatusCommand.self, InitCommand.self,
        ])
}

/// Options every command that talks to isletd takes.
struct BusOptions: ParsableArguments {
    @Option(help: .init(tr("A D-Bus address to use instead of the session bus.")))
    var address: String?

    /// Runs `body` with a client; D-Bus errors become a message and the exit status.
    func run<T>(_ body: (IsletClient) async throws -> T) async throws -> T {
        try await BusOptions.run(address: address, body)
    }

    static func run<T>(address: String?, _ body: (IsletClient) async throws -> T) async throws -> T {
        let connection: DBusConnection
        do {
            connection = try DBusConnection(bus: address.map { .address($0) } ?? .session, label: "islet")
        } catch {
            Output.error(
                tr("cannot reach the session bus (%s).", "\(error)"), hint: tr("Is a desktop session running? Set DBUS_SESSION_BUS_ADDRESS or pass --address."))
            throw ExitCode(69)
        }
        defer { connection.close() }
        do {
            return try await body(IsletClient(connection: connection))
        } catch let error as DBusError {
            throw Output.exit(for: error)
        }
    }
}

/// Parsing helpers whose failures are usage errors (exit 64).
enum Parse {
    static func duration(_ text: String, what: String = "duration") throws -> UInt64 {
        guard let seconds = Format.parseDuration(text) else {
            throw ValidationError(tr("cannot read the %1$s \"%2$s\"; write it like 16h, 16h30m, 90m, 45s, 16:30 or 1:30:00", "\(what)", "\(text)"))
        }
        return seconds
    }

    static func time(_ text: String) throws -> USec {
        guard let time = Times.parse(text) else {
            throw ValidationError(tr("cannot read the time \"%s\"; write now, \"2h ago\", 07:30 or \"2026-11-22 07:30\"", "\(text)"))
        }
        return time
    }
}
