import CAdw
import IsletAppModel
import IsletCore
import Translation

/// The Preferences window: made when it is asked for (not at start, so that the main window
/// comes up sooner), let go when it closes; each setting changed by the program that owns it
/// (``PreferencesLink``), followed while the window is open; a value it cannot read, said.
final class PreferencesController {
    private let context: PageContext
    private var view: PreferencesView?
    private var link: PreferencesLink?

    init(context: PageContext) {
        self.context = context
    }

    /// The window over `parent`, its values read again.
    func present(over parent: UnsafeMutablePointer<GtkWidget>?) {
        let view =
            self.view
            ?? PreferencesView(
                change: { [weak self] change in self?.change(change) },
                closed: { [weak self] in
                    self?.link?.stop()
                    self?.link = nil
                    self?.view = nil
                })
        self.view = view
        if link == nil, let client = context.link()?.client {
            let me = MainThreadRef(self)
            let link = PreferencesLink(
                client: client, show: { facts in MainThreadAction { me.value?.show(facts) }.post() },
                failed: { words in MainThreadAction { me.value?.context.toast(words, nil) }.post() })
            self.link = link
            link.start()
        }
        // After the main window's own presentation (`islet-app --page settings` activates the
        // app after this): the preferences come out on top.
        onMainThread { view.present(over: parent) }
    }

    private func show(_ facts: PreferencesModel.Facts) { view?.show(PreferencesModel(facts)) }

    private func change(_ change: PreferenceChange) {
        guard let link else { return }
        switch change {
        case .activities(let on): link.setActivitiesEnabled(on)
        case .minimalStyle(let minimal): link.setMinimalStyle(minimal)
        case .surface(let item, let on): link.setSurface(item, on)
        case .linger(let text):
            guard let seconds = PreferencesModel.seconds(text, in: Limits.lingerSeconds) else {
                return context.toast(tr("A finished timer stays 0 seconds to 1 hour: write it like 5s or 1m."), nil)
            }
            link.setLinger(seconds: seconds, goalReached: nil)
        case .goalLinger(let text):
            guard let seconds = PreferencesModel.seconds(text, in: Limits.goalReachedLingerSeconds) else {
                return context.toast(tr("A reached goal stays 0 (until the fast stops) to 24 hours: write it like 0, 30m or 2h."), nil)
            }
            link.setLinger(seconds: nil, goalReached: seconds)
        case .fasting(let property, let on):
            // Announcing without showing them would say stages the page never shows.
            if property == .showStages, !on { link.setFastingSwitch(.announceStages, false) }
            link.setFastingSwitch(property, on)
        }
    }
}
