import Translation

/// The engine's fasting: the schedule and its reminders, stages, the fast itself, its goal and
/// the history of completed fasts.
extension Engine {
    // MARK: Schedule and stages

    /// Sends the reminders due since the last look that still mean something now (not
    /// fasting; "left to eat" before the fast is due, "time to start" within its hour), each
    /// once. The first look after a schedule is set starts from then.
    mutating func remind(upTo now: USec) {
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
    func nextStageStart() -> USec? {
        guard state.settings.showStages, state.settings.announceStages, let fast = state.fast else { return nil }
        let stages = FastingStages.all
        let next = Int(fast.announcedStage) + 1
        guard next < stages.count else { return nil }
        return fast.startedAt &+ stages[next].startSeconds &* usecPerSecond
    }

    /// Announces the stage the fast has come to, once; a stage passed long ago (a start moved
    /// back, a machine asleep) is marked, not announced, unless it is the one the fast is in.
    mutating func announceStage(_ now: USec) {
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
}
