import CAdw
import IsletAppModel
import IsletCore
import Platform
import Translation

/// The Fast page: its view, isletd's facts on it each second while the window can be seen, and
/// what the page asks for (Start / Stop, an earlier start or stop, a moved start, this fast's
/// goal), read as the command line reads them.
final class FastController {
    let view: FastView
    private let context: PageContext
    private let ticker = Ticker()

    init(context: PageContext) {
        self.context = context
        let me = MainThreadRef<FastController>()
        view = FastView { request in me.value?.request(request) }
        me.value = self
        connect(view.button, "clicked") { me.value?.pressed() }
        view.show(.unknown)
    }

    /// The page for isletd's facts as they are now; without them (not yet read, or isletd
    /// gone), nothing said, nothing to count and nothing to press.
    func show() {
        gtk_widget_set_sensitive(view.button, context.state.facts == nil ? 0 : 1)
        render()
    }

    /// Start Fast, Stop Fast (the button, Ctrl+Return, the app's toggle-fast action).
    func pressed() {
        guard let facts = context.state.facts, let link = context.link() else { return }
        if facts.fasting { link.stopFast() } else { link.startFast() }
    }

    /// The page now, and again when its text next changes (while the window can be seen).
    func render() {
        let page = context.state.facts.map { FastModel($0, now: WallClock.now(), zone: .system) } ?? .unknown
        view.show(page)
        ticker.schedule(at: page.nextChange, onScreen: context.onScreen()) { [weak self] in self?.render() }
    }

    func stopTicking() { ticker.stop() }

    /// "I started 2 hours ago": the fast begins then; a running fast's start moved, or stopped at
    /// an earlier time, typed as `--at` is ("19:30", "2h ago"); isletd refuses an overlap in its
    /// own words.
    private func request(_ request: FastRequest) {
        guard let link = context.link() else { return }
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
