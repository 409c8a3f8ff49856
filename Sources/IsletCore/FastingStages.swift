import Translation

/// Stages of a fast, a rule of thumb and not medical fact: the hours are the zones the Zero
/// app shows (anabolic 0-4 h, catabolic 4-16 h, fat burning 16-24 h, ketosis from 24 h; see
/// docs/STAGES.md for the sources and what they do not claim), which FastTrack and Ember show
/// in much the same shape. Bodies differ; islet says "often" and shows them only when asked.
public struct FastingStage: Equatable, Sendable {
    /// Hours into the fast when the stage begins.
    public var startHours: UInt64
    public var name: String
    /// One neutral sentence.
    public var description: String

    public var startSeconds: UInt64 { startHours * 3600 }
}

public enum FastingStages {
    /// The table, in the user's language (built at each use).
    public static var all: [FastingStage] {
        [
            FastingStage(startHours: 0, name: tr("Anabolic"), description: tr("Digesting and storing the last meal.")),
            FastingStage(startHours: 4, name: tr("Catabolic"), description: tr("The body often turns to its stored sugar.")),
            FastingStage(startHours: 16, name: tr("Fat burning"), description: tr("Fat often becomes a larger share of the fuel.")),
            FastingStage(startHours: 24, name: tr("Ketosis"), description: tr("Ketone levels often rise.")),
        ]
    }

    /// How islet words the table wherever it shows it.
    public static var caveat: String { tr("Stages are a rule of thumb, not medical advice; bodies differ.") }

    /// Where a fast is after `seconds`: the stage's index, and when the next begins (seconds
    /// into the fast; nil in the last).
    public static func position(seconds: UInt64, stages: [FastingStage] = all) -> (index: Int, nextStartSeconds: UInt64?) {
        let index = stages.lastIndex { $0.startSeconds <= seconds } ?? 0
        return (index, index + 1 < stages.count ? stages[index + 1].startSeconds : nil)
    }

    /// The index of the stage a fast begun at `startedAt` is in at `now` (0 before its start).
    public static func index(startedAt: USec, now: USec) -> UInt32 {
        UInt32(position(seconds: now > startedAt ? (now - startedAt) / usecPerSecond : 0).index)
    }

    /// "Stage: Catabolic · Fat burning at 04:00", "Stage: Ketosis" (the last): the running
    /// fast's stage and when the next begins, in the zone's clock (with its day when it is not
    /// today, as ``GoalTime`` writes it).
    public static func line(startedAt: USec, now: USec, in zone: LocalTime) -> String {
        let seconds = now > startedAt ? (now - startedAt) / usecPerSecond : 0
        let stages = all
        let here = position(seconds: seconds, stages: stages)
        let current = tr("Stage: %s", stages[here.index].name)
        guard let next = here.nextStartSeconds else { return current }
        let at = GoalTime.clock(startedAt + next * usecPerSecond, now: now, in: zone)
        return current + " · " + tr("%1$s at %2$s", stages[here.index + 1].name, at)
    }
}
