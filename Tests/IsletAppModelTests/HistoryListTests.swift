import IsletAppModel
import IsletCore
import Testing

/// The History page's list model (app.md, "Lists that grow"): pages read as rows come into
/// view, a bounded number kept, signals applied as splices; checked against a history held
/// here as isletd would hold it.
@Suite struct HistoryListModel {
    /// A history of `count` fasts, one a day, newest first (as ListFastRecords gives them).
    struct Store {
        var records: [FastRecord]
        init(count: Int) {
            records = (0..<count).map { n in
                let start = t0 + UInt64(count - n) * 86400 * s
                return FastRecord(fast: CompletedFast(id: UInt64(count - n), startedAt: start, endedAt: start + 16 * 3600 * s, goalSeconds: 57600))
            }
        }
        func page(_ page: Int) -> [FastRecord] {
            Array(records.dropFirst(page * HistoryList.pageSize).prefix(HistoryList.pageSize))
        }
    }

    /// Every row the list shows is the store's fast at that position, or not read yet.
    func expectConsistent(_ list: HistoryList, _ store: Store, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(list.count == store.records.count, sourceLocation: sourceLocation)
        for position in 0..<list.count {
            if let record = list.record(at: position) {
                #expect(record == store.records[position], "position \(position)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aPageIsAskedForOnceAndShownWhenItArrives() {
        let store = Store(count: 100_000)
        var list = HistoryList()
        #expect(list.reset(count: 100_000) == HistoryList.Splice(position: 0, removed: 0, added: 100_000))
        // The first screen's rows: one page asked for, once.
        let asked = (0..<25).compactMap { list.pageToAsk(for: $0) }
        #expect(asked == [0])
        #expect(list.record(at: 0) == nil)
        let splice = list.received(page: 0, store.page(0), generation: list.generation)
        #expect(splice == HistoryList.Splice(position: 0, removed: 100, added: 100))
        #expect(list.record(at: 99) == store.records[99] && list.record(at: 100) == nil)
        #expect(list.pageToAsk(for: 5) == nil, "read already")
        expectConsistent(list, store)
    }

    @Test func scrollingFromTopToBottomKeepsABoundedWindow() {
        let store = Store(count: 100_000)
        var list = HistoryList()
        _ = list.reset(count: store.records.count)
        var requests = 0
        for position in stride(from: 0, to: store.records.count, by: 7) {
            if let page = list.pageToAsk(for: position) {
                requests += 1
                _ = list.received(page: page, store.page(page), generation: list.generation)
            }
            #expect(list.record(at: position) == store.records[position])
            #expect(list.pages.count <= HistoryList.maxPages)
        }
        #expect(requests == 1000, "each page once")
        // And back up: the pages near the top are read again.
        #expect(list.pageToAsk(for: 0) == 0)
    }

    @Test func aPageAskedBeforeAResetIsDropped() {
        let store = Store(count: 300)
        var list = HistoryList()
        _ = list.reset(count: 300)
        let generation = list.generation
        let page = list.pageToAsk(for: 150)
        _ = list.reset(count: 300)
        #expect(list.received(page: page ?? -1, store.page(1), generation: generation) == nil)
        #expect(list.record(at: 150) == nil)
        #expect(list.pageToAsk(for: 150) == 1, "asked again")
    }

    @Test func aStoppedFastGoesOnTopAndTheRestMoveDown() {
        var store = Store(count: 250)
        var list = HistoryList()
        _ = list.reset(count: 250)
        for page in 0..<3 {
            _ = list.pageToAsk(for: page * 100)
            _ = list.received(page: page, store.page(page), generation: list.generation)
        }
        let newest = FastRecord(fast: CompletedFast(id: 999, startedAt: t0 + 300 * 86400 * s, endedAt: t0 + 300 * 86400 * s + 1000 * s, goalSeconds: 0))
        store.records.insert(newest, at: 0)
        #expect(list.inserted(newest) == HistoryList.Splice(position: 0, removed: 0, added: 1))
        expectConsistent(list, store)
        #expect(list.record(at: 0) == newest && list.record(at: 100) == store.records[100])
    }

    @Test func aFastAddedBackAmongOlderOnesFindsItsPlace() {
        var store = Store(count: 150)
        var list = HistoryList()
        _ = list.reset(count: 150)
        for page in 0..<2 {
            _ = list.pageToAsk(for: page * 100)
            _ = list.received(page: page, store.page(page), generation: list.generation)
        }
        let deleted = store.records.remove(at: 120)
        #expect(list.deleted(id: deleted.fast.id) == HistoryList.Splice(position: 120, removed: 1, added: 0))
        expectConsistent(list, store)
        store.records.insert(deleted, at: 120)
        #expect(list.inserted(deleted) == HistoryList.Splice(position: 120, removed: 0, added: 1))
        expectConsistent(list, store)
        #expect(list.record(at: 120) == deleted)
    }

    @Test func aChangeAmongPagesNotReadReadsThemAgain() {
        var store = Store(count: 500)
        var list = HistoryList()
        _ = list.reset(count: 500)
        _ = list.pageToAsk(for: 0)
        _ = list.received(page: 0, store.page(0), generation: list.generation)
        let gone = store.records.remove(at: 400)
        let splice = list.deleted(id: gone.fast.id)
        #expect(splice == HistoryList.Splice(position: 0, removed: 500, added: 499))
        expectConsistent(list, store)
        #expect(list.pageToAsk(for: 0) == 0)
    }

    @Test func aNoteChangedHereShowsInItsRow() {
        let store = Store(count: 10)
        var list = HistoryList()
        _ = list.reset(count: 10)
        _ = list.pageToAsk(for: 0)
        _ = list.received(page: 0, store.page(0), generation: list.generation)
        var edited = store.records[3]
        edited.note = "Hungry at 11."
        edited.rating = 2
        #expect(list.replaced(edited) == HistoryList.Splice(position: 3, removed: 1, added: 1))
        #expect(list.record(at: 3) == edited)
    }
}
