import CAdw
import CRowList
import HistoryFiles
import IsletAppModel
import IsletCore
import Platform
import Translation

/// The History page's widgets: Add a Fast (for the window's header bar), and
/// every completed fast newest first in an IsletRowList (widgets made only for the rows on
/// screen, their pages read from isletd as they come into view: ``HistoryList``), each with its
/// span, length, goal, note and rating and Edit and Delete buttons named for the fast; a status
/// page in its place while there is none. A row, its Edit, and Add open the editor, a dialog (``Dialog``) with the start and the end as dates and times
/// (``MomentRow``), the note and the rating; an import's check is a dialog too.
final class HistoryView {
    /// What the editor saves: the fast's id (nil: a new one), its start and end as the fields
    /// hold them, its note and rating.
    struct Edit {
        var id: UInt64?
        var start: EditorTime
        var end: EditorTime
        var note: String
        var rating: UInt8
        /// The fast as it was (nil: a new one).
        var before: HistoryModel.Row?
    }

    let root: UnsafeMutablePointer<GtkWidget>
    /// The list's widget (it counts the rows and makes widgets for those on screen), and what
    /// the rows show.
    private let rows: UnsafeMutablePointer<GtkWidget>
    private let rowSource = RowSource()
    private(set) var list = HistoryList()
    /// The history's figures last shown (the daily goal a new fast lasts at first).
    private var page: HistoryModel?
    /// The status page shown in place of the list while there is no fast.
    private let emptyList: UnsafeMutablePointer<GtkWidget>
    private let scroller: UnsafeMutablePointer<GtkWidget>
    private let add: UnsafeMutablePointer<GtkWidget>
    /// Add a Fast, which the window puts in its header bar while this page is shown.
    let headerStart: UnsafeMutablePointer<GtkWidget>
    /// Each row's widgets, by the row's widget.
    private var items: [UnsafeMutableRawPointer: RowWidgets] = [:]
    /// A page of fasts to read: (page, generation).
    private let ask: (Int, Int) -> Void
    private let delete: (FastRecord) -> Void
    private let save: (Edit) -> Void
    private let importChosen: ([HistoryImport.Entry]) -> Void

    final class RowWidgets {
        let span: UnsafeMutablePointer<GtkWidget>
        let detail: UnsafeMutablePointer<GtkWidget>
        let note: UnsafeMutablePointer<GtkWidget>
        let edit: UnsafeMutablePointer<GtkWidget>
        let delete: UnsafeMutablePointer<GtkWidget>
        /// What the row shows now (nil: nothing yet, or a placeholder): a row bound again to the
        /// same content changes nothing, and one whose goal colour, note or buttons stay the
        /// same leaves them be (each change costs GTK a restyle, on the scroll's path).
        var shown: HistoryModel.Row?
        var placeholder = false
        init(
            span: UnsafeMutablePointer<GtkWidget>, detail: UnsafeMutablePointer<GtkWidget>, note: UnsafeMutablePointer<GtkWidget>,
            edit: UnsafeMutablePointer<GtkWidget>, delete: UnsafeMutablePointer<GtkWidget>
        ) {
            self.span = span
            self.detail = detail
            self.note = note
            self.edit = edit
            self.delete = delete
        }
    }

    init(
        ask: @escaping (Int, Int) -> Void, delete: @escaping (FastRecord) -> Void,
        save: @escaping (Edit) -> Void, importChosen: @escaping ([HistoryImport.Entry]) -> Void
    ) {
        self.ask = ask
        self.importChosen = importChosen
        self.delete = delete
        self.save = save
        rows = islet_row_list_new(
            { data in
                guard let data, let view = Unmanaged<RowSource>.fromOpaque(data).takeUnretainedValue().view else {
                    return gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
                }
                return view.makeRow()
            },
            { data, row, position in
                guard let data, let row else { return }
                Unmanaged<RowSource>.fromOpaque(data).takeUnretainedValue().view?.bind(row, position: Int(position))
            }, Unmanaged.passRetained(rowSource).toOpaque(),
            { data in if let data { Unmanaged<RowSource>.fromOpaque(data).release() } })
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_set_vexpand(root, 1)

        // Add a Fast goes to the window's header bar (headerStart).
        add = gtk_button_new_from_icon_name("list-add-symbolic")
        setAccessibleLabel(add, tr("Add a Fast…"))
        gtk_widget_set_tooltip_text(add, tr("Add a Fast…"))
        gtk_widget_set_valign(add, GTK_ALIGN_CENTER)
        // Export and import are in the main menu: the header bar keeps what room it has for the
        // five views' switcher (``SwitcherTitle``).
        headerStart = add

        // The list, in a column at most 600 px wide.
        emptyList = statusPage(icon: "document-open-recent-symbolic")
        gtk_box_append(cast(root), emptyList)
        setAccessibleLabel(rows, tr("Fasts"))
        let clamp = adw_clamp_scrollable_new()
        adw_clamp_scrollable_set_maximum_size(opaque(clamp), 600)
        adw_clamp_scrollable_set_child(opaque(clamp), rows)
        scroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(opaque(scroller), clamp)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_box_append(cast(root), scroller)

        connect(add, "clicked") { [weak self] in self?.openEditor(nil) }
        rowSource.view = self
    }

