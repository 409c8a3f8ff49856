import DBus

/// islet-notify's own small interface, `org.islet.Notify1` at `/org/islet/Notify1`
/// (dbus/org.islet.Notify1.xml): what the command line asks of the bridge. The name is owned
/// by the one islet-notify of the session.
public enum NotifyBus: ContractInterface {
    public static let busName = "org.islet.Notify1"
    public static let path: ObjectPath = "/org/islet/Notify1"
    public static let name = "org.islet.Notify1"
    public static let doc =
        "islet-notify, the notification surface of islet's live activity. A Set it refuses answers org.islet.Notify1.Error.ConfigInvalid (config.toml does not read: ConfigProblem), ConfigUnwritable, Overridden (its command line decides) or InvalidValue."

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

    /// islet-notify's settings that islet's app changes (Preferences), each a line of the
    /// user's config.toml, which islet-notify alone writes: a Set rewrites that one line (every
    /// other line kept) and takes effect at once; an edit of the file by hand is read as it is
    /// saved and announced with PropertiesChanged.
    public enum Property: String, ContractProperty {
        public typealias Interface = NotifyBus
        case style = "Style"
        case lockScreen = "LockScreen"
        case mediaPlayer = "MediaPlayer"
        case kdeJobs = "KdeJobs"
        case players = "Players"
        case pomodoro = "Pomodoro"
        case configProblem = "ConfigProblem"

        /// The config.toml key a writable property is kept under.
        public var configKey: String? {
            switch self {
            case .style: "style"
            case .lockScreen: "lock_screen"
            case .mediaPlayer: "media_player"
            case .kdeJobs: "kde_jobs"
            case .players: "players"
            case .pomodoro: "pomodoro"
            case .configProblem: nil
            }
        }

        public var contract: PropertyContract {
            switch self {
            case .style:
                PropertyContract(
                    .string,
                    doc:
                        "The notification's style: \"standard\" (title, time, progress, buttons) or \"minimal\" (the time alone). config.toml's `style`. Refused with Overridden while islet-notify's --style option decides it.",
                    writable: true)
            case .lockScreen:
                PropertyContract(
                    .boolean, doc: "On GNOME Shell, the activity shown on the lock screen while the session is locked. config.toml's `lock_screen`.",
                    writable: true)
            case .mediaPlayer:
                PropertyContract(
                    .boolean, doc: "The activity as an MPRIS player too (media widgets, lock screens, playerctl). config.toml's `media_player`.",
                    writable: true)
            case .kdeJobs:
                PropertyContract(
                    .boolean, doc: "Where Plasma's job server runs, the activity as a KDE job in its progress area. config.toml's `kde_jobs`.",
                    writable: true)
            case .players:
                PropertyContract(
                    .boolean,
                    doc:
                        "Since 1.4: media players (MPRIS) shown on the island as sources' activities, below what the user started: what plays and its position, paused as paused. config.toml's `players`.",
                    writable: true)
            case .pomodoro:
                PropertyContract(
                    .boolean,
                    doc:
                        "Since 1.4: Pomodoro apps (Focus Timer, gnome-pomodoro) shown on the island as sources' activities, above a song and below what the user started: the block (Pomodoro, Short Break, Long Break), its countdown from the app's own numbers, paused as paused; Pause, Resume and Skip reach the app. config.toml's `pomodoro`.",
                    writable: true)
            case .configProblem:
                PropertyContract(
                    .string,
                    doc:
                        "\"\" while config.toml reads; otherwise what is wrong with it, by file and line (\"config.toml:3: sound must be true or false, got a string\"): the settings in force are then the last ones that read, and every Set is refused with ConfigInvalid until the file is fixed."
                )
            }
        }
    }

    /// `org.islet.Notify1.Error.<name>`: a Set refused.
    public enum Refusal: String, Sendable {
        /// config.toml does not read (ConfigProblem says why): writing a line into it would
        /// keep the problem; fix the file first.
        case configInvalid = "ConfigInvalid"
        /// config.toml could not be read or written (its folder, its permissions).
        case configUnwritable = "ConfigUnwritable"
        /// islet-notify's command line sets it (--style), over the file.
        case overridden = "Overridden"
        /// A value the setting does not take ("fancy" for Style).
        case invalidValue = "InvalidValue"

        public var errorName: String { "org.islet.Notify1.Error." + rawValue }
        public func error(_ message: String) -> DBusError { DBusError(errorName, message) }
    }

    /// The desktop entry (org.islet.Islet.desktop, Name=islet) that names islet on every
    /// surface: notifications, the MPRIS player, the KDE job.
    public static let desktopEntry = "org.islet.Islet"

    /// dbus/org.islet.Notify1.xml.
    public static func documentedXML() -> String {
        Introspection.doctype + "<node name=\"\(path)\">\n" + Introspection.xml(described, withDocs: true) + "</node>\n"
    }
}
