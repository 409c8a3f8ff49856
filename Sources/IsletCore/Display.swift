import Translation

public enum DisplayStatus: String, Sendable, Equatable, CaseIterable {
    case running, paused
    case goalReached = "goal-reached"
    case completed
}

extension DisplayStatus {
    /// "Running", "Paused", "Goal reached", "Done": in the user's language.
    public var label: String {
        switch self {
        case .running: tr("Running")
        case .paused: tr("Paused")
        case .goalReached: tr("Goal reached")
        case .completed: tr("Done")
        }
    }
}

/// The unit a countdown is shown in, and so how often its text changes.
public enum DisplayUnit: Sendable, Equatable {
    case seconds, minutes
    var usec: UInt64 { self == .seconds ? usecPerSecond : 60 * usecPerSecond }
}

/// What every front end shows of an activity at one moment, computed from the state's
/// timestamps (nothing on the bus ticks). Pure: the same snapshot and `now` give the same view.
public struct ActivityView: Equatable, Sendable {
    public var kind: ActivityKind
    public var title: String
    /// Whose it is (contract 1.4), where the activity says so: the name its program gave in the
    /// attributes ("mpv", "Focus Timer") when it names its desktop entry or is a source's, and
    /// the title shown is another; nil otherwise. Surfaces that read desktop entries show the
    /// entry's own name instead.
    public var program: String?
    /// The buttons a program's activity offers now (contract 1.4's `actions`, in its order):
    /// none once it has ended, and none in any other kind (a fast's and a timer's are islet's).
    public var actions: [String]
    /// The image a program's activity gives (contract 1.4's `art_url`: a song's cover), a local
    /// file's URL the service checked; nil for none, and in every other kind.
    public var art: String?
    public var status: DisplayStatus
    /// Time left, in whole units rounded up; nil when the activity has no countdown. A running
    /// countdown never shows 0 on its own: that comes with the service's `completed`.
    public var remaining: UInt64?
    /// Time run so far, in whole units rounded down (fasts and timers).
    public var elapsed: UInt64
    /// The fast's goal in seconds; 0 when none.
    public var goalSeconds: UInt64
    /// A fast's start (0 for the rest), for its goal as a clock time.
    public var fastStartedAt: USec
    /// 0 ... 100, of the displayed time (so it moves only when the text does); nil when unknown.
    public var percent: Int?
    /// "Phase 1/2", "Work · Round 3/8"; nil for one-phase timers and fasts.
    public var phaseLabel: String?
    /// The compact mark beside the time: "1/2" for phases, the round for intervals, with the
    /// phase's name when it is short ("Work 3/8"); nil for one phase.
    public var phaseMark: String?
    /// When the text next changes by itself; nil when it never does (paused, completed, static).
    public var nextChange: USec?
    public var unit: DisplayUnit
    /// A program's activity without an end, whose time counts up (`islet run`): `remaining` is
    /// nil and the time shown is `elapsed`.
    public var countsUp: Bool
    /// A program's activity past its `stale_at_usec` (the service says `stale`): its content is
    /// out of date. `lastUpdate` is when it last said anything (nil: unknown).
    public var isStale: Bool
    public var lastUpdate: USec?

