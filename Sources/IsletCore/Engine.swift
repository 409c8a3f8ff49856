import Translation

/// The rules of islet as a pure function of (state, command, now): each command mutates
/// `state` and appends the events and history changes that follow. Nothing here reads a clock
/// or touches a disk; facts about the history come in as arguments.
public struct Engine: Sendable {
    public var state: IsletState
    public private(set) var events: [Event] = []
    public private(set) var history: [HistoryChange] = []

    /// How moments read in the user's zone, for messages ("a fast is running since 06:12").
    public var localTime: LocalTime

    public init(state: IsletState, localTime: LocalTime) {
        self.state = state
        self.localTime = localTime
    }

    /// A moment in a message: local and human, never microseconds.
    private func when(_ usec: USec, _ now: USec) -> String { localTime.describe(usec, now: now) }

    private func alreadyFasting(_ fast: RunningFast, _ now: USec) -> IsletError {
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

    // MARK: Schedule and stages

    /// Sends the reminders due since the last look that still mean something now (not
    /// fasting; "left to eat" before the fast is due, "time to start" within its hour), each
    /// once. The first look after a schedule is set starts from then.
    private mutating func remind(upTo now: USec) {
        let schedule = state.settings.schedule
        guard schedule.enabled else {
            state.remindersCheckedAt = 0
            return
        }
        // A clock set back: reminders are looked for from the new now on (none said twice, none
        // held back until the clock catches up with where it was).
        let since = state.remindersCheckedAt == 0 || now < state.remindersCheckedAt ? now : state.remindersCheckedAt
        state.remindersCheckedAt = now
        guard state.fast == nil else { return }
        let due = schedule.reminders(after: since, through: now, in: localTime).filter { FastingSchedule.stillTimely($0, now: now) }
        // A machine that slept through several says only the latest.
        if let last = due.last { events.append(.reminder(last)) }
    }

    /// When the next stage of the running fast begins, while stages are announced.
    private func nextStageStart() -> USec? {
        guard state.settings.showStages, state.settings.announceStages, let fast = state.fast else { return nil }
        let stages = FastingStages.all
        let next = Int(fast.announcedStage) + 1
        guard next < stages.count else { return nil }
        return fast.startedAt &+ stages[next].startSeconds &* usecPerSecond
    }

    /// Announces the stage the fast has come to, once; a stage passed long ago (a start moved
    /// back, a machine asleep) is marked, not announced, unless it is the one the fast is in.
    private mutating func announceStage(_ now: USec) {
        guard var fast = state.fast, state.settings.showStages, state.settings.announceStages else { return }
        let here = FastingStages.index(startedAt: fast.startedAt, now: now)
        guard here > fast.announcedStage else { return }
        fast.announcedStage = here
        state.fast = fast
        let at = fast.startedAt &+ FastingStages.all[Int(here)].startSeconds &* usecPerSecond
        events.append(.stageReached(id: fast.id, stage: here, at: at))
    }

    /// SetSchedule: the daily fasting window and its reminders.
    public mutating func setSchedule(_ schedule: FastingSchedule, now: USec) throws(IsletError) {
        state.settings.schedule = try schedule.checked()
        state.remindersCheckedAt = schedule.enabled ? now : 0
    }

    /// ShowStages, AnnounceStages: stages marked as announced up to where the fast is, so that
    /// turning them on never announces a stage already passed.
    public mutating func setStages(show: Bool, announce: Bool, now: USec) {
        state.settings.showStages = show
        state.settings.announceStages = announce
        if let start = state.fast?.startedAt { state.fast?.announcedStage = FastingStages.index(startedAt: start, now: now) }
    }

    public mutating func setNeutralMode(_ on: Bool) { state.settings.neutralMode = on }

    // MARK: Fasting

    /// SetFastStart: the running fast began at another time ("I started at 19:30"): not in
    /// the future, not before the end of the latest completed fast. Its goal re-arms when the
    /// new start puts it back in the future; a goal now passed is reached at once.
    @discardableResult
    public mutating func setFastStart(_ start: USec, now: USec, latestCompletedEnd: USec) throws(IsletError) -> RunningFast {
        guard start > 0 else { throw .invalidArgument(tr("the start time must be a time, not 0")) }
        guard start <= now else { throw .invalidArgument(tr("a fast cannot start in the future")) }
        advance(to: now)
        guard var fast = state.fast else { throw .notFasting(tr("no fast is running")) }
        guard start >= latestCompletedEnd else {
            throw .invalidArgument(tr("that start overlaps a completed fast, which ended at %s", "\(when(latestCompletedEnd, now))"))
        }
        guard start != fast.startedAt else { return fast }
        fast.startedAt = start
        if let end = fast.goalEnd, end > now { fast.goalReachedAt = 0 }
        fast.announcedStage = FastingStages.index(startedAt: start, now: now)
        state.fast = fast
        events.append(.fastStartChanged(id: fast.id, startedAt: start))
        if holdsIsland(.fast) {
            if fast.goalReachedAt == 0 { state.activity?.goalReachedShownAt = 0 }
            updateActivity(now)
        }
        advance(to: now)
        return state.fast ?? fast
    }

    /// StartFast (at nil) and StartFastAt. `latestCompletedEnd` is the end of the latest fast in
    /// the history (0 if none), so that a fast begun earlier cannot overlap it.
    @discardableResult
    public mutating func startFast(at start: USec?, now: USec, latestCompletedEnd: USec) throws(IsletError) -> RunningFast {
        if let start {
            guard start > 0 else { throw .invalidArgument(tr("the start time must be a time, not 0")) }
            guard start <= now else { throw .invalidArgument(tr("a fast cannot start in the future")) }
        }
        advance(to: now)
        let startedAt = start ?? now
        if let fast = state.fast { throw alreadyFasting(fast, now) }
        guard startedAt >= latestCompletedEnd else {
            throw .invalidArgument(tr("that start overlaps a completed fast, which ended at %s", "\(when(latestCompletedEnd, now))"))
        }
        var fast = RunningFast(id: state.nextFastID, startedAt: startedAt, goalSeconds: state.settings.goalSeconds)
        // A fast begun earlier is announced from the stage after the one it is in.
        fast.announcedStage = FastingStages.index(startedAt: startedAt, now: now)
        state.nextFastID += 1
        state.fast = fast
        state.lastStop = nil
        state.fastSequence = takeSequence()
        events.append(.fastStarted(id: fast.id, startedAt: startedAt))
        if fast.goalSeconds > 0 { takeIsland(.fast, now) }
        advance(to: now)
        return fast
    }

    /// StopFast (at nil) and StopFastAt: the fast goes to the history. `by`: who asked (kept
    /// for the stop's Undo, so that whoever offers its own can tell its stops from others').
    @discardableResult
    public mutating func stopFast(at end: USec?, now: USec, by caller: String? = nil) throws(IsletError) -> CompletedFast {
        if let end, end > now { throw .invalidArgument(tr("a fast cannot end in the future")) }
        advance(to: now)
        guard let fast = state.fast else { throw .notFasting(tr("no fast is running")) }
        let endedAt = end ?? now
        guard endedAt > fast.startedAt else {
            throw .invalidArgument(tr("a fast must end after its start (%s)", "\(when(fast.startedAt, now))"))
        }
        let completed = CompletedFast(id: fast.id, startedAt: fast.startedAt, endedAt: endedAt, goalSeconds: fast.goalSeconds)
        state.fast = nil
        state.lastStop = StoppedFast(fast: fast, stoppedAt: now, stoppedBy: caller)
        history.append(.insert(completed))
        events.append(.fastStopped(completed))
        if holdsIsland(.fast) {
            endActivity(.stopped)
            handBack(now)
        }
        return completed
    }

    /// UndoStopFast: the fast stopped last runs again, as if never stopped (its history entry
    /// goes), for ``Limits/undoStopSeconds`` after the stop and while nothing has replaced it.
    @discardableResult
    public mutating func undoStopFast(now: USec) throws(IsletError) -> RunningFast {
        advance(to: now)
        let window = Format.duration(seconds: Limits.undoStopSeconds)
        guard let last = state.lastStop else {
            throw .nothingToUndo(tr("no stopped fast to bring back (a stop can be undone for %s, until a new fast starts)", "\(window)"))
        }
        guard now >= last.stoppedAt, now - last.stoppedAt <= Limits.undoStopSeconds * usecPerSecond else {
            throw .nothingToUndo(tr("the fast stopped at %1$s can no longer be brought back (%2$s have passed)", "\(when(last.stoppedAt, now))", "\(window)"))
        }
        if let fast = state.fast { throw alreadyFasting(fast, now) }
        let fast = last.fast
        state.lastStop = nil
        state.fast = fast
        state.fastSequence = takeSequence()
        history.append(.delete(id: fast.id))
        events.append(.historyChanged)
        events.append(.fastStarted(id: fast.id, startedAt: fast.startedAt))
        if fast.goalSeconds > 0, !fast.dismissed { takeIsland(.fast, now) }
        advance(to: now)
        return fast
    }

    /// SetGoal / ClearGoal (0): the daily goal, taken by fasts that start later.
    /// SetGoal: a goal of 60 s to 7 days; 0 is refused here (ClearGoal, or writing the
    /// GoalSeconds property, clears it).
    public mutating func setGoal(_ seconds: UInt64) throws(IsletError) {
        if seconds == 0 { throw .invalidArgument(tr("a goal of 0 seconds: use ClearGoal")) }
        try setDailyGoal(seconds)
    }

    /// A page of the history holds 1 to 1000 fasts.
    public static func checkPage(limit: UInt32) throws(IsletError) {
        guard Limits.listLimit.contains(limit) else { throw .invalidArgument(tr("limit must be 1 to 1000, got %s", "\(limit)")) }
    }

    public mutating func setDailyGoal(_ seconds: UInt64) throws(IsletError) {
        if seconds != 0 { try Limits.checkGoal(seconds) }
        state.settings.goalSeconds = seconds
    }

    /// SetActiveFastGoal: retargets the running fast (0 removes its goal).
    public mutating func setActiveFastGoal(_ seconds: UInt64, now: USec) throws(IsletError) {
        if seconds != 0 { try Limits.checkGoal(seconds) }
        advance(to: now)
        guard var fast = state.fast else { throw .notFasting(tr("no fast is running")) }
        let hadGoal = fast.goalSeconds > 0
        fast.goalSeconds = seconds
        if seconds == 0 || (fast.goalEnd ?? 0) > now { fast.goalReachedAt = 0 }
        state.fast = fast
        if seconds == 0 {
            if holdsIsland(.fast) {
                endActivity(.stopped)
                handBack(now)
            }
            return
        }
        if holdsIsland(.fast), fast.goalReachedAt == 0 { state.activity?.goalReachedShownAt = 0 }
        if !hadGoal {
            state.fastSequence = takeSequence()
            if state.activity == nil, !fast.dismissed { startActivity(.fast, now) }
        } else if holdsIsland(.fast) {
            updateActivity(now)
        }
        advance(to: now)
    }

    /// EditFast. `existing` is the stored fast with that id (nil: unknown); `overlapsAnother`
    /// says whether the new span overlaps any other completed fast.
    public mutating func editFast(
        id: UInt64, startedAt: USec, endedAt: USec, now: USec, existing: CompletedFast?, overlapsAnother: Bool
    ) throws(IsletError) {
        guard startedAt < endedAt else { throw .invalidArgument(tr("a fast must start before it ends")) }
        guard endedAt <= now else { throw .invalidArgument(tr("a fast cannot end in the future")) }
        guard !overlapsAnother else { throw .invalidArgument(tr("that span overlaps another fast in the history")) }
        if let fast = state.fast, endedAt > fast.startedAt {
            throw .invalidArgument(tr("that span overlaps the running fast, which started at %s", "\(when(fast.startedAt, now))"))
        }
        guard var fast = existing else { throw .unknownFast(tr("no fast with id %s in the history", "\(id)")) }
        fast.startedAt = startedAt
        fast.endedAt = endedAt
        history.append(.update(fast))
        events.append(.historyChanged)
        // An edited fast is the user's record now: undoing its stop would overwrite the edit.
        if state.lastStop?.fast.id == id { state.lastStop = nil }
    }

    /// AddFast: a completed fast from elsewhere (an import), with the same checks as EditFast.
    @discardableResult
    public mutating func addFast(
        startedAt: USec, endedAt: USec, goalSeconds: UInt64, now: USec, overlapsAnother: Bool
    ) throws(IsletError) -> CompletedFast {
        if goalSeconds != 0 { try Limits.checkGoal(goalSeconds) }
        guard startedAt < endedAt else { throw .invalidArgument(tr("a fast must start before it ends")) }
        guard endedAt <= now else { throw .invalidArgument(tr("a fast cannot end in the future")) }
        guard !overlapsAnother else { throw .invalidArgument(tr("that span overlaps another fast in the history")) }
        if let fast = state.fast, endedAt > fast.startedAt {
            throw .invalidArgument(tr("that span overlaps the running fast, which started at %s", "\(when(fast.startedAt, now))"))
        }
        // The stopped fast could not run again over an imported one.
        if let last = state.lastStop, endedAt > last.fast.startedAt { state.lastStop = nil }
        let fast = CompletedFast(id: state.nextFastID, startedAt: startedAt, endedAt: endedAt, goalSeconds: goalSeconds)
        state.nextFastID += 1
        history.append(.insert(fast))
        events.append(.historyChanged)
        return fast
    }

    /// SetFastNote: what a person wrote about a completed fast, and how it went (0: not rated).
    public mutating func setFastNote(id: UInt64, note: String, rating: UInt8, existing: CompletedFast?) throws(IsletError) {
        try Limits.checkNote(note, rating: rating)
        guard existing != nil else { throw .unknownFast(tr("no fast with id %s in the history", "\(id)")) }
        history.append(.annotate(id: id, note: note, rating: rating))
        events.append(.historyChanged)
    }

    /// ImportFasts: the verdict on every entry; unless `dryRun`, and only when none is
    /// refused, the entries to add go to the history (all of them or none).
    public mutating func importFasts(
        _ entries: [HistoryImport.Entry], history spans: [HistoryImport.Span], now: USec, dryRun: Bool
    ) throws(IsletError) -> HistoryImport.Verdicts {
        guard entries.count <= HistoryImport.maxEntries else {
            throw .invalidArgument(
                trn(
                    "an import takes at most %1$s fast, got %2$s", "an import takes at most %1$s fasts, got %2$s", UInt64(HistoryImport.maxEntries),
                    "\(HistoryImport.maxEntries)", "\(entries.count)"))
        }
        let verdicts = HistoryImport.check(entries, history: spans, runningSince: state.fast?.startedAt, now: now, localTime: localTime)
        guard !dryRun, verdicts.refused.isEmpty else { return verdicts }
        for index in verdicts.added {
            let entry = entries[index]
            let fast = CompletedFast(id: state.nextFastID, startedAt: entry.startedAt, endedAt: entry.endedAt, goalSeconds: entry.goalSeconds)
            state.nextFastID += 1
            history.append(.insert(fast))
            if !entry.note.isEmpty || entry.rating != 0 { history.append(.annotate(id: fast.id, note: entry.note, rating: entry.rating)) }
            // The stopped fast could not run again over an imported one.
            if let last = state.lastStop, entry.endedAt > last.fast.startedAt { state.lastStop = nil }
        }
        if !verdicts.added.isEmpty { events.append(.historyChanged) }
        return verdicts
    }

    /// DeleteFast.
    public mutating func deleteFast(id: UInt64, existing: CompletedFast?) throws(IsletError) {
        guard existing != nil else { throw .unknownFast(tr("no fast with id %s in the history", "\(id)")) }
        history.append(.delete(id: id))
        events.append(.historyChanged)
        if state.lastStop?.fast.id == id { state.lastStop = nil }
    }

    // MARK: Timers

    public mutating func startTimer(owner: String, title: String, phases: [Phase], rounds: UInt32, now: USec) throws(IsletError) {
        try CountdownTimer.validate(owner: owner, title: title, phases: phases, rounds: rounds)
        guard owner != Engine.fastOwner else { throw .invalidArgument(tr("the owner \"fasting\" is the fast's")) }
        advance(to: now)
        if state.timers.removeValue(forKey: owner) != nil {
            events.append(.timerRemoved(owner: owner, reason: "stopped"))
        }
        let timer = CountdownTimer(
            owner: owner, title: title, phases: phases, rounds: rounds, startedAt: now, sequence: takeSequence())
        state.timers[owner] = timer
        events.append(.timerChanged(owner: owner, state: timer.state(at: now)))
        takeIsland(.timer(owner), now)
    }

    /// StartIntervals: the phases as two lists, which must be as long as each other.
    public mutating func startIntervals(
        owner: String, title: String, names: [String], seconds: [UInt64], rounds: UInt32, now: USec
    ) throws(IsletError) {
        guard names.count == seconds.count else {
            throw .invalidArgument(
                trn(
                    "phase_names has %1$s entry but phase_seconds has %2$s", "phase_names has %1$s entries but phase_seconds has %2$s", UInt64(names.count),
                    "\(names.count)", "\(seconds.count)"))
        }
        let phases = zip(names, seconds).map { Phase(name: $0, seconds: $1) }
        try startTimer(owner: owner, title: title, phases: phases, rounds: rounds, now: now)
    }

    public mutating func pauseTimer(owner: String, now: USec) throws(IsletError) {
        try Limits.checkText(owner, "owner", Limits.ownerLength)
        advance(to: now)
        guard var timer = state.timers[owner] else { throw .unknownTimer(tr("no timer for owner \"%s\"", "\(owner)")) }
        guard !timer.isPaused else { throw .invalidState(tr("the timer of \"%s\" is already paused", "\(owner)")) }
        timer.pausedAt = now
        state.timers[owner] = timer
        timerChanged(timer, now)
    }

    public mutating func resumeTimer(owner: String, now: USec) throws(IsletError) {
        try Limits.checkText(owner, "owner", Limits.ownerLength)
        advance(to: now)
        guard var timer = state.timers[owner] else { throw .unknownTimer(tr("no timer for owner \"%s\"", "\(owner)")) }
        guard timer.isPaused else { throw .invalidState(tr("the timer of \"%s\" is running, not paused", "\(owner)")) }
        timer.pausedTotal += now > timer.pausedAt ? now - timer.pausedAt : 0
        timer.pausedAt = 0
        state.timers[owner] = timer
        timerChanged(timer, now)
    }

    /// Timers.Extend: more time for the current phase, running or paused.
    public mutating func extendTimer(owner: String, seconds: UInt64, now: USec) throws(IsletError) {
        try Limits.checkText(owner, "owner", Limits.ownerLength)
        advance(to: now)
        guard var timer = state.timers[owner] else { throw .unknownTimer(tr("no timer for owner \"%s\"", "\(owner)")) }
        try timer.extend(bySeconds: seconds, at: now)
        state.timers[owner] = timer
        timerChanged(timer, now)
    }

    public mutating func stopTimer(owner: String, now: USec) throws(IsletError) {
        try Limits.checkText(owner, "owner", Limits.ownerLength)
        advance(to: now)
        guard state.timers.removeValue(forKey: owner) != nil else { throw .unknownTimer(tr("no timer for owner \"%s\"", "\(owner)")) }
        events.append(.timerRemoved(owner: owner, reason: "stopped"))
        if holdsIsland(.timer(owner)) {
            endActivity(.stopped)
            handBack(now)
        }
    }

    private mutating func timerChanged(_ timer: CountdownTimer, _ now: USec) {
        events.append(.timerChanged(owner: timer.owner, state: timer.state(at: now)))
        if holdsIsland(.timer(timer.owner)) { updateActivity(now) }
    }

    // MARK: Live activities

    /// LiveActivity.Start: a program's own activity. Returns its id, "" while disabled.
    public mutating func startCustomActivity(
        owner: String, attributes: ActivityState, state custom: ActivityState, sender: String, now: USec
    ) throws(IsletError) -> String {
        try Limits.checkText(owner, "owner", Limits.ownerLength)
        try CustomDictionary.validate(attributes, what: "attributes")
        try CustomDictionary.validate(custom, what: "state")
        guard let title = attributes["title"]?.string else { throw .invalidArgument(tr("attributes need a \"title\" string")) }
        try Limits.checkText(title, "title", Limits.titleLength)
        if let kind = attributes["kind"]?.string, kind != "custom" {
            throw .invalidArgument(tr("a program's activity has kind \"custom\", not \"%s\"", "\(kind.prefix(40))"))
        }
        advance(to: now)
        guard owner != Engine.fastOwner, state.timers[owner] == nil else {
            throw .invalidArgument(tr("the owner \"%s\" belongs to a fast or a live timer", "\(owner)"))
        }
        guard state.settings.enabled else { return "" }
        var attributes = attributes
        attributes["kind"] = .string("custom")
        if state.activity != nil { endActivity(.replaced) }
        var activity = newActivity(owner: owner, kind: .custom, attributes: attributes, now: now)
        activity.customState = CustomDictionary.kept(custom)
        activity.sender = sender
        state.activity = activity
        events.append(.activityStarted(activity, state: activity.customState))
        markStaleIfDue(now)
        return activity.id
    }

    public mutating func updateCustomActivity(owner: String, state custom: ActivityState, now: USec) throws(IsletError) {
        try Limits.checkText(owner, "owner", Limits.ownerLength)
        try CustomDictionary.validate(custom, what: "state")
        advance(to: now)
        let activity = try ownCustomActivity(owner, ending: false)
        // The state kept has no `alert`: it belongs to this update's signal alone (a banner and
        // a sound once, not on every later Get).
        let kept = CustomDictionary.kept(custom)
        state.activity?.customState = kept
        var announced = kept
        if custom["alert"]?.bool == true { announced["alert"] = .bool(true) }
        events.append(.activityUpdated(id: activity.id, state: announced))
        markStaleIfDue(now)
    }

    /// LiveActivity.Finish (1.2): the owner's activity ends with a final state (status
    /// `completed` unless it says otherwise), shown as its dismissal policy says: `default` for
    /// LingerSeconds, `immediate`, or `at` until `dismissAt` (at most 4 hours ahead); then it
    /// ends with reason `completed`. It outlives its owner's connection meanwhile.
    public mutating func finishCustomActivity(
        owner: String, state custom: ActivityState, dismissal: String, dismissAt: USec, now: USec
    ) throws(IsletError) {
        try Limits.checkText(owner, "owner", Limits.ownerLength)
        try CustomDictionary.validate(custom, what: "state")
        let dismissed: USec
        switch dismissal {
        case "default":
            dismissed = now + UInt64(state.settings.lingerSeconds) * usecPerSecond
        case "immediate":
            dismissed = now
        case "at":
            guard dismissAt > now, dismissAt - now <= Limits.maxDismissalSeconds * usecPerSecond else {
                throw .invalidArgument(tr("dismiss_at_usec must be after now and at most 4 hours ahead"))
            }
            dismissed = dismissAt
        default:
            throw .invalidArgument(tr("dismissal must be default, immediate or at, got \"%s\"", "\(dismissal.prefix(40))"))
        }
        if dismissal != "at", dismissAt != 0 { throw .invalidArgument(tr("dismiss_at_usec goes with dismissal \"at\" only (else 0)")) }
        advance(to: now)
        let activity = try ownCustomActivity(owner, ending: true)
        var final = CustomDictionary.kept(custom)
        if final["status"] == nil { final["status"] = .string("completed") }
        state.activity?.customState = final
        events.append(.activityUpdated(id: activity.id, state: final))
        if dismissed <= now {
            endActivity(.completed)
            handBack(now)
        } else {
            state.activity?.dismissAt = dismissed
        }
    }

    /// The current activity, when it is `owner`'s own and not finished: NotOwner, then
    /// InvalidState for a fast's or timer's and for one that has finished (`ending`: for End).
    private func ownCustomActivity(_ owner: String, ending: Bool) throws(IsletError) -> Activity {
        guard let activity = state.activity, activity.owner == owner else {
            throw .notOwner(tr("\"%s\" does not own the current activity", "\(owner)"))
        }
        guard activity.kind == .custom else {
            switch (activity.kind == .fast, ending) {
            case (true, false): throw .invalidState(tr("a fast's activity is computed by the service; it cannot be updated"))
            case (true, true): throw .invalidState(tr("a fast's activity is computed by the service; End dismisses it"))
            case (false, false): throw .invalidState(tr("a timer's activity is computed by the service; it cannot be updated"))
            case (false, true): throw .invalidState(tr("a timer's activity is computed by the service; End dismisses it"))
            }
        }
        guard activity.dismissAt == 0 else {
            throw .invalidState(
                ending ? tr("\"%s\"'s activity has finished already", owner) : tr("\"%s\"'s activity has finished; start a new one", owner))
        }
        return activity
    }

    /// A program's activity past its `stale_at_usec` says so, once: `stale` true in its state.
    private mutating func markStaleIfDue(_ now: USec) {
        guard let activity = state.activity, let staleAt = Self.pendingStale(activity), now >= staleAt else { return }
        state.activity?.customState["stale"] = .bool(true)
        events.append(.activityUpdated(id: activity.id, state: state.activity?.customState ?? [:]))
    }

    /// When a program's activity goes stale, if it has not yet.
    static func pendingStale(_ activity: Activity) -> USec? {
        guard activity.kind == .custom, activity.dismissAt == 0, activity.customState["stale"] == nil,
            let staleAt = activity.customState["stale_at_usec"]?.uint64, staleAt != 0
        else { return nil }
        return staleAt
    }

    /// LiveActivity.End: a custom activity ends; a fast's or timer's is dismissed.
    public mutating func endActivity(owner: String, now: USec) throws(IsletError) {
        try Limits.checkText(owner, "owner", Limits.ownerLength)
        advance(to: now)
        guard let activity = state.activity, activity.owner == owner else {
            throw .notOwner(tr("\"%s\" does not own the current activity", "\(owner)"))
        }
        switch activity.kind {
        case .fast: state.fast?.dismissed = true
        case .timer: state.timers[owner]?.dismissed = true
        case .custom: break
        }
        endActivity(.stopped)
        handBack(now)
    }

    /// The bus connection `sender` left: its activity goes, unless it asked to outlive it.
    public mutating func senderVanished(_ sender: String, now: USec) {
        advance(to: now)
        // A finished activity stays for its dismissal, whoever is left (`islet run` has exited).
        guard let activity = state.activity, activity.kind == .custom, activity.sender == sender, activity.endsWithOwner,
            activity.dismissAt == 0
        else { return }
        endActivity(.ownerVanished)
        handBack(now)
    }

    public mutating func setEnabled(_ enabled: Bool, now: USec) {
        advance(to: now)
        guard enabled != state.settings.enabled else { return }
        state.settings.enabled = enabled
        if enabled {
            handBack(now)
        } else if state.activity != nil {
            endActivity(.disabled)
        }
    }

    public mutating func setLinger(_ seconds: UInt32, now: USec) throws(IsletError) {
        guard Limits.lingerSeconds.contains(seconds) else { throw .invalidArgument(tr("LingerSeconds is 0 to 3600")) }
        state.settings.lingerSeconds = seconds
        advance(to: now)
    }

    public mutating func setGoalReachedLinger(_ seconds: UInt32, now: USec) throws(IsletError) {
        guard Limits.goalReachedLingerSeconds.contains(seconds) else {
            throw .invalidArgument(tr("GoalReachedLingerSeconds is 0 to 86400"))
        }
        state.settings.goalReachedLingerSeconds = seconds
        advance(to: now)
    }

    /// The current activity's state as of `now` (empty when none).
    public func activityState(at now: USec) -> ActivityState {
        guard let activity = state.activity else { return [:] }
        switch activity.kind {
        case .custom: return activity.customState
        case .fast: return state.fast?.state(at: now) ?? [:]
        case .timer:
            if activity.completedAt != 0 { return activity.completedState }
            return state.timers[activity.owner]?.state(at: now) ?? [:]
        }
    }

    // MARK: Island bookkeeping

    enum Producer: Equatable {
        case fast
        case timer(String)
    }

    private func holdsIsland(_ producer: Producer) -> Bool {
        guard let activity = state.activity else { return false }
        switch producer {
        case .fast: return activity.kind == .fast
        case .timer(let owner): return activity.kind == .timer && activity.owner == owner
        }
    }

    private mutating func takeSequence() -> UInt64 {
        defer { state.nextSequence += 1 }
        return state.nextSequence
    }

    /// The newest producer wins: the current activity ends (replaced), this one starts.
    private mutating func takeIsland(_ producer: Producer, _ now: USec) {
        guard state.settings.enabled else { return }
        if state.activity != nil { endActivity(.replaced) }
        startActivity(producer, now)
    }

    /// After an activity ends: the most recently started producer still alive gets one.
    private mutating func handBack(_ now: USec) {
        guard state.settings.enabled, state.activity == nil else { return }
        var best: (sequence: UInt64, producer: Producer)?
        if let fast = state.fast, fast.goalSeconds > 0, !fast.dismissed {
            best = (state.fastSequence, .fast)
        }
        for timer in state.timers.values where !timer.dismissed {
            if best == nil || timer.sequence > best?.sequence ?? 0 { best = (timer.sequence, .timer(timer.owner)) }
        }
        if let best { startActivity(best.producer, now) }
    }

    private mutating func startActivity(_ producer: Producer, _ now: USec) {
        guard state.settings.enabled else { return }
        let activity: Activity
        switch producer {
        case .fast:
            activity = newActivity(
                owner: Engine.fastOwner, kind: .fast,
                attributes: ["kind": .string("fast"), "title": .string("Fasting Goal")], now: now)
        case .timer(let owner):
            guard let timer = state.timers[owner] else { return }
            activity = newActivity(
                owner: owner, kind: .timer,
                attributes: [
                    "kind": .string("timer"), "title": .string(timer.title),
                    "phase_count": .uint32(UInt32(timer.phases.count)), "rounds": .uint32(timer.rounds),
                ], now: now)
        }
        state.activity = activity
        if activity.kind == .fast, state.fast?.goalReached == true { state.activity?.goalReachedShownAt = now }
        events.append(.activityStarted(activity, state: activityState(at: now)))
    }

    private mutating func newActivity(owner: String, kind: ActivityKind, attributes: ActivityState, now: USec) -> Activity {
        let id = String(now, radix: 16) + "-" + String(state.nextActivitySerial)
        state.nextActivitySerial += 1
        return Activity(id: id, owner: owner, kind: kind, attributes: attributes)
    }

    private mutating func updateActivity(_ now: USec) {
        guard let activity = state.activity else { return }
        events.append(.activityUpdated(id: activity.id, state: activityState(at: now)))
    }

    private mutating func endActivity(_ reason: EndReason) {
        guard let activity = state.activity else { return }
        state.activity = nil
        events.append(.activityEnded(id: activity.id, reason: reason))
    }
}
