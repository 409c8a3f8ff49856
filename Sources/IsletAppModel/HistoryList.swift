import IsletCore

/// The History page's list as a window on isletd's history (app.md, "Lists that grow"): how
/// many fasts there are, and the pages of them read so far (ListFastRecords, 100 at a time),
/// at most ``maxPages`` kept. A row on screen asks for its fast; one not read yet is a
/// placeholder until its page arrives. Changes the app hears of are applied here, each as the
/// splice the list widget is told of; nothing is ever read whole. Pure.
public struct HistoryList: Equatable, Sendable {
    public static let pageSize = 100
    /// Pages kept at most: those farthest from the last one asked for go first.
    public static let maxPages = 12

    /// A change the list widget is told of: at `position`, `removed` rows gave way to `added`.
    public struct Splice: Equatable, Sendable {
        public var position: Int
        public var removed: Int
        public var added: Int

        public init(position: Int, removed: Int, added: Int) {
            self.position = position
            self.removed = removed
            self.added = added
        }
    }

    /// How many completed fasts there are.
    public private(set) var count = 0
    /// The pages read, by their number (page n holds positions n*pageSize ..< (n+1)*pageSize).
    public private(set) var pages: [Int: [FastRecord]] = [:]
    /// The pages asked for and not yet received.
    public private(set) var asked: Set<Int> = []
    /// Counts the resets: a page asked for before one is dropped when it arrives.
    public private(set) var generation = 0
    private var lastAsked = 0

    public init() {}

    /// The fast at `position`, if its page was read.
    public func record(at position: Int) -> FastRecord? {
        guard position >= 0, position < count, let page = pages[position / Self.pageSize] else { return nil }
        let index = position % Self.pageSize
        return index < page.count ? page[index] : nil
    }

    /// The page to ask isletd for so that `position` can be shown; nil when it is read or
    /// already asked for.
    public mutating func pageToAsk(for position: Int) -> Int? {
        guard position >= 0, position < count else { return nil }
        let page = position / Self.pageSize
        lastAsked = page
        guard pages[page] == nil, !asked.contains(page) else { return nil }
        asked.insert(page)
        return page
    }

    /// A page isletd sent, asked for in `generation`: the splice that shows it (its rows, as
    /// placeholders, give way to the same number of rows with their fasts), or nil when it came
    /// too late (the history was reset meanwhile).
    public mutating func received(page: Int, _ records: [FastRecord], generation: Int) -> Splice? {
        guard generation == self.generation else { return nil }
        asked.remove(page)
        let start = page * Self.pageSize
        guard start < count else { return nil }
        pages[page] = records
        evict()
        let shown = min(records.count, count - start)
        return shown > 0 ? Splice(position: start, removed: shown, added: shown) : nil
    }

    /// The history as isletd counts it now (the page shown again, an edit or an import from
    /// elsewhere): every page read again as it is needed.
    public mutating func reset(count newCount: Int) -> Splice {
        let splice = Splice(position: 0, removed: count, added: newCount)
        count = max(0, newCount)
        pages = [:]
        asked = []
        generation += 1
        return splice
    }

    /// A fast that went to the history (FastStopped, Undo of a delete), placed by its start:
    /// most recent first, as isletd lists them. Pages after it shift by one.
    public mutating func inserted(_ record: FastRecord) -> Splice {
        var position = 0
        if count > 0, pages[0] == nil { return reset(count: count + 1) }
        if let first = self.record(at: 0), first.fast.startedAt > record.fast.startedAt {
            // Not the newest: where it goes is known only among the pages read, and only when
            // every page before it is; otherwise read again.
            guard let found = placeAmongRead(record) else { return reset(count: count + 1) }
            position = found
        }
        count += 1
        shift(from: position, by: 1, inserting: record)
        return Splice(position: position, removed: 0, added: 1)
    }

    /// A fast deleted from the history: its row goes, those after it move up.
    public mutating func deleted(id: UInt64) -> Splice {
        guard let position = position(of: id) else { return reset(count: max(0, count - 1)) }
        count -= 1
        shift(from: position, by: -1, inserting: nil)
        return Splice(position: position, removed: 1, added: 0)
    }

    /// The position of a fast among the pages read.
    public func position(of id: UInt64) -> Int? {
        for (page, records) in pages {
            if let index = records.firstIndex(where: { $0.fast.id == id }) { return page * Self.pageSize + index }
        }
        return nil
    }

    /// A fast edited here (its note, its rating; its times only when it keeps its place).
    public mutating func replaced(_ record: FastRecord) -> Splice? {
        guard let position = position(of: record.fast.id) else { return nil }
        let page = position / Self.pageSize
        pages[page]?[position % Self.pageSize] = record
        return Splice(position: position, removed: 1, added: 1)
    }

    private func placeAmongRead(_ record: FastRecord) -> Int? {
        var position = 0
        var page = 0
        while let records = pages[page] {
            for (index, other) in records.enumerated()
            where (other.fast.startedAt, other.fast.id) < (record.fast.startedAt, record.fast.id) {
                return page * Self.pageSize + index
            }
            position = page * Self.pageSize + records.count
            if records.count < Self.pageSize { return position }
            page += 1
        }
        return nil
    }

    /// Moves every row from `position` on by `delta` (1: `inserting` goes in at `position`;
    /// -1: the row there goes), keeping the pages read whole where they can be.
    private mutating func shift(from position: Int, by delta: Int, inserting: FastRecord?) {
        var flat: [Int: FastRecord] = [:]
        for (page, records) in pages {
            for (index, record) in records.enumerated() { flat[page * Self.pageSize + index] = record }
        }
        var moved: [Int: FastRecord] = [:]
        for (at, record) in flat {
            if at < position {
                moved[at] = record
            } else if delta < 0 {
                if at > position { moved[at - 1] = record }
            } else {
                moved[at + 1] = record
            }
        }
        if let inserting { moved[position] = inserting }
        // Only whole pages stay: a page with a hole is read again.
        var rebuilt: [Int: [FastRecord]] = [:]
        let pagesAround = Set(moved.keys.map { $0 / Self.pageSize })
        for page in pagesAround {
            let start = page * Self.pageSize
            let end = min(start + Self.pageSize, count)
            let records = (start..<end).compactMap { moved[$0] }
            if records.count == end - start { rebuilt[page] = records }
        }
        pages = rebuilt
        asked = []
        generation += 1
    }

    private mutating func evict() {
        while pages.count > Self.maxPages {
            guard let farthest = pages.keys.max(by: { abs($0 - lastAsked) < abs($1 - lastAsked) }) else { return }
            pages[farthest] = nil
        }
    }
}
