import IsletAppModel
import IsletCore
import Platform

/// What isletd last said that the pages show, kept once for all of them (a page built later
/// reads it as it is): the fast's facts (nil: isletd not on the bus) and the goal presets.
final class ServiceState {
    var facts: FastModel.Facts?
    var presets: [Preset] = []
}

/// What the window hands each page's controller: isletd's state as last said, the link to
/// isletd (once there is one), a toast (with Undo when given the app action that undoes), and
/// whether the window can be seen (pages tick only then).
struct PageContext {
    let state: ServiceState
    let link: () -> ServiceLink?
    let toast: (_ text: String, _ undo: String?) -> Void
    let onScreen: () -> Bool
}

extension PageContext {
    /// The History and Progress pages' model from isletd's summary, with the daily goal and
    /// neutral mode isletd last said.
    func historyPage(count: Int, figures: [String: UInt64], days: [FastingDays.Day]) -> HistoryModel {
        let facts = state.facts
        return HistoryModel(
            count: count, statistics: figures, days: days, localTime: .system, now: WallClock.now(), goalSeconds: facts?.dailyGoalSeconds ?? 0,
            neutral: facts?.neutralMode ?? false)
    }
}
