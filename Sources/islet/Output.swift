import ArgumentParser
import DBus
import IsletBus
import IsletClient
import Platform
import Translation

#if canImport(Glibc)
    import Glibc
#endif

/// What the command line prints: whole lines on standard output (a panel reads the pipe),
/// errors with a hint on standard error, and the exit status for an error from the bus.
enum Output {
    static func line(_ text: String, newline: Bool = true) {
        var line = text
        if newline { line.append("\n") }
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
        printError("islet: " + message + (hint.map { "\n  " + $0 } ?? ""))
    }

    /// The message and exit status for an error from the bus or the service.
    static func exit(for error: DBusError) -> ExitCode {
        if error.isIsletError {
            let name = String(error.name.dropFirst(IsletBus.errorPrefix.count))
            Output.error(error.message + ".", hint: hint(name))
            return ExitCode(1)
        }
        if error.meansServiceUnavailable {
            Output.error(
                tr("isletd is not running and could not be started (%s).", "\(error.name.split(separator: ".").last ?? "")"),
                hint: tr("Start it with `systemctl --user start isletd`, or run `isletd &`."))
            return ExitCode(69)
        }
        Output.error(tr("%1$s (%2$s).", "\(error.message)", "\(error.name)"))
        return ExitCode(1)
    }

    static func hint(_ name: String) -> String? {
        switch name {
        case "AlreadyFasting": tr("Stop it first with `islet fast stop`.")
        case "NotFasting": tr("Start one with `islet fast start`.")
        case "UnknownFast": tr("`islet history` lists the ids.")
        case "NothingToUndo": tr("`islet fast start --at TIME` starts a fast at an earlier time.")
        case "UnknownTimer": tr("`islet timer list` shows the running timers and their owners.")
        case "NotOwner": tr("Only the program that started an activity may change it.")
        case "InvalidState": tr("`islet timer list` and `islet activity` show the current state.")
        default: nil
        }
    }
}

extension Output {
    /// A warning on standard error; the command goes on.
    static func warning(_ message: String) {
        printError("islet: " + tr("warning: %s", message))
    }
}
