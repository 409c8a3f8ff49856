import DBus
import Platform
import Synchronization

/// The sources islet-notify runs, each on or off as the user's settings say (config.toml,
/// org.islet.Notify1). Each runs on a bus connection of its own: turned off, it is closed, and
/// isletd ends its activities as it does for any program that leaves; the surfaces are
/// untouched. Off, nothing of it runs.
public final class SourceSwitch: Sendable {
    /// The sources, by the setting that turns them on.
    public enum Source: String, Sendable, CaseIterable {
        /// Media players (``MprisSource``).
        case players
        /// Pomodoro apps (``PomodoroSource``: Focus Timer and gnome-pomodoro).
        case pomodoro
        /// Long commands typed in shells with islet's hook (``ShellCommands``): the user's own.
        case commands
        /// Apps' progress as docks draw it (``LauncherSource``).
        case apps
    }

    /// How long a command runs before it shows, and the programs that never do.
    public struct CommandsSetting: Equatable, Sendable {
        public var seconds: UInt32
        public var ignore: Set<String>
        public init(seconds: UInt32, ignore: Set<String>) {
            self.seconds = seconds
            self.ignore = ignore
        }
    }

    private let bus: DBusConnection.Bus
    private let log: @Sendable (String) -> Void
    private let running = Mutex<[Source: (connection: DBusConnection, task: Task<Void, Never>)]>([:])
    private let commands = Mutex<CommandsSetting?>(nil)

    public init(bus: DBusConnection.Bus, log: @escaping @Sendable (String) -> Void) {
        self.bus = bus
        self.log = log
    }

    /// `source` followed, or no longer.
    public func set(_ source: Source, _ on: Bool) {
        running.withLock { running in
            if on, running[source] == nil {
                do {
                    let connection = try DBusConnection(bus: bus, label: "islet-notify \(source.rawValue)")
                    running[source] = (connection, start(source, on: connection, log: log))
                    log("\(source.rawValue): followed")
                } catch {
                    log("\(source.rawValue): cannot connect to the bus: \(error)")
                }
            } else if !on, let (connection, task) = running[source] {
                task.cancel()
                connection.close()
                running[source] = nil
                log("\(source.rawValue): no longer followed")
            }
        }
    }

    /// Long commands followed with `setting`, or not at all (nil); a changed setting starts
    /// them anew.
    public func setCommands(_ setting: CommandsSetting?) {
        let changed = commands.withLock { current in
            defer { current = setting }
            return current != setting
        }
        guard changed else { return }
        set(.commands, false)
        if setting != nil { set(.commands, true) }
    }

    private func start(_ source: Source, on connection: DBusConnection, log: @escaping @Sendable (String) -> Void) -> Task<Void, Never> {
        switch source {
        case .apps:
            let apps = LauncherSource(connection: connection, log: { log("apps: " + $0) })
            return Task { await apps.run() }
        case .commands:
            guard let setting = commands.withLock({ $0 }), let folder = ShellCommands.folder(environment: Environment.current) else {
                log("commands: no XDG_RUNTIME_DIR, no long commands")
                return Task {}
            }
            let shells = ShellCommands(
                connection: connection, folder: folder, thresholdSeconds: setting.seconds, ignore: setting.ignore,
                log: { log("commands: " + $0) })
            return Task { await shells.run() }
        case .players:
            let players = MprisSource(connection: connection, log: { log("players: " + $0) })
            return Task { await players.run() }
        case .pomodoro:
            let focusTimer = PomodoroSource<FocusTimer>(connection: connection, log: { log("pomodoro: " + $0) })
            let gnomePomodoro = PomodoroSource<GnomePomodoro>(connection: connection, log: { log("pomodoro: " + $0) })
            return Task {
                async let one: Void = focusTimer.run()
                async let other: Void = gnomePomodoro.run()
                _ = await (one, other)
            }
        }
    }
}
