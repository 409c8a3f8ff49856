import DBus
import IsletCore

/// islet's app (islet-app) as other programs reach it: a GApplication, D-Bus activatable as
/// `org.islet.Islet.App` when installed, whose `show-page` action opens its window on a page.
/// islet-notify (a notification's click), `islet open` and the GNOME Shell extension use it.
public enum AppLink {
    public static let busName = "org.islet.Islet.App"
    public static let path: ObjectPath = "/org/islet/Islet/App"
    /// The app's desktop entry (its D-Bus activation and menus).
    public static let desktopEntry = "org.islet.Islet.App"

    /// The app's pages, as `show-page` takes them.
    public enum Page: String, CaseIterable, Sendable {
        case fast, goal, history, progress, timers

        /// The page that shows `kind`'s activity: the Fast page for a fast, Timers for a
        /// timer; nil for a program's own activity (the app has no page for it).
        public init?(showing kind: ActivityKind) {
            switch kind {
            case .fast: self = .fast
            case .timer: self = .timers
            case .custom: return nil
            }
        }
    }

    /// Whether the app can be reached: running, or installed where the bus can start it.
    /// Only looks: starts nothing.
    public static func isAvailable(on connection: DBusConnection) async -> Bool {
        let bus = DBusProxy(
            connection: connection, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            timeout: .seconds(5))
        if let owned = try? await bus.call("NameHasOwner", [.string(busName)]), owned.first == .boolean(true) { return true }
        guard let names = try? await bus.call("ListActivatableNames"), case .array(_, let list)? = names.first else { return false }
        return list.contains(.string(busName))
    }

    /// Opens the app's window on `page`, starting the app when it is not running.
    public static func open(_ page: Page, on connection: DBusConnection, timeout: Duration = .seconds(25)) async throws {
        let app = DBusProxy(connection: connection, destination: busName, path: path, interface: "org.freedesktop.Application", timeout: timeout)
        try await app.call(
            "ActivateAction",
            [.string("show-page"), .array(.variant, [.variant(.string(page.rawValue))]), .dictionary(key: .string, value: .variant, [])])
    }
}
