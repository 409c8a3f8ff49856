import DBus
import Synchronization

/// The sources islet-notify runs, on or off as the user's settings say (config.toml,
/// org.islet.Notify1). Each runs on a bus connection of its own: turned off, it is closed, and
/// isletd ends its activities as it does for any program that leaves; the surfaces are
/// untouched. Off, nothing of it runs.
public final class SourceSwitch: Sendable {
    private let bus: DBusConnection.Bus
    private let log: @Sendable (String) -> Void
    private let running = Mutex<(connection: DBusConnection, task: Task<Void, Never>)?>(nil)

    public init(bus: DBusConnection.Bus, log: @escaping @Sendable (String) -> Void) {
        self.bus = bus
        self.log = log
    }

    /// Media players (``MprisSource``) followed, or no longer.
    public func players(_ on: Bool) {
        running.withLock { running in
            if on, running == nil {
                do {
                    let connection = try DBusConnection(bus: bus, label: "islet-notify players")
                    let source = MprisSource(connection: connection, log: log)
                    running = (connection, Task { await source.run() })
                    log("players: followed")
                } catch {
                    log("players: cannot connect to the bus: \(error)")
                }
            } else if !on, let (connection, task) = running {
                task.cancel()
                connection.close()
                running = nil
                log("players: no longer followed")
            }
        }
    }
}