    public init(_ activity: ActivitySnapshot, now: USec, unit: DisplayUnit) {
        let state = activity.state
        kind = activity.kind
        self.unit = unit
        // A fast's title is the service's "Fasting Goal", shown in the user's language.
        let given = state["title"]?.string ?? activity.attributes["title"]?.string
        if kind == .fast {
            title = given == "Fasting" ? tr("Fasting") : tr("Fasting Goal")
        } else {
            title = given ?? activity.owner
        }
        art = kind == .custom ? state["art_url"]?.string.flatMap { CustomDictionary.isLocalFileURL($0) ? $0 : nil } : nil
        let named = activity.attributes["title"]?.string
        program = kind == .custom && (activity.isSource || activity.appID != nil) && named != title && named?.isEmpty == false ? named : nil
        status = state["status"]?.string.flatMap(DisplayStatus.init(rawValue:)) ?? .running
        actions = kind == .custom && status != .completed ? CustomDictionary.actions(state["actions"]) : []
        goalSeconds = (state["goal_usec"]?.uint64 ?? 0) / usecPerSecond
        fastStartedAt = kind == .fast ? state["started_at_usec"]?.uint64 ?? 0 : 0
        phaseLabel = ActivityView.phaseLabel(state, kind: activity.kind)
        phaseMark = ActivityView.phaseMark(state, kind: activity.kind)

        let endsAt = state["ends_at_usec"]?.uint64 ?? 0
        let startedAt = state["started_at_usec"]?.uint64 ?? 0
        let updatedAt = state["updated_at_usec"]?.uint64 ?? 0
        let stateRemaining = state["remaining_usec"]?.uint64
        let stateElapsed = state["elapsed_usec"]?.uint64 ?? 0
        let u = unit.usec
        // A program's activity with no end counts up, as a stopwatch does (`islet run`).
        isStale = state["stale"]?.bool == true
        lastUpdate = updatedAt > 0 ? updatedAt : startedAt > 0 ? startedAt : nil
        countsUp = kind == .custom && endsAt == 0 && stateRemaining == nil && (state["elapsed_usec"] != nil || startedAt > 0)

        // Elapsed: running clocks move on from the state's timestamp.
        var elapsedUSec = stateElapsed
        if status == .running || status == .goalReached {
            if kind == .fast, startedAt > 0 {
                elapsedUSec = now > startedAt ? now - startedAt : 0
            } else if updatedAt > 0, now > updatedAt {
                elapsedUSec = stateElapsed + (now - updatedAt)
            } else if countsUp, updatedAt == 0, startedAt > 0, now > startedAt {
                elapsedUSec = now - startedAt
            }
        }
        elapsed = elapsedUSec / u

        var next: USec?
        switch status {
        case .running where endsAt > 0:
            let left = endsAt > now ? endsAt - now : 0
            let shown = max(1, (left + u - 1) / u)
            remaining = shown
            // The text changes when `left` drops to (shown - 1) units; the last unit waits for
            // the service.
            next = shown > 1 ? endsAt - (shown - 1) * u : nil
        case .running, .paused:
            remaining = stateRemaining.map { max(status == .paused ? 0 : 1, ($0 + u - 1) / u) }
        case .goalReached, .completed:
            remaining = countsUp ? nil : 0
        }
        if countsUp, status == .running {
            next = now + ((elapsed + 1) * u - elapsedUSec)
        }
        // A goal-reached fast counts up; so does a fast without a goal (FR-003: shown by the
        // panels and `islet watch`, though it has no live activity).
        if kind == .fast, startedAt > 0, status == .goalReached || (status == .running && endsAt == 0) {
            next = startedAt + (elapsed + 1) * u
        } else if kind == .fast, startedAt > 0, status == .running {
            // The time fasted is shown beside the countdown (DI-003): its change too, which
            // comes at another moment when the goal is not a whole number of units.
            next = min(next ?? .max, startedAt + (elapsed + 1) * u)
        }
        nextChange = next

        let length: UInt64? =
            kind == .fast
            ? (goalSeconds > 0 ? goalSeconds * usecPerSecond : nil)
            : stateRemaining.map { $0 + stateElapsed }
        switch status {
        case .goalReached, .completed:
            percent = 100
        case .running, .paused:
            if let length, length > 0, let remaining {
                let left = min(length, remaining * u)
                percent = Int((length - left) * 100 / length)
            } else {
                // A progress out of 0 ... 1 (or not a number) says nothing: isletd refuses one.
                percent = state["progress"]?.double.flatMap { (0...1).contains($0) ? Int(($0 * 100).rounded(.down)) : nil }
            }
        }
    }

    static func phaseLabel(_ state: ActivityState, kind: ActivityKind = .timer) -> String? {
        let count = state["phase_count"]?.uint32 ?? 1
        let rounds = state["rounds"]?.uint32 ?? 1
        let index = (state["phase_index"]?.uint32 ?? 0) + 1
        let round = state["round"]?.uint32 ?? 1
        let name = state["phase_name"]?.string ?? ""
        if rounds > 1 {
            return (name.isEmpty ? "" : name + " · ") + tr("Round %1$d/%2$d", "\(round)", "\(rounds)")
        }
        // A program's own activity says what it is doing ("Compiling", "Done in 3:12").
        guard count > 1 else { return kind == .custom && !name.isEmpty ? name : nil }
        let position = tr("Phase %1$d/%2$d", "\(index)", "\(count)")
        return name.isEmpty || isDefaultName(name, index) ? position : name + " · " + position
    }

