import DBus
import IdleLoop
import IsletBus
import Platform

#if canImport(Glibc)
    import Glibc
#endif

/// Serving islet-notify's own interface (``NotifyBus``, dbus/org.islet.Notify1.xml): what the
/// command line asks of the bridge, and its settings, read and changed over the bus.
public enum NotifyControl {
    /// Exports the interface and owns the name; false when another islet-notify owns it.
    /// `changed` hears every change of the settings, by a Set or by an edit of the file.
    public static func serve(
        _ connection: DBusConnection, settings owner: SettingsOwner, expand: @escaping @Sendable () -> Void,
        changed: @escaping @Sendable (SettingsOwner.Change) -> Void
    ) async throws -> Bool {
        let interface = NotifyBus.bind(
            method: { method in
                switch method {
                case .expand:
                    .immediate { _ in
                        expand()
                        return []
                    }
                }
            },
            get: { property in owner.value(of: property) },
            set: { property, value, _ in
                guard let change = try owner.set(property, value) else { return }
                // The object server announces `property` itself once this returns.
                announce(connection, change.properties.filter { $0 != property })
                changed(change)
            })
        try connection.export(NotifyBus.path, interfaces: [interface])
        return try await connection.requestName(NotifyBus.busName) == .primaryOwner
    }

    /// The config file watched: a save, a replacement or a removal is read at once and what it
    /// changed passed to `changed` (which announces it). nil when it cannot be watched.
    public static func watch(
        _ connection: DBusConnection, settings owner: SettingsOwner, log: @escaping @Sendable (String) -> Void, warn: @Sendable (String) -> Void,
        changed: @escaping @Sendable (SettingsOwner.Change) -> Void
    ) -> FileWatch? {
        guard let path = owner.path, path.hasPrefix("/"), let slash = path.lastIndex(of: "/") else { return nil }
        // The folder is islet's own (~/.config/islet): made when missing, so that a file saved
        // there later is seen; nothing above it is made (a config home that does not exist is
        // not islet's to create).
        let folder = String(path[..<slash])
        if mkdir(folder, 0o700) != 0, errno == ENOENT {
            log("\(folder) cannot be made (nothing above it): config.toml is not watched")
            return nil
        }
        do {
            return try FileWatch(loop: connection.loop, path: path) {
                log("\(path) changed on disk")
                if let change = owner.reload() { changed(change) }
            }
        } catch {
            warn("cannot watch \(path) for changes (\(error)); it is read again only on SIGHUP")
            return nil
        }
    }

    public static func announce(_ connection: DBusConnection, _ properties: [NotifyBus.Property]) {
        guard !properties.isEmpty else { return }
        connection.propertiesChanged(path: NotifyBus.path, interface: NotifyBus.name, properties.map(\.name))
    }
}
