import CAdw
import Translation

/// The GLib and GTK plumbing the app needs, in one place: signals with Swift closures, work
/// handed to GTK's main thread, timeouts, and pointer casts between GObject types.

/// A closure kept alive for as long as GLib holds it.
final class Callback {
    let action: () -> Void
    init(_ action: @escaping () -> Void) { self.action = action }

    var retained: UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }
    static func from(_ pointer: UnsafeMutableRawPointer?) -> Callback? {
        pointer.map { Unmanaged<Callback>.fromOpaque($0).takeUnretainedValue() }
    }
    static let release: GClosureNotify = { data, _ in
        if let data { Unmanaged<Callback>.fromOpaque(data).release() }
    }
    static let destroy: GDestroyNotify = { data in
        if let data { Unmanaged<Callback>.fromOpaque(data).release() }
    }
}

/// A GObject pointer of any type, as GLib's functions take it.
func object<T>(_ pointer: UnsafeMutablePointer<T>?) -> gpointer? { pointer.map { UnsafeMutableRawPointer($0) } }

/// A widget as another of its types (GtkWindow, GtkBox, ...).
func cast<T, U>(_ pointer: UnsafeMutablePointer<T>?, to: U.Type = U.self) -> UnsafeMutablePointer<U>? {
    pointer.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: U.self) }
}

/// A pointer to an opaque GObject type (AdwToastOverlay, GSimpleAction, ...).
func opaque<T>(_ pointer: UnsafeMutablePointer<T>?) -> OpaquePointer? { pointer.map { OpaquePointer($0) } }

/// Connects a signal whose handler takes (instance, user data) to `action`.
func connect<T>(_ instance: UnsafeMutablePointer<T>?, _ signal: String, _ action: @escaping () -> Void) {
    connect(raw: object(instance), signal, action)
}

func connect(_ instance: OpaquePointer?, _ signal: String, _ action: @escaping () -> Void) {
    connect(raw: instance.map { UnsafeMutableRawPointer($0) }, signal, action)
}

private func connect(raw instance: gpointer?, _ signal: String, _ action: @escaping () -> Void) {
    // A handler's arguments are the signal's: "clicked", "toggled", "map" pass (instance, data);
    // "notify::PROPERTY" (instance, pspec, data). A handler read with the wrong count takes the
    // second argument for its data. (A GSimpleAction's "activate": ``addAction``.)
    let twoArguments: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in Callback.from(data)?.action() }
    let threeArguments: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in Callback.from(data)?.action() }
    let three = signal.hasPrefix("notify::")
    let handler = three ? unsafeBitCast(threeArguments, to: GCallback.self) : unsafeBitCast(twoArguments, to: GCallback.self)
    g_signal_connect_data(instance, signal, handler, Callback(action).retained, Callback.release, GConnectFlags(rawValue: 0))
}

/// Makes a menu button's popover (or menu) when the button is first pressed: `make` gives the
/// button one (gtk_menu_button_set_popover or _set_menu_model, or a split button's own), which
/// GTK then shows. Until then the button is built without it, as GTK allows: a popover built
/// with the window is start-up time for something most starts never open (bench/RESULTS.md).
func popoverWhenFirstOpened(_ menuButton: UnsafeMutablePointer<GtkWidget>?, _ make: @escaping () -> Void) {
    // GTK calls the function each time the button opens: `make` runs while it has no popover.
    let run: @convention(c) (OpaquePointer?, gpointer?) -> Void = { button, data in
        guard gtk_menu_button_get_popover(button) == nil else { return }
        Callback.from(data)?.action()
    }
    gtk_menu_button_set_create_popup_func(opaque(menuButton), run, Callback(make).retained, Callback.destroy)
}

/// A weak reference that may cross to GTK's main thread, where alone it is used.
final class MainThreadRef<T: AnyObject>: @unchecked Sendable {
    weak var value: T?
    init(_ value: T) { self.value = value }
    init() {}
}

/// Runs `action` on GTK's main thread, soon (from any thread).
func onMainThread(_ action: @escaping () -> Void) {
    let run: @convention(c) (gpointer?) -> gboolean = { data in
        Callback.from(data)?.action()
        return 0
    }
    g_idle_add_full(G_PRIORITY_DEFAULT, run, Callback(action).retained, Callback.destroy)
}

/// Runs `action` once after `milliseconds` on GTK's main thread; the returned id cancels it.
@discardableResult
func after(milliseconds: UInt32, _ action: @escaping () -> Void) -> guint {
    let run: @convention(c) (gpointer?) -> gboolean = { data in
        Callback.from(data)?.action()
        return 0
    }
    return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, run, Callback(action).retained, Callback.destroy)
}

/// A Sendable wrapper for handing main-thread work across the app's tasks: only ever run on
/// GTK's main thread (``onMainThread``).
struct MainThreadAction: @unchecked Sendable {
    let action: () -> Void
    func post() { onMainThread(action) }
}

