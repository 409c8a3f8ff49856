import DBus
import IsletCore

/// Focus Timer (gnome-pomodoro's successor; Debian unstable's `focus-timer`): its
/// `io.github.focustimerhq.FocusTimer.Timer` interface. The timer is timestamps in wall-clock
/// microseconds (-1: none): the time spent is (the pause, the finish or now, whichever comes
/// first) − StartedTime − Offset, within 0 ... Duration, as the app computes it. It signals a
/// change of them with PropertiesChanged; its `tick` each second is not followed.
public enum FocusTimer: PomodoroApp {
    public static let busName = "io.github.focustimerhq.FocusTimer"
    public static let path: ObjectPath = "/io/github/focustimerhq/FocusTimer"
    public static let interface = "io.github.focustimerhq.FocusTimer.Timer"
    public static let appID = "io.github.focustimerhq.FocusTimer"
    public static let appName = "Focus Timer"
    public static let owner = "focus-timer"

    public static func block(_ properties: [String: ReadValue], at now: USec) -> PomodoroBlock? {
        func time(_ name: String) -> Int64? {
            guard case .int64(let value)? = properties[name]?.value, value >= 0 else { return nil }
            return value
        }
        guard case .string(let state)? = properties["State"]?.value, let kind = PomodoroBlock.Kind(rawValue: state),
            let started = time("StartedTime"), let duration = time("Duration")
        else { return nil }
        let paused = time("PausedTime")
        let finished = time("FinishedTime")
        let until = [Int64(clamping: now), paused, finished].compactMap { $0 }.min() ?? Int64(clamping: now)
        // Numbers no timer has (a start or an offset near Int64's end) are no block, never a trap.
        let (sinceStart, overflowA) = until.subtractingReportingOverflow(started)
        let (elapsed, overflowB) = sinceStart.subtractingReportingOverflow(time("Offset") ?? 0)
        guard !overflowA, !overflowB else { return nil }
        return PomodoroBlock(
            kind: kind, duration: UInt64(duration), elapsed: UInt64(max(0, min(elapsed, duration))), paused: paused != nil && finished == nil,
            finished: finished != nil)
    }
}
