import Translation

/// The fast that is running now.
public struct RunningFast: Equatable, Sendable, Codable {
    public var id: UInt64
    public var startedAt: USec
    /// The fast's own goal, 0 = none (captured from the daily goal when it started).
    public var goalSeconds: UInt64
    /// When GoalReached was reported (start + goal), 0 = not yet.
    public var goalReachedAt: USec = 0
    /// The stages announced (StageReached) so far: the index of the last one, 0 = none yet.
    public var announcedStage: UInt32 = 0
    /// Its activity was dismissed (End) or its goal-reached linger ran out: it does not take the
    /// island back until a new fast starts.
    public var dismissed = false

    public init(id: UInt64, startedAt: USec, goalSeconds: UInt64) {
        self.id = id
        self.startedAt = startedAt
        self.goalSeconds = goalSeconds
    }

    /// When the goal passes, nil with no goal.
    public var goalEnd: USec? { goalSeconds == 0 ? nil : startedAt &+ goalSeconds &* usecPerSecond }
    public var goalReached: Bool { goalReachedAt != 0 }
}

extension RunningFast {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(UInt64.self, forKey: .id)
        startedAt = try c.decode(USec.self, forKey: .startedAt)
        goalSeconds = try c.decode(.goalSeconds, or: 0)
        goalReachedAt = try c.decode(.goalReachedAt, or: 0)
        announcedStage = try c.decode(.announcedStage, or: 0)
        dismissed = try c.decode(.dismissed, or: false)
    }
}

/// The fast stopped last, kept for a while so that a mistaken stop can be undone.
public struct StoppedFast: Equatable, Sendable, Codable {
    /// The fast as it ran (goal, goal reached, dismissed).
    public var fast: RunningFast
    /// When the stop was made (StopFastAt may have ended the fast earlier).
    public var stoppedAt: USec
    /// Who asked for it (the service's word for the caller: its unique bus name); nil when not
    /// known (a state written before contract 1.4).
    public var stoppedBy: String?
}

/// A fast in the history.
public struct CompletedFast: Equatable, Sendable, Codable {
    public var id: UInt64
    public var startedAt: USec
    public var endedAt: USec
    public var goalSeconds: UInt64

    public init(id: UInt64, startedAt: USec, endedAt: USec, goalSeconds: UInt64) {
        self.id = id
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.goalSeconds = goalSeconds
    }

    public var duration: UInt64 { endedAt - startedAt }
    /// Lasted at least its own non-zero goal.
    public var metGoal: Bool { goalSeconds > 0 && duration >= goalSeconds &* usecPerSecond }
}

public struct Preset: Equatable, Sendable {
    public var goalSeconds: UInt64
    public var schedule: String
    public var description: String

    public init(goalSeconds: UInt64, schedule: String, description: String) {
        self.goalSeconds = goalSeconds
        self.schedule = schedule
        self.description = description
    }
}

public enum Presets {
    /// The seed's four first, with their descriptions, then shorter and longer ones. Built at
    /// each use: the descriptions are in the user's language.
    public static var all: [Preset] {
        [
            Preset(goalSeconds: 50400, schedule: "14:10", description: tr("A gentle start to time-restricted eating.")),
            Preset(
                goalSeconds: 57600, schedule: "16:8",
                description: tr("A popular choice, may aid weight management and blood sugar control.")),
            Preset(
                goalSeconds: 64800, schedule: "18:6", description: tr("A longer fast, potentially enhancing fat burning and focus.")),
            Preset(goalSeconds: 72000, schedule: "20:4", description: tr("An extended daily fast.")),
            Preset(goalSeconds: 43200, schedule: "12:12", description: tr("An overnight fast: breakfast a little later.")),
            Preset(goalSeconds: 46800, schedule: "13:11", description: tr("An overnight fast with a little more room.")),
            Preset(goalSeconds: 86400, schedule: "OMAD", description: tr("One meal a day: from one meal to the same meal the next day.")),
            Preset(goalSeconds: 129_600, schedule: "36 h", description: tr("A day and two nights, for those used to fasting.")),
            Preset(goalSeconds: 172_800, schedule: "48 h", description: tr("Two days, for those used to fasting.")),
            Preset(goalSeconds: 259_200, schedule: "72 h", description: tr("Three days, for those used to fasting; worth talking over with a doctor.")),
        ]
    }
}
