import CAdw

/// The header bar's title: the views' switcher while it fits, else the window's title (the
/// switcher then in the bar at the bottom). libadwaita 1.2's AdwViewSwitcherTitle makes the
/// same three choices under one rule, each at its natural width, and gives a narrow switcher's
/// button 100 px however short its word: five views ask 500 px, so History's header bar at
/// 720 px, with Add a Fast and the window's three buttons, lost its switcher to the bottom bar
/// while the other views kept theirs on top, and it jumped as the views changed. Here the wide
/// switcher at its natural width, else the narrow one down to its least, each button as narrow
/// as its word whole (never "Hist…"), else the title: two squeezers, one rule each.
final class SwitcherTitle {
    /// The header bar's title widget.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let narrowOrTitle: UnsafeMutablePointer<GtkWidget>
    private let wide: UnsafeMutablePointer<GtkWidget>
    /// Made when the wide switcher first does not fit, as the window is first laid out at its
    /// default width: measured with the window's first size, before, it cost 1 ms more of the
    /// start (bench/RESULTS.md); a wider window never makes it.
    private var narrow: UnsafeMutablePointer<GtkWidget>?
    private var stack: UnsafeMutablePointer<GtkWidget>?
    private let title: UnsafeMutablePointer<GtkWidget>
    /// Told whether the title is shown in the switcher's place (the bottom bar then shows).
    private let titleShown: (Bool) -> Void

    init(title text: String, titleShown: @escaping (Bool) -> Void) {
        self.titleShown = titleShown
        widget = adw_squeezer_new()
        narrowOrTitle = adw_squeezer_new()
        title = adw_window_title_new(text, nil)
        adw_squeezer_set_switch_threshold_policy(opaque(widget), ADW_FOLD_THRESHOLD_POLICY_NATURAL)
        adw_squeezer_set_switch_threshold_policy(opaque(narrowOrTitle), ADW_FOLD_THRESHOLD_POLICY_MINIMUM)
        // No crossfade between the layouts: at the window's first allocations a squeezer's
        // fade drew both at once (seen in GNOME's overview), and on GL that fade's offscreen
        // drawing left the app 1.5 MiB more resident for as long as it ran (bench/RESULTS.md).
        for squeezer in [widget, narrowOrTitle] {
            adw_squeezer_set_transition_type(opaque(squeezer), ADW_SQUEEZER_TRANSITION_TYPE_NONE)
            gtk_widget_set_hexpand(squeezer, 1)
        }
        wide = Self.switcher(ADW_VIEW_SWITCHER_POLICY_WIDE)
        adw_squeezer_add(opaque(widget), wide)
        adw_squeezer_add(opaque(narrowOrTitle), title)
        adw_squeezer_add(opaque(widget), narrowOrTitle)
        for squeezer in [widget, narrowOrTitle] {
            connect(squeezer, "notify::visible-child") { [weak self] in self?.changed() }
        }
    }

    /// The switchers switch `stack`, its views all in: given them one by one, libadwaita 1.2's
    /// switcher went over its buttons again at each, and five views took 8 ms of the start
    /// (bench/RESULTS.md).
    func attach(_ stack: UnsafeMutablePointer<GtkWidget>?) {
        self.stack = stack
        adw_view_switcher_set_stack(opaque(wide), opaque(stack))
    }

    private static func switcher(_ policy: AdwViewSwitcherPolicy) -> UnsafeMutablePointer<GtkWidget> {
        let switcher: UnsafeMutablePointer<GtkWidget> = adw_view_switcher_new()
        adw_view_switcher_set_policy(opaque(switcher), policy)
        gtk_widget_set_halign(switcher, GTK_ALIGN_CENTER)
        // As libadwaita's title keeps it off the header bar's buttons.
        gtk_widget_set_margin_start(switcher, 12)
        gtk_widget_set_margin_end(switcher, 12)
        return switcher
    }

    /// The narrow switcher, put before the title, as the outer squeezer turns to them: within
    /// its allocation, which then measures and allocates them, so the same frame shows the
    /// narrow switcher where it fits (else the inner squeezer turns to the title, and says so).
    /// Its words are made whole: libadwaita 1.2 ellipsizes them, so the switcher's least width
    /// was a few letters a view and the squeezer took it at any width; unellipsized, a button
    /// is as narrow as its word, and below that the title is shown.
    private func makeNarrow(_ stack: UnsafeMutablePointer<GtkWidget>) {
        let narrow = Self.switcher(ADW_VIEW_SWITCHER_POLICY_NARROW)
        self.narrow = narrow
        adw_view_switcher_set_stack(opaque(narrow), opaque(stack))
        for label in descendants(of: narrow, type: gtk_label_get_type()) { gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_NONE) }
        // A squeezer tries its children in the order added: the title goes after it again.
        g_object_ref(UnsafeMutableRawPointer(title))
        adw_squeezer_remove(opaque(narrowOrTitle), title)
        adw_squeezer_add(opaque(narrowOrTitle), narrow)
        adw_squeezer_add(opaque(narrowOrTitle), title)
        g_object_unref(UnsafeMutableRawPointer(title))
    }

    /// Whether the title is what the header bar shows.
    var titleVisible: Bool {
        adw_squeezer_get_visible_child(opaque(widget)) == narrowOrTitle && adw_squeezer_get_visible_child(opaque(narrowOrTitle)) == title
    }

    private func changed() {
        if narrow == nil, adw_squeezer_get_visible_child(opaque(widget)) == narrowOrTitle, let stack { makeNarrow(stack) }
        titleShown(titleVisible)
    }
}
