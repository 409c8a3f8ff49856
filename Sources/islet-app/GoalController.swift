import IsletAppModel
import IsletCore
import Translation

/// The Goal page: the daily goal among isletd's presets, and the schedule under it; each
/// choice sent to isletd at once, a schedule it cannot take said in words.
final class GoalController {
    let view: GoalView
    private let context: PageContext

    init(context: PageContext) {
        self.context = context
        let me = MainThreadRef<GoalController>()
        let schedule = ScheduleView { enabled, time, days, before, atStart in
            me.value?.changeSchedule(enabled: enabled, time: time, days: days, remindBefore: before, remindAtStart: atStart)
        }
        view = GoalView(
            choose: { seconds in context.link()?.setGoal(seconds) }, invalid: { words in context.toast(words, nil) }, schedule: schedule)
        me.value = self
    }

    /// The goal among the presets, and the schedule, as isletd last said them.
    func show() {
        let facts = context.state.facts
        view.show(GoalModel(presets: context.state.presets, goalSeconds: facts?.dailyGoalSeconds ?? 0))
        if let facts { view.schedule.show(ScheduleModel(facts.schedule, goalSeconds: facts.dailyGoalSeconds, zone: .system)) }
    }

    /// The schedule group's values as isletd takes them; a time it cannot read, said, and the
    /// group back to what isletd has.
    private func changeSchedule(enabled: Bool, time: String, days: [Bool], remindBefore: Bool, remindAtStart: Bool) {
        let facts = context.state.facts
        let base = facts?.schedule ?? FastingSchedule()
        switch ScheduleModel.schedule(from: base, enabled: enabled, time: time, days: days, remindBefore: remindBefore, remindAtStart: remindAtStart) {
        case .success(let schedule): if schedule != base { context.link()?.setSchedule(schedule) }
        case .failure(let problem):
            context.toast(problem.words, nil)
            if let facts { view.schedule.show(ScheduleModel(facts.schedule, goalSeconds: facts.dailyGoalSeconds, zone: .system)) }
        }
    }
}
