import CAdw
import HistoryFiles
import IsletAppModel
import IsletCore
import Platform
import Translation

/// The History page: its list read a page at a time as it comes into view, the editor's fast
/// saved as typed, a delete with Undo, and an import checked before it is made; through its own
/// ``HistoryLink`` (made with the page), which also reads and writes the history's files.
final class HistoryController: AppPage {
    let view: HistoryView
    private let context: PageContext
    private var link: HistoryLink?

    var root: UnsafeMutablePointer<GtkWidget> { view.root }
    var headerStart: UnsafeMutablePointer<GtkWidget>? { view.headerStart }
    /// The list is read again when its figures next arrive (the page shown again: an edit or an
    /// import from elsewhere has no signal).
    private var stale = true
    private var lastDeleted: FastRecord?

    init(context: PageContext) {
        self.context = context
        let me = MainThreadRef<HistoryController>()
        view = HistoryView(
            ask: { page, generation in me.value?.link?.loadPage(page, generation: generation) },
            delete: { record in me.value?.link?.deleteFast(record) }, save: { edit in me.value?.save(edit) },
            importChosen: { entries in me.value?.link?.importFasts(entries) })
        me.value = self
    }

    /// The page's link, made once there is a connection (made at start, before any page): it
    /// reads everything when isletd is first seen.
    private func connect() -> Bool {
        guard link == nil, let client = context.link()?.client else { return false }
        let me = MainThreadRef(self)
        let link = HistoryLink(client: client, rows: true) { news in MainThreadAction { me.value?.heard(news) }.post() }
        self.link = link
        link.start()
        return true
    }

    /// The page shown: everything read again.
    func shown() {
        stale = true
        if connect() { return }
        guard let link else { return }
        Task { await link.load() }
    }

    /// The history's files (the main menu's Export and Import, `app.export-history-to`).
    func export(to path: String) {
        _ = connect()
        link?.exportHistory(to: path)
    }

    func checkImport(_ path: String) {
        _ = connect()
        link?.checkImport(path)
    }

    /// What isletd said of the history, as this page shows it.
    private func heard(_ news: HistoryLink.News) {
        switch news {
        case .summary(let page, let count, let firstPage): summary(page, count: count, firstPage: firstPage)
        case .page(let page, let records, let generation): view.received(page: page, records, generation: generation)
        case .inserted(let record): view.inserted(record)
        case .noted(let record): view.replaced(record)
        case .changed: stale = true
        case .deleted(let fast): deleted(fast)
        case .saved(let refusal): view.editorAnswered(refusal: refusal)
        case .importChecked(let path, let report): view.showImport(path: path, report)
        case .done(let words): context.toast(words, nil)
        case .failed(let words): context.failed(words)
        case .calendar: break
        }
    }

    /// The count and first page, with the page's model.
    private func summary(_ page: HistoryModel, count: Int, firstPage: [FastRecord]) {
        view.show(page)
        // Read again only what is on screen: when asked to, or when the count says the list
        // missed a change.
        if stale || view.list.count != count { view.reset(count: count, firstPage: firstPage) }
        stale = false
    }

    private func deleted(_ fast: FastRecord) {
        view.deleted(id: fast.fast.id)
        lastDeleted = fast
        context.toast(tr("Fast deleted"), "app.undo-delete")
    }

    /// The toast's Undo: the fast deleted last, back as it was.
    func undoDelete() {
        guard let fast = lastDeleted else { return }
        lastDeleted = nil
        link?.addBack(fast)
    }

    /// A fast edited or added from the editor: the dates and times its fields hold (a moment
    /// left as it was keeps its second), the note and rating. A moment before 1970, or
    /// isletd's refusal, is said in the editor, which stays open as it was.
    private func save(_ edit: HistoryView.Edit) {
        guard let link else { return view.editorAnswered(refusal: tr("Not saved: fasts cannot be read or changed right now.")) }
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
