import CAdw
import IsletAppModel
import IsletClient
import IsletCore
import Platform
import Translation

/// islet's app (issue 34, first part): the Fast page the seeds describe (FR-001 to FR-004,
/// DFG-004) as a GTK 4 / libadwaita window, a client of isletd only. One instance
/// (GApplication's uniqueness); closing the window ends the app, the fast goes on.
@main
enum AppMain {
    static func main() {
        Translation.start()
        var arguments = Array(CommandLine.arguments.dropFirst())
        // --address ADDRESS: a private bus (the tests'); GTK does not see it.
        var address: String?
        if let i = arguments.firstIndex(of: "--address"), i + 1 < arguments.count {
            address = arguments[i + 1]
            arguments.removeSubrange(i...(i + 1))
        }
        let app = adw_application_new("org.islet.Islet", GApplicationFlags(rawValue: 0))
        let controller = AppController(app: app, address: address)
        connect(app, "activate") { controller.activate() }
        let argv = [CommandLine.arguments[0]] + arguments
        let status = withCStrings(argv) { pointers in
            g_application_run(cast(app, to: GApplication.self), Int32(argv.count), pointers)
        }
        g_object_unref(object(app))
        exit(status)
    }

    static func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { for p in pointers { free(p) } }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}

/// The window and what it shows, on GTK's main thread.
final class AppController {
    private let app: UnsafeMutablePointer<AdwApplication>?
    private let address: String?
    private var window: UnsafeMutablePointer<GtkWidget>?
    private var toasts: UnsafeMutablePointer<GtkWidget>?
    private var fast: FastView?
    private var goal: GoalView?
    private var history: HistoryView?
    private var timers: TimersView?
    /// The timers and the activity as isletd last said, and the timer page's next tick.
    private var timerFacts: (timers: [(owner: String, state: ActivityState)], activity: ActivitySnapshot?) = ([], nil)
    private var timerTick: guint = 0
    private var fasts: [CompletedFast] = []
    private var lastDeleted: CompletedFast?
    private var presets: [Preset] = []
    private var banner: UnsafeMutablePointer<GtkWidget>?
    private var facts: FastPage.Facts?
    private var tick: guint = 0
    private var link: ServiceLink?

    init(app: UnsafeMutablePointer<AdwApplication>?, address: String?) {
        self.app = app
        self.address = address
    }

