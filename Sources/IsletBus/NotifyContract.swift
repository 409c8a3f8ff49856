import DBus

/// islet-notify's own small interface, `org.islet.Notify1` at `/org/islet/Notify1`
/// (dbus/org.islet.Notify1.xml): what the command line asks of the bridge. The name is owned
/// by the one islet-notify of the session.
public enum NotifyBus: ContractInterface {
    public static let busName = "org.islet.Notify1"
    public static let path: ObjectPath = "/org/islet/Notify1"
    public static let name = "org.islet.Notify1"
    public static let doc = "islet-notify, the notification surface of islet's live activity."

    public enum Method: String, ContractMethod {
        public typealias Interface = NotifyBus
        case expand = "Expand"

        public var contract: MethodContract {
            switch self {
            case .expand:
                MethodContract(
                    doc:
                        "Shows the live activity's notification again, afresh, even if it was dismissed or expired (a panel's click: `islet expand`). Does nothing when there is no activity, or when a KDE job shows it."
                )
            }
        }
    }

    public typealias Signal = NoSignal<NotifyBus>
    public typealias Property = NoProperty<NotifyBus>

    /// The desktop entry (org.islet.Islet.desktop, Name=islet) that names islet on every
    /// surface: notifications, the MPRIS player, the KDE job.
    public static let desktopEntry = "org.islet.Islet"

    /// dbus/org.islet.Notify1.xml.
    public static func documentedXML() -> String {
        Introspection.doctype + "<node name=\"\(path)\">\n" + Introspection.xml(described, withDocs: true) + "</node>\n"
    }
}
