import CAdw
import IsletAppModel
import IsletCore
import Platform

/// The Timers page: the app's three timers and the activity shown live, as isletd last said,
/// ticking each second of a running timer while the window can be seen.
final class TimersController {
    let view: TimersView
    private let context: PageContext
    private let ticker = Ticker()

    init(context: PageContext) {
        self.context = context
        view = TimersView(request: { request in context.link()?.timer(request) }, invalid: { words in context.toast(words, nil) })
    }

    /// The page now, and again when a running timer's second turns (window shown only).
    func render() {
        let page = TimersModel(timers: context.state.timers, activity: context.state.activity, now: WallClock.now())
        view.show(page)
        ticker.schedule(at: page.nextChange, onScreen: context.onScreen()) { [weak self] in self?.render() }
    }

    func stopTicking() { ticker.stop() }
}
