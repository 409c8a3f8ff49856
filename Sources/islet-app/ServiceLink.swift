import DBus
import IsletBus
import IsletClient
import Synchronization

/// The window's link to isletd: the app's one bus connection, whose client every page's own
/// link talks through (``FastLink``, ``GoalLink``, ``HistoryLink``, ``TimersLink``,
/// ``PreferencesLink``), and whether isletd is there, which the window says when it is not.
/// isletd's news is each page's, through its link; none goes through here.
final class ServiceLink: Sendable {
    private let address: String?
    private let present: @Sendable (Bool) -> Void
    private let made = Mutex<IsletClient?>(nil)

    /// The client once connected (made at the window's start, before any page).
    var client: IsletClient? { made.withLock { $0 } }

    /// `present` is called off the main thread: isletd there (true) or not (false).
    init(address: String?, present: @escaping @Sendable (Bool) -> Void) {
        self.address = address
        self.present = present
    }

    /// Connects, and follows isletd's name for as long as the app runs. The connection is made
    /// here, so that a call asked for at once (a desktop action's Start Fast) has a client.
    func start() {
        let connection: DBusConnection
        do {
            connection = try DBusConnection(bus: address.map { .address($0) } ?? .session, label: "islet-app")
        } catch {
            present(false)
            return
        }
        let client = IsletClient(connection: connection)
        made.withLock { $0 = client }
        Task {
            guard let owners = try? await connection.watchNameOwner(IsletBus.name) else { return self.present(false) }
            // The first owner (none: isletd started by D-Bus, where it is installed), then isletd
            // started, stopped, crashed or restarted while the app is open.
            var first = true
            for await owner in owners {
                if first, owner == nil { await self.startIsletd() } else { self.present(owner != nil) }
                first = false
            }
        }
    }

    /// isletd started by D-Bus activation where it is installed (at the start, and the window's
    /// Start Again): there, or not.
    func startIsletd() async {
        guard let client else { return present(false) }
        let peer = DBusProxy(connection: client.connection, destination: IsletBus.name, path: IsletBus.path, interface: "org.freedesktop.DBus.Peer")
        do {
            _ = try await peer.call("Ping")
            present(true)
        } catch {
            present(false)
        }
    }

    struct WordsError: Error {
        var words: String
    }

    /// isletd's message for its errors ("no fast is running"); the error itself otherwise.
    static func words(_ error: Error) -> String {
        if let error = error as? WordsError { return error.words }
        if let error = error as? DBusError, !error.message.isEmpty { return error.message }
        return "\(error)"
    }
}
