import CAdw
import IdleLoop
import IsletAppModel
import IsletClient
import IsletCore
import Platform
import Translation

/// islet's app: the seeds' main screen (Fast), goal picker (Goal), History and the Live
/// Activities spec's tabs (Timers) as a GTK 4 / libadwaita window, a client of isletd only.
/// One instance (GApplication's uniqueness, also D-Bus activatable as org.islet.Islet.App);
/// closing the window ends the app, the fast goes on.
///
///     islet-app [--page fast|goal|history|timers] [--action start-fast|stop-fast] [--address BUS]
///
/// `--page` shows that page and `--action` does what the desktop entry's actions say, in the
/// running app if there is one (its `app.show-page`, `app.start-fast`, `app.stop-fast`).
@main
enum AppMain {
    static let id = "org.islet.Islet.App"

    static func main() {
        Translation.start()
        // Swift's tasks (the link to isletd) on a loop of their own that sleeps while nothing
        // is due, not on libdispatch's pool (its monitor woke the app once a second, hidden or
        // not); the widgets are reached on GTK's main thread (onMainThread), not the main actor.
        do {
            let tasks = try EventLoop.startThread(name: "tasks")
            EventLoop.installExecutors(tasksOn: tasks)
        } catch {
            printError("islet-app: \(error); Swift's own executors stay")
        }
        var arguments = Array(CommandLine.arguments.dropFirst())
        // --address ADDRESS: a private bus (the tests'); --page NAME. GTK sees neither.
        func take(_ option: String) -> String? {
            guard let i = arguments.firstIndex(of: option), i + 1 < arguments.count else { return nil }
            defer { arguments.removeSubrange(i...(i + 1)) }
            return arguments[i + 1]
        }
        let address = take("--address")
        let page = take("--page")
        let action = take("--action")
        if let action, !["start-fast", "stop-fast"].contains(action) {
            printError(tr("islet-app: no action \"%s\" (start-fast or stop-fast)", action))
            exit(2)
        }
        let app = adw_application_new(id, GApplicationFlags(rawValue: 0))
        let controller = AppController(app: app, address: address)
        connect(app, "activate") { controller.activate() }
        controller.addActions()
        if page != nil || action != nil {
            // Registered first, so that the request goes to the app already running, if any.
            let gapp = cast(app, to: GApplication.self)
            if g_application_register(gapp, nil, nil) != 0 {
                if let page { g_action_group_activate_action(opaque(app), "show-page", g_variant_new_string(page)) }
                if let action { g_action_group_activate_action(opaque(app), action, nil) }
                if g_application_get_is_remote(gapp) != 0 {
                    // The request is a D-Bus message to the running app: out before the exit.
                    if let bus = g_application_get_dbus_connection(gapp) { g_dbus_connection_flush_sync(bus, nil, nil) }
                    g_object_unref(object(app))
                    exit(0)
                }
            }
        }
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
    private var preferences: PreferencesView?
    /// The timers and the activity as isletd last said, and the timer page's next tick.
    private var timerFacts: (timers: [(owner: String, state: ActivityState)], activity: ActivitySnapshot?) = ([], nil)
    private var timerTick: guint = 0
    private var stack: UnsafeMutablePointer<GtkWidget>?
    private var lastDeleted: FastRecord?
    /// The history list is read again when its figures next arrive (the page shown again: an
    /// edit or an import from elsewhere has no signal).
    private var historyStale = true
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
        gtk_window_set_default_size(cast(window), 720, 600)
        gtk_widget_set_size_request(window, 360, 400)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        // The pages, switched from the header bar (the seeds' main screen, the goal picker).
        let header = adw_header_bar_new()
        let stack = adw_view_stack_new()
        self.stack = stack
        let switcher = adw_view_switcher_title_new()
        adw_view_switcher_title_set_stack(opaque(switcher), opaque(stack))
        adw_view_switcher_title_set_title(opaque(switcher), "islet")
        adw_header_bar_set_title_widget(opaque(header), switcher)
        adw_header_bar_pack_end(opaque(header), Shortcuts.menuButton())
        if let overlay = Shortcuts.helpOverlay() {
            gtk_application_window_set_help_overlay(cast(window), opaque(overlay))
            g_object_unref(object(overlay))
        }
        gtk_box_append(cast(content), header)
        // isletd missing: a status page in place of the views, in words a person uses, with a
        // button that starts it again (D-Bus activation).
        let banner = statusPage(icon: "dialog-warning-symbolic")
        self.banner = banner
        adw_status_page_set_title(opaque(banner), tr("Fasts and Timers Are Out of Reach"))
        adw_status_page_set_description(
            opaque(banner), tr("The part of islet that keeps them in the background has stopped. Nothing is lost: they go on once it runs again."))
        let startService = gtk_button_new_with_label(tr("Start Again"))
        gtk_widget_set_halign(startService, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(startService, "pill")
        gtk_widget_add_css_class(startService, "suggested-action")
        adw_status_page_set_child(opaque(banner), startService)
        // The views, or that page in their place.
        let views = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_append(cast(views), banner)
        let me0 = MainThreadRef(self)
        let fast = FastView { request in me0.value?.fastRequest(request) }
        self.fast = fast
        let me = MainThreadRef(self)
        let schedule = ScheduleView { enabled, time, days, before, atStart in
            me.value?.changeSchedule(enabled: enabled, time: time, days: days, remindBefore: before, remindAtStart: atStart)
        }
        let goal = GoalView(
            choose: { seconds in me.value?.link?.setGoal(seconds) }, invalid: { words in me.value?.toast(words, undo: false) },
            schedule: schedule)
        self.goal = goal
        // Four views, an icon each, from names every theme islet meets has (Adwaita 43 to 49,
        // Breeze) or GTK itself carries (the flag: its emoji chooser's).
        let fastPage = adw_view_stack_add_titled(opaque(stack), fast.root, "fast", tr("Fast"))
        adw_view_stack_page_set_icon_name(fastPage, "weather-clear-night-symbolic")
        let goalPage = adw_view_stack_add_titled(opaque(stack), goal.root, "goal", tr("Goal"))
        adw_view_stack_page_set_icon_name(goalPage, "emoji-flags-symbolic")
        let history = HistoryView(
            ask: { page, generation in me.value?.link?.loadPage(page, generation: generation) },
            month: { year, month in me.value?.link?.loadMonth(year: year, month: month) },
            delete: { record in me.value?.link?.deleteFast(record) }, save: { edit in me.value?.saveFast(edit) },
            importChosen: { entries in me.value?.link?.importFasts(entries) })
        self.history = history
        // Its Add and files menu in the header bar, shown with the page.
        adw_header_bar_pack_start(opaque(header), history.headerStart)
        gtk_widget_set_visible(history.headerStart, 0)
        let historyPage = adw_view_stack_add_titled(opaque(stack), history.root, "history", tr("History"))
        adw_view_stack_page_set_icon_name(historyPage, "document-open-recent-symbolic")
        let timers = TimersView(
            request: { request in me.value?.link?.timer(request) }, invalid: { words in me.value?.toast(words, undo: false) })
        self.timers = timers
        let timersPage = adw_view_stack_add_titled(opaque(stack), timers.root, "timers", tr("Timers"))
        adw_view_stack_page_set_icon_name(timersPage, "alarm-symbolic")
        // The history is read when its page is shown, and again on HistoryChanged.
        connect(opaque(stack), "notify::visible-child") {
            guard let name = adw_view_stack_get_visible_child_name(opaque(stack)) else { return }
            gtk_widget_set_visible(history.headerStart, String(cString: name) == "history" ? 1 : 0)
            guard let link = me.value?.link else { return }
            switch String(cString: name) {
            case "history":
                me.value?.historyStale = true
                Task { await link.loadHistory() }
            default: break
            }
        }
        // Toasts over the views only: never over the header bar or the bottom switcher.
        let overlay = adw_toast_overlay_new()
        toasts = overlay
        gtk_widget_set_vexpand(stack, 1)
        gtk_box_append(cast(views), stack)
        adw_toast_overlay_set_child(opaque(overlay), views)
        gtk_widget_set_vexpand(overlay, 1)
        gtk_box_append(cast(content), overlay)
        // A narrow window (a phone, half a laptop's screen): the pages' switcher moves to a bar
        // at the bottom, as libadwaita's title gives up its room for the window's title.
        let bar = adw_view_switcher_bar_new()
        adw_view_switcher_bar_set_stack(opaque(bar), opaque(stack))
        g_object_bind_property(object(switcher), "title-visible", object(bar), "reveal", bindingSyncCreate)
        gtk_box_append(cast(content), bar)
        adw_application_window_set_content(cast(window), content)

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
        connect(window, "realize") { [weak self] in self?.followSurface() }
        // For bench/app.sh: the wall-clock moment of the first frame painted, on stderr.
        if Environment.value("ISLET_APP_REPORT_FIRST_FRAME") != nil {
            connect(window, "realize") { [weak self] in
                guard let clock = gtk_widget_get_frame_clock(self?.window) else { return }
                var reported = false
                connect(clock, "after-paint") {
                    guard !reported else { return }
                    reported = true
                    printError("first-frame-usec \(WallClock.now())")
                }
            }
        }
        // For bench/app-history.sh: each stretch of 4 ms or more that GTK's main thread spent
        // away from waiting (work that holds a frame back), with its wall-clock end, on stderr.
        if Environment.value("ISLET_APP_REPORT_BUSY") != nil { BusyReport.install() }

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
            // Neutral mode turned on or off: the History page's statistics again, with or without streaks.
            let neutralChanged = self.facts.map { $0.neutralMode != facts.neutralMode } ?? false
            self.facts = facts
            if neutralChanged, let link { Task { await link.loadHistory() } }
            gtk_widget_set_visible(banner, 0)
            gtk_widget_set_visible(stack, 1)
            gtk_widget_set_sensitive(fast?.button, 1)
            goal?.show(GoalPage(presets: presets, goalSeconds: facts.dailyGoalSeconds))
            goal?.schedule.show(SchedulePage(facts.schedule, goalSeconds: facts.dailyGoalSeconds, zone: .system))
            render()
        case .unavailable:
            facts = nil
            timerFacts = ([], nil)
            stopTicking()
            timers?.show(TimersPage(timers: [], activity: nil, now: WallClock.now()))
            gtk_widget_set_visible(banner, 1)
            gtk_widget_set_visible(stack, 0)
            gtk_widget_set_sensitive(fast?.button, 0)
            show(FastPage(.notFasting, now: WallClock.now()))
        case .presets(let presets):
            self.presets = presets
            goal?.show(GoalPage(presets: presets, goalSeconds: facts?.dailyGoalSeconds ?? 0))
        case .historySummary(let count, let figures, let days, let firstPage):
            history?.show(
                HistoryPage(
                    count: count, statistics: figures, days: days, localTime: .system, now: WallClock.now(), goalSeconds: facts?.dailyGoalSeconds ?? 0,
                    neutral: facts?.neutralMode ?? false))
            // Read again only what is on screen: when asked to, or when the count says the
            // list missed a change.
            if historyStale || history?.list.count != count { history?.reset(count: count, firstPage: firstPage) }
            historyStale = false
        case .calendar(let year, let month, let days):
            history?.calendar.show(CalendarMonth(year: year, month: month, days: days, localTime: .system, now: WallClock.now()))
        case .historyPage(let page, let records, let generation):
            history?.received(page: page, records, generation: generation)
        case .historyInserted(let record):
            history?.inserted(record)
        case .historyNoted(let record):
            history?.replaced(record)
        case .historyChanged:
            historyStale = true
        case .done(let words):
            toast(words, undo: false)
        case .importChecked(let path, let report):
            history?.showImport(path: path, report)
        case .deleted(let fast):
            history?.deleted(id: fast.fast.id)
            lastDeleted = fast
            toast(tr("Fast deleted"), undo: true, action: "app.undo-delete")
        case .failed(let words):
            toast(words, undo: false)
        case .preferences(let facts):
            preferences?.show(PreferencesPage(facts))
        case .timers(let list, let activity):
            timerFacts = (list, activity)
            renderTimers()
        case .stopped(let fast):
            let hours = (fast.endedAt - fast.startedAt) / usecPerSecond
            toast(tr("Fast stopped after %s", Format.hoursMinutes(seconds: hours)), undo: true, action: "app.undo-stop")
        }
    }

