import IsletAppModel
import IsletCore
import Platform

/// The Progress page: isletd's figures, the charts and the calendar's month, read whenever the
/// page is shown and again when the history changes.
final class ProgressController {
    let view: ProgressView
    private let context: PageContext

    init(context: PageContext) {
        self.context = context
        view = ProgressView(month: { year, month in context.link()?.loadMonth(year: year, month: month) })
    }

    /// The page shown: the figures and the month read again.
    func shown() {
        view.calendar.refresh()
        guard let link = context.link() else { return }
        Task { await link.loadHistory() }
    }

    /// The figures and charts (``PageContext/historyPage``).
    func summary(_ page: HistoryModel) { view.show(page) }

    func calendar(year: Int64, month: Int, days: [FastingDays.Day]) {
        view.calendar.show(CalendarMonth(year: year, month: month, days: days, localTime: .system, now: WallClock.now()))
    }
}
