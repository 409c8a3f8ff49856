import CAdw
import HistoryFiles
import IsletAppModel
import IsletCore
import Platform
import Translation

/// The History page: its list read a page at a time as it comes into view, the editor's fast
/// saved as typed, a delete with Undo, and an
/// import checked before it is made.
final class HistoryController {
    let view: HistoryView
    private let context: PageContext
    /// The list is read again when its figures next arrive (the page shown again: an edit or an
    /// import from elsewhere has no signal).
    private var stale = true
    private var lastDeleted: FastRecord?

    init(context: PageContext) {
        self.context = context
        let me = MainThreadRef<HistoryController>()
        view = HistoryView(
            ask: { page, generation in context.link()?.loadPage(page, generation: generation) },
            delete: { record in context.link()?.deleteFast(record) }, save: { edit in me.value?.save(edit) },
            importChosen: { entries in context.link()?.importFasts(entries) })
        me.value = self
    }

    /// The page shown: everything read again.
    func shown() {
        stale = true
        guard let link = context.link() else { return }
        Task { await link.loadHistory() }
    }

    /// The count and first page, with the page's model (``PageContext/historyPage``).
    func summary(_ page: HistoryModel, count: Int, firstPage: [FastRecord]) {
        view.show(page)
        // Read again only what is on screen: when asked to, or when the count says the list
        // missed a change.
        if stale || view.list.count != count { view.reset(count: count, firstPage: firstPage) }
        stale = false
    }

    func received(page: Int, _ records: [FastRecord], generation: Int) { view.received(page: page, records, generation: generation) }
    func inserted(_ record: FastRecord) { view.inserted(record) }
    func replaced(_ record: FastRecord) { view.replaced(record) }
    func changed() { stale = true }
    func importChecked(path: String, _ report: ImportReport) { view.showImport(path: path, report) }

    func deleted(_ fast: FastRecord) {
        view.deleted(id: fast.fast.id)
        lastDeleted = fast
        context.toast(tr("Fast deleted"), "app.undo-delete")
    }

    /// The toast's Undo: the fast deleted last, back as it was.
    func undoDelete() {
        guard let fast = lastDeleted else { return }
        lastDeleted = nil
        context.link()?.addBack(fast)
    }

    /// isletd's answer to the editor's save: the editor closes, or says why not.
    func saved(refusal: String?) { view.editorAnswered(refusal: refusal) }

    /// A fast edited or added from the editor: the dates and times its fields hold (a moment
    /// left as it was keeps its second), the note and rating. A moment before 1970, or
    /// isletd's refusal, is said in the editor, which stays open as it was.
    private func save(_ edit: HistoryView.Edit) {
        guard let link = context.link() else { return view.editorAnswered(refusal: tr("Not saved: fasts cannot be read or changed right now.")) }
        guard let began = edit.start.moment(localTime: .system) else { return view.editorRefused(.began) }
        guard let ended = edit.end.moment(localTime: .system) else { return view.editorRefused(.ended) }
        guard let before = edit.before, let id = edit.id else {
            return link.addFast(startedAt: began, endedAt: ended, note: edit.note, rating: edit.rating)
        }
        let record = FastRecord(fast: CompletedFast(id: id, startedAt: began, endedAt: ended, goalSeconds: 0), note: edit.note, rating: edit.rating)
        let timesChanged = began != before.startedAt || ended != before.endedAt
        let noteChanged = edit.note != before.noteText || edit.rating != before.rating
        guard timesChanged || noteChanged else { return view.editorAnswered(refusal: nil) }
        link.editFast(record, timesChanged: timesChanged, noteChanged: noteChanged)
    }
}