    /// The schedule group's values as isletd takes them; a time it cannot read, said.
    fileprivate func changeSchedule(enabled: Bool, time: String, days: [Bool], remindBefore: Bool, remindAtStart: Bool) {
        let base = facts?.schedule ?? FastingSchedule()
        switch SchedulePage.schedule(from: base, enabled: enabled, time: time, days: days, remindBefore: remindBefore, remindAtStart: remindAtStart) {
        case .success(let schedule): if schedule != base { link?.setSchedule(schedule) }
        case .failure(let problem):
            toast(problem.words, undo: false)
            if let facts { goal?.schedule.show(SchedulePage(facts.schedule, goalSeconds: facts.dailyGoalSeconds, zone: .system)) }
        }
    }

    /// What the Fast page asks for. "I started 2 hours ago": the fast begins then; a running
    /// fast's start moved, or stopped at an earlier time, typed as `--at` is ("19:30", "2h
    /// ago"); isletd refuses an overlap in its own words.
    fileprivate func fastRequest(_ request: FastRequest) {
        let now = WallClock.now()
        switch request {
        case .startEarlier(let text):
            switch FastPage.earlierStart(text, now: now) {
            case .at(let start): link?.startFast(at: start)
            case .invalid(let words): toast(words, undo: false)
            }
        case .goal(let seconds): link?.setFastGoal(seconds)
        case .moveStart(let text):
            guard let at = TypedTime.parse(text, now: now) else { return toast(tr("Write a time like 19:30, 2h ago or 2026-11-25 19:30."), undo: false) }
            link?.moveStart(to: at)
        case .stopAt(let text):
            guard let at = TypedTime.parse(text, now: now) else { return toast(tr("Write a time like 11:30, 30m ago or 2026-11-26 11:30."), undo: false) }
            link?.stopFast(at: at)
        }
    }

