import CAdw
import IsletAppModel
import IsletCore
import Translation

/// The Goal page: the daily goal among isletd's presets, and the schedule under it; each
/// choice sent to isletd at once, a schedule it cannot take said in words; through its own
/// ``GoalLink``, made with the page.
final class GoalController: AppPage {
    let view: GoalView
    private let context: PageContext
    private var link: GoalLink?
    /// What isletd last said: the daily goal and the schedule (nil: not read yet).
    private var goal: (dailyGoalSeconds: UInt64, schedule: FastingSchedule)?

    var root: UnsafeMutablePointer<GtkWidget> { view.root }

    init(context: PageContext) {
        self.context = context
        let me = MainThreadRef<GoalController>()
        let schedule = ScheduleView { enabled, time, days, before, atStart in
            me.value?.changeSchedule(enabled: enabled, time: time, days: days, remindBefore: before, remindAtStart: atStart)
        }
        view = GoalView(
            choose: { seconds in me.value?.link?.setGoal(seconds) }, invalid: { words in context.toast(words, nil) }, schedule: schedule)
        me.value = self
        view.show(GoalModel(presets: [], goalSeconds: 0))
        if let client = context.link()?.client {
            let link = GoalLink(client: client) { news in MainThreadAction { me.value?.heard(news) }.post() }
            self.link = link
            link.start()
        }
    }

    /// The goal among the presets, and the schedule, as isletd said them.
    private func heard(_ news: GoalLink.News) {
        switch news {
        case .goal(let presets, let seconds, let schedule):
            goal = (seconds, schedule)
            view.show(GoalModel(presets: presets, goalSeconds: seconds))
            view.schedule.show(ScheduleModel(schedule, goalSeconds: seconds, zone: .system))
        case .failed(let words): context.failed(words)
        }
    }

    /// The schedule group's values as isletd takes them; a time it cannot read, said, and the
    /// group back to what isletd has.
    private func changeSchedule(enabled: Bool, time: String, days: [Bool], remindBefore: Bool, remindAtStart: Bool) {
        let base = goal?.schedule ?? FastingSchedule()
        switch ScheduleModel.schedule(from: base, enabled: enabled, time: time, days: days, remindBefore: remindBefore, remindAtStart: remindAtStart) {
        case .success(let schedule): if schedule != base { link?.setSchedule(schedule) }
        case .failure(let problem):
            context.toast(problem.words, nil)
            if let goal { view.schedule.show(ScheduleModel(goal.schedule, goalSeconds: goal.dailyGoalSeconds, zone: .system)) }
        }
    }
}
