/// What one notification server does with a live notification, kept as data in one place and
/// chosen from `GetServerInformation` and `GetCapabilities`. The facts are first-hand, from each
/// real server (docs/DESKTOPS.md); a server not listed gets the safest profile.
public struct ServerProfile: Equatable, Sendable {
    /// How progress reaches the user.
    public enum Progress: Equatable, Sendable {
        /// The `value` hint (int32), drawn as a bar beside the text.
        case hint
        /// A percentage in the text: the server ignores `value`, or hides the text for it.
        case text
    }

    public struct Traits: Equatable, Sendable {
        /// `x-dunst-stack-tag` / `x-canonical-private-synchronous` beside `replaces_id`.
        /// Never for mako 1.7, which frees the notification twice and crashes (its issue #653).
        public var stackTags: Bool
        public var progress: Progress
        /// Replacing the notification once a second leaves it usable. GNOME drops a banner's
        /// buttons after the first replacement: there a countdown shows its end time and
        /// changes once a minute, and the panel carries the seconds.
        public var everySecond: Bool
        /// Low-urgency updates are never seen (GNOME: no banner, and a changed urgency applies
        /// only from the next update), so a pause, a resume or a phase goes out as a fresh
        /// notification at normal urgency.
        public var freshOnChange: Bool
        /// Colours by hint (`fgcolor`, `bgcolor`, `frcolor`) and markup in the summary.
        public var colourHints: Bool
        /// Plays `sound-name` without saying `sound` in its capabilities.
        public var playsSound: Bool
        /// An update in place must keep the urgency the notification was posted with: GNOME
        /// 48 and later leave a notification whose urgency changed invisible in the message
        /// list, buttons and all (`messageList.js` moves it as if it had been critical). There
        /// an update at another urgency is posted afresh instead.
        public var keepsUrgency = false
        /// The lock screen needs a notice of its own to show the activity current
        /// (``LockScreenNotice``). GNOME's lists only notifications not seen yet, and redraws
        /// its list only when their number changes: 43 leaves a seen live notification off it,
        /// and 46 and later (which mark every update in place unseen) list it with the text it
        /// had when it came back, frozen (seen on 48.7: a minimal "9:59" that never moved).
        public var lockScreenNotice = false
        /// The lock screen shows MPRIS players (GNOME 49 and later): there islet's player
        /// (``MediaPlayer``) is the activity on the lock screen, counting each second, and a
        /// notice beside it would show it twice.
        public var lockScreenPlayers = false
        /// A replaced notification never re-arms the banner's timeout (Phosh): a notification
        /// that never expires would sit over a phone's screen for the whole timer, so the live
        /// one always takes the server's own timeout there.
        public var bannerStaysWhileReplaced = false
        /// The screen wakes only for critical urgency (Phosh's default): a timer's end, the one
        /// moment an alarm clock would wake it, is announced critical there.
        public var wakesOnlyForCritical = false
        /// The lock screen shows a notification's body only when it has a button the desktop
        /// entry lists (Phosh's X-Phosh-Lockscreen-Actions): an announcement with none gets OK,
        /// so that "00:00 · Done" is read there, not the title alone.
        public var lockScreenBodyNeedsAction = false
        /// org.gnome.ScreenSaver's "Active" means the screen is blanked, not locked (Phosh): the
        /// lock is logind's LockedHint (``SessionLock``).
        public var screenSaverMeansBlanked = false
        /// The server heads a notification with its app_name and needs one (GNOME): 46 and
        /// later write "Unknown App" over a nameless one, and 46.0 and 46.1 (Ubuntu 24.04 as
        /// released) cannot lock the screen while one is listed: their unlock dialog throws on
        /// the nameless source, leaving the shell grabbed and the screen unlocked (fixed in
        /// 46.2, "unlockDialog: Bind source titles"). Plasma heads every popup too, a nameless
        /// one with the sending program's name ("islet-notify", seen on 6.7). So the minimal
        /// style names itself there.
        public var needsAppName = false
    }