    /// A fast edited or added from the History page's editor: the times as typed, read as the
    /// command line reads `--at` (a field left as it was keeps its moment to the second); the
    /// note and rating; isletd's own words when it refuses them.
    fileprivate func saveFast(_ edit: HistoryView.Edit) {
        let now = WallClock.now()
        guard let began = TypedTime.parse(edit.start, now: now), let ended = TypedTime.parse(edit.end, now: now) else {
            toast(tr("Write a time like 2026-11-25 07:30, 07:30 or 2h ago."), undo: false)
            return
        }
        guard let before = edit.before, let id = edit.id else {
            link?.addFast(startedAt: began, endedAt: ended, note: edit.note, rating: edit.rating)
            return
        }
        let record = FastRecord(fast: CompletedFast(id: id, startedAt: began, endedAt: ended, goalSeconds: 0), note: edit.note, rating: edit.rating)
        let timesChanged = edit.start != before.typedStart || edit.end != before.typedEnd
        let noteChanged = edit.note != before.noteText || edit.rating != before.rating
        guard timesChanged || noteChanged else { return }
        link?.editFast(record, timesChanged: timesChanged, noteChanged: noteChanged)
    }

    /// What the Preferences window asks for: isletd's settings at once, islet-notify's into its
    /// config (which it then reads again).
    fileprivate func change(_ change: PreferenceChange) {
        guard let link else { return }
        switch change {
        case .activities(let on): link.setActivitiesEnabled(on)
        case .minimalStyle(let minimal): link.changeConfig { PreferencesPage.config($0, minimal: minimal) }
        case .surface(let item, let on): link.changeConfig { PreferencesPage.config($0, item, on: on) }
        case .linger(let text):
            guard let seconds = PreferencesPage.seconds(text, in: Limits.lingerSeconds) else {
                return toast(tr("A finished timer stays 0 seconds to 1 hour: write it like 5s or 1m."), undo: false)
            }
            link.setLinger(seconds: seconds, goalReached: nil)
        case .goalLinger(let text):
            guard let seconds = PreferencesPage.seconds(text, in: Limits.goalReachedLingerSeconds) else {
                return toast(tr("A reached goal stays 0 (until the fast stops) to 24 hours: write it like 0, 30m or 2h."), undo: false)
            }
            link.setLinger(seconds: nil, goalReached: seconds)
        case .fasting(let property, let on):
            // Announcing without showing them would say stages the page never shows.
            if property == .showStages, !on { link.setFastingSwitch(.announceStages, false) }
            link.setFastingSwitch(property, on)
        }
    }

