import Translation

/// The engine's live activities: a program's own (Start, Update, Finish, End), the seed's
/// authorization and lingers, and the island: which producer holds it, handed back in turn.
extension Engine {
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
        var attributes = attributes
        attributes["kind"] = .string("custom")
        if attributes["source"]?.bool == true {
            return try startSource(owner: owner, attributes: attributes, state: custom, sender: sender, now: now)
        }
        // The user's own activity under a source's owner: that source's is gone.
        dropSource(owner)
        guard state.settings.enabled else { return "" }
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
        if updateSource(owner, state: custom, now: now) { return }
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
        // A source's activity that finishes is no longer one: it shows its end if it is shown.
        let wasSource = state.sources.removeValue(forKey: owner) != nil
        if wasSource, state.activity?.owner != owner { return }
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
    func ownCustomActivity(_ owner: String, ending: Bool) throws(IsletError) -> Activity {
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
    mutating func markStaleIfDue(_ now: USec) {
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
        // A source's activity that waits goes without a word: nobody saw it.
        let wasSource = state.sources.removeValue(forKey: owner) != nil
        if wasSource, state.activity?.owner != owner { return }
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
        state.sources = state.sources.filter { $0.value.sender != sender }
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

    typealias Producer = IslandRule.Producer

    func holdsIsland(_ producer: Producer) -> Bool {
        guard let activity = state.activity else { return false }
        switch producer {
        case .fast: return activity.kind == .fast
        case .timer(let owner): return activity.kind == .timer && activity.owner == owner
        case .program(let owner): return activity.kind == .custom && !activity.isSource && activity.owner == owner
        case .source(let owner): return activity.isSource && activity.owner == owner
        }
    }

    mutating func takeSequence() -> UInt64 {
        defer { state.nextSequence += 1 }
        return state.nextSequence
    }

    /// What the user started takes the island: the current activity ends (replaced; a
    /// source's waits to come back), this one starts.
    mutating func takeIsland(_ producer: Producer, _ now: USec) {
        guard state.settings.enabled else { return }
        if state.activity != nil { endActivity(.replaced) }
        startActivity(producer, now)
    }

    /// Every producer alive now that could hold the island, as ``IslandRule`` weighs them.
    var islandCandidates: [IslandRule.Candidate] {
        var candidates: [IslandRule.Candidate] = []
        if let fast = state.fast, fast.goalSeconds > 0, !fast.dismissed {
            candidates.append(.init(.fast, sequence: state.fastSequence))
        }
        for timer in state.timers.values where !timer.dismissed {
            candidates.append(.init(.timer(timer.owner), sequence: timer.sequence))
        }
        for source in state.sources.values {
            candidates.append(.init(.source(source.owner), sequence: source.sequence, relevance: source.relevance))
        }
        return candidates
    }

    /// After an activity ends: the one ``IslandRule`` chooses among those still alive.
    mutating func handBack(_ now: USec) {
        guard state.settings.enabled, state.activity == nil else { return }
        if let best = IslandRule.choose(islandCandidates) { startActivity(best.producer, now) }
    }

    mutating func startActivity(_ producer: Producer, _ now: USec) {
        guard state.settings.enabled else { return }
        var activity: Activity
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
        case .program: return
        case .source(let owner):
            guard let source = state.sources[owner] else { return }
            activity = newActivity(owner: owner, kind: .custom, attributes: source.attributes, now: now)
            activity.customState = source.state
            activity.sender = source.sender
        }
        state.activity = activity
        if activity.kind == .fast, state.fast?.goalReached == true { state.activity?.goalReachedShownAt = now }
        events.append(.activityStarted(activity, state: activityState(at: now)))
    }

    mutating func newActivity(owner: String, kind: ActivityKind, attributes: ActivityState, now: USec) -> Activity {
        let id = String(now, radix: 16) + "-" + String(state.nextActivitySerial)
        state.nextActivitySerial += 1
        return Activity(id: id, owner: owner, kind: kind, attributes: attributes)
    }

    mutating func updateActivity(_ now: USec) {
        guard let activity = state.activity else { return }
        events.append(.activityUpdated(id: activity.id, state: activityState(at: now)))
    }

    mutating func endActivity(_ reason: EndReason) {
        guard let activity = state.activity else { return }
        state.activity = nil
        events.append(.activityEnded(id: activity.id, reason: reason))
    }
}
