import CAdw
import IsletAppModel
import IsletCore
import Translation

/// The History page's widgets: Add a Fast, the chart of the last four weeks, the statistics,
/// then every completed fast newest first (its span, its length and goal, Edit and Delete
/// buttons named for the fast), or the empty state. Edit and Add open an editor with the start
/// and the end as a person types them ("2026-11-25 07:30", "07:30", "2h ago").
final class HistoryView {
    let root: UnsafeMutablePointer<GtkWidget>
    private let content: UnsafeMutablePointer<GtkWidget>
    private let chart = HistoryChart()
    private var shown: [UnsafeMutablePointer<GtkWidget>] = []
    private let delete: (UInt64) -> Void
    /// (the fast's id, or nil for a new one; the start and end as typed).
    private let save: (UInt64?, String, String) -> Void
    private let add: UnsafeMutablePointer<GtkWidget>

    init(delete: @escaping (UInt64) -> Void, save: @escaping (UInt64?, String, String) -> Void) {
        self.delete = delete
        self.save = save
        root = gtk_scrolled_window_new()
        content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        setMargins(content, 24)
        add = gtk_button_new_with_label(tr("Add a Fast…"))
        gtk_widget_set_halign(add, GTK_ALIGN_END)
        connect(add, "clicked") { [weak self] in self?.openEditor(id: nil, start: "", end: "") }
        gtk_box_append(cast(content), add)
        gtk_box_append(cast(content), makeEditor())
        gtk_widget_set_margin_bottom(chart.root, 12)
        gtk_box_append(cast(content), chart.root)
        gtk_scrolled_window_set_child(opaque(root), content)
        gtk_widget_set_vexpand(root, 1)
    }

    /// The editor of a fast's times, in the page above the chart (not a dialog: GTK 4.8's
    /// AT-SPI code crashed answering a screen reader about a closed dialog's widgets).
    private var editor:
        (
            box: UnsafeMutablePointer<GtkWidget>, heading: UnsafeMutablePointer<GtkWidget>,
            began: UnsafeMutablePointer<GtkWidget>, ended: UnsafeMutablePointer<GtkWidget>
        )?
    /// The fast the editor edits; nil: it adds one.
    private var editing: UInt64?

    /// Opens the editor on a fast (`id`) or on a new one (nil): its start and end, Save.
    private func openEditor(id: UInt64?, start: String, end: String) {
        guard let editor else { return }
        editing = id
        gtk_label_set_text(opaque(editor.heading), id == nil ? tr("Add a Fast") : tr("Edit the Fast"))
        gtk_editable_set_text(opaque(editor.began), start)
        gtk_editable_set_text(opaque(editor.ended), end)
        gtk_widget_set_visible(editor.box, 1)
        gtk_widget_grab_focus(editor.began)
    }

    private func closeEditor() {
        guard let editor else { return }
        gtk_widget_grab_focus(add)
        gtk_widget_set_visible(editor.box, 0)
    }

    private func makeEditor() -> UnsafeMutablePointer<GtkWidget> {
        let (box, inner) = card()
        let heading: UnsafeMutablePointer<GtkWidget> = gtk_label_new("")
        gtk_widget_add_css_class(heading, "heading")
        gtk_label_set_xalign(opaque(heading), 0)
        gtk_box_append(cast(inner), heading)
        let hint = gtk_label_new(tr("Write a time like 2026-11-25 07:30, 07:30 or 2h ago."))
        gtk_widget_add_css_class(hint, "dim-label")
        gtk_label_set_xalign(opaque(hint), 0)
        gtk_box_append(cast(inner), hint)
        func field(_ name: String) -> UnsafeMutablePointer<GtkWidget> {
            let row: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
            let label = gtk_label_new(name)
            gtk_widget_set_size_request(label, 80, -1)
            gtk_label_set_xalign(opaque(label), 0)
            let entry: UnsafeMutablePointer<GtkWidget> = gtk_entry_new()
            gtk_widget_set_hexpand(entry, 1)
            setAccessibleLabel(entry, name)
            gtk_box_append(cast(row), label)
            gtk_box_append(cast(row), entry)
            gtk_box_append(cast(inner), row)
            return entry
        }
        let began = field(tr("Began"))
        let ended = field(tr("Ended"))
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let cancel = gtk_button_new_with_label(tr("Cancel"))
        let save = gtk_button_new_with_label(tr("Save"))
        gtk_widget_add_css_class(save, "suggested-action")
        gtk_box_append(cast(buttons), cancel)
        gtk_box_append(cast(buttons), save)
        gtk_box_append(cast(inner), buttons)
        let done: () -> Void = { [weak self] in
            guard let self else { return }
            let (start, end) = (String(cString: gtk_editable_get_text(opaque(began))), String(cString: gtk_editable_get_text(opaque(ended))))
            self.closeEditor()
            self.save(self.editing, start, end)
        }
        connect(save, "clicked", done)
        connect(began, "activate", done)
        connect(ended, "activate", done)
        connect(cancel, "clicked") { [weak self] in self?.closeEditor() }
        gtk_widget_set_visible(box, 0)
        editor = (box, heading, began, ended)
        return box
    }

    func show(_ page: HistoryPage) {
        chart.show(page.chart)
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
            let edit = gtk_button_new_from_icon_name("document-edit-symbolic")
            gtk_widget_add_css_class(edit, "flat")
            gtk_widget_set_valign(edit, GTK_ALIGN_CENTER)
            gtk_widget_set_tooltip_text(edit, tr("Edit"))
            setAccessibleLabel(edit, row.editLabel)
            let (id, start, end) = (row.id, row.typedStart, row.typedEnd)
            connect(edit, "clicked") { [weak self] in self?.openEditor(id: id, start: start, end: end) }
            let button = gtk_button_new_from_icon_name("user-trash-symbolic")
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            gtk_widget_set_tooltip_text(button, tr("Delete"))
            setAccessibleLabel(button, row.deleteLabel)
            connect(button, "clicked") { [weak self] in self?.delete(id) }
            gtk_box_append(cast(line), texts)
            gtk_box_append(cast(line), edit)
            gtk_box_append(cast(line), button)
            add(line)
        }
    }
}