    private func pressed() {
        guard let facts, let link else { return }
        if facts.fasting { link.stopFast() } else { link.startFast() }
    }

    private func render() {
        // The Fast page's own tick only: the Timers page keeps its own (the time since the last
        // fast ticks while a countdown does).
        if tick != 0 { g_source_remove(tick) }
        tick = 0
        let page = FastPage(facts ?? .notFasting, now: WallClock.now(), zone: .system)
        show(page)
        guard let next = page.nextChange, isOnScreen else { return }
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
        guard let next = page.nextChange, isOnScreen else { return }
        let wait = next > now ? (next - now + 999) / 1000 : 1
        timerTick = after(milliseconds: UInt32(clamping: wait)) { [weak self] in
            self?.timerTick = 0
            self?.renderTimers()
        }
    }

    /// The window can be seen: shown by GTK, its surface mapped and not minimized (GTK 4 keeps
    /// a minimized or otherwise unmapped window's widgets "mapped", so they alone do not tell).
    private var isOnScreen: Bool {
        guard let window, gtk_widget_get_mapped(window) != 0, let surface = gtk_native_get_surface(opaque(window)) else { return false }
        guard gdk_surface_get_mapped(surface) != 0 else { return false }
        let state = gdk_toplevel_get_state(surface)
        return state.rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue == 0
    }

