import ArgumentParser
import DBus
import IdleLoop
import IsletBus
import IsletClient
import IsletCore
import Translation

#if canImport(Glibc)
    import Glibc
#endif

/// `islet run CMD`: the command as the island's activity. The command runs as it would
/// without islet (its standard input, output and error untouched, its exit status passed
/// through, 128+N when signal N ended it); the island shows its title and the time it has run,
/// and its end is announced ("Done in 3:12", "Failed (exit 2) after 3:12") as a timer's is.
/// Without a bus or isletd the command still runs, with a warning.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: tr("Run a command as the live activity: its time on the island, its end announced."),
        discussion: tr(
            "The command's input and output are its own, and islet exits with its exit status (128+N if signal N ended it). Ctrl+C reaches the command as it would without islet; SIGTERM, SIGHUP, SIGINT and SIGQUIT sent to islet are passed on to it. Without isletd the command still runs (a warning says so). Example: islet run --title Build -- make -j4"
        ))

    @Option(help: .init(tr("What the island calls it (default: the command line)."))) var title: String?
    @OptionGroup var bus: BusOptions
    @Argument(parsing: .captureForPassthrough, help: .init(tr("The command and its arguments."))) var command: [String] = []

    func run() async throws {
        // The captured words start at the first one islet does not know, so `-h` and `--help`
        // land here; they are islet's own unless `--` came first (`islet run -- --help`).
        if command.first == "-h" || command.first == "--help" { throw CleanExit.helpRequest(self) }
        let arguments = command.first == "--" ? Array(command.dropFirst()) : command
        guard let program = arguments.first, !program.isEmpty else {
            throw ValidationError(tr("name a command to run: islet run [--title TITLE] [--] COMMAND [ARGUMENT...]"))
        }
        if let title, !(1...128).contains(title.count) {
            throw ValidationError(tr("the title must be 1 to 128 characters"))
        }
        guard let loop = EventLoop.main else {
            Output.error(tr("islet run needs its event loop."), hint: nil)
            throw ExitCode(70)
        }
        let startedAt = Times.now()
        let child: CommandChild
        do {
            child = try CommandChild(arguments, loop: loop)
        } catch let failure as CommandChild.SpawnFailure {
            Output.error(tr("cannot run %1$s: %2$s.", "\(program)", "\(failure.reason)"), hint: nil)
            throw ExitCode(failure.status)
        }
        let activity = await RunActivity.start(
            title: title ?? RunActivity.title(of: arguments), startedAt: startedAt, address: bus.address)
        let status = await child.exit()
        await activity?.finish(status, elapsed: Times.now() - startedAt)
        if status.code != 0 { throw ExitCode(status.code) }
    }
}

/// The activity `islet run` keeps while its command runs (LiveActivity.Start, Update, End on
/// a connection of its own: were islet killed, the activity would end with it).
struct RunActivity {
    let connection: DBusConnection
    let client: IsletClient
    let owner: String
    let title: String
    let startedAt: USec

    /// "make -j4", at most 128 characters.
    static func title(of arguments: [String]) -> String {
        let base = arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? ""
        let line = ([base] + arguments.dropFirst()).joinedText(separator: " ")
        return line.count <= 128 ? line : String(line.prefix(127)) + "…"
    }

    /// Starts it; nil, with a warning, where there is no bus or isletd refuses.
    static func start(title: String, startedAt: USec, address: String?) async -> RunActivity? {
        let connection: DBusConnection
        do {
            connection = try DBusConnection(bus: address.map { .address($0) } ?? .session, label: "islet run")
        } catch {
            warn(tr("no session bus (%s); the command runs without a live activity", "\(error)"))
            return nil
        }
        let activity = RunActivity(
            connection: connection, client: IsletClient(connection: connection), owner: "run-\(getpid())", title: title,
            startedAt: startedAt)
        do {
            let attributes = CommandActivity.attributes(title: title).mapValues(ActivityCoding.value)
            _ = try await activity.client.startActivity(owner: activity.owner, attributes: attributes, state: activity.running())
            return activity
        } catch let error as DBusError {
            warn(
                error.meansServiceUnavailable
                    ? tr("isletd is not running; the command runs without a live activity")
                    : tr("no live activity (%s); the command runs as usual", error.message))
        } catch {
            warn(tr("no live activity (%s); the command runs as usual", "\(error)"))
        }
        connection.close()
        return nil
    }

    static func warn(_ text: String) { Output.warning(text) }

    func running() -> [String: DBusValue] {
        CommandActivity.running(startedAt: startedAt, now: Times.now()).mapValues(ActivityCoding.value)
    }

    /// The end: the outcome shown (and announced by islet-notify), then the activity ends.
    func finish(_ status: CommandChild.Status, elapsed: USec) async {
        let outcome = CommandActivity.Outcome(code: status.code, signal: status.signal)
        let state = CommandActivity.finished(outcome, startedAt: startedAt, elapsed: elapsed, now: Times.now()).mapValues(ActivityCoding.value)
        do {
            // Shown for LingerSeconds after islet has exited ("Done in 3:12" on the island),
            // announced by islet-notify, then gone.
            try await client.finishActivity(owner: owner, state: state, dismissal: "default")
        } catch let error as DBusError where error.name == "org.islet.Islet1.Error.NotOwner" {
            // Another program took the island meanwhile: nothing of ours to end.
        } catch {
            Self.warn(tr("could not end the live activity (%s)", "\(error)"))
        }
        connection.close()
    }
}
