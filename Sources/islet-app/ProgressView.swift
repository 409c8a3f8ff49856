import CAdw
import IsletAppModel
import Translation

/// The Progress page's widgets, one scrolling column: the chart of a week, four weeks or a year
/// with the averages under it, isletd's figures as a boxed list (a row each, "Fasts: 12" to a
/// screen reader), and the month's calendar (``CalendarView``); a status page in their place
/// while there is no fast.
final class ProgressView {
    let root: UnsafeMutablePointer<GtkWidget>
    let calendar: CalendarView
    private let chart = HistoryChart()
    private let statistics: UnsafeMutablePointer<GtkWidget>
    private let averages: UnsafeMutablePointer<GtkWidget>
    private let empty: UnsafeMutablePointer<GtkWidget>
    private let column: UnsafeMutablePointer<GtkWidget>
    /// The chart shown, and the figures last shown.
    private var range = HistoryModel.ChartRange.fourWeeks
    private var page: HistoryModel?

    init(month: @escaping (Int64, Int) -> Void) {
        calendar = CalendarView(ask: month)
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_set_vexpand(root, 1)
        empty = statusPage(icon: "x-office-presentation-symbolic")
        gtk_box_append(cast(root), empty)
        let (column, content) = scrollingPage(spacing: 12)
        self.column = column
        gtk_box_append(cast(root), column)

        averages = startLabel(wrap: true)
        statistics = gtk_list_box_new()
        gtk_widget_add_css_class(statistics, "boxed-list")
        gtk_list_box_set_selection_mode(opaque(statistics), GTK_SELECTION_NONE)
        setAccessibleLabel(statistics, tr("Statistics"))
        let ranges = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(ranges, "linked")
        gtk_widget_set_halign(ranges, GTK_ALIGN_CENTER)
        var group: UnsafeMutablePointer<GtkWidget>?
        for (range, name) in [(HistoryModel.ChartRange.week, tr("Week")), (.fourWeeks, tr("4 Weeks")), (.year, tr("Year"))] {
            let toggle: UnsafeMutablePointer<GtkWidget> = gtk_toggle_button_new_with_label(name)
            if let group { gtk_toggle_button_set_group(cast(toggle), cast(group)) } else { group = toggle }
            gtk_toggle_button_set_active(cast(toggle), range == .fourWeeks ? 1 : 0)
            connect(toggle, "toggled") { [weak self] in
                guard let self, gtk_toggle_button_get_active(cast(toggle)) != 0 else { return }
                self.range = range
                if let page = self.page { self.show(page) }
            }
            gtk_box_append(cast(ranges), toggle)
        }
        gtk_box_append(cast(content), ranges)
        gtk_box_append(cast(content), chart.root)
        gtk_box_append(cast(content), averages)
        gtk_widget_set_margin_top(statistics, 12)
        gtk_box_append(cast(content), statistics)
        // The calendar under a heading of its own, in the same column.
        let heading = startLabel(tr("Calendar"), heading: true)
        gtk_widget_set_margin_top(heading, 12)
        gtk_box_append(cast(content), heading)
        gtk_box_append(cast(content), calendar.root)
    }

    /// isletd's figures, the chart of the range chosen and the averages; the calendar's month
    /// read again when on screen (the history changed).
    func show(_ page: HistoryModel) {
        self.page = page
        chart.show(page.charts[range])
        showFigures(page)
        adw_status_page_set_title(opaque(empty), page.emptyStatistics?.title ?? "")
        adw_status_page_set_description(opaque(empty), page.emptyStatistics?.description ?? "")
        gtk_widget_set_visible(empty, page.emptyStatistics == nil ? 0 : 1)
        gtk_widget_set_visible(column, page.emptyStatistics == nil ? 1 : 0)
        gtk_label_set_text(opaque(averages), page.averages.joinedText(separator: "\n"))
        calendar.refreshIfShown()
    }

    /// The figures' rows, made anew when their titles change (neutral mode takes the streaks
    /// away), their values set each time; each row said as "Fasts: 12".
    private var figureRows: [(title: String, row: UnsafeMutablePointer<GtkWidget>, value: UnsafeMutablePointer<GtkWidget>)] = []

    private func showFigures(_ page: HistoryModel) {
        if figureRows.map(\.title) != page.figures.map(\.title) {
            for entry in figureRows { gtk_list_box_remove(opaque(statistics), entry.row) }
            figureRows = page.figures.map { figure in
                let row: UnsafeMutablePointer<GtkWidget> = adw_action_row_new()
                adw_preferences_row_set_title(cast(row), figure.title)
                let value: UnsafeMutablePointer<GtkWidget> = gtk_label_new("")
                gtk_widget_add_css_class(value, "numeric")
                adw_action_row_add_suffix(cast(row), value)
                gtk_list_box_append(opaque(statistics), row)
                return (figure.title, row, value)
            }
        }
        for ((_, row, value), (figure, said)) in zip(figureRows, zip(page.figures, page.statistics)) {
            gtk_label_set_text(opaque(value), figure.value)
            setAccessibleLabel(row, said)
        }
        gtk_widget_set_visible(statistics, page.figures.isEmpty ? 0 : 1)
    }
}
