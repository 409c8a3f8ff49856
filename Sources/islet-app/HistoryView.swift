import CAdw
import IsletAppModel
import IsletCore
import Translation

/// The History page's widgets: the statistics, then every completed fast newest first (its
/// span, its length and goal, a Delete button named for the fast), or the empty state.
final class HistoryView {
    let root: UnsafeMutablePointer<GtkWidget>
    private let content: UnsafeMutablePointer<GtkWidget>
    private var shown: [UnsafeMutablePointer<GtkWidget>] = []
    private let delete: (UInt64) -> Void

    init(delete: @escaping (UInt64) -> Void) {
        self.delete = delete
        root = gtk_scrolled_window_new()
        content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(content, 24)
        }
        gtk_scrolled_window_set_child(opaque(root), content)
        gtk_widget_set_vexpand(root, 1)
    }

    func show(_ page: HistoryPage) {
        for widget in shown { gtk_box_remove(cast(content), widget) }
        shown = []
        func add(_ widget: UnsafeMutablePointer<GtkWidget>) {
            gtk_box_append(cast(content), widget)
            shown.append(widget)
        }
        if let empty = page.empty {
            let label: UnsafeMutablePointer<GtkWidget> = gtk_label_new(empty)
            gtk_widget_add_css_class(label, "dim-label")
            gtk_widget_set_margin_top(label, 48)
            add(label)
            return
        }
        let statistics: UnsafeMutablePointer<GtkWidget> = gtk_label_new(page.statistics.joinedText(separator: "\n"))
        gtk_label_set_xalign(opaque(statistics), 0)
        gtk_widget_set_margin_bottom(statistics, 12)
        add(statistics)
        for row in page.rows {
            let line: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
            let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 3)
            gtk_widget_set_hexpand(texts, 1)
            let span = gtk_label_new(row.span)
            gtk_label_set_xalign(opaque(span), 0)
            gtk_widget_add_css_class(span, "heading")
            let detail = gtk_label_new(row.detail)
            gtk_label_set_xalign(opaque(detail), 0)
            gtk_widget_add_css_class(detail, row.goalMet ? "success" : "dim-label")
            gtk_box_append(cast(texts), span)
            gtk_box_append(cast(texts), detail)
            let button = gtk_button_new_from_icon_name("user-trash-symbolic")
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            gtk_widget_set_tooltip_text(button, tr("Delete"))
            setAccessibleLabel(button, row.deleteLabel)
            let id = row.id
            connect(button, "clicked") { [weak self] in self?.delete(id) }
            gtk_box_append(cast(line), texts)
            gtk_box_append(cast(line), button)
            add(line)
        }
    }
}
