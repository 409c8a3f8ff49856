import CAdw
import IsletAppModel
import IsletCore
import Platform

/// The Timers page: the app's three timers and the activity shown live, as isletd last said
/// through the page's own ``TimersLink`` (made with the page, when it is first shown), ticking
/// each second of a running timer while the window can be seen.
final class TimersController: AppPage {
    let view: TimersView
    private let context: PageContext
    private let ticker = Ticker()
    private var link: TimersLink?
    private var timers: TimersLink.Timers = []
    private var activity: ActivitySnapshot?

    var root: UnsafeMutablePointer<GtkWidget> { view.root }

    init(context: PageContext) {
        self.context = context
        let me = MainThreadRef<TimersController>()
        view = TimersView(request: { request in me.value?.link?.perform(request) }, invalid: { words in context.toast(words, nil) })
        me.value = self
        connect()
        render()
    }

    /// The page's link, made once there is a connection (made at start, before any page).
    private func connect() {
        guard link == nil, let client = context.link()?.client else { return }
        let me = MainThreadRef(self)
        let link = TimersLink(
            client: client,
            show: { timers, activity in
                MainThreadAction {
                    guard let page = me.value else { return }
                    (page.timers, page.activity) = (timers, activity)
                    page.render()
                }.post()
            },
            failed: { words in MainThreadAction { me.value?.context.toast(words, nil) }.post() })
        self.link = link
        link.start()
    }

    /// The page now, and again when a running timer's second turns (window shown only).
    func render() {
        connect()
        let page = TimersModel(timers: timers, activity: activity, now: WallClock.now())
        view.show(page)
        ticker.schedule(at: page.nextChange, onScreen: context.onScreen()) { [weak self] in self?.render() }
    }

    func seen(_ onScreen: Bool) { if onScreen { render() } else { ticker.stop() } }
}
