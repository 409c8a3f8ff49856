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
///     islet-app [--page fast|goal|history|progress|timers] [--action start-fast|stop-fast] [--address BUS]
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

/// The window: the header bar, the pages (``AppPages``: each made when first shown, and its own
/// from then on), the Preferences window's controller, the toasts, and the banner while isletd
/// is out of reach. It builds and navigates; isletd's news goes to each page through the page's
/// own link. On GTK's main thread.
final class AppController {
    private let app: UnsafeMutablePointer<AdwApplication>?
    private let address: String?
    private var window: UnsafeMutablePointer<GtkWidget>?
    private var toasts: UnsafeMutablePointer<GtkWidget>?
    private var stack: UnsafeMutablePointer<GtkWidget>?
    private var banner: UnsafeMutablePointer<GtkWidget>?
    private var views: UnsafeMutablePointer<GtkWidget>?
    /// The pages made so far, by name.
    private var pages: [String: AppPage] = [:]
    private var preferences: PreferencesController?
    /// What the pages are handed; the header bar (a page may put buttons at its start).
    private var context: PageContext?
    private var switcher: SwitcherTitle?
    private var header: UnsafeMutablePointer<GtkWidget>?
    /// The places kept for the pages not made yet, by name.
    private var places: [String: (place: UnsafeMutablePointer<GtkWidget>, make: (PageContext) -> AppPage)] = [:]
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
        addStyleRules()
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        // The pages, switched from the header bar (the seeds' main screen, the goal picker).
        let header = adw_header_bar_new()
        let stack = adw_view_stack_new()
        self.stack = stack
        // A narrow window (a phone, half a laptop's screen): the pages' switcher moves to a bar
        // at the bottom, the title in its place.
        let bar = adw_view_switcher_bar_new()
        // The bar's own switcher made when the bar is first shown: at a desktop's width it never
        // is, and its five buttons were 3.5 ms of the start (bench/RESULTS.md).
        let switcher = SwitcherTitle(title: "islet") { shown in
            if shown, adw_view_switcher_bar_get_stack(opaque(bar)) == nil { adw_view_switcher_bar_set_stack(opaque(bar), opaque(stack)) }
            adw_view_switcher_bar_set_reveal(opaque(bar), shown ? 1 : 0)
        }
        self.switcher = switcher
        adw_header_bar_set_title_widget(opaque(header), switcher.widget)
        adw_header_bar_pack_end(opaque(header), Shortcuts.menuButton())
        gtk_box_append(cast(content), header)
        // The views, or the banner in their place.
        let views = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        self.views = views

        // A controller per page, each handed the link, the toasts and whether the window is seen.
        let me = MainThreadRef(self)
        let context = PageContext(
            link: { me.value?.link }, toast: { text, undo in me.value?.toast(text, undo: undo) },
            failed: { words in me.value?.toast(words, undo: nil, urgent: true) }, onScreen: { me.value?.isOnScreen ?? false })
        self.context = context
        self.header = header
        preferences = PreferencesController(context: context)
        // The window's link first: the pages' links talk through its connection.
        let link = ServiceLink(address: address) { present in
            MainThreadAction { me.value?.isletd(present: present) }.post()
        }
        self.link = link
        link.start()
        // A place and an icon for each page; the Fast page made now, the others when first shown
        // (the window comes up sooner: bench/RESULTS.md). The Fast page's link reads isletd's
        // first answer while GTK maps and draws the window, so that the first frame can already
        // say the fast.
        for page in AppPages.all {
            let place = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
            adw_view_stack_page_set_icon_name(adw_view_stack_add_titled(opaque(stack), place, page.name, page.title), page.icon)
            if let place { places[page.name] = (place, page.make) }
        }
        build("fast")
        // The switchers given the stack once its views are in (SwitcherTitle.attach).
        switcher.attach(stack)
        connect(opaque(stack), "notify::visible-child") { me.value?.pageShown() }
        // Toasts over the views only: never over the header bar or the bottom switcher.
        let overlay = adw_toast_overlay_new()
        toasts = overlay
        gtk_widget_set_vexpand(stack, 1)
        gtk_box_append(cast(views), stack)
        adw_toast_overlay_set_child(opaque(overlay), views)
        gtk_widget_set_vexpand(overlay, 1)
        gtk_box_append(cast(content), overlay)
        gtk_box_append(cast(content), bar)
        adw_application_window_set_content(cast(window), content)

