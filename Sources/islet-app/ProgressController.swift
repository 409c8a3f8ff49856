import CAdw
import IsletAppModel
import IsletCore
import Platform

/// The Progress page: isletd's figures, the charts and the calendar's month, read whenever the
/// page is shown and again when the history changes, through its own ``HistoryLink`` (made with
/// the page; it reads no rows).
final class ProgressController: AppPage {
    let view: ProgressView
    private let context: PageContext
    private var link: HistoryLink?

    var root: UnsafeMutablePointer<GtkWidget> { view.root }

    init(context: PageContext) {
        self.context = context
        let me = MainThreadRef<ProgressController>()
        view = ProgressView(month: { year, month in me.value?.link?.loadMonth(year: year, month: month) })
        me.value = self
    }

    /// The page's link, made once there is a connection (made at start, before any page).
    @discardableResult
    private func connect() -> Bool {
        guard link == nil, let client = context.link()?.client else { return false }
        let me = MainThreadRef(self)
        let link = HistoryLink(client: client, rows: false) { news in MainThreadAction { me.value?.heard(news) }.post() }
        self.link = link
        link.start()
        return true
    }

    /// The page shown: the figures and the month read again.
    func shown() {
        let made = connect()
        view.calendar.refresh()
        guard !made, let link else { return }
        Task { await link.load() }
    }

    /// What isletd said of the history, as this page shows it: the figures, the charts and the
    /// month; the list's news is the History page's.
    private func heard(_ news: HistoryLink.News) {
        switch news {
        case .summary(let page, _, _): view.show(page)
        case .calendar(let year, let month, let days):
            view.calendar.show(CalendarMonth(year: year, month: month, days: days, localTime: .system, now: WallClock.now()))
        case .failed(let words): context.failed(words)
        default: break
        }
    }
}
