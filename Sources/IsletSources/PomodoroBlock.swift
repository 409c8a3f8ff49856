import IsletCore
import Translation

/// A Pomodoro app's current block (a Pomodoro, a short or a long break), as ``FocusTimer``
/// and ``GnomePomodoro`` read it from their programs: pure.
public struct PomodoroBlock: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case pomodoro
        case shortBreak = "short-break"
        case longBreak = "long-break"

        /// The block's name as the apps say it ("Short Break"), in the user's language.
        public var name: String {
            switch self {
            case .pomodoro: tr("Pomodoro")
            case .shortBreak: tr("Short Break")
            case .longBreak: tr("Long Break")
            }
        }
    }

    public var kind: Kind
    /// Its length and the time spent in it at the moment it was read, in microseconds.
    public var duration: UInt64
    public var elapsed: UInt64
    public var paused: Bool
    /// Its time is up (the app waits for the next block to be started).
    public var finished = false

    public init(kind: Kind, duration: UInt64, elapsed: UInt64, paused: Bool, finished: Bool = false) {
        self.kind = kind
        self.duration = duration
        self.elapsed = min(elapsed, duration)
        self.paused = paused
        self.finished = finished
    }
}

/// A Pomodoro app's block as a source's activity (contract 1.4): its countdown as timestamps,
/// so that every surface counts it as the app does, to the second.
public enum PomodoroActivity {
    /// Above a song (0.3): a block that ends at a set time is what the user must not miss.
    public static let relevance = 0.6

    public static func attributes(appName: String, appID: String) -> ActivityState {
        ["title": .string(appName), "source": .bool(true), "relevance": .double(relevance), "app_id": .string(appID)]
    }

    /// What the block shows, read at `now`.
    public static func state(_ block: PomodoroBlock, at now: USec) -> ActivityState {
        let remaining = block.duration - block.elapsed
        let running = !block.paused && !block.finished
        var state: ActivityState = [
            "status": .string(block.finished ? "completed" : block.paused ? "paused" : "running"),
            "title": .string(block.kind.name),
            "started_at_usec": .uint64(now > block.elapsed ? now - block.elapsed : 0),
            "ends_at_usec": .uint64(running ? now + remaining : 0),
            "elapsed_usec": .uint64(block.elapsed),
            "remaining_usec": .uint64(block.finished ? 0 : remaining),
            "total_usec": .uint64(block.duration),
            "progress": .double(block.duration > 0 ? Double(block.elapsed) / Double(block.duration) : 0),
            "updated_at_usec": .uint64(now),
        ]
        if !block.finished { state["actions"] = .string(block.paused ? "resume skip" : "pause skip") }
        return state
    }
}
