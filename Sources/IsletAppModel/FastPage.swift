import IsletCore
import Translation

/// What the app's Fast page shows for a fast's facts at one moment (FR-001 to FR-004, DFG-004):
/// pure, as ``ActivityView`` is for the surfaces. The GTK code only puts these texts on screen.
public struct FastPage: Equatable, Sendable {
    /// What isletd says of the fast (Fasting's properties).
    public struct Facts: Equatable, Sendable {
        public var fasting: Bool
        public var startedAt: USec
        /// The running fast's goal; 0 when it has none.
        public var goalSeconds: UInt64
        /// The goal the next fast takes.
        public var dailyGoalSeconds: UInt64

        public init(fasting: Bool, startedAt: USec, goalSeconds: UInt64, dailyGoalSeconds: UInt64) {
            self.fasting = fasting
            self.startedAt = startedAt
            self.goalSeconds = goalSeconds
            self.dailyGoalSeconds = dailyGoalSeconds
        }

        public static let notFasting = Facts(fasting: false, startedAt: 0, goalSeconds: 0, dailyGoalSeconds: 0)
    }

    /// The time fasted, "03:12:09"; "00:00:00" when not fasting (FR-002, FR-004).
    public var elapsed: String
    /// "Goal in 12:47:51", "Goal Reached!", or nil (no goal).
    public var goalLine: String?
    public var goalReached: Bool
    /// "Goal: 16 hours", "No goal"; for a fast not started, the daily goal it will take.
    public var goalLabel: String
    /// Inactive: how to begin (FR-001).
    public var hint: String?
    /// 0 ... 1 of the goal; nil without a goal.
    public var progress: Double?
    /// The one prominent button: "Start Fast" or "Stop Fast".
    public var buttonLabel: String
    public var buttonStops: Bool
    /// When the text next changes by itself (each whole second of the fast); nil: never.
    public var nextChange: USec?
    /// While a fast runs: its goal changed at once (DI-006 B), the seed's four presets and none.
    public var goalChoices: [GoalChoice]

    /// One of the running fast's goals to change to: "16 h", said "This fast's goal: 16 hours".
    public struct GoalChoice: Equatable, Sendable {
        public var label: String
        public var name: String
        /// 0: no goal.
        public var seconds: UInt64
        public var selected: Bool
    }

    /// A fast that began before the button was pressed ("I started 2 hours ago").
    public enum EarlierStart: Equatable, Sendable {
        case at(USec)
        case invalid(String)
    }

    /// "2h", "1h30m", "45m" ago, as a start time; at most 7 days back (isletd checks the rest:
    /// not before the last fast's end).
    public static func earlierStart(_ text: String, now: USec) -> EarlierStart {
        guard let seconds = Format.parseDuration(text), seconds > 0, seconds <= Limits.goalSeconds.upperBound,
            seconds * usecPerSecond < now
        else {
            return .invalid(tr("Write how long ago the fast began, like 2h or 1h30m (at most 7 days)."))
        }
        return .at(now - seconds * usecPerSecond)
    }

    public init(_ facts: Facts, now: USec) {
        guard facts.fasting, facts.startedAt > 0 else {
            elapsed = Format.hms(seconds: 0, padHours: true)
            goalLine = nil
            goalReached = false
            goalLabel = facts.dailyGoalSeconds > 0 ? Format.goal(seconds: facts.dailyGoalSeconds) : tr("No goal")
            hint = tr("Press Start to begin a fast.")
            progress = nil
            buttonLabel = tr("Start Fast")
            buttonStops = false
            nextChange = nil
            goalChoices = []
            return
        }
        // The seed's four at hand (the Goal page has the rest), and none.
        goalChoices =
            Presets.all.prefix(4).map {
                GoalChoice(
                    label: tr("%d h", "\($0.goalSeconds / 3600)"), name: tr("This fast's goal: %s", Format.duration(seconds: $0.goalSeconds)),
                    seconds: $0.goalSeconds, selected: $0.goalSeconds == facts.goalSeconds)
            } + [GoalChoice(label: tr("None"), name: tr("This fast without a goal"), seconds: 0, selected: facts.goalSeconds == 0)]
        let fasted = now > facts.startedAt ? (now - facts.startedAt) / usecPerSecond : 0
        elapsed = Format.hms(seconds: fasted, padHours: true)
        hint = nil
        buttonLabel = tr("Stop Fast")
        buttonStops = true
        nextChange = facts.startedAt + (fasted + 1) * usecPerSecond
        if facts.goalSeconds > 0 {
            goalReached = fasted >= facts.goalSeconds
            goalLine = goalReached ? tr("Goal Reached!") : Format.goalIn(seconds: facts.goalSeconds - fasted)
            goalLabel = Format.goal(seconds: facts.goalSeconds)
            progress = min(1, Double(fasted) / Double(facts.goalSeconds))
        } else {
            goalReached = false
            goalLine = nil
            goalLabel = tr("No goal")
            progress = nil
        }
    }
}