    func activate() {
        if let window {
            gtk_window_present(cast(window))
            return
        }
        let window = adw_application_window_new(cast(app, to: GtkApplication.self))
        self.window = window
        gtk_window_set_title(cast(window), "islet")
        gtk_window_set_default_size(cast(window), 640, 600)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        // The pages, switched from the header bar (the seeds' main screen, the goal picker).
        let header = adw_header_bar_new()
        let stack = adw_view_stack_new()
        let switcher = adw_view_switcher_title_new()
        adw_view_switcher_title_set_stack(opaque(switcher), opaque(stack))
        adw_view_switcher_title_set_title(opaque(switcher), "islet")
        adw_header_bar_set_title_widget(opaque(header), switcher)
        gtk_box_append(cast(content), header)
        // isletd missing: said plainly, with a button that starts it (D-Bus activation).
        let banner = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        self.banner = banner
        let bannerText = gtk_label_new(tr("islet's service is not running."))
        let startService = gtk_button_new_with_label(tr("Start It"))
        gtk_box_append(cast(banner), bannerText)
        gtk_box_append(cast(banner), startService)
        gtk_widget_set_halign(banner, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(banner, 12)
        gtk_widget_set_visible(banner, 0)
        gtk_box_append(cast(content), banner)
        let fast = FastView()
        self.fast = fast
        let me = MainThreadRef(self)
        let goal = GoalView(
            choose: { seconds in me.value?.link?.setGoal(seconds) }, invalid: { words in me.value?.toast(words, undo: false) })
        self.goal = goal
        let fastPage = adw_view_stack_add_titled(opaque(stack), fast.root, "fast", tr("Fast"))
        adw_view_stack_page_set_icon_name(fastPage, "preferences-system-time-symbolic")
        let goalPage = adw_view_stack_add_titled(opaque(stack), goal.root, "goal", tr("Goal"))
        adw_view_stack_page_set_icon_name(goalPage, "emblem-default-symbolic")
        let history = HistoryView { id in
            guard let fast = me.value?.fasts.first(where: { $0.id == id }) else { return }
            me.value?.link?.deleteFast(fast)
        }
        self.history = history
        let historyPage = adw_view_stack_add_titled(opaque(stack), history.root, "history", tr("History"))
        adw_view_stack_page_set_icon_name(historyPage, "document-open-recent-symbolic")
        let timers = TimersView(
            request: { request in me.value?.link?.timer(request) }, invalid: { words in me.value?.toast(words, undo: false) })
        self.timers = timers
        let timersPage = adw_view_stack_add_titled(opaque(stack), timers.root, "timers", tr("Timers"))
        adw_view_stack_page_set_icon_name(timersPage, "alarm-symbolic")
        // The history is read when its page is shown (edits from elsewhere have no signal).
        connect(opaque(stack), "notify::visible-child") {
            guard let name = adw_view_stack_get_visible_child_name(opaque(stack)), String(cString: name) == "history",
                let link = me.value?.link
            else { return }
            Task { await link.loadHistory() }
        }
        gtk_widget_set_vexpand(stack, 1)
        gtk_box_append(cast(content), stack)
        let overlay = adw_toast_overlay_new()
        toasts = overlay
        adw_toast_overlay_set_child(opaque(overlay), content)
        adw_application_window_set_content(cast(window), overlay)

        connect(fast.button, "clicked") { [weak self] in self?.pressed() }
        connect(startService, "clicked") { [weak self] in
            guard let link = self?.link else { return }
            Task { await link.refresh(withPresets: true) }
        }
        // Counting only while the window is on screen; hidden, nothing wakes.
        connect(window, "map") { [weak self] in
            self?.render()
            self?.renderTimers()
        }
        connect(window, "unmap") { [weak self] in self?.stopTicking() }
        addUndoAction()

        let link = ServiceLink(address: address) { update in
            MainThreadAction { me.value?.apply(update) }.post()
        }
        self.link = link
        show(FastPage(.notFasting, now: WallClock.now()))
        gtk_window_present(cast(window))
        link.start()
    }

    private func apply(_ update: ServiceLink.Update) {
        switch update {
        case .facts(let facts):
            self.facts = facts
            gtk_widget_set_visible(banner, 0)
            gtk_widget_set_sensitive(fast?.button, 1)
            goal?.show(GoalPage(presets: presets, goalSeconds: facts.dailyGoalSeconds))
            render()
        case .unavailable:
            facts = nil
            timerFacts = ([], nil)
            stopTicking()
            timers?.show(TimersPage(timers: [], activity: nil, now: WallClock.now()))
            gtk_widget_set_visible(banner, 1)
            gtk_widget_set_sensitive(fast?.button, 0)
            show(FastPage(.notFasting, now: WallClock.now()))
        case .presets(let presets):
            self.presets = presets
            goal?.show(GoalPage(presets: presets, goalSeconds: facts?.dailyGoalSeconds ?? 0))
        case .history(let fasts, let figures):
            self.fasts = fasts
            history?.show(HistoryPage(fasts: fasts, statistics: figures, localTime: .system, now: WallClock.now()))
        case .deleted(let fast):
            lastDeleted = fast
            toast(tr("Fast deleted."), undo: true, action: "app.undo-delete")
        case .failed(let words):
            toast(words, undo: false)
        case .timers(let list, let activity):
            timerFacts = (list, activity)
            renderTimers()
        case .stopped(let fast):
            let hours = (fast.endedAt - fast.startedAt) / usecPerSecond
            toast(tr("Fast stopped after %s.", Format.hoursMinutes(seconds: hours)), undo: true, action: "app.undo-stop")
        }
    }

    private func pressed() {
        guard let facts, let link else { return }
        if facts.fasting { link.stopFast() } else { link.startFast() }
    }

    private func render() {
        stopTicking()
        let page = FastPage(facts ?? .notFasting, now: WallClock.now())
        show(page)
        guard let next = page.nextChange, let window, gtk_widget_get_mapped(window) != 0 else { return }
        let now = WallClock.now()
        let wait = next > now ? (next - now + 999) / 1000 : 1
        tick = after(milliseconds: UInt32(clamping: wait)) { [weak self] in
            self?.tick = 0
            self?.render()
        }
    }

    /// The Timers page now, and again when a running timer's second turns (window shown only).
    private func renderTimers() {
        if timerTick != 0 { g_source_remove(timerTick) }
        timerTick = 0
        let now = WallClock.now()
        let page = TimersPage(timers: timerFacts.timers, activity: timerFacts.activity, now: now)
        timers?.show(page)
        guard let next = page.nextChange, let window, gtk_widget_get_mapped(window) != 0 else { return }
        let wait = next > now ? (next - now + 999) / 1000 : 1
        timerTick = after(milliseconds: UInt32(clamping: wait)) { [weak self] in
            self?.timerTick = 0
            self?.renderTimers()
        }
    }

    private func stopTicking() {
        if tick != 0 { g_source_remove(tick) }
        tick = 0
        if timerTick != 0 { g_source_remove(timerTick) }
        timerTick = 0
    }

    private func show(_ page: FastPage) { fast?.show(page) }

    fileprivate func toast(_ text: String, undo: Bool, action: String = "") {
        guard let toast = adw_toast_new(text) else { return }
        if undo {
            adw_toast_set_button_label(toast, tr("Undo"))
            adw_toast_set_action_name(toast, action)
        }
        adw_toast_overlay_add_toast(opaque(toasts), toast)
    }

    private func addUndoAction() {
        let undoStop = g_simple_action_new("undo-stop", nil)
        connect(undoStop, "activate-action") { [weak self] in self?.link?.undoStop() }
        g_action_map_add_action(opaque(app), undoStop)
        let undoDelete = g_simple_action_new("undo-delete", nil)
        connect(undoDelete, "activate-action") { [weak self] in
            guard let self, let fast = self.lastDeleted else { return }
            self.lastDeleted = nil
            self.link?.addBack(fast)
        }
        g_action_map_add_action(opaque(app), undoDelete)
    }
}
