import IsletCore

/// An app's progress as `com.canonical.Unity.LauncherEntry` says it (producers.md): Electron's
/// `setProgressBar`, Qt's and libunity's apps broadcast `Update(s app_uri, a{sv} properties)`,
/// which docks draw on the app's icon. Pure: one app's entry, the properties applied, and its
/// progress as a source's activity. Badge counts and urgency are not live activities.
public struct LauncherEntry: Equatable, Sendable {
    /// Between a song (0.3) and a Pomodoro (0.6): a download that ends matters more than a song.
    public static let relevance = 0.4
    /// How many apps' entries are followed at once: a sender that makes up app ids holds no more.
    public static let limit = 16

    /// The desktop entry's id: `org.gnome.Nautilus` for `application://org.gnome.Nautilus.desktop`.
    public let appID: String
    public private(set) var progress: Double?
    public private(set) var visible = false

    /// Nil for an app_uri that names no desktop entry the contract takes.
    public init?(appURI: String) {
        guard appURI.hasPrefix("application://"), appURI.hasSuffix(".desktop") else { return nil }
        let id = String(appURI.dropFirst("application://".count).dropLast(".desktop".count))
        guard CustomDictionary.isDesktopEntryID(id) else { return nil }
        appID = id
    }

    /// The properties of one Update applied: `progress` (a number out of 0 ... 1 held to it; not
    /// a number, none) and `progress-visible`; the rest (count, urgent) ignored.
    public mutating func apply(progress newProgress: Double?, visible newVisible: Bool?) {
        if let newProgress { progress = newProgress.isFinite ? min(1, max(0, newProgress)) : nil }
        if let newVisible { visible = newVisible }
    }

    /// Whether it shows: its progress visible and a number.
    public var shown: Bool { visible && progress != nil }

    /// The owner of its activity: `launcher:` and the app's id (at most 64 characters).
    public var owner: String { String(("launcher:" + appID).unicodeScalars.prefix(64)) }

    /// Its activity's attributes: the app by its desktop entry (`name`: the entry's Name, read
    /// by the adapter), a source's, below a Pomodoro.
    public func attributes(name: String) -> ActivityState {
        [
            "title": .string(SourceText.clean(name, limit: 120)), "source": .bool(true), "relevance": .double(Self.relevance),
            "app_id": .string(appID),
        ]
    }

    /// Its state: running, the progress to the percent (a finer change is not worth a call).
    public func state(at now: USec) -> ActivityState? {
        guard shown, let progress else { return nil }
        return [
            "status": .string("running"), "progress": .double((progress * 100).rounded(.down) / 100), "updated_at_usec": .uint64(now),
        ]
    }

    /// The name a desktop entry's text gives (`Name=` of its `[Desktop Entry]` group, the
    /// untranslated one); nil where it has none.
    public static func name(inDesktopEntry text: String) -> String? {
        var inGroup = false
        for line in text.prefix(65536).split(whereSeparator: \.isNewline) {
            if line.hasPrefix("[") {
                if inGroup { return nil }
                inGroup = line == "[Desktop Entry]"
            } else if inGroup, line.hasPrefix("Name=") {
                let name = SourceText.clean(String(line.dropFirst(5)), limit: 120)
                return name.isEmpty ? nil : name
            }
        }
        return nil
    }
}