/// The name a screen reader says for a widget, where its own label says too little (a spin
/// button; "5 minutes" on a button that starts a countdown of 5 minutes). GTK 4.12 and later
/// name a labelled button by its label (labelled-by, which comes before a set name): that
/// relation is taken off, so the name set here is the one said on every GTK islet runs on.
func setAccessibleLabel(_ widget: UnsafeMutablePointer<GtkWidget>?, _ text: String) {
    gtk_accessible_reset_relation(opaque(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    var value = GValue()
    // G_TYPE_STRING, a macro Swift does not see: the 16th fundamental type.
    g_value_init(&value, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))
    g_value_set_string(&value, text)
    var property = GTK_ACCESSIBLE_PROPERTY_LABEL
    withUnsafeMutablePointer(to: &value) { pointer in
        gtk_accessible_update_property_value(opaque(widget), 1, &property, pointer)
    }
    g_value_unset(&value)
}

/// A drawing area with an accessible role of its own (GtkWidget's construct-only
/// accessible-role: g_object_new's variadic form is not callable from Swift): the ring is a
/// progress bar, the history's chart an image. A plain drawing area is a generic widget, which
/// GTK 4.20 leaves out of the accessibility tree, name and all.
func drawingArea(role: GtkAccessibleRole) -> UnsafeMutablePointer<GtkWidget> {
    var value = GValue()
    g_value_init(&value, gtk_accessible_role_get_type())
    g_value_set_enum(&value, Int32(role.rawValue))
    let object = "accessible-role".withCString { name -> UnsafeMutablePointer<GObject>? in
        var names: [UnsafePointer<CChar>?] = [name]
        return withUnsafePointer(to: &value) { values in
            names.withUnsafeMutableBufferPointer { g_object_new_with_properties(gtk_drawing_area_get_type(), 1, $0.baseAddress, values) }
        }
    }
    g_value_unset(&value)
    guard let object else { return gtk_drawing_area_new() }
    return UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
}

/// A closure that takes an action's text parameter, kept alive for as long as GLib holds it.
final class TextCallback {
    let action: (String) -> Void
    init(_ action: @escaping (String) -> Void) { self.action = action }
    static let release: GClosureNotify = { data, _ in
        if let data { Unmanaged<TextCallback>.fromOpaque(data).release() }
    }
}

/// Adds the action `name` to `map` (the application's "app." actions, which the desktop entry,
/// D-Bus activation and a second `islet-app` call): with `text`, it takes a string parameter,
/// handed to `action` ("" without).
func addAction(_ map: UnsafeMutablePointer<AdwApplication>?, _ name: String, text: Bool = false, _ action: @escaping (String) -> Void) {
    let type = text ? g_variant_type_new("s") : nil
    defer { if let type { g_variant_type_free(type) } }
    let simple = g_simple_action_new(name, type)
    let handler: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, parameter, data in
        guard let data else { return }
        var value = ""
        if let parameter, let type = g_variant_get_type_string(parameter), String(cString: type) == "s",
            let text = g_variant_get_string(parameter, nil)
        {
            value = String(cString: text)
        }
        Unmanaged<TextCallback>.fromOpaque(data).takeUnretainedValue().action(value)
    }
    let callback = Unmanaged.passRetained(TextCallback(action)).toOpaque()
    let instance = simple.map { UnsafeMutableRawPointer($0) }
    g_signal_connect_data(instance, "activate", unsafeBitCast(handler, to: GCallback.self), callback, TextCallback.release, GConnectFlags(rawValue: 0))
    g_action_map_add_action(opaque(map), simple)
    g_object_unref(instance)
}

/// The same margin on all four sides.
func setMargins(_ widget: UnsafeMutablePointer<GtkWidget>?, _ size: Int32) {
    for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
        margin(widget, size)
    }
}

/// A libadwaita card (a rounded, raised box) and the column inside it, 12 px from its edges.
func card() -> (card: UnsafeMutablePointer<GtkWidget>, inner: UnsafeMutablePointer<GtkWidget>) {
    let card: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    gtk_widget_add_css_class(card, "card")
    let inner: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
    setMargins(inner, 12)
    gtk_box_append(cast(card), inner)
    return (card, inner)
}

/// A label set at the start of its line, in the style asked for: a card's heading (bold), text
/// that wraps, dimmed text.
func startLabel(_ text: String = "", heading: Bool = false, wrap: Bool = false, dim: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
    let label: UnsafeMutablePointer<GtkWidget> = gtk_label_new(text)
    gtk_label_set_xalign(opaque(label), 0)
    if heading { gtk_widget_add_css_class(label, "heading") }
    if wrap { gtk_label_set_wrap(opaque(label), 1) }
    if dim { gtk_widget_add_css_class(label, "dim-label") }
    return label
}

