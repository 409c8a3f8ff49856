import Translation

/// The rules of islet as a pure function of (state, command, now): each command mutates
/// `state` and appends the events and history changes that follow. Nothing here reads a clock
/// or touches a disk; facts about the history come in as arguments. One domain per file: time
/// passing here, fasting and its history in EngineFasting.swift, timers in EngineTimers.swift,
/// live activities and the island in EngineActivities.swift.
public struct Engine: Sendable {
    public var state: IsletState
    public internal(set) var events: [Event] = []
    public internal(set) var history: [HistoryChange] = []

    /// How moments read in the user's zone, for messages ("a fast is running since 06:12").
    public var localTime: LocalTime

    public init(state: IsletState, localTime: LocalTime) {
        self.state = state
        self.localTime = localTime
    }

    /// A moment in a message: local and human, never microseconds.
    func when(_ usec: USec, _ now: USec) -> String { localTime.describe(usec, now: now) }

    func alreadyFasting(_ fast: RunningFast, _ now: USec) -> IsletError {
        .alreadyFasting(tr("a fast is running since %1$s (id %2$s)", "\(when(fast.startedAt, now))", "\(fast.id)"))
    }

    public static let fastOwner = "fasting"

    // MARK: Time passing

    /// Brings the state to `now`: goals reached, phases changed, timers finished, lingers over.
    /// A machine that slept through several phases wakes in the right one, with one
    /// PhaseChanged.
    public mutating func advance(to now: USec) {
        if var fast = state.fast, let goalEnd = fast.goalEnd, !fast.goalReached, goalEnd <= now {
            fast.goalReachedAt = goalEnd
            state.fast = fast
            events.append(.goalReached(id: fast.id, at: goalEnd))
            if state.activity?.kind == .fast {
                state.activity?.goalReachedShownAt = now
                updateActivity(now)
            }
        }
        for owner in state.timers.keys.sorted() {
            guard var timer = state.timers[owner] else { continue }
            if timer.isFinished(at: now) {
                state.timers[owner] = nil
                events.append(.timerFinished(owner: owner, at: timer.endsAt))
                events.append(.timerRemoved(owner: owner, reason: "completed"))
                if holdsIsland(.timer(owner)) {
                    state.activity?.completedAt = now
                    state.activity?.completedState = timer.state(at: now, completed: true)
                    updateActivity(now)
                }
                continue
            }
            let here = timer.position(elapsed: timer.elapsed(at: now))
            if here.step != timer.reportedStep {
                timer.reportedStep = here.step
                state.timers[owner] = timer
                events.append(
                    .phaseChanged(owner: owner, index: UInt32(here.phaseIndex), name: timer.phases[here.phaseIndex].name))
                events.append(.timerChanged(owner: owner, state: timer.state(at: now)))
                if holdsIsland(.timer(owner)) { updateActivity(now) }
            }
        }
        remind(upTo: now)
        announceStage(now)
        markStaleIfDue(now)
        if let activity = state.activity {
            if activity.kind == .custom, activity.dismissAt != 0, now >= activity.dismissAt {
                endActivity(.completed)
                handBack(now)
            } else if activity.kind == .timer, activity.completedAt != 0,
                now >= activity.completedAt + UInt64(state.settings.lingerSeconds) * usecPerSecond
            {
                endActivity(.completed)
                handBack(now)
            } else if activity.kind == .fast, activity.goalReachedShownAt != 0, state.settings.goalReachedLingerSeconds > 0,
                now >= activity.goalReachedShownAt + UInt64(state.settings.goalReachedLingerSeconds) * usecPerSecond
            {
                state.fast?.dismissed = true
                endActivity(.completed)
                handBack(now)
            }
        }
    }

    /// When something is next due (goal, phase end, timer end, linger end); nil: nothing is.
    public func nextDeadline(now: USec) -> USec? {
        var due: [USec] = []
        if let fast = state.fast, let goalEnd = fast.goalEnd, !fast.goalReached { due.append(goalEnd) }
        // No reminder is sent while a fast runs: none to wake for until it stops.
        if state.fast == nil, let reminder = state.settings.schedule.nextReminder(after: max(now, state.remindersCheckedAt), in: localTime) {
            due.append(reminder.at)
        }
        if let stage = nextStageStart() { due.append(stage) }
        for timer in state.timers.values {
            if let end = timer.stepEndsAt(now: now) { due.append(end) } else if !timer.isPaused { due.append(now) }
        }
        if let activity = state.activity {
            if activity.kind == .timer, activity.completedAt != 0 {
                due.append(activity.completedAt + UInt64(state.settings.lingerSeconds) * usecPerSecond)
            }
            if activity.kind == .custom, activity.dismissAt != 0 { due.append(activity.dismissAt) }
            if let staleAt = Self.pendingStale(activity) { due.append(staleAt) }
            if activity.kind == .fast, activity.goalReachedShownAt != 0, state.settings.goalReachedLingerSeconds > 0 {
                due.append(activity.goalReachedShownAt + UInt64(state.settings.goalReachedLingerSeconds) * usecPerSecond)
            }
        }
        return due.min()
    }
}
