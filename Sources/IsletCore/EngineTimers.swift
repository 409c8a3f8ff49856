import Translation

/// The engine's countdown timers: start, pause, resume, one more minute, stop.
extension Engine {
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

    mutating func timerChanged(_ timer: CountdownTimer, _ now: USec) {
        events.append(.timerChanged(owner: timer.owner, state: timer.state(at: now)))
        if holdsIsland(.timer(timer.owner)) { updateActivity(now) }
    }
}
