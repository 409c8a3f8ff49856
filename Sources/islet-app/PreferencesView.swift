import CAdw
import IsletAppModel
import IsletBus
import IsletCore
import Translation

/// What the Preferences window asks for.
enum PreferenceChange {
    case activities(Bool)
    case minimalStyle(Bool)
    case surface(PreferencesModel.Switch, Bool)
    case linger(String)
    case goalLinger(String)
    /// isletd's ShowStages, AnnounceStages, NeutralMode.
    case fasting(IsletBus.Fasting.Property, Bool)
}

/// The Preferences window (the main menu's Preferences, Ctrl+,): libadwaita's preferences
/// window with switch rows and entry rows, made each time it is asked for and destroyed when
/// closed (never kept hidden: see ``Dialog``). `show` puts a ``PreferencesModel`` on it without
/// echoing it back as changes.
final class PreferencesView {
    let window: UnsafeMutablePointer<GtkWidget>
    private let activities: UnsafeMutablePointer<GtkWidget>
    private let standard: UnsafeMutablePointer<GtkWidget>
    private let minimal: UnsafeMutablePointer<GtkWidget>
    private var surfaces: [PreferencesModel.Switch: UnsafeMutablePointer<GtkWidget>] = [:]
    /// The group of islet-notify's surfaces, which says why its settings cannot be changed,
    /// when they cannot.
    private let places: UnsafeMutablePointer<GtkWidget>
    private let others: UnsafeMutablePointer<GtkWidget>
    private let linger: UnsafeMutablePointer<GtkWidget>
    private let goalLinger: UnsafeMutablePointer<GtkWidget>
    /// The fasting settings: (property, switch).
    private var fastingSwitches: [(IsletBus.Fasting.Property, UnsafeMutablePointer<GtkWidget>)] = []
    /// Set while `show` puts values on the widgets: their signals are not changes then.
    private let updating: Updating

