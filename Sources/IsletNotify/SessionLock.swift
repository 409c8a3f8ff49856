import DBus
import Platform

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the session is locked, as logind knows it: the `LockedHint` of this user's
/// session on the system bus, which a shell sets when it locks. Phosh's org.gnome.ScreenSaver
/// "Active" means only that the screen is blanked (a phone blanks long before and after it
/// locks), so on Phosh this is the lock (``ServerProfile/Traits/screenSaverMeansBlanked``).
///
/// The session is `XDG_SESSION_ID`'s, else the user's graphical one (logind's `Display`): a
/// bridge started as a systemd user service belongs to no session of its own.
enum SessionLock {
    static let logind = "org.freedesktop.login1"
    static let sessionInterface = "org.freedesktop.login1.Session"

    /// LockedHint now and at each change; nil when there is no system bus, no logind or no
    /// session (nothing is started to find out). The stream ends with the connection.
    static func follow(environment: [String: String] = Environment.current) async -> AsyncStream<Bool>? {
        guard let system = try? DBusConnection(bus: .system, label: "islet-notify.logind") else { return nil }
        guard let path = await sessionPath(system, environment: environment) else {
            system.close()
            return nil
        }
        let properties = DBusProxy(
            connection: system, destination: logind, path: path, interface: "org.freedesktop.DBus.Properties",
            timeout: .seconds(2), autoStart: false)
        guard
            let changes = try? await system.signals(
                matching: MatchRule(
                    sender: logind, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: path,
                    arg0: sessionInterface))
        else {
            system.close()
            return nil
        }
        let first = try? await properties.call("Get", [.string(sessionInterface), .string("LockedHint")]).first
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
        if let locked = lockedHint(fromGet: first) { continuation.yield(locked) }
        let task = Task {
            for await message in changes {
                if let locked = lockedHint(fromChange: message.body) { continuation.yield(locked) }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in
            task.cancel()
            system.close()
        }
        return stream
    }

    /// The session's object path: XDG_SESSION_ID's, else the user's Display session.
    static func sessionPath(_ system: DBusConnection, environment: [String: String]) async -> ObjectPath? {
        let manager = DBusProxy(
            connection: system, destination: logind, path: "/org/freedesktop/login1", interface: "org.freedesktop.login1.Manager",
            timeout: .seconds(2), autoStart: false)
        if let id = environment["XDG_SESSION_ID"], !id.isEmpty,
            case .objectPath(let path)? = try? await manager.call("GetSession", [.string(id)]).first
        {
            return path
        }
        guard case .objectPath(let user)? = try? await manager.call("GetUser", [.uint32(getuid())]).first else { return nil }
        let userProperties = DBusProxy(
            connection: system, destination: logind, path: user, interface: "org.freedesktop.DBus.Properties",
            timeout: .seconds(2), autoStart: false)
        let display = try? await userProperties.call("Get", [.string("org.freedesktop.login1.User"), .string("Display")]).first
        return displayPath(display)
    }

    /// The path in a `Display` value, `(so)` in a variant; nil for none ("/" is logind's "no
    /// session").
    static func displayPath(_ value: DBusValue?) -> ObjectPath? {
        guard case .variant(.structure(let fields))? = value, fields.count == 2, case .objectPath(let path) = fields[1],
            path.rawValue != "/"
        else { return nil }
        return path
    }

    /// LockedHint from Properties.Get's reply (a variant holding a boolean).
    static func lockedHint(fromGet value: DBusValue?) -> Bool? {
        if case .variant(.boolean(let locked))? = value { return locked }
        return nil
    }

    /// LockedHint from a PropertiesChanged body (interface, changed, invalidated), when it is
    /// among the changes.
    static func lockedHint(fromChange body: [DBusValue]) -> Bool? {
        guard body.count >= 2, case .string(sessionInterface) = body[0], case .dictionary(_, _, let entries) = body[1] else { return nil }
        for entry in entries {
            if case .string("LockedHint") = entry.key, case .variant(.boolean(let locked)) = entry.value { return locked }
        }
        return nil
    }
}
