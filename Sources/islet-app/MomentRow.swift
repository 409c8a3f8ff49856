import CAdw
import IsletAppModel
import IsletCore
import Platform
import Translation

/// A moment in a row, as GNOME's apps take one (Calendar's event editor): the row's title
/// ("Began"), a date button whose popover holds a calendar, and a time button whose popover
/// holds the hour and the minute (spin buttons, and AM/PM where the locale's clock has 12
/// hours). What the fields hold is an ``EditorTime``; the buttons say it ("Yesterday",
/// "07:30"), and a screen reader hears them by their names ("Start date, Yesterday").
final class MomentRow {
    let row: UnsafeMutablePointer<GtkWidget>
    private let dateButton: UnsafeMutablePointer<GtkWidget>
    private let timeButton: UnsafeMutablePointer<GtkWidget>
    private let calendar: UnsafeMutablePointer<GtkWidget>
    private let hours: UnsafeMutablePointer<GtkWidget>
    private let minutes: UnsafeMutablePointer<GtkWidget>
    /// AM or PM, on a 12-hour clock (nil on a 24-hour one).
    private let afternoon: UnsafeMutablePointer<GtkWidget>?
    private let style: ClockStyle
    /// The date's and the time's names for a screen reader, from what they show.
    private let dateName: (String) -> String
    private let timeName: (String) -> String
    private var fields = EditorTime(day: 0, hour: 0, minute: 0)
    /// Set while the widgets are filled from `fields`: their signals change nothing then.
    private var filling = false

    init(_ title: String, dateName: @escaping (String) -> String, timeName: @escaping (String) -> String) {
        style = LocalTime.system.style
        self.dateName = dateName
        self.timeName = timeName
        let row: UnsafeMutablePointer<GtkWidget> = adw_action_row_new()
        self.row = row
        adw_preferences_row_set_title(cast(row), title)
        func menuButton(_ popover: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
            let button: UnsafeMutablePointer<GtkWidget> = gtk_menu_button_new()
            gtk_menu_button_set_popover(opaque(button), popover)
            gtk_menu_button_set_always_show_arrow(opaque(button), 0)
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            adw_action_row_add_suffix(cast(row), button)
            return button
        }
        // The date: a calendar; a day picked in it closes it (a month or year turned does not).
        // Under it Yesterday and Today, the days most fasts begin and end on, and the ones a
        // screen reader can pick (GTK's calendar tells it nothing of its days).
        let datePopover: UnsafeMutablePointer<GtkWidget> = gtk_popover_new()
        calendar = gtk_calendar_new()
        let dateBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_box_append(cast(dateBox), calendar)
        let quick = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(quick, "linked")
        gtk_box_set_homogeneous(cast(quick), 1)
        let days: [(String, Int64)] = [(tr("Yesterday"), -1), (tr("Today"), 0)]
        let dayButtons = days.map { name, _ -> UnsafeMutablePointer<GtkWidget> in
            let button: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label(name)
            gtk_box_append(cast(quick), button)
            return button
        }
        gtk_box_append(cast(dateBox), quick)
        gtk_popover_set_child(cast(datePopover), dateBox)
        dateButton = menuButton(datePopover)
        // The time: the hour and the minute, as GNOME Clocks and Calendar set them.
        let timePopover: UnsafeMutablePointer<GtkWidget> = gtk_popover_new()
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        setMargins(box, 6)
        func spin(_ range: ClosedRange<Double>, _ name: String) -> UnsafeMutablePointer<GtkWidget> {
            let spin: UnsafeMutablePointer<GtkWidget> = gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, 1)
            gtk_orientable_set_orientation(opaque(spin), GTK_ORIENTATION_VERTICAL)
            gtk_spin_button_set_wrap(opaque(spin), 1)
            gtk_spin_button_set_numeric(opaque(spin), 1)
            gtk_editable_set_width_chars(opaque(spin), 2)
            gtk_widget_set_valign(spin, GTK_ALIGN_CENTER)
            setAccessibleLabel(spin, name)
            gtk_box_append(cast(box), spin)
            return spin
        }
        hours = spin(style.twelveHour ? 1...12 : 0...23, tr("Hour"))
        if !style.twelveHour { Self.twoDigits(hours) }
        let colon = gtk_label_new(":")
        gtk_box_append(cast(box), colon)
        minutes = spin(0...59, tr("Minute"))
        Self.twoDigits(minutes)
        if style.twelveHour {
            let toggle: UnsafeMutablePointer<GtkWidget> = gtk_toggle_button_new_with_label(style.am)
            gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
            gtk_box_append(cast(box), toggle)
            afternoon = toggle
        } else {
            afternoon = nil
        }
        gtk_popover_set_child(cast(timePopover), box)
        timeButton = menuButton(timePopover)
        adw_action_row_set_activatable_widget(cast(row), timeButton)