        // Counting only while the window is on screen; hidden, nothing wakes.
        connect(window, "map") { [weak self] in self?.followScreen() }
        connect(window, "unmap") { [weak self] in self?.followScreen() }
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
                    // And the main thread's CPU time until then (work, as against waiting).
                    var cpu = timespec()
                    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
                    printError("first-frame-cpu-usec \(Int(cpu.tv_sec) * 1_000_000 + Int(cpu.tv_nsec) / 1000)")
                }
            }
        }
        // For bench/app-history.sh: each stretch of 4 ms or more that GTK's main thread spent
        // away from waiting (work that holds a frame back), with its wall-clock end, on stderr.
        if Environment.value("ISLET_APP_REPORT_BUSY") != nil { BusyReport.install() }

        gtk_window_present(cast(window))
    }

    /// isletd missing: a status page in place of the views, in words a person uses, with a
    /// button that starts it again (D-Bus activation). Made when first needed: it is 0.3 ms of a
    /// start that finds isletd (bench/RESULTS.md).
    private func makeBanner() -> UnsafeMutablePointer<GtkWidget> {
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
        connect(startService, "clicked") { [weak self] in
            guard let link = self?.link else { return }
            Task { await link.startIsletd() }
        }
        gtk_box_prepend(cast(views), banner)
        return banner
    }

    /// isletd there, or out of reach: the pages, or the banner in their place.
    private func isletd(present: Bool) {
        if present {
            if let banner { gtk_widget_set_visible(banner, 0) }
            gtk_widget_set_visible(stack, 1)
        } else {
            gtk_widget_set_visible(banner ?? makeBanner(), 1)
            gtk_widget_set_visible(stack, 0)
        }
    }

    /// The page now shown: made if it is its first time, its header bar buttons shown with it
    /// (and every other page's hidden), and told.
    private func pageShown() {
        guard let name = shownPage else { return }
        build(name)
        for (other, page) in pages { if let start = page.headerStart { gtk_widget_set_visible(start, other == name ? 1 : 0) } }
        pages[name]?.shown()
    }

    /// The page `name`, made the first time it is asked for, into the place kept for it.
    @discardableResult
    private func build(_ name: String) -> AppPage? {
        if let page = pages[name] { return page }
        guard let context, let (place, make) = places.removeValue(forKey: name) else { return nil }
        let page = make(context)
        pages[name] = page
        if let start = page.headerStart {
            adw_header_bar_pack_start(opaque(header), start)
            gtk_widget_set_visible(start, shownPage == name ? 1 : 0)
        }
        gtk_widget_set_vexpand(page.root, 1)
        gtk_box_append(cast(place), page.root)
        return page
    }

    /// A page of this kind, made if it was not (shown or not).
    private func page<Page: AppPage>(_ name: String, as: Page.Type) -> Page? {
        activate()
        return build(name) as? Page
    }

    /// The name of the page shown.
    private var shownPage: String? { adw_view_stack_get_visible_child_name(opaque(stack)).map { String(cString: $0) } }

    /// The window can be seen: shown by GTK, its surface mapped and not minimized (GTK 4 keeps
    /// a minimized or otherwise unmapped window's widgets "mapped", so they alone do not tell).
    private var isOnScreen: Bool {
        guard let window, gtk_widget_get_mapped(window) != 0, let surface = gtk_native_get_surface(opaque(window)) else { return false }
        guard gdk_surface_get_mapped(surface) != 0 else { return false }
        let state = gdk_toplevel_get_state(surface)
        return state.rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue == 0
    }

    /// Seen, the pages count again; hidden (unmapped, minimized), their ticks stop.
    private func followScreen() {
        let seen = isOnScreen
        for page in pages.values { page.seen(seen) }
    }

    /// Follows the window's surface: minimized or unmapped, the ticks stop; back, they resume.
    private func followSurface() {
        guard let window, let surface = gtk_native_get_surface(opaque(window)) else { return }
        connect(surface, "notify::mapped") { [weak self] in self?.followScreen() }
        connect(surface, "notify::state") { [weak self] in self?.followScreen() }
    }

    /// A toast over the views; with `undo`, an Undo button that activates that app action;
    /// `urgent`, in front of any toast still showing (which comes back after it).
    private func toast(_ text: String, undo: String?, urgent: Bool = false) {
        guard let toast = adw_toast_new(text) else { return }
        if urgent { adw_toast_set_priority(toast, ADW_TOAST_PRIORITY_HIGH) }
        if let undo {
            adw_toast_set_button_label(toast, tr("Undo"))
            adw_toast_set_action_name(toast, undo)
        }
        adw_toast_overlay_add_toast(opaque(toasts), toast)
    }

    /// The application's actions: the toasts' Undo, and what the desktop entry's actions, a
    /// notification's click (islet-notify) and `islet open` ask for. Added before the app
    /// registers, so that they are on the bus from the start.
    func addActions() {
        addAction(app, "undo-stop") { [weak self] _ in self?.page("fast", as: FastController.self)?.undoStop() }
        addAction(app, "undo-delete") { [weak self] _ in self?.page("history", as: HistoryController.self)?.undoDelete() }
        addAction(app, "show-page", text: true) { [weak self] page in self?.showPage(page) }
        // The history's files: a chooser each; the -to and -from forms take the path (scripts,
        // tests: `gdbus call ... org.freedesktop.Application.ActivateAction import-history-from`).
        addAction(app, "export-history") { [weak self] _ in
            FileChooser.choose(parent: self?.window, title: tr("Export the History"), save: true, suggestedName: "islet-history.csv") { path in
                self?.page("history", as: HistoryController.self)?.export(to: path)
            }
        }
        addAction(app, "import-history") { [weak self] _ in
            FileChooser.choose(parent: self?.window, title: tr("Import a History"), save: false) { path in
                self?.showPage("history")
                self?.page("history", as: HistoryController.self)?.checkImport(path)
            }
        }
        addAction(app, "export-history-to", text: true) { [weak self] path in
            self?.page("history", as: HistoryController.self)?.export(to: TextFile.absolute(path))
        }
        addAction(app, "import-history-from", text: true) { [weak self] path in
            self?.showPage("history")
            self?.page("history", as: HistoryController.self)?.checkImport(TextFile.absolute(path))
        }
        addAction(app, "start-fast") { [weak self] _ in
            self?.showPage("fast")
            self?.page("fast", as: FastController.self)?.startFast()
        }
        addAction(app, "stop-fast") { [weak self] _ in
            self?.showPage("fast")
            self?.page("fast", as: FastController.self)?.stopFast()
        }
        addAction(app, "add-fast") { [weak self] _ in
            self?.showPage("history")
            self?.page("history", as: HistoryController.self)?.view.addFast()
        }
        addAction(app, "toggle-fast") { [weak self] _ in
            self?.showPage("fast")
            self?.page("fast", as: FastController.self)?.pressed()
        }
        addAction(app, "preferences") { [weak self] _ in self?.showPreferences() }
        addAction(app, "shortcuts") { [weak self] _ in Shortcuts.present(over: self?.window) }
        addAction(app, "about") { [weak self] _ in Shortcuts.about(parent: self?.window) }
        addAction(app, "quit") { [weak self] _ in g_application_quit(cast(self?.app, to: GApplication.self)) }
        Shortcuts.setAccelerators(app)
    }

    /// The window, on page `name` (fast, goal, history, progress, timers; another name: fast). "settings"
    /// (the old fifth page's name, which `islet open` and desktop files may still say) opens
    /// the Preferences window over it.
    func showPage(_ name: String) {
        activate()
        if name == "settings" || name == "preferences" { return showPreferences() }
        let page = AppLink.Page(rawValue: name)?.rawValue ?? "fast"
        adw_view_stack_set_visible_child_name(opaque(stack), page)
    }

    /// The Preferences window over the main window.
    func showPreferences() {
        activate()
        preferences?.present(over: window)
    }
}
