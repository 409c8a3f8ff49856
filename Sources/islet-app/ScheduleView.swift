import CAdw
import IsletAppModel
import IsletCore
import Translation

/// The Goal page's schedule group (issue 45): on or off, the time each fast is due, its days
/// (a toggle button each, named by the day) under it, the two reminders, and the window in words. Every
/// change sends the whole schedule through `change`; `show` puts a ``ScheduleModel`` on the
/// widgets without echoing it back.
final class ScheduleView {
    let root: UnsafeMutablePointer<GtkWidget>
    private let enabled: UnsafeMutablePointer<GtkWidget>
    private let time: UnsafeMutablePointer<GtkWidget>
    private var dayButtons: [UnsafeMutablePointer<GtkWidget>] = []
    private let remindBefore: UnsafeMutablePointer<GtkWidget>
    private let remindAtStart: UnsafeMutablePointer<GtkWidget>
    private let remindBeforeRow: UnsafeMutablePointer<GtkWidget>
    private let summary: UnsafeMutablePointer<GtkWidget>
    private let mixed: UnsafeMutablePointer<GtkWidget>
    private var page: ScheduleModel?
    /// Set while `show` puts values on the widgets.
    private let updating: Updating
    private let change: (_ enabled: Bool, _ time: String, _ days: [Bool], _ remindBefore: Bool, _ remindAtStart: Bool) -> Void

    init(change: @escaping (_ enabled: Bool, _ time: String, _ days: [Bool], _ remindBefore: Bool, _ remindAtStart: Bool) -> Void) {
        self.change = change
        let updating = Updating()
        self.updating = updating
        let group: UnsafeMutablePointer<GtkWidget> = adw_preferences_group_new()
        root = group
        adw_preferences_group_set_title(cast(group), tr("Schedule"))
        adw_preferences_group_set_description(
            cast(group), tr("A daily fasting window; each fast lasts the daily goal. Reminders come whether the app is open or not."))
        // The switch, the start time, the days (a toggle button each, named by the day, in a
        // row of their own right under the time), then the reminders.
        enabled = Rows.switchRow(tr("Fasting Schedule"), in: group).toggle
        time = Rows.entryRow(tr("Start Time"), in: group)
        let days: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(days, "linked")
        gtk_widget_add_css_class(days, "weekdays")
        gtk_box_set_homogeneous(cast(days), 1)
        gtk_widget_set_halign(days, GTK_ALIGN_CENTER)
        setMargins(days, 6)
        var buttons: [UnsafeMutablePointer<GtkWidget>] = []
        for _ in 0..<7 {
            let day: UnsafeMutablePointer<GtkWidget> = gtk_toggle_button_new_with_label("")
            gtk_box_append(cast(days), day)
            buttons.append(day)
        }
        // A row of the group's list (a preferences row), so that it sits right under the time.
        let daysRow: UnsafeMutablePointer<GtkWidget> = adw_preferences_row_new()
        gtk_list_box_row_set_activatable(cast(daysRow), 0)
        gtk_list_box_row_set_selectable(cast(daysRow), 0)
        gtk_list_box_row_set_child(cast(daysRow), days)
        adw_preferences_group_add(cast(group), daysRow)
        (remindBeforeRow, remindBefore) = Rows.switchRow(tr("Reminder 1 h Before"), subtitle: tr("“1 h left to eat”"), in: group)
        remindAtStart = Rows.switchRow(tr("Reminder When Due"), subtitle: tr("“Time to start your fast”"), in: group).toggle
        summary = gtk_label_new("")
        mixed = gtk_label_new("")
        for label in [summary, mixed] {
            gtk_label_set_wrap(opaque(label), 1)
            gtk_label_set_xalign(opaque(label), 0)
            gtk_widget_set_margin_top(label, 12)
            adw_preferences_group_add(cast(group), label)
        }
        dayButtons = buttons
        gtk_widget_add_css_class(mixed, "dim-label")
        Rows.onApply(time) { [weak self] _ in self?.send() }
        for toggle in [enabled, remindBefore, remindAtStart] {
            Rows.onToggle(toggle, unless: updating) { [weak self] _ in self?.send() }
        }
        for button in dayButtons {
            connect(button, "toggled") { [weak self] in
                guard let self, !self.updating.now else { return }
                self.send()
            }
        }
    }

    private func send() {
        change(
            Rows.isOn(enabled), String(cString: gtk_editable_get_text(opaque(time))), dayButtons.map { gtk_toggle_button_get_active(cast($0)) != 0 },
            Rows.isOn(remindBefore), Rows.isOn(remindAtStart))
    }

    func show(_ page: ScheduleModel) {
        updating.now = true
        defer { updating.now = false }
        Rows.set(enabled, page.enabled)
        Rows.set(remindBefore, page.remindBefore)
        Rows.retitle(remindBeforeRow, remindBefore, page.remindBeforeTitle)
        adw_action_row_set_subtitle(cast(remindBeforeRow), page.remindBeforeSubtitle)
        Rows.set(remindAtStart, page.remindAtStart)
        // The field keeps what is being typed unless the schedule itself changed.
        if self.page?.time != page.time || self.page == nil { Rows.setText(time, page.time) }
        for (index, button) in dayButtons.enumerated() {
            gtk_toggle_button_set_active(cast(button), page.days[index] ? 1 : 0)
            gtk_button_set_label(cast(button), page.dayNames[index])
            setAccessibleLabel(button, tr("Fast on %s", page.dayNames[index]))
        }
        gtk_label_set_text(opaque(summary), page.summary)
        gtk_label_set_text(opaque(mixed), page.mixedTimes ?? "")
        gtk_widget_set_visible(mixed, page.mixedTimes == nil ? 0 : 1)
        self.page = page
    }
}