        connect(calendar, "day-selected") { [weak self] in
            guard let self, !self.filling, let date = gtk_calendar_get_date(opaque(self.calendar)) else { return }
            let dayOfMonth = Int(g_date_time_get_day_of_month(date))
            let closes = dayOfMonth != self.fields.date.day
            self.fields.setDate(year: Int64(g_date_time_get_year(date)), month: Int(g_date_time_get_month(date)), day: dayOfMonth)
            g_date_time_unref(date)
            self.sayDate()
            if closes { gtk_popover_popdown(cast(datePopover)) }
        }
        for (button, (_, offset)) in zip(dayButtons, days) {
            connect(button, "clicked") { [weak self] in
                guard let self else { return }
                var picked = self.fields
                picked.day = LocalTime.system.local(WallClock.now()).day + offset
                self.show(picked)
                gtk_popover_popdown(cast(datePopover))
            }
        }
        for widget in [hours, minutes] + (afternoon.map { [$0] } ?? []) {
            connect(widget, widget == afternoon ? "toggled" : "value-changed") { [weak self] in self?.readTime() }
        }
        // Enter in the hour or the minute closes the popover; a number typed and left (the
        // popover closed) counts, as if Enter had been pressed.
        // (GTK 4.8's spin button has no activate of its own: its text's is taken.)
        for spin in [hours, minutes] {
            if let text = descendant(of: spin, type: gtk_text_get_type()) { connect(text, "activate") { gtk_popover_popdown(cast(timePopover)) } }
        }
        connect(timePopover, "closed") { [weak self] in
            guard let self else { return }
            gtk_spin_button_update(opaque(self.hours))
            gtk_spin_button_update(opaque(self.minutes))
            self.readTime()
        }
    }

    /// What the fields hold (a number typed in the open popover counted).
    var value: EditorTime {
        gtk_spin_button_update(opaque(hours))
        gtk_spin_button_update(opaque(minutes))
        readTime()
        return fields
    }

    /// The fields filled.
    func show(_ value: EditorTime) {
        fields = value
        filling = true
        let date = value.date
        if let picked = g_date_time_new_local(Int32(date.year), Int32(date.month), Int32(date.day), 0, 0, 0) {
            gtk_calendar_select_day(opaque(calendar), picked)
            g_date_time_unref(picked)
        }
        if let afternoon {
            let twelve = value.twelveHour
            gtk_spin_button_set_value(opaque(hours), Double(twelve.hour))
            gtk_toggle_button_set_active(cast(afternoon), twelve.pm ? 1 : 0)
        } else {
            gtk_spin_button_set_value(opaque(hours), Double(value.hour))
        }
        gtk_spin_button_set_value(opaque(minutes), Double(value.minute))
        filling = false
        sayDate()
        sayTime()
    }

    /// The date button said again (today's name moves at midnight).
    private func sayDate() {
        let name = fields.dayName(localTime: .system, now: WallClock.now())
        gtk_menu_button_set_label(opaque(dateButton), name)
        Self.name(dateButton, dateName(name))
    }

    private func sayTime() {
        let clock = fields.clock(style: style)
        gtk_menu_button_set_label(opaque(timeButton), clock)
        Self.name(timeButton, timeName(clock))
        if let afternoon { gtk_button_set_label(cast(afternoon), gtk_toggle_button_get_active(cast(afternoon)) != 0 ? style.pm : style.am) }
    }

    /// The hour and minute read from the spin buttons.
    private func readTime() {
        guard !filling else { return }
        let hour = Int(gtk_spin_button_get_value_as_int(opaque(hours)))
        if let afternoon {
            fields.hour = EditorTime.hour(twelveHour: hour, pm: gtk_toggle_button_get_active(cast(afternoon)) != 0)
        } else {
            fields.hour = hour
        }
        fields.minute = Int(gtk_spin_button_get_value_as_int(opaque(minutes)))
        sayTime()
    }

    /// A menu button named for a screen reader, and its toggle, which is what one presses (GTK
    /// 4.8 names that by the label alone: "Yesterday").
    private static func name(_ button: UnsafeMutablePointer<GtkWidget>, _ text: String) {
        setAccessibleLabel(button, text)
        if let toggle = descendant(of: button, type: gtk_toggle_button_get_type()) { setAccessibleLabel(toggle, text) }
    }

    /// A spin button that writes its number with two digits ("07"), as a clock does.
    private static func twoDigits(_ spin: UnsafeMutablePointer<GtkWidget>) {
        let output: @convention(c) (OpaquePointer?, gpointer?) -> gboolean = { spin, _ in
            let value = Int(gtk_spin_button_get_value_as_int(spin))
            gtk_editable_set_text(spin, value < 10 ? "0\(value)" : "\(value)")
            return 1
        }
        g_signal_connect_data(UnsafeMutableRawPointer(spin), "output", unsafeBitCast(output, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
    }
}
