import DBus
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
    }

    private let bus: DBusConnection.Bus
    private let log: @Sendable (String) -> Void
    private let running = Mutex<[Source: (connection: DBusConnection, task: Task<Void, Never>)]>([:])

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
                    running[source] = (connection, Self.start(source, on: connection, log: log))
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

    private static func start(_ source: Source, on connection: DBusConnection, log: @escaping @Sendable (String) -> Void) -> Task<Void, Never> {
        switch source {
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