    /// Follows the window's surface: minimized or unmapped, the ticks stop; back, they resume.
    private func followSurface() {
        guard let window, let surface = gtk_native_get_surface(opaque(window)) else { return }
        let changed: () -> Void = { [weak self] in
            guard let self else { return }
            if self.isOnScreen {
                self.render()
                self.renderTimers()
            } else {
                self.stopTicking()
            }
        }
        connect(surface, "notify::mapped", changed)
        connect(surface, "notify::state", changed)
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

    /// The application's actions: the toasts' Undo, and what the desktop entry's actions, a
    /// notification's click (islet-notify) and `islet open` ask for. Added before the app
    /// registers, so that they are on the bus from the start.
    func addActions() {
        addAction(app, "undo-stop") { [weak self] _ in self?.link?.undoStop() }
        addAction(app, "undo-delete") { [weak self] _ in
            guard let self, let fast = self.lastDeleted else { return }
            self.lastDeleted = nil
            self.link?.addBack(fast)
        }
        addAction(app, "show-page", text: true) { [weak self] page in self?.showPage(page) }
        // The history's files: a chooser each; the -to and -from forms take the path (scripts,
        // tests: `gdbus call ... org.freedesktop.Application.ActivateAction import-history-from`).
        addAction(app, "export-history") { [weak self] _ in
            FileChooser.choose(parent: self?.window, title: tr("Export the History"), save: true, suggestedName: "islet-history.csv") { path in
                self?.link?.exportHistory(to: path)
            }
        }
        addAction(app, "import-history") { [weak self] _ in
            FileChooser.choose(parent: self?.window, title: tr("Import a History"), save: false) { path in
                self?.showPage("history")
                self?.link?.checkImport(path)
            }
        }
        addAction(app, "export-history-to", text: true) { [weak self] path in self?.link?.exportHistory(to: TextFile.absolute(path)) }
        addAction(app, "import-history-from", text: true) { [weak self] path in
            self?.showPage("history")
            self?.link?.checkImport(TextFile.absolute(path))
        }
        addAction(app, "start-fast") { [weak self] _ in
            self?.showPage("fast")
            self?.link?.startFast()
        }
        addAction(app, "stop-fast") { [weak self] _ in
            self?.showPage("fast")
            self?.link?.stopFast()
        }
        addAction(app, "toggle-fast") { [weak self] _ in
            self?.showPage("fast")
            self?.pressed()
        }
        addAction(app, "preferences") { [weak self] _ in self?.showPreferences() }
        addAction(app, "about") { [weak self] _ in Shortcuts.about(parent: self?.window) }
        addAction(app, "quit") { [weak self] _ in g_application_quit(cast(self?.app, to: GApplication.self)) }
        Shortcuts.setAccelerators(app)
    }

    /// The window, on page `name` (fast, goal, history, timers; another name: fast). "settings"
    /// (the old fifth page's name, which `islet open` and desktop files may still say) opens
    /// the Preferences window over it.
    func showPage(_ name: String) {
        activate()
        if name == "settings" || name == "preferences" { return showPreferences() }
        let page = ["fast", "goal", "history", "timers"].contains(name) ? name : "fast"
        adw_view_stack_set_visible_child_name(opaque(stack), page)
    }

    /// The Preferences window, made the first time (not at start: the window comes up sooner),
    /// its values read from isletd and islet-notify's config each time it is shown.
    func showPreferences() {
        activate()
        let me = MainThreadRef(self)
        let preferences = self.preferences ?? PreferencesView { change in me.value?.change(change) }
        self.preferences = preferences
        if let link { Task { await link.loadPreferences() } }
        preferences.present(over: window)
    }
}
