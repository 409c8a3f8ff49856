import DBus
import IsletCore

/// gnome-pomodoro (Debian 12's 0.22, 13's 0.27): its `org.gnome.Pomodoro` interface. `State`
/// (pomodoro, short-break, long-break; "null" when stopped), `StateDuration` and `Elapsed` in
/// seconds, the latter as of the moment it was sent (the app sends it each second while a block
/// runs: those changes say nothing new and send nothing to isletd), `IsPaused`.
public enum GnomePomodoro: PomodoroApp {
    public static let busName = "org.gnome.Pomodoro"
    public static let path: ObjectPath = "/org/gnome/Pomodoro"
    public static let interface = "org.gnome.Pomodoro"
    public static let appID = "org.gnome.Pomodoro"
    public static let appName = "Pomodoro"
    public static let owner = "gnome-pomodoro"

    public static func block(_ properties: [String: ReadValue], at now: USec) -> PomodoroBlock? {
        guard case .string(let state)? = properties["State"]?.value, let kind = PomodoroBlock.Kind(rawValue: state),
            case .double(let seconds)? = properties["StateDuration"]?.value, seconds.isFinite, seconds > 0,
            let read = properties["Elapsed"], case .double(let elapsedSeconds) = read.value, elapsedSeconds.isFinite
        else { return nil }
        let paused = properties["IsPaused"]?.value == .boolean(true)
        let duration = UInt64(min(seconds, 7 * 86400) * 1_000_000)
        var elapsed = UInt64(max(0, min(elapsedSeconds, 7 * 86400)) * 1_000_000)
        // Counted on from when it was read, unless paused.
        if !paused, now > read.at { elapsed += now - read.at }
        return PomodoroBlock(kind: kind, duration: duration, elapsed: elapsed, paused: paused, finished: elapsed >= duration)
    }
}
