import DBus
import IsletBus
import IsletCore

extension IsletService {
    /// The core's events as the contract's signals, in the order the core gives them.
    func announce(_ events: [Event]) {
        for event in events {
            do {
                typealias Fasting = IsletBus.Fasting
                typealias Timers = IsletBus.Timers
                typealias LiveActivity = IsletBus.LiveActivity
                switch event {
                case .fastStarted(let id, let at): try connection.emit(Fasting.Signal.fastStarted, Fasting.FastRunning(fastID: id, startedAt: at))
                case .fastStopped(let fast):
                    try connection.emit(Fasting.Signal.fastStopped, Fasting.FastSpan(fastID: fast.id, startedAt: fast.startedAt, endedAt: fast.endedAt))
                case .goalReached(let id, let at): try connection.emit(Fasting.Signal.goalReached, Fasting.GoalPassed(fastID: id, reachedAt: at))
                case .fastStartChanged(let id, let at):
                    try connection.emit(Fasting.Signal.fastStartChanged, Fasting.FastRunning(fastID: id, startedAt: at))
                case .reminder(let reminder):
                    try connection.emit(
                        Fasting.Signal.reminder, Fasting.ReminderDue(kind: reminder.kind.rawValue, dueAt: reminder.at, fastStartsAt: reminder.fastStartsAt))
                case .historyChanged: try connection.emit(Fasting.Signal.historyChanged, NoArguments())
                case .stageReached(let id, let stage, let at):
                    try connection.emit(Fasting.Signal.stageReached, Fasting.StageReached(fastID: id, stage: stage, reachedAt: at))
                case .timerChanged(let owner, let state):
                    try connection.emit(Timers.Signal.timerChanged, Timers.TimerState(owner: owner, state: ActivityCoding.dictionary(state)))
                case .phaseChanged(let owner, let index, let name):
                    try connection.emit(Timers.Signal.phaseChanged, Timers.PhaseBegan(owner: owner, index: index, name: name))
                case .timerFinished(let owner, let at): try connection.emit(Timers.Signal.timerFinished, Timers.Finished(owner: owner, finishedAt: at))
                case .timerRemoved(let owner, let reason): try connection.emit(Timers.Signal.timerRemoved, Timers.Removed(owner: owner, reason: reason))
                case .activityStarted(let activity, let state):
                    let started = LiveActivity.Activity(
                        activityID: activity.id, owner: activity.owner, attributes: ActivityCoding.dictionary(activity.attributes),
                        state: ActivityCoding.dictionary(state))
                    try connection.emit(LiveActivity.Signal.activityStarted, started)
                case .activityUpdated(let id, let state):
                    try connection.emit(LiveActivity.Signal.activityUpdated, LiveActivity.Changed(activityID: id, state: ActivityCoding.dictionary(state)))
                case .activityEnded(let id, let reason):
                    try connection.emit(LiveActivity.Signal.activityEnded, LiveActivity.Ended(activityID: id, reason: reason.rawValue))
                case .actionInvoked(let id, let owner, let action, let sender):
                    try connection.emit(LiveActivity.Signal.actionInvoked, LiveActivity.Invoked(activityID: id, owner: owner, action: action), to: sender)
                }
            } catch {
                logger.error("could not emit \(event): \(error)")
            }
        }
    }

    /// PropertiesChanged (coalesced by the connection) for every property that differs.
    func announceProperties(old: IsletState, new: IsletState) {
        connection.propertiesChanged(IsletService.changedFastingProperties(old, new))
        connection.propertiesChanged(IsletService.changedLiveActivityProperties(old, new))
    }
}
