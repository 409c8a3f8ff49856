import Translation

public struct Phase: Equatable, Sendable, Codable {
    public var name: String
    public var seconds: UInt64
    public init(name: String, seconds: UInt64) {
        self.name = name
        self.seconds = seconds
    }
}

/// A countdown with phases repeated over rounds. It is timestamps, never a ticking counter:
/// every figure is computed from (started, paused, paused total) and a moment.
public struct CountdownTimer: Equatable, Sendable, Codable {
    public var owner: String
    public var title: String
    public var phases: [Phase]
    public var rounds: UInt32
    public var startedAt: USec
    /// When it was paused, 0 while running.
    public var pausedAt: USec = 0
    /// Time spent paused before `pausedAt`.
    public var pausedTotal: UInt64 = 0
    /// The step (phase of a round, 0-based over all rounds) last reported to listeners.
    public var reportedStep: Int = 0
    /// The order in which producers started (newest wins the island).
    public var sequence: UInt64
    /// Its activity was dismissed with End.
    public var dismissed = false
    /// Time added to single steps with Extend (Timers.Extend, since 1.1): step -> microseconds.
    public var extensions: [Int: UInt64] = [:]

    public init(owner: String, title: String, phases: [Phase], rounds: UInt32, startedAt: USec, sequence: UInt64) {
        self.owner = owner
        self.title = title
        self.phases = phases
        self.rounds = rounds
        self.startedAt = startedAt
        self.sequence = sequence
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        owner = try c.decode(String.self, forKey: .owner)
        title = try c.decode(String.self, forKey: .title)
        phases = try c.decode([Phase].self, forKey: .phases)
        rounds = try c.decode(UInt32.self, forKey: .rounds)
        startedAt = try c.decode(USec.self, forKey: .startedAt)
        pausedAt = try c.decode(.pausedAt, or: 0)
        pausedTotal = try c.decode(.pausedTotal, or: 0)
        reportedStep = try c.decode(.reportedStep, or: 0)
        sequence = try c.decode(.sequence, or: 0)
        dismissed = try c.decode(.dismissed, or: false)
        extensions = try c.decode(.extensions, or: [:])
        guard !phases.isEmpty, rounds > 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription: "a timer without phases or rounds"))
        }
    }

    public var isPaused: Bool { pausedAt != 0 }
    /// One round as the phases were given (without extensions).
    public var roundUSec: UInt64 { phases.reduce(0) { $0 + $1.seconds } * usecPerSecond }
    public var totalUSec: UInt64 { roundUSec * UInt64(rounds) + extensions.values.reduce(0, +) }
    public var stepCount: Int { phases.count * Int(rounds) }
    /// One phase in all: the phase is the whole timer.
    public var isSinglePhase: Bool { stepCount == 1 }

    /// Active (unpaused) time run by `now`, capped at the total.
    public func elapsed(at now: USec) -> UInt64 {
        let reference = isPaused ? pausedAt : now
        let ran = reference > startedAt ? reference - startedAt : 0
        let active = ran > pausedTotal ? ran - pausedTotal : 0
        return min(active, totalUSec)
    }

    public func isFinished(at now: USec) -> Bool { elapsed(at: now) >= totalUSec }

    /// The wall-clock moment it runs out, if it keeps running.
    public var endsAt: USec { startedAt + pausedTotal + totalUSec }

    public struct Position: Equatable, Sendable {
        public var step: Int
        public var phaseIndex: Int
        public var round: Int  // 1-based
        /// Active time elapsed within the step, and the step's length.
        public var stepElapsed: UInt64
        public var stepLength: UInt64
        /// Active time at which the step started.
        public var stepStart: UInt64
    }

    /// Where the timer stands after `elapsed` active microseconds. At or past the end it
    /// stands at the end of the last step.
    public func position(elapsed: UInt64) -> Position {
        guard extensions.isEmpty else { return walk(to: min(elapsed, totalUSec)) }
        let roundLength = max(roundUSec, 1)
        let capped = min(elapsed, totalUSec)
        var round = Int(capped / roundLength)
        var within = capped % roundLength
        if round >= Int(rounds) {
            round = Int(rounds) - 1
            within = roundLength
        }
        var offset: UInt64 = 0
        for (index, phase) in phases.enumerated() {
            let length = phase.seconds * usecPerSecond
            if within < offset + length || index == phases.count - 1 {
                return Position(
                    step: round * phases.count + index, phaseIndex: index, round: round + 1,
                    stepElapsed: min(within - offset, length), stepLength: length,
                    stepStart: UInt64(round) * roundLength + offset)
            }
            offset += length
        }
        return Position(step: 0, phaseIndex: 0, round: 1, stepElapsed: 0, stepLength: 0, stepStart: 0)
    }

    /// The length of a step, extensions included.
    func stepLength(_ step: Int) -> UInt64 {
        phases[step % phases.count].seconds * usecPerSecond + (extensions[step] ?? 0)
    }

    /// ``position(elapsed:)`` step by step, for a timer whose steps are no longer all alike.
    private func walk(to elapsed: UInt64) -> Position {
        var start: UInt64 = 0
        for step in 0..<stepCount {
            let length = stepLength(step)
            if elapsed < start + length || step == stepCount - 1 {
                return Position(
                    step: step, phaseIndex: step % phases.count, round: step / phases.count + 1,
                    stepElapsed: min(elapsed - start, length), stepLength: length, stepStart: start)
            }
            start += length
        }
        return Position(step: 0, phaseIndex: 0, round: 1, stepElapsed: 0, stepLength: 0, stepStart: 0)
    }

    /// Adds time to the current step (Timers.Extend): it and the whole timer end later; a
    /// paused timer stays paused. Checked against ``Limits/extendSeconds`` and the 7-day total.
    public mutating func extend(bySeconds seconds: UInt64, at now: USec) throws(IsletError) {
        guard Limits.extendSeconds.contains(seconds) else {
            throw .invalidArgument(tr("a timer is extended by 1 second to 24 hours (86400 seconds), got %s", "\(seconds)"))
        }
        let added = seconds * usecPerSecond
        guard totalUSec + added <= Limits.maxTotalSeconds * usecPerSecond else {
            throw .invalidArgument(tr("a timer lasts at most 7 days in total; %s s more would pass that", "\(seconds)"))
        }
        let step = position(elapsed: elapsed(at: now)).step
        extensions[step, default: 0] += added
    }

    /// The wall-clock end of the current step while running; nil while paused or finished.
    public func stepEndsAt(now: USec) -> USec? {
        guard !isPaused, !isFinished(at: now) else { return nil }
        let here = position(elapsed: elapsed(at: now))
        return startedAt + pausedTotal + here.stepStart + here.stepLength
    }

    /// The state dictionary of the contract, as of `now`.
    public func state(at now: USec, completed: Bool = false) -> ActivityState {
        let done = completed || isFinished(at: now)
        let elapsedTotal = done ? totalUSec : elapsed(at: now)
        let here = position(elapsed: elapsedTotal)
        let phaseElapsed = isSinglePhase ? elapsedTotal : here.stepElapsed
        let phaseLength = isSinglePhase ? totalUSec : here.stepLength
        let remaining = phaseLength - min(phaseElapsed, phaseLength)
        let status = done ? "completed" : (isPaused ? "paused" : "running")
        let state: ActivityState = [
            "status": .string(status),
            "started_at_usec": .uint64(startedAt),
            "ends_at_usec": .uint64(done || isPaused ? 0 : now + remaining),
            "remaining_usec": .uint64(remaining),
            "elapsed_usec": .uint64(phaseElapsed),
            "progress": .double(phaseLength == 0 ? 1 : Double(phaseElapsed) / Double(phaseLength)),
            "total_usec": .uint64(totalUSec),
            "total_remaining_usec": .uint64(totalUSec - elapsedTotal),
            "title": .string(title),
            "phase_name": .string(phases[here.phaseIndex].name),
            "phase_index": .uint32(UInt32(here.phaseIndex)),
            "phase_count": .uint32(UInt32(phases.count)),
            "round": .uint32(UInt32(here.round)),
            "rounds": .uint32(rounds),
            "updated_at_usec": .uint64(now),
        ]
        return state
    }

    /// Checks a request to start a timer against the contract's limits.
    public static func validate(owner: String, title: String, phases: [Phase], rounds: UInt32) throws(IsletError) {
        try Limits.checkText(owner, "owner", Limits.ownerLength)
        try Limits.checkText(title, "title", Limits.titleLength)
        guard !phases.isEmpty, phases.count <= Limits.maxPhases else {
            throw .invalidArgument(tr("a timer needs 1 to 32 phases, got %s", "\(phases.count)"))
        }
        for phase in phases {
            try Limits.checkText(phase.name, "phase name", Limits.titleLength)
            guard Limits.phaseSeconds.contains(phase.seconds) else {
                throw .invalidArgument(tr("a phase lasts 1 second to 7 days, got %1$s s for \"%2$s\"", "\(phase.seconds)", "\(phase.name)"))
            }
        }
        guard Limits.rounds.contains(rounds) else { throw .invalidArgument(tr("rounds must be 1 to 100, got %s", "\(rounds)")) }
        let total = phases.reduce(0) { $0 + $1.seconds } * UInt64(rounds)
        guard total <= Limits.maxTotalSeconds else {
            throw .invalidArgument(tr("a timer lasts at most 7 days in total, got %s s", "\(total)"))
        }
    }
}
