import IsletCore
import Translation

/// What the app's Fast page shows for a fast's facts at one moment (FR-001 to FR-004, DFG-004):
/// pure, as ``ActivityView`` is for the surfaces. The GTK code only puts these texts on screen.
public struct FastModel: Equatable, Sendable {
    /// What isletd says of the fast (Fasting's properties).
    public struct Facts: Equatable, Sendable {
        public var fasting: Bool
        public var startedAt: USec
        /// The running fast's goal; 0 when it has none.
        public var goalSeconds: UInt64
        /// The goal the next fast takes.
        public var dailyGoalSeconds: UInt64

        /// The daily fasting window (contract 1.3), for the eating window's next fast.
        public var schedule = FastingSchedule()
        /// Stages shown on the page (isletd's ShowStages), each announced (AnnounceStages).
        public var showStages = false
        public var announceStages = false
        /// Streaks hidden (isletd's NeutralMode).
        public var neutralMode = false
        /// When the latest completed fast ended (0: none), for the eating window.
        public var lastFastEnd: USec = 0

        public init(fasting: Bool, startedAt: USec, goalSeconds: UInt64, dailyGoalSeconds: UInt64) {
            self.fasting = fasting
            self.startedAt = startedAt
            self.goalSeconds = goalSeconds
            self.dailyGoalSeconds = dailyGoalSeconds
        }

        public static let notFasting = Facts(fasting: false, startedAt: 0, goalSeconds: 0, dailyGoalSeconds: 0)
    }

    /// The one large time: fasting, the time fasted, "03:12:09" (FR-002); eating within two days
    /// of the last fast, the time since it by the minute, "3 h 57 min" (as Zero shows it: a
    /// wake-up a minute, not a second); otherwise "00:00:00" (FR-004).
    public var elapsed: String
    /// Under the large time: "Goal in 12:47:51", "Goal Reached!"; eating, "Since the last
    /// fast"; or nil.
    public var goalLine: String?
    /// Fasting: when it began, as people say it ("Today 19:06"), shown under the ring where it
    /// is also changed.
    public var startedWhen: String?
    /// Fasting with a goal: when the goal is met ("Tomorrow 11:06"), and its length ("16 hours").
    public var goalWhen: String?
    public var goalLength: String?
    /// Fasting without a goal: how far into a day's 24 hours the fast is (0 ... 1), so that the
    /// ring still shows time going by; nil otherwise.
    public var dayProgress: Double?
    public var goalReached: Bool
    /// "Goal: 16 hours", "No goal"; for a fast not started, the daily goal it will take.
    public var goalLabel: String
    /// Inactive: how to begin (FR-001).
    public var hint: String?
    /// 0 ... 1 of the goal; nil without a goal.
    public var progress: Double?
    /// The ring in words, for a screen reader: "20 percent of the 16-hour goal, 3 hours 12
    /// minutes fasted"; by the minute, so that it does not chatter.
    public var ringDescription: String
    /// Where each stage after the first begins on the ring (0 ... 1 of the goal), when stages
    /// are shown; empty otherwise.
    public var stageMarks: [Double]
    /// "Stage: Catabolic · Fat burning at 23:09" and the caveat; nil when stages are off.
    public var stageLine: String?
    public var stageCaveat: String?
    /// Not fasting: "Eating · since 12:03 · next fast at 20:00"; nil with neither.
    public var eatingLine: String?
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

    /// A time fasted in words, by the minute: "3 hours 12 minutes".
    static func spoken(_ seconds: UInt64) -> String {
        seconds < 60 ? tr("less than a minute") : Format.duration(seconds: seconds / 60 * 60)
    }

    /// How long after a fast the page counts the time since it: an eating window, not a week.
    public static let eatingShownSeconds: UInt64 = 48 * 3600

    /// Before isletd's first answer (the app just opened, or isletd starting): nothing said of
    /// a fast, neither a time nor "Press Start", which a running fast would make untrue; the
    /// ring empty, the button not pressable (the view makes it so while there are no facts).
    public static var unknown: FastModel {
        var page = FastModel(.notFasting, now: 0)
        page.elapsed = ""
        page.goalLine = nil
        page.goalLabel = ""
        page.hint = nil
        page.eatingLine = nil
        page.ringDescription = tr("Reading the fast")
        page.nextChange = nil
        return page
    }

    public init(_ facts: Facts, now: USec, zone: LocalTime = .utc) {
        stageMarks = []
        stageLine = nil
        stageCaveat = nil
        eatingLine = nil
        startedWhen = nil
        goalWhen = nil
        goalLength = nil
        dayProgress = nil
        guard facts.fasting, facts.startedAt > 0 else {
            let since = facts.lastFastEnd > 0 && facts.lastFastEnd <= now ? (now - facts.lastFastEnd) / usecPerSecond : nil
            if let since, since < FastModel.eatingShownSeconds {
                elapsed = Format.hoursMinutes(seconds: since / 60 * 60)
                goalLine = tr("Since the last fast")
                nextChange = facts.lastFastEnd + (since / 60 + 1) * 60 * usecPerSecond
            } else {
                elapsed = Format.hms(seconds: 0, padHours: true)
                goalLine = nil
                nextChange = nil
            }
            goalReached = false
            goalLabel = facts.dailyGoalSeconds > 0 ? Format.goal(seconds: facts.dailyGoalSeconds) : tr("No goal")
            eatingLine = GoalTime.eatingLine(
                lastFastEnd: facts.lastFastEnd > 0 ? facts.lastFastEnd : nil, nextFastStart: facts.schedule.nextFastStart(after: now, in: zone),
                now: now, in: zone)
            hint = eatingLine == nil ? tr("Press Start to begin a fast.") : nil
            ringDescription = tr("Not fasting")
            progress = nil
            buttonLabel = tr("Start Fast")
            buttonStops = false
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
        startedWhen = zone.spoken(facts.startedAt, now: now)
        buttonLabel = tr("Stop Fast")
        buttonStops = true
        nextChange = facts.startedAt + (fasted + 1) * usecPerSecond
        if facts.goalSeconds > 0 {
            goalReached = fasted >= facts.goalSeconds
            goalLine = goalReached ? tr("Goal Reached!") : Format.goalIn(seconds: facts.goalSeconds - fasted)
            goalLabel = Format.goal(seconds: facts.goalSeconds)
            let share = min(1, Double(fasted) / Double(facts.goalSeconds))
            progress = share
            goalWhen = zone.spoken(facts.startedAt + facts.goalSeconds * usecPerSecond, now: now)
            goalLength = Format.duration(seconds: facts.goalSeconds)
            let words = tr("%s fasted", FastModel.spoken(fasted))
            ringDescription =
                goalReached
                ? tr("Goal reached, %s", words)
                : tr("%1$d percent of the goal of %2$s, %3$s", "\(Int(share * 100))", Format.duration(seconds: facts.goalSeconds), words)
            if facts.showStages {
                stageMarks = FastingStages.all.dropFirst().map { Double($0.startSeconds) / Double(facts.goalSeconds) }.filter { $0 < 1 }
            }
        } else {
            goalReached = false
            goalLine = nil
            goalLabel = tr("No goal")
            progress = nil
            dayProgress = Double(fasted % 86400) / 86400
            ringDescription = tr("No goal, %s fasted", FastModel.spoken(fasted))
        }
        if facts.showStages {
            stageLine = FastingStages.line(startedAt: facts.startedAt, now: now, in: zone)
            stageCaveat = FastingStages.caveat
        }
    }
}