/// islet's few style rules beside libadwaita's, for the whole display: the schedule's weekday
/// buttons and the calendar's days narrow enough for a phone's width (libadwaita's padding
/// made a row of seven wider than 360 px, and the page with it).
func addStyleRules() {
    let provider = gtk_css_provider_new()
    let rules = """
        .weekdays > button { min-width: 0; padding-left: 6px; padding-right: 6px; }
        .calendar-day { min-width: 0; padding-left: 2px; padding-right: 2px; }
        """
    gtk_css_provider_load_from_data(provider, rules, -1)
    guard let display = gdk_display_get_default() else { return }
    gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
}

/// A page that scrolls up and down: a column at most 600 px wide, centred, never wider than
/// the window (its rows' words wrap at a phone's width rather than run off the side).
func scrollingPage(spacing: Int32) -> (root: UnsafeMutablePointer<GtkWidget>, content: UnsafeMutablePointer<GtkWidget>) {
    let root: UnsafeMutablePointer<GtkWidget> = gtk_scrolled_window_new()
    gtk_scrolled_window_set_policy(opaque(root), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_widget_set_vexpand(root, 1)
    let clamp = adw_clamp_new()
    adw_clamp_set_maximum_size(opaque(clamp), 600)
    let content: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, spacing)
    // 24 px above and below, 12 at the sides (as libadwaita's preferences pages).
    setMargins(content, 24)
    gtk_widget_set_margin_start(content, 12)
    gtk_widget_set_margin_end(content, 12)
    adw_clamp_set_child(opaque(clamp), content)
    gtk_scrolled_window_set_child(opaque(root), clamp)
    return (root, content)
}

/// A closure that takes the object a signal is about (a list item), kept alive for as long as
/// GLib holds it.
final class ObjectCallback {
    let action: (UnsafeMutableRawPointer) -> Void
    init(_ action: @escaping (UnsafeMutableRawPointer) -> Void) { self.action = action }
    static let release: GClosureNotify = { data, _ in
        if let data { Unmanaged<ObjectCallback>.fromOpaque(data).release() }
    }
}

/// Connects a signal whose handler takes (instance, object, user data), as a list item
/// factory's "setup", "bind" and "teardown" do, to `action`, which is handed the object.
func connectObject(_ instance: OpaquePointer?, _ signal: String, _ action: @escaping (UnsafeMutableRawPointer) -> Void) {
    let handler: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, object, data in
        guard let object, let data else { return }
        Unmanaged<ObjectCallback>.fromOpaque(data).takeUnretainedValue().action(object)
    }
    let callback = Unmanaged.passRetained(ObjectCallback(action)).toOpaque()
    g_signal_connect_data(
        instance.map { UnsafeMutableRawPointer($0) }, signal, unsafeBitCast(handler, to: GCallback.self), callback, ObjectCallback.release,
        GConnectFlags(rawValue: 0))
}

extension Float {
    /// A colour's channel (GdkRGBA's floats) as cairo takes it.
    var d: Double { Double(self) }
}

/// A libadwaita status page (an empty list, a missing service) with its icon, filling the room
/// it is given; its title and description are set where it is shown.
func statusPage(icon: String) -> UnsafeMutablePointer<GtkWidget> {
    let page: UnsafeMutablePointer<GtkWidget> = adw_status_page_new()
    adw_status_page_set_icon_name(opaque(page), icon)
    gtk_widget_set_vexpand(page, 1)
    gtk_widget_set_visible(page, 0)
    return page
}

/// Calls `action` when `widget` is clicked (the primary button released over it) where none
/// of its own buttons took the click: a list row that opens what it shows.
func onClick(_ widget: UnsafeMutablePointer<GtkWidget>, _ action: @escaping () -> Void) {
    let gesture = gtk_gesture_click_new()
    // "released" passes (gesture, presses, x, y, data).
    let handler: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { _, _, _, _, data in Callback.from(data)?.action() }
    g_signal_connect_data(
        gesture.map { UnsafeMutableRawPointer($0) }, "released", unsafeBitCast(handler, to: GCallback.self), Callback(action).retained,
        Callback.release, GConnectFlags(rawValue: 0))
    gtk_widget_add_controller(widget, gesture)
}

/// Every widget of `type` under `widget`, depth first: the parts a composite widget keeps to
/// itself (an entry row's apply button, a split button's arrow, a switcher's labels).
func descendants(of widget: UnsafeMutablePointer<GtkWidget>, type: GType) -> [UnsafeMutablePointer<GtkWidget>] {
    var found: [UnsafeMutablePointer<GtkWidget>] = []
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
        if g_type_check_instance_is_a(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self), type) != 0 { found.append(current) }
        found += descendants(of: current, type: type)
        child = gtk_widget_get_next_sibling(current)
    }
    return found
}

/// The first of them (the widgets walked are a row's or a button's few), to name it for a
/// screen reader or to reach its text.
func descendant(of widget: UnsafeMutablePointer<GtkWidget>, type: GType) -> UnsafeMutablePointer<GtkWidget>? {
    descendants(of: widget, type: type).first
}
