import ArgumentParser
import DBus
import IdleLoop
import IsletClient
import IsletCore

#if canImport(Glibc)
    import Glibc
#endif

/// One thread, the main thread's event loop: `islet watch` feeding a panel all day sleeps in
/// poll(2) between the changes it prints.
@main
enum IsletMain {
    static func main() {
        EventLoop.runMain { await Islet.main() }
    }
}

struct Islet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "islet",
        abstract: "Fasts, timers and the live activity of islet, from the command line and for panels.",
        discussion: """
            Talks to isletd (org.islet.Islet1) on the session bus, which starts it when it is installed.
            Times: "now", "2h ago" or --at=-2h (that long ago), "07:30" (the last 07:30), "2026-11-22 07:30".
            Durations: "16h", "16h30m", "90m", "45s", "16:30" (H:MM), "1:30:00".
            Exit status: 0 success, 1 the service refused (the message says why), 64 bad usage,
            69 the service is unavailable.
            """,
        version: "0.1.0",
        subcommands: [
            FastCommand.self, GoalCommand.self, HistoryCommand.self, StatsCommand.self, TimerCommand.self,
            ActivityCommand.self, ExpandCommand.self, WatchCommand.self, StatusCommand.self,
        ])
}

/// Options every command that talks to isletd takes.
struct BusOptions: ParsableArguments {
    @Option(help: "A D-Bus address to use instead of the session bus.")
    var address: String?

    /// Runs `body` with a client; D-Bus errors become a message and the exit status.
    func run<T>(_ body: (IsletClient) async throws -> T) async throws -> T {
        let connection: DBusConnection
        do {
            connection = try DBusConnection(bus: address.map { .address($0) } ?? .session, label: "islet")
        } catch {
            Output.error("cannot reach the session bus (\(error)).", hint: "Is a desktop session running? Set DBUS_SESSION_BUS_ADDRESS or pass --address.")
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

enum Output {
    static func line(_ text: String) {
        var line = text
        line.append("\n")
        var bytes = Array(line.utf8)[...]
        // One write per line, whole: a panel reading the pipe never sees half a line.
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                Glibc.exit(errno == EPIPE ? 0 : 74)  // the panel went away
            }
            bytes = bytes.dropFirst(n)
        }
    }

    static func error(_ message: String, hint: String? = nil) {
        var text = "islet: " + message + "\n"
        if let hint { text += "  " + hint + "\n" }
        _ = text.withCString { write(2, $0, strlen($0)) }
    }

    /// The message and exit status for an error from the bus or the service.
    static func exit(for error: DBusError) -> ExitCode {
        if error.isIsletError {
            let name = String(error.name.dropFirst(IsletClient.errorPrefix.count))
            Output.error(error.message + ".", hint: hint(name))
            return ExitCode(1)
        }
        if error.meansServiceUnavailable {
            Output.error(
                "isletd is not running and could not be started (\(error.name.split(separator: ".").last ?? "")).",
                hint: "Start it with `systemctl --user start isletd`, or run `isletd &`.")
            return ExitCode(69)
        }
        Output.error("\(error.message) (\(error.name)).")
        return ExitCode(1)
    }

    static func hint(_ name: String) -> String? {
        switch name {
        case "AlreadyFasting": "Stop it first with `islet fast stop`."
        case "NotFasting": "Start one with `islet fast start`."
        case "UnknownFast": "`islet history` lists the ids."
        case "NothingToUndo": "`islet fast start --at TIME` starts a fast at an earlier time."
        case "UnknownTimer": "`islet timer list` shows the running timers and their owners."
        case "NotOwner": "Only the program that started an activity may change it."
        case "InvalidState": "`islet timer list` and `islet activity` show the current state."
        default: nil
        }
    }
}

/// Parsing helpers whose failures are usage errors (exit 64).
enum Parse {
    static func duration(_ text: String, what: String = "duration") throws -> UInt64 {
        guard let seconds = Format.parseDuration(text) else {
            throw ValidationError("cannot read the \(what) \"\(text)\"; write it like 16h, 16h30m, 90m, 45s, 16:30 or 1:30:00")
        }
        return seconds
    }

    static func time(_ text: String) throws -> USec {
        guard let time = Times.parse(text) else {
            throw ValidationError("cannot read the time \"\(text)\"; write now, \"2h ago\", 07:30 or \"2026-11-22 07:30\"")
        }
        return time
    }
}