    /// `closed`: the window is gone (closed, destroyed).
    init(change: @escaping (PreferenceChange) -> Void, closed: @escaping () -> Void) {
        window = adw_preferences_window_new()
        gtk_window_set_title(cast(window), tr("Preferences"))
        connect(window, "destroy", closed)
        gtk_window_set_modal(cast(window), 1)
        adw_preferences_window_set_search_enabled(cast(window), 0)
        let page: UnsafeMutablePointer<GtkWidget> = adw_preferences_page_new()
        adw_preferences_window_add(cast(window), cast(page))
        func group(_ title: String, _ description: String?) -> UnsafeMutablePointer<GtkWidget> {
            let group: UnsafeMutablePointer<GtkWidget> = adw_preferences_group_new()
            adw_preferences_group_set_title(cast(group), title)
            if let description { adw_preferences_group_set_description(cast(group), description) }
            adw_preferences_page_add(cast(page), cast(group))
            return group
        }
        let updating = Updating()
        self.updating = updating

        let live = group(tr("Shown Live"), tr("Fasts and timers run either way; these say where and how they are shown."))
        activities = Rows.switchRow(tr("Live Display"), subtitle: tr("The running fast or timer in notifications and panels"), in: live).toggle
        Rows.onToggle(activities, unless: updating) { change(.activities($0)) }
        let styles: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(styles, "linked")
        gtk_widget_set_valign(styles, GTK_ALIGN_CENTER)
        standard = gtk_toggle_button_new_with_label(tr("Standard"))
        minimal = gtk_toggle_button_new_with_label(tr("Minimal"))
        setAccessibleLabel(standard, tr("Standard Style"))
        setAccessibleLabel(minimal, tr("Minimal Style"))
        gtk_toggle_button_set_group(cast(minimal), cast(standard))
        gtk_box_append(cast(styles), standard)
        gtk_box_append(cast(styles), minimal)
        let style: UnsafeMutablePointer<GtkWidget> = adw_action_row_new()
        adw_preferences_row_set_title(cast(style), tr("Notification Style"))
        adw_action_row_set_subtitle(cast(style), tr("Minimal: the time alone, in one colour"))
        adw_action_row_add_suffix(cast(style), styles)
        adw_preferences_group_add(cast(live), style)
        let durations = group(tr("Durations"), tr("Written like 30s, 5m or 2h; a reached goal kept with 0 stays until the fast stops."))
        linger = Rows.entryRow(tr("Finished Timer Stays"), in: durations)
        goalLinger = Rows.entryRow(tr("Reached Goal Stays"), in: durations)
        Rows.onApply(linger) { change(.linger($0)) }
        Rows.onApply(goalLinger) { change(.goalLinger($0)) }

        let places = group(tr("Also Shown"), nil)
        self.places = places
        // What other apps already show, read by islet (contract 1.4's sources).
        let others = group(tr("From Other Apps"), nil)
        self.others = others
        for (items, group) in [(PreferencesModel.Switch.surfaces, places), (PreferencesModel.Switch.sources, others)] {
            for item in items {
                let toggle = Rows.switchRow(item.title, subtitle: item.subtitle, in: group).toggle
                surfaces[item] = toggle
                Rows.onToggle(toggle, unless: updating) { change(.surface(item, $0)) }
            }
        }
        connect(minimal, "toggled") { [weak self] in
            guard let self, !self.updating.now, gtk_toggle_button_get_active(cast(self.minimal)) != 0 else { return }
            change(.minimalStyle(true))
        }
        connect(standard, "toggled") { [weak self] in
            guard let self, !self.updating.now, gtk_toggle_button_get_active(cast(self.standard)) != 0 else { return }
            change(.minimalStyle(false))
        }
        let fasting = group(tr("Fasting"), FastingStages.caveat)
        for (property, title, subtitle) in [
            (IsletBus.Fasting.Property.showStages, tr("Fasting Stages"), tr("The stage a fast has reached, on the Fast page and in notifications")),
            (.announceStages, tr("Stage Announcements"), tr("A quiet notification as each stage begins")),
            (.neutralMode, tr("Neutral Mode"), tr("No streaks anywhere")),
        ] {
            let toggle = Rows.switchRow(title, subtitle: subtitle, in: fasting).toggle
            fastingSwitches.append((property, toggle))
            Rows.onToggle(toggle, unless: updating) { change(.fasting(property, $0)) }
        }
    }

    /// The window, over `parent`.
    func present(over parent: UnsafeMutablePointer<GtkWidget>?) {
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_present(cast(window))
    }

    func show(_ page: PreferencesModel) {
        updating.now = true
        defer { updating.now = false }
        Rows.set(activities, page.activitiesEnabled)
        for (property, toggle) in fastingSwitches {
            let on =
                switch property {
                case .showStages: page.showStages
                case .announceStages: page.announceStages
                default: page.neutralMode
                }
            Rows.set(toggle, on)
            // Announcing means nothing while stages are hidden.
            if property == .announceStages { gtk_widget_set_sensitive(gtk_widget_get_ancestor(toggle, adw_action_row_get_type()), page.showStages ? 1 : 0) }
        }
        gtk_toggle_button_set_active(cast(page.minimalStyle ? minimal : standard), 1)
        for (item, toggle) in surfaces { Rows.set(toggle, page.switches[item] ?? true) }
        // islet-notify's settings are its to change: not while it is away or its file is broken.
        let changeable: gboolean = page.notifyNote == nil ? 1 : 0
        // The row and its switch both: a screen reader asks the switch.
        for toggle in surfaces.values + [standard, minimal] {
            gtk_widget_set_sensitive(toggle, changeable)
            if let row = gtk_widget_get_ancestor(toggle, adw_action_row_get_type()) { gtk_widget_set_sensitive(row, changeable) }
        }
        adw_preferences_group_set_description(cast(places), page.notifyNote)
        adw_preferences_group_set_description(cast(others), page.notifyNote)
        Rows.setText(linger, page.linger)
        Rows.setText(goalLinger, page.goalLinger)
    }
}
