/// What happened, in the order listeners must hear it.
public enum Event: Equatable, Sendable {
    case fastStarted(id: UInt64, startedAt: USec)
    case fastStopped(CompletedFast)
    case goalReached(id: UInt64, at: USec)
    /// The running fast's start moved (SetFastStart).
    case fastStartChanged(id: UInt64, startedAt: USec)
    case reminder(FastingSchedule.Reminder)
    /// The completed history changed other than by a stop (FastStopped says that one): a fast
    /// added, corrected, deleted, annotated or imported, or a stop undone. Once per command.
    case historyChanged
    /// A stage of the running fast began (announced only when asked for).
    case stageReached(id: UInt64, stage: UInt32, at: USec)
    case timerChanged(owner: String, state: ActivityState)
    case phaseChanged(owner: String, index: UInt32, name: String)
    case timerFinished(owner: String, at: USec)
    case timerRemoved(owner: String, reason: String)
    case activityStarted(Activity, state: ActivityState)
    case activityUpdated(id: String, state: ActivityState)
    case activityEnded(id: String, reason: EndReason)
    /// A button the activity offers was pressed (LiveActivity.Act): told to its program alone,
    /// the connection `sender`.
    case actionInvoked(id: String, owner: String, action: String, sender: String)
}

/// Changes to the fasting history that a command makes; the store applies them in the same
/// transaction as the new state.
public enum HistoryChange: Equatable, Sendable {
    case insert(CompletedFast)
    case update(CompletedFast)
    case delete(id: UInt64)
    /// A fast's note and rating (SetFastNote, an import), leaving its times alone.
    case annotate(id: UInt64, note: String, rating: UInt8)
}