    // MARK: The list

    /// The list's way back to the view (which it outlives by a moment when the window goes).
    final class RowSource {
        weak var view: HistoryView?
    }

    /// A row's widgets, made once for each row on screen (a screenful and two more). Every row
    /// is as high as the next: the start on the first line; the length, goal and note on the
    /// second, ending in "…" where there is no room.
    fileprivate func makeRow() -> UnsafeMutablePointer<GtkWidget> {
        let line: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 3)
        gtk_widget_set_hexpand(texts, 1)
        let span: UnsafeMutablePointer<GtkWidget> = gtk_label_new("")
        gtk_label_set_xalign(opaque(span), 0)
        gtk_label_set_ellipsize(opaque(span), PANGO_ELLIPSIZE_END)
        gtk_widget_add_css_class(span, "heading")
        let detail: UnsafeMutablePointer<GtkWidget> = gtk_label_new("")
        gtk_label_set_xalign(opaque(detail), 0)
        gtk_label_set_ellipsize(opaque(detail), PANGO_ELLIPSIZE_END)
        let note: UnsafeMutablePointer<GtkWidget> = gtk_label_new("")
        gtk_label_set_xalign(opaque(note), 0)
        gtk_label_set_ellipsize(opaque(note), PANGO_ELLIPSIZE_END)
        gtk_widget_add_css_class(note, "dim-label")
        gtk_widget_set_hexpand(note, 1)
        let second = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_box_append(cast(second), detail)
        gtk_box_append(cast(second), note)
        gtk_box_append(cast(texts), span)
        gtk_box_append(cast(texts), second)
        let edit: UnsafeMutablePointer<GtkWidget> = gtk_button_new_from_icon_name("document-edit-symbolic")
        gtk_widget_add_css_class(edit, "flat")
        gtk_widget_set_valign(edit, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(edit, tr("Edit"))
        let delete: UnsafeMutablePointer<GtkWidget> = gtk_button_new_from_icon_name("user-trash-symbolic")
        gtk_widget_add_css_class(delete, "flat")
        gtk_widget_set_valign(delete, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(delete, tr("Delete"))
        gtk_box_append(cast(line), texts)
        gtk_box_append(cast(line), edit)
        gtk_box_append(cast(line), delete)
        // The buttons act on the fast the row shows when pressed (rows are reused).
        let item = UnsafeMutableRawPointer(line)
        connect(edit, "clicked") { [weak self] in
            guard let self, let record = self.record(of: item) else { return }
            self.openEditor(HistoryModel.row(record, localTime: .system, now: WallClock.now()), from: item)
        }
        connect(delete, "clicked") { [weak self] in
            guard let self, let record = self.record(of: item) else { return }
            self.delete(record)
        }
        // A click anywhere else on the row opens its editor too, as a list row does.
        onClick(line) { [weak self] in
            guard let self, let record = self.record(of: item) else { return }
            self.openEditor(HistoryModel.row(record, localTime: .system, now: WallClock.now()), from: item)
        }
        items[item] = RowWidgets(span: span, detail: detail, note: note, edit: edit, delete: delete)
        // A spare row the list lets go (the window made smaller) takes its widgets' entry along.
        connect(line, "destroy") { [weak self] in self?.items[item] = nil }
        return line
    }

    private func record(of row: UnsafeMutableRawPointer) -> FastRecord? {
        let position = islet_row_list_position(opaque(rows), row.assumingMemoryBound(to: GtkWidget.self))
        return position == guint.max ? nil : list.record(at: Int(position))
    }

    /// A row shows the fast at its position, or waits for its page.
    fileprivate func bind(_ row: UnsafeMutablePointer<GtkWidget>, position: Int) {
        guard let widgets = items[UnsafeMutableRawPointer(row)] else { return }
        guard let record = list.record(at: position) else {
            if let page = list.pageToAsk(for: position) { ask(page, list.generation) }
            guard !widgets.placeholder else { return }
            gtk_label_set_text(opaque(widgets.span), "…")
            gtk_label_set_text(opaque(widgets.detail), "")
            gtk_widget_set_visible(widgets.note, 0)
            // The buttons stay where the keyboard can reach them (End lands on a row whose page
            // is on its way); pressed meanwhile, they do nothing.
            setAccessibleLabel(widgets.edit, tr("Edit"))
            setAccessibleLabel(widgets.delete, tr("Delete"))
            widgets.placeholder = true
            widgets.shown = nil
            return
        }
        let row = HistoryModel.row(record, localTime: .system, now: WallClock.now())
        let before = widgets.shown
        guard before != row || widgets.placeholder else { return }
        gtk_label_set_text(opaque(widgets.span), row.span)
        gtk_label_set_text(opaque(widgets.detail), row.detail)
        if before?.goalMet != row.goalMet || before == nil {
            gtk_widget_remove_css_class(widgets.detail, row.goalMet ? "dim-label" : "success")
            gtk_widget_add_css_class(widgets.detail, row.goalMet ? "success" : "dim-label")
        }
        if before?.note != row.note { gtk_label_set_text(opaque(widgets.note), row.note) }
        if before?.note.isEmpty != row.note.isEmpty || widgets.placeholder { gtk_widget_set_visible(widgets.note, row.note.isEmpty ? 0 : 1) }
        setAccessibleLabel(widgets.edit, row.editLabel)
        setAccessibleLabel(widgets.delete, row.deleteLabel)
        widgets.shown = row
        widgets.placeholder = false
    }

    private func apply(_ splice: HistoryList.Splice?) {
        guard let splice else { return }
        islet_row_list_splice(opaque(rows), guint(splice.position), guint(splice.removed), guint(splice.added))
        let empty = list.count == 0
        gtk_widget_set_visible(emptyList, empty ? 1 : 0)
        gtk_widget_set_visible(scroller, empty ? 0 : 1)
    }

    /// The history as isletd counts it, with its first page: the rows on screen show their
    /// fasts at once, and every other row is read again as it comes into view.
    func reset(count: Int, firstPage: [FastRecord]) {
        let splice = list.reset(count: count)
        _ = list.received(page: 0, firstPage, generation: list.generation)
        apply(splice)
    }

    /// A page arrived: the rows on screen that it holds show their fasts (bound again in
    /// place: the list's count did not change, so it has nothing to redo).
    func received(page: Int, _ records: [FastRecord], generation: Int) {
        guard let splice = list.received(page: page, records, generation: generation) else { return }
        rebind(splice.position..<(splice.position + splice.added))
    }

    func inserted(_ record: FastRecord) { apply(list.inserted(record)) }
    func deleted(id: UInt64) { apply(list.deleted(id: id)) }
    func replaced(_ record: FastRecord) {
        guard let splice = list.replaced(record) else { return }
        rebind(splice.position..<(splice.position + splice.added))
    }

    /// Binds again the rows on screen whose position is in `positions`.
    private func rebind(_ positions: Range<Int>) {
        islet_row_list_rebind(opaque(rows), guint(clamping: positions.lowerBound), guint(clamping: positions.upperBound))
    }

    /// The history's figures: the status page while there is no fast; the daily goal a new
    /// fast lasts at first.
    func show(_ page: HistoryModel) {
        self.page = page
        adw_status_page_set_title(opaque(emptyList), page.empty?.title ?? "")
        adw_status_page_set_description(opaque(emptyList), page.empty?.description ?? "")
    }

    // MARK: The editor

    /// The editor's dialog and the widgets it reads and marks.
    private typealias Editor = (
        dialog: Dialog, began: MomentRow, ended: MomentRow,
        note: UnsafeMutablePointer<GtkWidget>, rating: [UnsafeMutablePointer<GtkWidget>], problem: UnsafeMutablePointer<GtkWidget>
    )
    /// The editor of a fast's times, note and rating while it is open: a dialog made for each
    /// opening (``Dialog``: none is kept hidden).
    private var editor: Editor?
    /// The fast the editor edits; nil: it adds one.
    private var editing: HistoryModel.Row?

    /// The row whose editor is open: the focus goes back to its Edit when the editor closes
    /// (nil: to Add a Fast).
    private var opener: UnsafeMutableRawPointer?

    /// A field the editor could not read.
    enum Field { case began, ended }

    /// Opens the editor on a fast's row (`from` the row's widgets), or on a new fast (nil).
    private func openEditor(_ row: HistoryModel.Row?, from item: UnsafeMutableRawPointer? = nil) {
        if let open = self.editor { return gtk_window_present(cast(open.dialog.window)) }
        let editor = makeEditor()
        editing = row
        opener = item
        if let row {
            editor.began.show(EditorTime(row.startedAt, localTime: .system))
            editor.ended.show(EditorTime(row.endedAt, localTime: .system))
        } else {
            let fields = EditorTime.newFast(now: WallClock.now(), goalSeconds: page?.goalSeconds ?? 0, localTime: .system)
            editor.began.show(fields.start)
            editor.ended.show(fields.end)
        }
        gtk_editable_set_text(opaque(editor.note), row?.noteText ?? "")
        let stars = Int(min(row?.rating ?? 0, 5))
        for (value, toggle) in editor.rating.enumerated() { gtk_toggle_button_set_active(cast(toggle), value == stars ? 1 : 0) }
        say(nil)
        editor.dialog.present(row == nil ? tr("Add a Fast") : tr("Edit the Fast"), over: root, focus: editor.began.row)
    }

    /// The editor opened for a fast to add (Add a Fast, Ctrl+N).
    func addFast() { openEditor(nil) }

    /// isletd saved the fast (nil: the editor closes) or refused it (its words shown).
    func editorAnswered(refusal: String?) {
        guard let editor else { return }
        guard let refusal else { return editor.dialog.close() }
        say(refusal)
    }

    /// A moment the clock cannot name (before 1970): its row marked, said why.
    func editorRefused(_ field: Field) {
        guard let editor else { return }
        say(
            field == .began ? tr("The start cannot be before 1970.") : tr("The end cannot be before 1970."),
            field: field == .began ? editor.began.row : editor.ended.row)
    }

    /// The editor's problem shown (nil: none), `field` marked as the one at fault; Save
    /// pressable again.
    private func say(_ problem: String?, field: UnsafeMutablePointer<GtkWidget>? = nil) {
        guard let editor else { return }
        gtk_widget_set_sensitive(editor.dialog.action, 1)
        for entry in [editor.began.row, editor.ended.row] {
            if entry == field { gtk_widget_add_css_class(entry, "error") } else { gtk_widget_remove_css_class(entry, "error") }
        }
        gtk_label_set_text(opaque(editor.problem), problem ?? "")
        gtk_widget_set_visible(editor.problem, problem == nil ? 0 : 1)
        if let field { gtk_widget_grab_focus(field) }
    }

    /// Back where the editor was opened from: the row's Edit while that row is still there.
    private func editorClosed() {
        editor = nil
        if let opener, let widgets = items[opener], gtk_widget_get_mapped(widgets.edit) != 0 {
            gtk_widget_grab_focus(widgets.edit)
        } else {
            gtk_widget_grab_focus(add)
        }
        opener = nil
    }

    private func makeEditor() -> Editor {
        let dialog = Dialog(action: tr("Save"))
        let problem = startLabel(wrap: true)
        gtk_widget_add_css_class(problem, "error")
        gtk_widget_set_visible(problem, 0)
        let times: UnsafeMutablePointer<GtkWidget> = adw_preferences_group_new()
        func field(_ title: String, in group: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
            let row: UnsafeMutablePointer<GtkWidget> = adw_entry_row_new()
            adw_preferences_row_set_title(cast(row), title)
            setAccessibleLabel(row, title)
            adw_preferences_group_add(cast(group), row)
            return row
        }
        let began = MomentRow(tr("Began"), dateName: { tr("Start date, %s", $0) }, timeName: { tr("Start time, %s", $0) })
        let ended = MomentRow(tr("Ended"), dateName: { tr("End date, %s", $0) }, timeName: { tr("End time, %s", $0) })
        for moment in [began, ended] { adw_preferences_group_add(cast(times), moment.row) }
        let about: UnsafeMutablePointer<GtkWidget> = adw_preferences_group_new()
        let note = field(tr("Note"), in: about)
        // How it went: toggle buttons (a screen reader presses them; GTK 4.8's spin buttons it
        // cannot set), none or 1 to 5, under the group's title and as wide as the list above
        // (in a row beside its title they squeezed it at a phone's width).
        let ratingGroup: UnsafeMutablePointer<GtkWidget> = adw_preferences_group_new()
        adw_preferences_group_set_title(cast(ratingGroup), tr("Rating"))
        adw_preferences_group_set_description(cast(ratingGroup), tr("Stars, 1 to 5"))
        let stars = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(stars, "linked")
        gtk_box_set_homogeneous(cast(stars), 1)
        var rating: [UnsafeMutablePointer<GtkWidget>] = []
        for value in 0...5 {
            let toggle: UnsafeMutablePointer<GtkWidget> = gtk_toggle_button_new_with_label(value == 0 ? "–" : "\(value)")
            if let first = rating.first { gtk_toggle_button_set_group(cast(toggle), cast(first)) }
            setAccessibleLabel(toggle, value == 0 ? tr("Not rated") : tr("Rated %s of 5", "\(value)"))
            gtk_widget_set_tooltip_text(toggle, value == 0 ? tr("Not rated") : tr("Rated %s of 5", "\(value)"))
            gtk_box_append(cast(stars), toggle)
            rating.append(toggle)
        }
        adw_preferences_group_add(cast(ratingGroup), stars)
        for widget in [problem, times, about, ratingGroup] { gtk_box_append(cast(dialog.content), widget) }
        let done: () -> Void = { [weak self] in
            guard let self else { return }
            func text(_ entry: UnsafeMutablePointer<GtkWidget>) -> String { String(cString: gtk_editable_get_text(opaque(entry))) }
            let stars = UInt8(clamping: rating.firstIndex { gtk_toggle_button_get_active(cast($0)) != 0 } ?? 0)
            let edit = Edit(id: self.editing?.id, start: began.value, end: ended.value, note: text(note), rating: stars, before: self.editing)
            // One save at a time: the button waits for isletd's answer.
            gtk_widget_set_sensitive(dialog.action, 0)
            self.save(edit)
        }
        connect(dialog.action, "clicked", done)
        connect(note, "entry-activated", done)
        // A note as long as isletd keeps, no longer.
        if let text = descendant(of: note, type: gtk_text_get_type()) { gtk_text_set_max_length(cast(text), Int32(Limits.noteLength.upperBound)) }
        dialog.closed = { [weak self] in self?.editorClosed() }
        let made = (dialog, began, ended, note, rating, problem)
        editor = made
        return made
    }

    // MARK: Import

    /// What an import would do, and the button that does it: a dialog made for each file,
    /// there while it is open.
    private typealias ImportDialog = (dialog: Dialog, summary: UnsafeMutablePointer<GtkWidget>, problems: UnsafeMutablePointer<GtkWidget>)
    private var importDialog: ImportDialog?
    /// The entries the dialog's Import adds.
    private var importing: [HistoryImport.Entry] = []

    private func makeImportDialog() -> ImportDialog {
        let dialog = Dialog(action: tr("Import"))
        let summary = startLabel(wrap: true)
        let problems = startLabel(wrap: true, dim: true)
        gtk_label_set_selectable(opaque(problems), 1)
        gtk_box_append(cast(dialog.content), summary)
        gtk_box_append(cast(dialog.content), problems)
        connect(dialog.action, "clicked") { [weak self] in
            guard let self else { return }
            let entries = self.importing
            dialog.close()
            self.importChosen(entries)
        }
        dialog.closed = { [weak self] in
            guard let self else { return }
            self.importDialog = nil
            self.importing = []
            gtk_widget_grab_focus(self.add)
        }
        let made = (dialog, summary, problems)
        importDialog = made
        return made
    }

    /// A file checked by isletd: what it holds, what would be added, skipped and refused (the
    /// first lines that cannot be imported, by their place), and Import, or Import the Rest.
    func showImport(path: String, _ report: ImportReport) {
        let shown = importDialog ?? makeImportDialog()
        let name = path.split(separator: "/").last.map(String.init) ?? path
        importing = report.verdicts.added.compactMap { $0 < report.contents.rows.count ? report.contents.rows[$0].entry : nil }
        gtk_label_set_text(opaque(shown.summary), report.summary(dryRun: false))
        let lines = report.problems + report.leftOut
        let listed = lines.prefix(8) + (lines.count > 8 ? [trn("and %d more", "and %d more", UInt64(lines.count - 8), "\(lines.count - 8)")] : [])
        gtk_label_set_text(opaque(shown.problems), listed.joined(separator: "\n"))
        gtk_widget_set_visible(shown.problems, lines.isEmpty ? 0 : 1)
        gtk_button_set_label(cast(shown.dialog.action), report.blocked ? tr("Import the Rest") : tr("Import"))
        gtk_widget_set_visible(shown.dialog.action, importing.isEmpty ? 0 : 1)
        shown.dialog.present(tr("Import"), subtitle: name, over: root, focus: importing.isEmpty ? nil : shown.dialog.action)
    }
}
