import CAdw
import IsletAppModel
import IsletBus
import IsletCore
import Translation

/// What the Settings page asks for.
enum PreferenceChange {
    case activities(Bool)
    case minimalStyle(Bool)
    case surface(PreferencesPage.Switch, Bool)
    case linger(String)
    case goalLinger(String)
    /// isletd's ShowStages, AnnounceStages, NeutralMode.
    case fasting(IsletBus.Fasting.Property, Bool)
}

/// The Settings page's widgets: libadwaita's preference groups and rows; each switch and
/// field named for a screen reader. `show` puts a ``PreferencesPage`` on them without
/// echoing it back as changes.
final class PreferencesView {
    let root: UnsafeMutablePointer<GtkWidget>
    private let activities: UnsafeMutablePointer<GtkWidget>
    private let standard: UnsafeMutablePointer<GtkWidget>
    private let minimal: UnsafeMutablePointer<GtkWidget>
    private var surfaces: [PreferencesPage.Switch: UnsafeMutablePointer<GtkWidget>] = [:]
    private let linger: UnsafeMutablePointer<GtkWidget>
    private let goalLinger: UnsafeMutablePointer<GtkWidget>
    /// The fasting settings: (property, button, its name).
    private var fastingSwitches: [(IsletBus.Fasting.Property, UnsafeMutablePointer<GtkWidget>, String)] = []
    private var updating = false

    init(change: @escaping (PreferenceChange) -> Void) {
        let (root, content) = scrollingPage(spacing: 24)
        self.root = root
        func group(_ title: String, _ description: String?) -> UnsafeMutablePointer<GtkWidget> {
            let group: UnsafeMutablePointer<GtkWidget> = adw_preferences_group_new()
            adw_preferences_group_set_title(cast(group), title)
            if let description { adw_preferences_group_set_description(cast(group), description) }
            gtk_box_append(cast(content), group)
            return group
        }
        func row(_ group: UnsafeMutablePointer<GtkWidget>, _ title: String, _ suffix: UnsafeMutablePointer<GtkWidget>) {
            let row = adw_action_row_new()
            adw_preferences_row_set_title(cast(row), title)
            gtk_widget_set_valign(suffix, GTK_ALIGN_CENTER)
            adw_action_row_add_suffix(cast(row), suffix)
            adw_preferences_group_add(cast(group), row)
        }
        func toggle(_ name: String) -> UnsafeMutablePointer<GtkWidget> {
            let button: UnsafeMutablePointer<GtkWidget> = gtk_toggle_button_new_with_label(tr("Off"))
            setAccessibleLabel(button, name)
            return button
        }
        let live = group(tr("Live Activities"), tr("Fasts and timers run either way; off, nothing shows them live."))
        activities = toggle(tr("Show live activities"))
        row(live, tr("Show live activities"), activities)
        linger = gtk_entry_new()
        goalLinger = gtk_entry_new()
        var setButtons: [UnsafeMutablePointer<GtkWidget>] = []
        for (entry, name) in [(linger, tr("A finished timer stays for")), (goalLinger, tr("A reached goal stays for (0: until the fast stops)"))] {
            gtk_editable_set_width_chars(opaque(entry), 12)
            setAccessibleLabel(entry, name)
            let line: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
            let set: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label(tr("Set"))
            setAccessibleLabel(set, tr("Set: %s", name))
            gtk_box_append(cast(line), entry)
            gtk_box_append(cast(line), set)
            setButtons.append(set)
            row(live, name, line)
        }
        let notifications = group(tr("Notifications"), tr("islet-notify starts again with these at once."))
        let styles: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(styles, "linked")
        standard = gtk_toggle_button_new_with_label(tr("Standard"))
        minimal = gtk_toggle_button_new_with_label(tr("Minimal"))
        setAccessibleLabel(standard, tr("Standard style"))
        setAccessibleLabel(minimal, tr("Minimal style: the time alone"))
        gtk_toggle_button_set_group(cast(minimal), cast(standard))
        gtk_box_append(cast(styles), standard)
        gtk_box_append(cast(styles), minimal)
        row(notifications, tr("Style"), styles)
        let places = group(tr("Also Shown"), nil)
        for item in PreferencesPage.Switch.allCases {
            let button = toggle(item.title)
            surfaces[item] = button
            row(places, item.title, button)
            connect(button, "toggled") { [weak self] in
                guard let self, !self.updating else { return }
                change(.surface(item, gtk_toggle_button_get_active(cast(button)) != 0))
            }
        }
        connect(activities, "toggled") { [weak self] in
            guard let self, !self.updating else { return }
            change(.activities(gtk_toggle_button_get_active(cast(self.activities)) != 0))
        }
        connect(minimal, "toggled") { [weak self] in
            guard let self, !self.updating, gtk_toggle_button_get_active(cast(self.minimal)) != 0 else { return }
            change(.minimalStyle(true))
        }
        connect(standard, "toggled") { [weak self] in
            guard let self, !self.updating, gtk_toggle_button_get_active(cast(self.standard)) != 0 else { return }
            change(.minimalStyle(false))
        }
        let setLinger = { [linger] in change(.linger(String(cString: gtk_editable_get_text(opaque(linger))))) }
        let setGoalLinger = { [goalLinger] in change(.goalLinger(String(cString: gtk_editable_get_text(opaque(goalLinger))))) }
        connect(linger, "activate", setLinger)
        connect(setButtons[0], "clicked", setLinger)
        connect(goalLinger, "activate", setGoalLinger)
        connect(setButtons[1], "clicked", setGoalLinger)
        let fasting = group(tr("Fasting"), FastingStages.caveat)
        for (property, name) in [
            (IsletBus.Fasting.Property.showStages, tr("Show fasting stages")),
            (.announceStages, tr("Announce each stage (quietly)")),
            (.neutralMode, tr("Neutral mode: no streaks anywhere")),
        ] {
            let button = toggle(name)
            fastingSwitches.append((property, button, name))
            row(fasting, name, button)
            connect(button, "toggled") { [weak self] in
                guard let self, !self.updating else { return }
                change(.fasting(property, gtk_toggle_button_get_active(cast(button)) != 0))
            }
        }
    }

    func show(_ page: PreferencesPage) {
        updating = true
        defer { updating = false }
        func set(_ button: UnsafeMutablePointer<GtkWidget>, _ on: Bool, _ name: String) { setOnOff(button, on, name: name) }
        set(activities, page.activitiesEnabled, tr("Show live activities"))
        for (property, button, name) in fastingSwitches {
            let on =
                switch property {
                case .showStages: page.showStages
                case .announceStages: page.announceStages
                default: page.neutralMode
                }
            set(button, on, name)
            // Announcing means nothing while stages are hidden.
            if property == .announceStages { gtk_widget_set_sensitive(button, page.showStages ? 1 : 0) }
        }
        gtk_toggle_button_set_active(cast(page.minimalStyle ? minimal : standard), 1)
        for (item, button) in surfaces { set(button, page.switches[item] ?? true, item.title) }
        gtk_editable_set_text(opaque(linger), page.linger)
        gtk_editable_set_text(opaque(goalLinger), page.goalLinger)
    }
}
