import CAdw
import Translation

/// libadwaita's rows as islet's pages and preferences use them: a switch row (an action row
/// with a GtkSwitch, the whole row activating it), an entry row with its apply button, and
/// the switch's state set without echoing it back.
enum Rows {
    /// A row titled `title` with a switch at its end, added to `group`; a screen reader finds
    /// the switch by the title and toggles it (GTK 4.8 already gives a GtkSwitch its action).
    static func switchRow(_ title: String, subtitle: String? = nil, in group: UnsafeMutablePointer<GtkWidget>?) -> (
        row: UnsafeMutablePointer<GtkWidget>, toggle: UnsafeMutablePointer<GtkWidget>
    ) {
        let row: UnsafeMutablePointer<GtkWidget> = adw_action_row_new()
        adw_preferences_row_set_title(cast(row), title)
        if let subtitle { adw_action_row_set_subtitle(cast(row), subtitle) }
        let toggle: UnsafeMutablePointer<GtkWidget> = gtk_switch_new()
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(cast(row), toggle)
        adw_action_row_set_activatable_widget(cast(row), toggle)
        setAccessibleLabel(toggle, title)
        adw_preferences_group_add(cast(group), row)
        return (row, toggle)
    }

    /// The row's title and its switch's name, changed together.
    static func retitle(_ row: UnsafeMutablePointer<GtkWidget>, _ toggle: UnsafeMutablePointer<GtkWidget>, _ title: String) {
        adw_preferences_row_set_title(cast(row), title)
        setAccessibleLabel(toggle, title)
    }

    static func isOn(_ toggle: UnsafeMutablePointer<GtkWidget>) -> Bool { gtk_switch_get_active(opaque(toggle)) != 0 }

    static func set(_ toggle: UnsafeMutablePointer<GtkWidget>, _ on: Bool) {
        if isOn(toggle) != on { gtk_switch_set_active(opaque(toggle), on ? 1 : 0) }
    }

    /// Calls `changed` with the switch's new state when the person (or a screen reader) turns it.
    static func onToggle(_ toggle: UnsafeMutablePointer<GtkWidget>, unless updating: Updating, _ changed: @escaping (Bool) -> Void) {
        connect(toggle, "notify::active") {
            guard !updating.now else { return }
            changed(isOn(toggle))
        }
    }

    /// An entry row titled `title`, added to `group`, its apply button shown once its text is
    /// edited. libadwaita 1.2 leaves that button unnamed for a screen reader ("GtkImage"): it is
    /// named "Apply: TITLE" here.
    static func entryRow(_ title: String, in group: UnsafeMutablePointer<GtkWidget>?) -> UnsafeMutablePointer<GtkWidget> {
        let row: UnsafeMutablePointer<GtkWidget> = adw_entry_row_new()
        adw_preferences_row_set_title(cast(row), title)
        adw_entry_row_set_show_apply_button(cast(row), 1)
        if let button = descendant(of: row, type: gtk_button_get_type()) {
            setAccessibleLabel(button, tr("Apply: %s", title))
            gtk_widget_set_tooltip_text(button, tr("Apply"))
        }
        adw_preferences_group_add(cast(group), row)
        return row
    }

    /// Calls `apply` with an entry row's text when its apply button is pressed or Enter typed.
    static func onApply(_ row: UnsafeMutablePointer<GtkWidget>, _ apply: @escaping (String) -> Void) {
        let send = { apply(String(cString: gtk_editable_get_text(opaque(row)))) }
        connect(row, "apply", send)
        connect(row, "entry-activated", send)
    }

    /// An entry row's text, set without the row taking it for an edit (no apply button shown).
    static func setText(_ row: UnsafeMutablePointer<GtkWidget>, _ text: String) {
        guard String(cString: gtk_editable_get_text(opaque(row))) != text else { return }
        gtk_editable_set_text(opaque(row), text)
    }
}

/// Set while a view puts the service's values on its widgets, whose signals are then not the
/// person's changes.
final class Updating {
    var now = false
}
