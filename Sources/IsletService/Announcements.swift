import DBus
import IsletBus
import IsletCore

extension IsletService {
    /// The core's events as the contract's signals, in the order the core gives them.
    func announce(_ events: [Event]) {
        for event in events {
            do {
                switch event {
                case .fastStarted(let id, let at):
                    try connection.emit(IsletBus.Fasting.Signal.fastStarted, IsletBus.Fasting.FastRunning(fastID: id, startedAt: at).values)
                case .fastStopped(let fast):
                    try connection.emit(
                        IsletBus.Fasting.Signal.fastStopped, IsletBus.Fasting.FastSpan(fastID: fast.id, startedAt: fast.startedAt, endedAt: fast.endedAt).values
                    )
                case .goalReached(let id, let at):
                    try connection.emit(IsletBus.Fasting.Signal.goalReached, [.uint64(id), .uint64(at)])
                case .fastStartChanged(let id, let at):
                    try connection.emit(IsletBus.Fasting.Signal.fastStartChanged, IsletBus.Fasting.FastRunning(fastID: id, startedAt: at).values)
                case .reminder(let reminder):
                    try connection.emit(
                        IsletBus.Fasting.Signal.reminder,
                        IsletBus.Fasting.ReminderDue(kind: reminder.kind.rawValue, dueAt: reminder.at, fastStartsAt: reminder.fastStartsAt).values)
                case .historyChanged:
                    try connection.emit(IsletBus.Fasting.Signal.historyChanged, [])
                case .stageReached(let id, let stage, let at):
                    try connection.emit(IsletBus.Fasting.Signal.stageReached, IsletBus.Fasting.StageReached(fastID: id, stage: stage, reachedAt: at).values)
                case .timerChanged(let owner, let state):
                    try connection.emit(IsletBus.Timers.Signal.timerChanged, [.string(owner), ActivityCoding.dictionary(state)])
                case .phaseChanged(let owner, let index, let name):
                    try connection.emit(IsletBus.Timers.Signal.phaseChanged, [.string(owner), .uint32(index), .string(name)])
                case .timerFinished(let owner, let at):
                    try connection.emit(IsletBus.Timers.Signal.timerFinished, [.string(owner), .uint64(at)])
                case .timerRemoved(let owner, let reason):
                    try connection.emit(IsletBus.Timers.Signal.timerRemoved, [.string(owner), .string(reason)])
                case .activityStarted(let activity, let state):
                    try connection.emit(
                        IsletBus.LiveActivity.Signal.activityStarted,
                        [.string(activity.id), .string(activity.owner), ActivityCoding.dictionary(activity.attributes), ActivityCoding.dictionary(state)])
                case .activityUpdated(let id, let state):
                    try connection.emit(IsletBus.LiveActivity.Signal.activityUpdated, [.string(id), ActivityCoding.dictionary(state)])
                case .activityEnded(let id, let reason):
                    try connection.emit(IsletBus.LiveActivity.Signal.activityEnded, [.string(id), .string(reason.rawValue)])
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
