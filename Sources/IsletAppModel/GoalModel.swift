import IsletCore
import Translation

/// The app's Goal page (DFG-001 to DFG-003, DFG-005): the daily goal, clearly marked among the
/// four presets with the seed's descriptions, a custom duration, or no goal. Pure.
public struct GoalModel: Equatable, Sendable {
    public struct Choice: Equatable, Sendable {
        /// "16:8 · 16 hours"
        public var title: String
        /// The seed's description of the preset.
        public var subtitle: String
        public var goalSeconds: UInt64
        public var selected: Bool
    }

    /// "Goal: 16 hours", "Goal: 15 hours 30 minutes", "No goal".
    public var current: String
    public var presets: [Choice]
    /// The goal is none of the presets (and not none): the custom row is the chosen one.
    public var customSelected: Bool
    public var noGoalSelected: Bool
    /// The custom row's hours and minutes, from the current goal (16 h when there is none).
    public var customHours: UInt64
    public var customMinutes: UInt64

    public init(presets: [Preset], goalSeconds: UInt64) {
        current = goalSeconds > 0 ? Format.goal(seconds: goalSeconds) : tr("No goal")
        self.presets = presets.map {
            Choice(
                title: GoalModel.title($0), subtitle: $0.description,
                goalSeconds: $0.goalSeconds, selected: $0.goalSeconds == goalSeconds)
        }
        noGoalSelected = goalSeconds == 0
        customSelected = goalSeconds > 0 && !presets.contains { $0.goalSeconds == goalSeconds }
        customHours = goalSeconds > 0 ? goalSeconds / 3600 : 16
        customMinutes = goalSeconds > 0 ? goalSeconds / 60 % 60 : 0
    }

    /// "16:8 · 16 hours", "OMAD · 1 day"; a preset named by its length alone ("36 h") by its
    /// length in words: "36 hours".
    static func title(_ preset: Preset) -> String {
        let length = Format.duration(seconds: preset.goalSeconds)
        guard preset.schedule.contains(":") || preset.schedule.first?.isLetter == true else { return length }
        return preset.schedule + " · " + length
    }

    /// The custom duration as isletd takes it; nil when out of its range (60 s to 7 days).
    public static func customSeconds(hours: UInt64, minutes: UInt64) -> UInt64? {
        let seconds = hours * 3600 + minutes * 60
        return Limits.goalSeconds.contains(seconds) ? seconds : nil
    }
}
