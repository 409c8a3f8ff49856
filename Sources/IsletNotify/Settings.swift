/// How the bridge presents the activity: read from config.toml, overridden by flags.
public struct BridgeSettings: Equatable, Sendable {
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
    public var icons = Icons()

    /// freedesktop icon names (or paths) for the standard style.
    public struct Icons: Equatable, Sendable {
        public var fast = "appointment-soon"
        public var goalReached = "emblem-ok-symbolic"
        public var timer = "alarm-symbolic"
        public var paused = "media-playback-pause-symbolic"
        public var completed = "emblem-ok-symbolic"
        public var custom = "dialog-information"
    }

    public init() {}
}
