import CAdw
import IsletAppModel
import IsletCore
import Platform
import Translation

/// The Progress page's calendar: a month, a button a day with the hours fasted within it and a
/// mark where a goal was met (``CalendarMonth``), the previous and next months a button away;
/// a day pressed says its figures in words below, as a screen reader hears each day's button.
final class CalendarView {
    let root: UnsafeMutablePointer<GtkWidget>
    private let ask: (Int64, Int) -> Void
    private(set) var year: Int64
    private(set) var month: Int
    private let title: UnsafeMutablePointer<GtkWidget>
    private let selected: UnsafeMutablePointer<GtkWidget>
    private let summary: UnsafeMutablePointer<GtkWidget>
    private var headers: [UnsafeMutablePointer<GtkWidget>] = []
    private var days: [(button: UnsafeMutablePointer<GtkWidget>, number: UnsafeMutablePointer<GtkWidget>, fasted: UnsafeMutablePointer<GtkWidget>)] = []
    private var shown: CalendarMonth?

    init(ask: @escaping (Int64, Int) -> Void) {
        self.ask = ask
        (year, month) = CalendarMonth.month(of: WallClock.now(), in: .system)
        selected = gtk_label_new("")
        summary = gtk_label_new("")
        // A column of its own, put under the chart by the Progress page (which scrolls).
        let content: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        root = content
        let header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        let previous: UnsafeMutablePointer<GtkWidget> = gtk_button_new_from_icon_name("go-previous-symbolic")
        setAccessibleLabel(previous, tr("Previous month"))
        gtk_widget_set_tooltip_text(previous, tr("Previous month"))
        let next: UnsafeMutablePointer<GtkWidget> = gtk_button_new_from_icon_name("go-next-symbolic")
        setAccessibleLabel(next, tr("Next month"))
        gtk_widget_set_tooltip_text(next, tr("Next month"))
        title = gtk_label_new("")
        gtk_widget_add_css_class(title, "title-3")
        gtk_widget_set_hexpand(title, 1)
        gtk_box_append(cast(header), previous)
        gtk_box_append(cast(header), title)
        gtk_box_append(cast(header), next)
        gtk_box_append(cast(content), header)
        let grid = gtk_grid_new()
        gtk_grid_set_column_homogeneous(cast(grid), 1)
        gtk_grid_set_row_spacing(cast(grid), 4)
        gtk_grid_set_column_spacing(cast(grid), 4)
        for column in 0..<7 {
            let label: UnsafeMutablePointer<GtkWidget> = gtk_label_new("")
            gtk_widget_add_css_class(label, "dim-label")
            gtk_widget_add_css_class(label, "caption-heading")
            gtk_grid_attach(cast(grid), label, Int32(column), 0, 1, 1)
            headers.append(label)
        }
        for cell in 0..<42 {
            let button: UnsafeMutablePointer<GtkWidget> = gtk_button_new()
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_add_css_class(button, "calendar-day")
            let stack = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
            let number: UnsafeMutablePointer<GtkWidget> = gtk_label_new("")
            let fasted: UnsafeMutablePointer<GtkWidget> = gtk_label_new("")
            gtk_widget_add_css_class(fasted, "caption")
            gtk_box_append(cast(stack), number)
            gtk_box_append(cast(stack), fasted)
            gtk_button_set_child(cast(button), stack)
            gtk_grid_attach(cast(grid), button, Int32(cell % 7), Int32(cell / 7 + 1), 1, 1)
            connect(button, "clicked") { [weak self] in
                guard let self, let shown = self.shown, cell < shown.cells.count else { return }
                gtk_label_set_text(opaque(self.selected), shown.cells[cell].label)
            }
            days.append((button, number, fasted))
        }
        gtk_box_append(cast(content), grid)
        gtk_label_set_xalign(opaque(selected), 0)
        gtk_label_set_wrap(opaque(selected), 1)
        gtk_box_append(cast(content), selected)
        gtk_label_set_xalign(opaque(summary), 0)
        gtk_label_set_wrap(opaque(summary), 1)
        gtk_widget_add_css_class(summary, "dim-label")
        gtk_box_append(cast(content), summary)
        connect(previous, "clicked") { [weak self] in self?.move(by: -1) }
        connect(next, "clicked") { [weak self] in self?.move(by: 1) }
    }

    private func move(by months: Int) {
        (year, month) = CalendarMonth.shifted(year, month, by: months)
        gtk_label_set_text(opaque(selected), "")
        refresh()
    }

    /// Reads the month shown from isletd.
    func refresh() { ask(year, month) }

    /// Reads it again when the calendar is on screen (the history changed).
    func refreshIfShown() {
        if gtk_widget_get_mapped(root) != 0 { refresh() }
    }

    func show(_ calendar: CalendarMonth) {
        guard calendar.year == year, calendar.month == month else { return }
        shown = calendar
        gtk_label_set_text(opaque(title), calendar.title)
        gtk_label_set_text(opaque(summary), calendar.summary)
        for (index, header) in headers.enumerated() { gtk_label_set_text(opaque(header), calendar.weekdays[index]) }
        for (index, day) in days.enumerated() {
            guard index < calendar.cells.count, calendar.cells[index].day != nil else {
                // Blanks before the first and after the last: kept in place, not seen, not focused.
                gtk_widget_set_visible(day.button, index / 7 <= (calendar.cells.count - 1) / 7 ? 1 : 0)
                gtk_widget_set_opacity(day.button, 0)
                gtk_widget_set_sensitive(day.button, 0)
                gtk_widget_set_focusable(day.button, 0)
                continue
            }
            let cell = calendar.cells[index]
            gtk_widget_set_visible(day.button, 1)
            gtk_widget_set_opacity(day.button, 1)
            gtk_widget_set_sensitive(day.button, 1)
            gtk_widget_set_focusable(day.button, 1)
            gtk_label_set_text(opaque(day.number), cell.number)
            gtk_label_set_text(opaque(day.fasted), cell.goalMet ? cell.short + " ✓" : cell.short)
            if cell.isToday { gtk_widget_add_css_class(day.number, "heading") } else { gtk_widget_remove_css_class(day.number, "heading") }
            if cell.goalMet { gtk_widget_add_css_class(day.fasted, "success") } else { gtk_widget_remove_css_class(day.fasted, "success") }
            setAccessibleLabel(day.button, cell.label)
        }
    }
}
