import IsletCore
import Translation

/// The app's Preferences window: live activities on or off (the seed's authorization, isletd's
/// `Enabled`), how long a finished timer and a reached goal stay (isletd's linger settings),
/// and islet-notify's style and surfaces, kept in its config.toml. Pure: the facts in, what
/// the page shows and the lines to write out.
public struct PreferencesPage: Equatable, Sendable {
    public struct Facts: Equatable, Sendable {
        public var activitiesEnabled: Bool
        public var lingerSeconds: UInt32
        public var goalReachedLingerSeconds: UInt32
        /// islet-notify's config.toml as it is ("" when there is none).
        public var config: String
        /// isletd's fasting settings (contract 1.3): stages shown and announced, neutral mode.
        public var showStages = false
        public var announceStages = false
        public var neutralMode = false

        public init(activitiesEnabled: Bool, lingerSeconds: UInt32, goalReachedLingerSeconds: UInt32, config: String) {
            self.activitiesEnabled = activitiesEnabled
            self.lingerSeconds = lingerSeconds
            self.goalReachedLingerSeconds = goalReachedLingerSeconds
            self.config = config
        }
    }

    /// islet-notify's settings the page offers: its config key, and its default.
    public enum Switch: String, CaseIterable, Equatable, Sendable {
        case lockScreen = "lock_screen"
        case mediaPlayer = "media_player"
        case kdeJobs = "kde_jobs"

        /// The switch row's title: "Lock Screen", ...
        public var title: String {
            switch self {
            case .lockScreen: tr("Lock Screen")
            case .mediaPlayer: tr("Media Controls")
            case .kdeJobs: tr("Plasma Progress")
            }
        }

        /// Where that is, under the title.
        public var subtitle: String {
            switch self {
            case .lockScreen: tr("GNOME's lock screen, while a fast or timer runs")
            case .mediaPlayer: tr("Lock screens and media widgets show it as something playing")
            case .kdeJobs: tr("Plasma's notification area, as a task in progress")
            }
        }
    }

    public var activitiesEnabled: Bool
    public var showStages: Bool
    public var announceStages: Bool
    public var neutralMode: Bool
    public var minimalStyle: Bool
    public var switches: [Switch: Bool]
    /// "5 seconds", as the field shows it.
    public var linger: String
    /// "Until the fast stops" for 0, else "1 minute".
    public var goalLinger: String

    public init(_ facts: Facts) {
        activitiesEnabled = facts.activitiesEnabled
        showStages = facts.showStages
        announceStages = facts.announceStages
        neutralMode = facts.neutralMode
        minimalStyle = ConfigText.value(facts.config, key: "style") == "\"minimal\""
        var switches: [Switch: Bool] = [:]
        for item in Switch.allCases { switches[item] = ConfigText.value(facts.config, key: item.rawValue) != "false" }
        self.switches = switches
        linger = Format.duration(seconds: UInt64(facts.lingerSeconds))
        goalLinger = facts.goalReachedLingerSeconds == 0 ? "0" : Format.duration(seconds: UInt64(facts.goalReachedLingerSeconds))
    }

    /// A linger typed as islet reads durations ("5s", "1m", "0"), within `range`; nil otherwise.
    public static func seconds(_ text: String, in range: ClosedRange<UInt32>) -> UInt32? {
        let trimmed = text.trimmingWhitespace()
        let seconds: UInt64? = trimmed == "0" ? 0 : Format.parseDuration(trimmed)
        guard let seconds, seconds <= UInt64(range.upperBound), range.contains(UInt32(seconds)) else { return nil }
        return UInt32(seconds)
    }

    /// The config with `style` set.
    public static func config(_ text: String, minimal: Bool) -> String {
        ConfigText.setting(text, key: "style", to: minimal ? "\"minimal\"" : "\"standard\"")
    }

    /// The config with a surface turned on or off.
    public static func config(_ text: String, _ item: Switch, on: Bool) -> String {
        ConfigText.setting(text, key: item.rawValue, to: on ? "true" : "false")
    }

    /// The config with the linger settings islet-notify sets on isletd when it starts (so
    /// that its next start keeps what the page chose).
    public static func config(_ text: String, linger: UInt32? = nil, goalReachedLinger: UInt32? = nil) -> String {
        var text = text
        if let linger { text = ConfigText.setting(text, key: "linger_seconds", to: "\(linger)") }
        if let goalReachedLinger { text = ConfigText.setting(text, key: "goal_reached_linger_seconds", to: "\(goalReachedLinger)") }
        return text
    }
}
