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
            return
        }
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