    /// The name the server gave (`GetServerInformation`), "" when unknown.
    public var name: String
    public var version: String
    public var capabilities: ServerCapabilities
    public var traits: Traits

    /// Servers seen first hand, by the name they give.
    public static let known: [String: Traits] = [
        "dunst": Traits(stackTags: true, progress: .hint, everySecond: true, freshOnChange: false, colourHints: true, playsSound: false),
        "Xfce Notify Daemon": Traits(stackTags: true, progress: .text, everySecond: true, freshOnChange: false, colourHints: false, playsSound: true),
        "mako": Traits(stackTags: false, progress: .hint, everySecond: true, freshOnChange: false, colourHints: false, playsSound: false),
        "SwayNotificationCenter": Traits(stackTags: true, progress: .hint, everySecond: true, freshOnChange: false, colourHints: false, playsSound: true),
        "gnome-shell": Traits(stackTags: false, progress: .text, everySecond: false, freshOnChange: true, colourHints: false, playsSound: true),
        "Plasma": Traits(
            stackTags: false, progress: .text, everySecond: true, freshOnChange: false, colourHints: false, playsSound: false, needsAppName: true),
        // Phosh 0.46 (docs/DESKTOPS.md; shared/design/desktops.md): banners update in place,
        // capabilities actions, body, body-markup, icon-static, sound.
        "Phosh Notify Daemon": Traits(
            stackTags: false, progress: .text, everySecond: true, freshOnChange: false, colourHints: false, playsSound: true,
            bannerStaysWhileReplaced: true, wakesOnlyForCritical: true, lockScreenBodyNeedsAction: true,
            screenSaverMeansBlanked: true),
    ]

    /// For a server islet does not know, or one that crashed on us: replaces_id alone, progress
    /// as text, nothing a server could choke on.
    public static let safest = Traits(stackTags: false, progress: .text, everySecond: true, freshOnChange: false, colourHints: false, playsSound: false)

    public init(name: String, version: String, capabilities: ServerCapabilities) {
        self.name = name
        self.version = version
        self.capabilities = capabilities
        // GNOME 46.0 says body-markup but shows the tags as text ("<b>Until 20:07 · 2 min
        // left</b>", seen on Ubuntu 24.04 as released): its daemon set a property its
        // notifications had renamed (fixed in 46.1). Ubuntu's updated 46.0 has the fix and says
        // the same version, so there the text goes plain too.
        if name == "gnome-shell", version == "46.0" { self.capabilities.names.remove("body-markup") }
        traits = Self.traits(name: name, version: version)
    }

    /// The traits of `name` at `version`, where a server changed what it does (from its code
    /// and first-hand runs: GNOME 43, 48.7 and 51.0, docs/DESKTOPS.md).
    public static func traits(name: String, version: String) -> Traits {
        guard var traits = known[name] else { return safest }
        if name == "gnome-shell" {
            traits.lockScreenNotice = true
            traits.needsAppName = true
            // An unknown version is taken as the oldest.
            traits.keepsUrgency = (Self.major(version) ?? 0) >= 48
            traits.lockScreenPlayers = (Self.major(version) ?? 0) >= 49
        }
        return traits
    }

    /// 48 of "48.7", nil when the version does not start with a number.
    static func major(_ version: String) -> Int? {
        Int(version.prefix { $0.isNumber })
    }

    /// Until the server has said who it is.
    public static let unknown = ServerProfile(name: "", version: "", capabilities: .unknown)

    /// The same server, with the safest hints (after it crashed right after our notifications).
    public var safe: ServerProfile {
        var copy = self
        copy.traits = Self.safest
        return copy
    }

    /// `sound-name` is worth sending.
    public var sound: Bool { capabilities.names.contains("sound") || traits.playsSound }

    /// "mako 1.7.1", "an unnamed server".
    public var label: String {
        name.isEmpty ? "an unnamed server" : version.isEmpty ? name : name + " " + version
    }
}
