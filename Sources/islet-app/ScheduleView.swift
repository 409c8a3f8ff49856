import CAdw
import IsletAppModel
import IsletCore
import Translation

/// The Goal page's schedule group (issue 45): on or off, the time each fast is due, its days
/// (a toggle button each, named by the day), the two reminders, and the window in words. Every
/// change sends the whole schedule through `change`; `show` puts a ``SchedulePage`` on the
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
    private var page: SchedulePage?
    private var updating = false
    private let change: (_ enabled: Bool, _ time: String, _ days: [Bool], _ remindBefore: Bool, _ remindAtStart: Bool) -> Void

    init(change: @escaping (_ enabled: Bool, _ time: String, _ days: [Bool], _ remindBefore: Bool, _ remindAtStart: Bool) -> Void) {
        self.change = change
        let group: UnsafeMutablePointer<GtkWidget> = adw_preferences_group_new()
        root = group
        adw_preferences_group_set_title(cast(group), tr("Schedule"))
        adw_preferences_group_set_description(
            cast(group), tr("A daily fasting window; each fast lasts the daily goal. Reminders come from islet-notify, app open or not."))
        func row(_ title: String, _ suffix: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
            let row: UnsafeMutablePointer<GtkWidget> = adw_action_row_new()
            adw_preferences_row_set_title(cast(row), title)
            gtk_widget_set_valign(suffix, GTK_ALIGN_CENTER)
            adw_action_row_add_suffix(cast(row), suffix)
            adw_preferences_group_add(cast(group), row)
            return row
        }
        enabled = gtk_toggle_button_new_with_label(tr("Off"))
        setAccessibleLabel(enabled, tr("Fast on a schedule"))
        _ = row(tr("Fast on a schedule"), enabled)
        let timeLine: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        time = gtk_entry_new()
        gtk_editable_set_width_chars(opaque(time), 8)
        setAccessibleLabel(time, tr("The fast starts at"))
        let set: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label(tr("Set"))
        setAccessibleLabel(set, tr("Set the start time"))
        gtk_box_append(cast(timeLine), time)
        gtk_box_append(cast(timeLine), set)
        _ = row(tr("The fast starts at"), timeLine)
        let days: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(days, "linked")
        gtk_widget_set_halign(days, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(days, 6)
        gtk_widget_set_margin_bottom(days, 6)
        var buttons: [UnsafeMutablePointer<GtkWidget>] = []
        for _ in 0..<7 {
            let day: UnsafeMutablePointer<GtkWidget> = gtk_toggle_button_new_with_label("")
            gtk_box_append(cast(days), day)
            buttons.append(day)
        }
        adw_preferences_group_add(cast(group), days)
        remindBefore = gtk_toggle_button_new_with_label(tr("Off"))
        remindBeforeRow = row(tr("Remind me 1 h before: “1 h left to eat”"), remindBefore)
        remindAtStart = gtk_toggle_button_new_with_label(tr("Off"))
        setAccessibleLabel(remindAtStart, tr("Remind me when it is due: “Time to start your fast”"))
        _ = row(tr("Remind me when it is due: “Time to start your fast”"), remindAtStart)
        summary = gtk_label_new("")
        mixed = gtk_label_new("")
        for label in [summary, mixed] {
            gtk_label_set_wrap(opaque(label), 1)
            gtk_label_set_xalign(opaque(label), 0)
            gtk_widget_set_margin_top(label, 6)
            adw_preferences_group_add(cast(group), label)
        }
        dayButtons = buttons
        gtk_widget_add_css_class(mixed, "dim-label")
        connect(set, "clicked") { [weak self] in self?.send() }
        connect(time, "activate") { [weak self] in self?.send() }
        for button in [enabled, remindBefore, remindAtStart] + dayButtons {
            connect(button, "toggled") { [weak self] in
                guard let self, !self.updating else { return }
                self.send()
            }
        }
    }

    private func send() {
        func on(_ button: UnsafeMutablePointer<GtkWidget>) -> Bool { gtk_toggle_button_get_active(cast(button)) != 0 }
        change(on(enabled), String(cString: gtk_editable_get_text(opaque(time))), dayButtons.map(on), on(remindBefore), on(remindAtStart))
    }

    func show(_ page: SchedulePage) {
        updating = true
        defer { updating = false }
        func set(_ button: UnsafeMutablePointer<GtkWidget>, _ on: Bool, _ name: String) { setOnOff(button, on, name: name) }
        set(enabled, page.enabled, tr("Fast on a schedule"))
        set(remindBefore, page.remindBefore, page.remindBeforeName)
        adw_preferences_row_set_title(cast(remindBeforeRow), page.remindBeforeName)
        set(remindAtStart, page.remindAtStart, tr("Remind me when it is due: “Time to start your fast”"))
        // The field keeps what is being typed unless the schedule itself changed.
        if self.page?.time != page.time || self.page == nil { gtk_editable_set_text(opaque(time), page.time) }
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
