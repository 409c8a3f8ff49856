import DBus
import IsletBus

/// Serving islet-notify's own interface (``NotifyBus``, dbus/org.islet.Notify1.xml): what the
/// command line asks of the bridge.
public enum NotifyControl {
    /// Exports the interface and owns the name; false when another islet-notify owns it.
    public static func serve(_ connection: DBusConnection, live: LiveNotification) async throws -> Bool {
        let interface = NotifyBus.bind { method in
            switch method {
            case .expand:
                .immediate { _ in
                    live.expand()
                    return []
                }
            }
        }
        try connection.export(NotifyBus.path, interfaces: [interface])
        return try await connection.requestName(NotifyBus.busName) == .primaryOwner
    }
}
