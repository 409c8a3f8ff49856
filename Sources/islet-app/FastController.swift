import CAdw
import IsletAppModel
import IsletCore
import Platform
import Translation

/// The Fast page: its view, isletd's facts on it each second while the window can be seen, and
/// what the page asks for (Start / Stop, an earlier start or stop, a moved start, this fast's
/// goal), read as the command line reads them; through its own ``FastLink``, made with the page
/// at the window's start.
final class FastController: AppPage {
    let view: FastView
    private let context: PageContext
    private let ticker = Ticker()
    private var link: FastLink?
    /// The fast as isletd last said it; nil: not read yet, or isletd gone.
    private var facts: FastModel.Facts?

    var root: UnsafeMutablePointer<GtkWidget> { view.root }

    init(context: PageContext) {
        self.context = context
        let me = MainThreadRef<FastController>()
        view = FastView { request in me.value?.request(request) }
        me.value = self
        connect(view.button, "clicked") { me.value?.pressed() }
        view.show(.unknown)
        gtk_widget_set_sensitive(view.button, 0)
        if let client = context.link()?.client {
            let link = FastLink(client: client) { news in MainThreadAction { me.value?.heard(news) }.post() }
            self.link = link
            link.start()
        }
    }

    /// What isletd said of the fast.
    private func heard(_ news: FastLink.News) {
        switch news {
        case .facts(let facts):
            self.facts = facts
            // Without them (not yet read, or isletd gone), nothing said, nothing to press.
            gtk_widget_set_sensitive(view.button, facts == nil ? 0 : 1)
            render()
        case .stopped(let fast):
            let hours = (fast.endedAt - fast.startedAt) / usecPerSecond
            context.toast(tr("Fast stopped after %s", Format.hoursMinutes(seconds: hours)), "app.undo-stop")
        case .done(let words): context.toast(words, nil)
        case .failed(let words): context.failed(words)
        }
    }

    /// Start Fast, Stop Fast (the button, Ctrl+Return, the app's toggle-fast action).
    func pressed() {
        guard let facts, let link else { return }
        if facts.fasting { link.stopFast() } else { link.startFast() }
    }

    /// The desktop entry's actions: a fast started or stopped at once.
    func startFast() { link?.startFast() }
    func stopFast() { link?.stopFast() }
    /// The toast's Undo: the fast stopped last runs again.
    func undoStop() { link?.undoStop() }

    /// The page now, and again when its text next changes (while the window can be seen).
    func render() {
        let page = facts.map { FastModel($0, now: WallClock.now(), zone: .system) } ?? .unknown
        view.show(page)
        ticker.schedule(at: page.nextChange, onScreen: context.onScreen()) { [weak self] in self?.render() }
    }

    func seen(_ onScreen: Bool) { if onScreen { render() } else { ticker.stop() } }

    /// "I started 2 hours ago": the fast begins then; a running fast's start moved, or stopped at
    /// an earlier time, typed as `--at` is ("19:30", "2h ago"); isletd refuses an overlap in its
    /// own words.
    private func request(_ request: FastRequest) {
        guard let link else { return }
        let now = WallClock.now()
        switch request {
        case .startEarlier(let text):
            switch FastModel.earlierStart(text, now: now) {
            case .at(let start): link.startFast(at: start)
            case .invalid(let words): context.toast(words, nil)
            }
        case .goal(let seconds): link.setFastGoal(seconds)
        case .moveStart(let text):
            guard let at = TypedTime.parse(text, now: now) else { return context.toast(tr("Write a time like 19:30, 2h ago or 2026-11-25 19:30."), nil) }
            link.moveStart(to: at)
        case .stopAt(let text):
            guard let at = TypedTime.parse(text, now: now) else { return context.toast(tr("Write a time like 11:30, 30m ago or 2026-11-26 11:30."), nil) }
            link.stopFast(at: at)
        }
    }
}
