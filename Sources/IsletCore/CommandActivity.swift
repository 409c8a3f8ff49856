import Translation

/// A command as the island's activity, one shape for `islet run` and for a long command typed
/// in a shell (`islet init`'s hook, read by islet-notify): its title, the time it has run
/// counting up, and its end in words ("Done in 3:12", "Failed (exit 2) after 3:12").
public enum CommandActivity {
    /// How a command ended.
    public struct Outcome: Sendable, Equatable {
        /// The exit status, or 128+N for signal N (as a shell reports it).
        public var code: Int32
        /// The signal that ended it, if one did.
        public var signal: Int32?

        public init(code: Int32, signal: Int32? = nil) {
            self.code = code
            self.signal = signal
        }

        /// A shell's `$?`: 128+N is signal N (Ctrl+C's SIGINT is 130), as bash, zsh and fish say.
        public init(shellStatus status: Int32) {
            self.init(code: status, signal: (129...192).contains(status) ? status - 128 : nil)
        }

        /// Ctrl+C (SIGINT): the user stopped it where they were looking.
        public var interrupted: Bool { signal == 2 }
        /// Ctrl+Z (SIGTSTP, or SIGSTOP/SIGTTIN/SIGTTOU): suspended, not ended.
        public var suspended: Bool { signal.map { [19, 20, 21, 22].contains($0) } ?? false }
    }

    /// The activity's attributes: a program's own ("custom"), titled.
    public static func attributes(title: String) -> ActivityState {
        ["kind": .string("custom"), "title": .string(title)]
    }

    /// Running since `startedAt`, read at `now`: the time counts up.
    public static func running(startedAt: USec, now: USec) -> ActivityState {
        [
            "status": .string("running"), "started_at_usec": .uint64(startedAt), "updated_at_usec": .uint64(now),
            "elapsed_usec": .uint64(now > startedAt ? now - startedAt : 0), "phase_name": .string(tr("Running")),
        ]
    }

    /// Ended with `outcome` after `elapsed`: the last state, which islet-notify announces.
    public static func finished(_ outcome: Outcome, startedAt: USec, elapsed: USec, now: USec) -> ActivityState {
        [
            "status": .string("completed"), "started_at_usec": .uint64(startedAt), "updated_at_usec": .uint64(now),
            "elapsed_usec": .uint64(elapsed), "phase_name": .string(words(outcome, elapsed: elapsed)),
            "outcome": .string(outcome.code == 0 ? "success" : "failure"), "exit_status": .int32(outcome.code),
        ]
    }

    /// "Done in 3:12", "Failed (exit 2) after 3:12", "Failed (SIGTERM) after 0:05".
    public static func words(_ outcome: Outcome, elapsed: USec) -> String {
        let time = Format.minimal(seconds: elapsed / usecPerSecond)
        if let signal = outcome.signal { return tr("Failed (%1$s) after %2$s", signalName(signal), time) }
        return outcome.code == 0 ? tr("Done in %s", time) : tr("Failed (exit %1$s) after %2$s", "\(outcome.code)", time)
    }

    /// "SIGTERM", or "signal 40" (Linux's numbers).
    public static func signalName(_ number: Int32) -> String {
        let names: [Int32: String] = [
            1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 10: "SIGUSR1",
            11: "SIGSEGV", 12: "SIGUSR2", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM",
        ]
        return names[number] ?? "signal \(number)"
    }
}
