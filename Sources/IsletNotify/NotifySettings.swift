/// How the bridge presents the activity: read from config.toml, overridden by flags.
public struct NotifySettings: Equatable, Sendable {
    public enum Style: String, Sendable, Equatable, CaseIterable {
        /// Title, time, phase, progress, buttons, icon.
        case standard
        /// The time alone, monochrome, nothing to tap.
        case minimal
    }

    public var style: Style = .standard
    /// Urgency of in-place updates (a fresh notification and alerts are normal).
    public var updateUrgency: Urgency = .low
    /// Pause / Resume / Stop buttons in the standard style, where the server offers actions.
    public var buttons = true
    /// Sound allowed for goal reached and timer completion (standard style only).
    public var sound = true
    /// A running timer's notification stays on screen until it ends (fasts always expire).
    public var timerOnScreen = true
    /// Goal reached and a timer's end stay in the server's history until dismissed.
    public var keepCompletion = true
    /// The activity as an MPRIS player too (media widgets, lock screens, playerctl; media keys
    /// reach it).
    public var mediaPlayer = true
    /// Where Plasma's job server runs, the activity as a KDE job in its progress area (the
    /// standard style; the notifications then carry only the moments).
    public var kdeJobs = true
    /// On GNOME Shell, while the session is locked, the activity as a notification its lock
    /// screen shows (posted afresh as its text changes, once a minute).
    public var lockScreen = true
    /// Media players (MPRIS) shown on the island as sources' activities (contract 1.4): what
    /// plays, below what the user started. Not a surface: islet-notify runs the source.
    public var players = true
    /// Pomodoro apps (Focus Timer, gnome-pomodoro) shown on the island as sources' activities:
    /// the block and its countdown, above a song, below what the user started.
    public var pomodoro = true
    /// A command typed in a shell with islet's hook (`islet init`) that runs longer than
    /// `longCommandSeconds` shown on the island as the user's own activity, its end announced;
    /// programs named in `longCommandIgnore` never.
    public var longCommands = true
    /// An app's progress as docks draw it (com.canonical.Unity.LauncherEntry: Electron's
    /// setProgressBar, Qt's and libunity's apps) shown on the island as that app's: a source's
    /// activity, above a song, below a Pomodoro and what the user started.
    public var appProgress = true
    public var longCommandSeconds: UInt32 = 10
    public var longCommandIgnore: [String] = []
    /// LiveActivity.LingerSeconds and GoalReachedLingerSeconds, set on isletd when islet-notify
    /// starts (nil: leave them as they are).
    public var lingerSeconds: UInt32?
    public var goalReachedLingerSeconds: UInt32?
    public var icons = Icons()
    /// A click on the notification (its `default` action) opens islet's app on the activity's
    /// page. Not read from the config file: islet-notify sets it at start when the app is
    /// installed or running (``AppLink/isAvailable(on:)``); standard style only.
    public var openApp = false

    /// freedesktop icon names (or paths) for the standard style: monochrome symbolic icons that
    /// both Adwaita (GNOME) and Breeze (Plasma) have.
    public struct Icons: Equatable, Sendable {
        public var fast = "appointment-soon-symbolic"
        public var goalReached = "object-select-symbolic"
        public var timer = "alarm-symbolic"
        public var paused = "media-playback-pause-symbolic"
        public var completed = "object-select-symbolic"
        public var custom = "media-playback-start-symbolic"
        /// A program's activity that ended in failure (`islet run` of a command that failed).
        public var failed = "dialog-error-symbolic"
    }

    public init() {}
}

extension NotifySettings {
    /// Whether surfaces made for `other` would show the activity as these do: every setting
    /// but the linger ones (isletd's, only passed on) and the sources' and long commands' (no surface's).
    public func showsAlike(_ other: NotifySettings) -> Bool {
        var mine = self
        var theirs = other
        (mine.lingerSeconds, mine.goalReachedLingerSeconds, mine.players, mine.pomodoro) = (nil, nil, true, true)
        (theirs.lingerSeconds, theirs.goalReachedLingerSeconds, theirs.players, theirs.pomodoro) = (nil, nil, true, true)
        (mine.longCommands, mine.longCommandSeconds, mine.longCommandIgnore, mine.appProgress) = (true, 10, [], true)
        (theirs.longCommands, theirs.longCommandSeconds, theirs.longCommandIgnore, theirs.appProgress) = (true, 10, [], true)
        return mine == theirs
    }
}
