import Translation

/// The engine's sources' activities (contract 1.4): what other programs run (a song, a
/// Pomodoro app's block), started by a source with `source` true in the attributes. Kept from
/// Start to End or their program's leaving, shown while ``IslandRule`` gives them the island,
/// waiting (not ended) while the user's activity shows.
extension Engine {
    /// LiveActivity.Start of a source's activity: kept, and shown at once when the rule gives
    /// it the island. Returns its id when it shows, "" when it waits (or live activities are off).
    mutating func startSource(
        owner: String, attributes: ActivityState, state custom: ActivityState, sender: String, now: USec
    ) throws(IsletError) -> String {
        guard state.sources[owner] != nil || state.sources.count < Limits.maxSources else {
            throw .invalidArgument(
                tr("at most %s sources' activities are kept at once; end one first", "\(Limits.maxSources)"))
        }
        // Started again (the next song): the old one is gone, shown or waiting.
        if state.activity?.owner == owner { endActivity(.replaced) }
        let source = SourceActivity(
            owner: owner, attributes: attributes, state: CustomDictionary.kept(custom), sender: sender, sequence: takeSequence())
        state.sources[owner] = source
        let challenger = IslandRule.Candidate(.source(owner), sequence: source.sequence, relevance: source.relevance)
        if let holder = holderCandidate, IslandRule.outranks(challenger, holder) { endActivity(.replaced) }
        handBack(now)
        guard let shown = state.activity, shown.owner == owner else { return "" }
        return shown.id
    }

    /// LiveActivity.Update of a source's activity: its state kept, and announced if it shows.
    /// A change of its `relevance` weighs it again: one that now outranks the source shown takes
    /// the island, and one shown that now gives way waits. False when `owner` has no source's
    /// activity.
    mutating func updateSource(_ owner: String, state custom: ActivityState, now: USec) -> Bool {
        guard let before = state.sources[owner] else { return false }
        let kept = CustomDictionary.kept(custom)
        state.sources[owner]?.state = kept
        if state.sources[owner]?.relevance != before.relevance, let holder = holderCandidate, holder.isSource,
            IslandRule.choose(islandCandidates)?.producer != holder.producer
        {
            endActivity(.replaced)
            handBack(now)
            return true
        }
        if let activity = state.activity, activity.isSource, activity.owner == owner {
            state.activity?.customState = kept
            var announced = kept
            if custom["alert"]?.bool == true { announced["alert"] = .bool(true) }
            events.append(.activityUpdated(id: activity.id, state: announced))
        }
        return true
    }

    /// `owner`'s source's activity forgotten; one that shows ends (replaced) first.
    mutating func dropSource(_ owner: String) {
        guard state.sources.removeValue(forKey: owner) != nil else { return }
        if holdsIsland(.source(owner)) { endActivity(.replaced) }
    }

    /// The current activity as the rule weighs it: a program's own, whose order is not kept,
    /// is the user's like a fast or a timer, and outranks every source.
    var holderCandidate: IslandRule.Candidate? {
        guard let activity = state.activity else { return nil }
        switch activity.kind {
        case .fast: return .init(.fast, sequence: state.fastSequence)
        case .timer: return .init(.timer(activity.owner), sequence: state.timers[activity.owner]?.sequence ?? .max)
        case .custom:
            guard activity.isSource, let source = state.sources[activity.owner] else {
                return .init(.program(activity.owner), sequence: .max)
            }
            return .init(.source(source.owner), sequence: source.sequence, relevance: source.relevance)
        }
    }
}

extension Engine {
    /// LiveActivity.Act: a button the shown activity offers (its state's `actions`) pressed on
    /// any surface; its program hears it (ActionInvoked) and does it. A fast's and a timer's
    /// buttons are the Fasting and Timers methods.
    public mutating func act(activityID: String, action: String, now: USec) throws(IsletError) {
        guard CustomDictionary.actionWords.contains(action) else {
            throw .invalidArgument(
                tr("an action is one of %1$s, got \"%2$s\"", CustomDictionary.actionWords.joined(separator: ", "), "\(action.prefix(40))"))
        }
        advance(to: now)
        guard let activity = state.activity, activity.id == activityID else {
            throw .invalidState(tr("the activity \"%s\" is not the one shown", "\(activityID.prefix(64))"))
        }
        guard activity.kind == .custom else {
            throw .invalidState(tr("a fast's or timer's buttons are the Fasting and Timers methods"))
        }
        guard activity.dismissAt == 0, CustomDictionary.actions(activity.customState["actions"]).contains(action), !activity.sender.isEmpty else {
            throw .invalidState(tr("the activity does not offer \"%s\" now", action))
        }
        events.append(.actionInvoked(id: activity.id, owner: activity.owner, action: action, sender: activity.sender))
    }
}
