import IsletCore
import Translation

/// The app's Preferences window: live activities on or off (the seed's authorization, isletd's
/// `Enabled`), how long a finished timer and a reached goal stay (isletd's linger settings),
/// and islet-notify's style and surfaces (its own properties, org.islet.Notify1). Pure: the
/// facts in, what the page shows.
public struct PreferencesModel: Equatable, Sendable {
    public struct Facts: Equatable, Sendable {
        public var activitiesEnabled: Bool
        public var lingerSeconds: UInt32
        public var goalReachedLingerSeconds: UInt32
        /// islet-notify's settings as it says them; nil while it is not on the bus.
        public var notify: Notify?
        /// isletd's fasting settings (contract 1.3): stages shown and announced, neutral mode.
        public var showStages = false
        public var announceStages = false
        public var neutralMode = false

        public init(activitiesEnabled: Bool, lingerSeconds: UInt32, goalReachedLingerSeconds: UInt32, notify: Notify?) {
            self.activitiesEnabled = activitiesEnabled
            self.lingerSeconds = lingerSeconds
            self.goalReachedLingerSeconds = goalReachedLingerSeconds
            self.notify = notify
        }
    }

    /// islet-notify's settings: its Style, its surfaces, and what is wrong with its config file
    /// ("" when nothing).
    public struct Notify: Equatable, Sendable {
        public var minimalStyle: Bool
        public var switches: [Switch: Bool]
        public var problem: String

        public init(minimalStyle: Bool, switches: [Switch: Bool], problem: String) {
            self.minimalStyle = minimalStyle
            self.switches = switches
            self.problem = problem
        }
    }

    /// islet-notify's settings the page offers as switches, by their property's name on
    /// org.islet.Notify1: where it shows the activity (``surfaces``) and what it reads from
    /// other apps (``sources``, contract 1.4).
    public enum Switch: String, CaseIterable, Equatable, Sendable {
        case lockScreen = "LockScreen"
        case mediaPlayer = "MediaPlayer"
        case kdeJobs = "KdeJobs"
        case players = "Players"
        case pomodoro = "Pomodoro"

        public static let surfaces: [Switch] = [.lockScreen, .mediaPlayer, .kdeJobs]
        public static let sources: [Switch] = [.players, .pomodoro]

        /// The switch row's title: "Lock Screen", ...
        public var title: String {
            switch self {
            case .lockScreen: tr("Lock Screen")
            case .mediaPlayer: tr("Media Controls")
            case .kdeJobs: tr("Plasma Progress")
            case .players: tr("Media Players")
            case .pomodoro: tr("Pomodoro Apps")
            }
        }

        /// Where that is, under the title.
        public var subtitle: String {
            switch self {
            case .lockScreen: tr("GNOME's lock screen, while a fast or timer runs")
            case .mediaPlayer: tr("Lock screens and media widgets show it as something playing")
            case .kdeJobs: tr("Plasma's notification area, as a task in progress")
            case .players: tr("What plays, in the top bar and panels, below your fasts and timers")
            case .pomodoro: tr("Focus Timer's and Pomodoro's blocks, in the top bar and panels")
            }
        }
    }

    public var activitiesEnabled: Bool
    public var showStages: Bool
    public var announceStages: Bool
    public var neutralMode: Bool
    public var minimalStyle: Bool
    public var switches: [Switch: Bool]
    /// Whether islet-notify is there to change its settings.
    public var notifyRunning: Bool
    /// Under islet-notify's settings: why they cannot be changed now, nil when they can.
    public var notifyNote: String?
    /// "5 seconds", as the field shows it.
    public var linger: String
    /// "Until the fast stops" for 0, else "1 minute".
    public var goalLinger: String

    public init(_ facts: Facts) {
        activitiesEnabled = facts.activitiesEnabled
        showStages = facts.showStages
        announceStages = facts.announceStages
        neutralMode = facts.neutralMode
        minimalStyle = facts.notify?.minimalStyle ?? false
        var switches: [Switch: Bool] = [:]
        for item in Switch.allCases { switches[item] = facts.notify?.switches[item] ?? true }
        self.switches = switches
        notifyRunning = facts.notify != nil
        if let notify = facts.notify {
            notifyNote = notify.problem.isEmpty ? nil : tr("Fix islet's config file to change these here: %s", notify.problem)
        } else {
            notifyNote = tr("islet-notify is not running: it shows these and keeps them.")
        }
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
}
