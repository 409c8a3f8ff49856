import DBus

/// islet-notify's own small interface on the session bus, `org.islet.Notify1` at
/// `/org/islet/Notify1` (dbus/org.islet.Notify1.xml): what the command line asks of the
/// bridge. The name is owned by the one islet-notify of the session.
public enum NotifyControl {
    public static let busName = "org.islet.Notify1"
    public static let path: ObjectPath = "/org/islet/Notify1"
    public static let interface = "org.islet.Notify1"

    /// The interface (bridge nil: for its documentation only).
    public static func description(bridge: Bridge?) -> DBusInterface {
        DBusInterface(
            interface,
            doc: "islet-notify, the notification surface of islet's live activity.",
            methods: [
                DBusMethod(
                    "Expand",
                    doc: "Shows the live activity's notification again, afresh, even if it was dismissed or expired (a panel's click: `islet expand`). Does nothing when there is no activity, or when a KDE job shows it."
                ) { _ in
                    bridge?.expand()
                    return []
                }
            ])
    }

    /// dbus/org.islet.Notify1.xml: the interface, documented (a test checks the file).
    public static func documentedXML() -> String {
        Introspection.doctype + "<node name=\"\(path)\">\n" + Introspection.xml(description(bridge: nil), withDocs: true) + "</node>\n"
    }

    /// Exports the interface and owns the name; false when another islet-notify owns it.
    public static func serve(_ connection: DBusConnection, bridge: Bridge) async throws -> Bool {
        try connection.export(path, interfaces: [description(bridge: bridge)])
        return try await connection.requestName(busName) == .primaryOwner
    }
}