    static func phaseMark(_ state: ActivityState, kind: ActivityKind = .timer) -> String? {
        let count = state["phase_count"]?.uint32 ?? 1
        let rounds = state["rounds"]?.uint32 ?? 1
        let index = (state["phase_index"]?.uint32 ?? 0) + 1
        let name = state["phase_name"]?.string ?? ""
        let mark: String
        if rounds > 1 {
            mark = "\(state["round"]?.uint32 ?? 1)/\(rounds)"
        } else if count > 1 {
            mark = "\(index)/\(count)"
        } else {
            return kind == .custom && !name.isEmpty && name.unicodeScalars.count <= 32 ? name : nil
        }
        // Lengths in Unicode scalars, as island.js counts them (Tests/Fixtures/activity-views.json).
        return name.isEmpty || name.unicodeScalars.count > 10 || isDefaultName(name, index) ? mark : name + " " + mark
    }

    /// "Phase 2": the name a phase is given when it has none (in English or the user's
    /// language), which says nothing beside "2/3".
    static func isDefaultName(_ name: String, _ index: UInt32) -> Bool {
        name == "Phase \(index)" || name == tr("Phase %d", "\(index)")
    }

    /// The time a countdown shows in the standard style: timers "14:32" / "00:00" / "1:02:03",
    /// fasts "3:12:09" (seconds) or "3 h 12 min" (minutes: "3:12" would read as a timer's
    /// minutes and seconds).
    public var timeText: String {
        let value = countdownOrElapsed
        let seconds = unit == .minutes ? value * 60 : value
        guard kind == .fast else { return Format.timer(seconds: seconds) }
        return unit == .minutes ? Format.hoursMinutes(seconds: seconds) : Format.hms(seconds: seconds)
    }

    /// The time fasted, as `timeText` writes a fast's time: "12:47:51" or "12 h 47 min".
    public var elapsedText: String {
        unit == .minutes ? Format.hoursMinutes(seconds: elapsed * 60) : Format.hms(seconds: elapsed)
    }

    /// The minimal style: the time alone, "5:00" under ten minutes, "0:00" at the end; by the
    /// minute (fasts in notifications) "3 h 12 min", never "3:12", which reads as a timer's.
    public var minimalText: String {
        let value = countdownOrElapsed
        return unit == .minutes ? Format.hoursMinutes(seconds: value * 60) : Format.minimal(seconds: value)
    }

    /// A goal-reached fast counts up; everything else counts down.
    var countdownOrElapsed: UInt64 {
        if kind == .fast, status == .goalReached { return elapsed }
        return remaining ?? elapsed
    }

    /// "Not updated since 14:05" for a stale activity; nil when it is not stale.
    public func staleLine(_ localTime: LocalTime, now: USec) -> String? {
        guard isStale else { return nil }
        return lastUpdate.map { tr("Not updated since %s", localTime.describe($0, now: now)) } ?? tr("Not up to date")
    }

    /// The mark a compact view shows beside the time: none once completed, but a program's
    /// activity still says how it ended ("Done in 3:12").
    public var compactMark: String? {
        status != .completed || kind == .custom ? phaseMark : nil
    }

    /// A fast's goal as a clock time: "Goal at 08:00 tomorrow", "Goal reached at 08:00"; nil
    /// for the rest and a fast without a goal.
    public func goalAtLine(_ localTime: LocalTime, now: USec) -> String? {
        guard kind == .fast, fastStartedAt > 0 else { return nil }
        return GoalTime.line(startedAt: fastStartedAt, goalSeconds: goalSeconds, now: now, in: localTime)
    }

    /// Whether there is a time to show at all (a custom activity may have none).
    public var hasTime: Bool { remaining != nil || kind != .custom || countsUp }
}
