import CSQLite
import IsletCore
import Platform
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The SQLite database: the fasting history (one row a completed fast) and the live state
/// (settings, running fast, timers, the activity) as one JSON value. Every command's changes
/// go in one transaction; WAL with synchronous FULL, so a committed change survives a crash
/// or a power cut. On the system's libsqlite3 directly: no Foundation, so isletd carries no
/// ICU data (bench/RESULTS.md, session 11).
public final class Store: @unchecked Sendable {
    public let path: String
    /// Local calendar days (streaks) are counted in this zone.
    public let localTime: LocalTime
    /// Whether the database's user_version already says the state's current shape.
    private var versionStored = false
    /// Whether a group of commits is open (``beginGroup()``), and the state its last commit
    /// brought, written when the group ends.
    private var grouped = false
    private var groupState: IsletState?
    private let stateWriter = StateWriter()
    /// The goal-meeting local days (`goal_day`) as runs of consecutive days, for the streaks:
    /// read once and kept until a commit changes the history or fails (whatever it wrote may
    /// have been rolled back, with the rest of its group).
    private var goalDaySpans: [(first: Int64, last: Int64)]?
    private let connection: SQLiteConnection
    /// One caller at a time on the connection (isletd has one thread; tools and tests may not).
    private let lock = Mutex(())
    /// The lock file, held while the store is open (exclusive stores only).
    private let databaseLock: DatabaseLock?
    private var closed = false
    /// How the open made sure of the file: read every page, or found it exactly as the last
    /// store left it (``FileRecord``).
    public enum OpenCheck: Sendable, Equatable {
        /// `PRAGMA quick_check` read every page and found them sound.
        case quickCheck
        /// Unchanged since a clean ``Store/close()``: not read again.
        case closedCleanly
        /// Not closed (the last isletd was killed or crashed) but unchanged since its last
        /// checkpoint, in this boot: not read again.
        case unchangedThisBoot
    }
    public private(set) var openCheck = OpenCheck.quickCheck
    /// Whether the open read every page (`PRAGMA quick_check`).
    public var checkedOnOpen: Bool { openCheck == .quickCheck }
    /// The id of the running boot (`/proc/sys/kernel/random/boot_id`); nil when unreadable.
    public static func currentBoot() -> String? { DatabaseLock.currentBoot() }
    /// `$XDG_DATA_HOME/islet/islet.sqlite`, by default `~/.local/share/islet/islet.sqlite`.
    public static var defaultPath: String {
        let data =
            Environment.value("XDG_DATA_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (Environment.value("HOME") ?? Store.passwordHome() ?? "/") + "/.local/share"
        return data + "/islet/islet.sqlite"
    }

    private static func passwordHome() -> String? {
        guard let entry = getpwuid(getuid()), let home = entry.pointee.pw_dir else { return nil }
        return String(cString: home)
    }

    /// Creates the folder `file` is in and any missing parents, each readable by its owner
    /// alone; a relative path is taken from the working directory. The problem, if any.
    private static func makeDirectories(for file: String) -> String? {
        guard let slash = file.lastIndex(of: "/") else { return nil }
        var path = file.hasPrefix("/") ? "" : "."
        for component in file[..<slash].split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o700) != 0 && errno != EEXIST { return "cannot create \(path): \(String(cString: strerror(errno)))" }
        }
        return nil
    }

    /// Opens (creating when missing) the database. Refuses a database another process holds
    /// for writing, and one that fails SQLite's quick check, run unless the file is exactly as
    /// the last store left it: closed cleanly, or in the boot `boot` (by default the running
    /// one) at its last checkpoint (``FileRecord``).
    public init(
        path: String = Store.defaultPath, exclusive: Bool = true, localTime: LocalTime = .system,
        boot: String? = Store.currentBoot()
    ) throws(StoreError) {
        self.path = path
        self.localTime = localTime
        if let problem = Store.makeDirectories(for: path) { throw .readOnly(path: path, detail: problem) }
        var check = OpenCheck.quickCheck
        if exclusive {
            let held = try DatabaseLock(databasePath: path, boot: boot)
            let files = held.currentFiles()
            switch held.takeRecord()?.trust(file: files.file, wal: files.wal, boot: boot) {
            case .closedCleanly: check = .closedCleanly
            case .unchangedThisBoot: check = .unchangedThisBoot
            case nil: check = .quickCheck
            }
            databaseLock = held
        } else {
            databaseLock = nil
        }
        if access(path, F_OK) != 0 {
            let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 { Glibc.close(fd) }
        }
        let opened: SQLiteConnection
        do {
            opened = try SQLiteConnection(path: path)
        } catch {
            databaseLock?.release()
            throw StoreError.from(error, path: path)
        }
        do {
            try opened.execute(script: "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL")
            if check == .quickCheck { try WholeFileCheck.run(opened, path: path) }
            try Migrations.migrate(opened, localTime: localTime, path: path)
            // A small cache: the hot pages are few (the live state, the first history pages,
            // the totals).
            try opened.execute(script: "PRAGMA cache_size = -512; PRAGMA shrink_memory")
        } catch {
            // Refused: a WAL a killed isletd left must not be checkpointed into the file.
            opened.keepFilesAsTheyAreOnClose()
            _ = opened.close()
            databaseLock?.release()
            throw StoreError.from(error, path: path)
        }
        connection = opened
        openCheck = check
        // From here until the close, the lock file says how the file was left: as now, then
        // as each checkpoint leaves it. A crash in between leaves a record that no longer
        // matches the file (its change time moved), so the next open reads it all.
        if let held = databaseLock {
            held.recordOpen()
            connection.checkpointAutomatically { held.recordOpen() }
        }
    }

    /// Dropped without ``close()``: the connection's own close still writes the file (its
    /// checkpoint), after the last record; empty the record so that the next open reads it.
    deinit {
        databaseLock?.clear()
        databaseLock?.release()
    }

    /// Closes the database at a clean stop: SQLite checkpoints the WAL into the file and
    /// removes it, and the file's fingerprint goes in the lock file, so that the next open
    /// need not read every page of a file nobody has touched since. An open group is rolled
    /// back (nothing it stored was acknowledged). Every later call fails.
    public func close() {
        lock.withLock { _ in
            guard !closed else { return }
            closed = true
            if grouped { connection.rollBack() }
            grouped = false
            // The close's checkpoint writes the file: the open record no longer holds.
            databaseLock?.clear()
            let closedWhole = connection.close()
            if closedWhole { databaseLock?.recordClosed() }
            databaseLock?.release()
        }
    }

    /// Adds (1) or removes (-1) a fast in everything kept about the history.
    func count(_ db: SQLiteConnection, _ fast: CompletedFast, by delta: Int) throws {
        try Store.countGoalDays(db, fast, by: delta, localTime: localTime)
        try Store.countTotals(db, fast, by: Int64(delta))
    }

    /// Removes the stored fast `id`, as it is now, from everything kept about the history.
    func uncount(_ db: SQLiteConnection, id: UInt64) throws {
        if let old = try Store.fast(db, id: id) { try count(db, old, by: -1) }
    }

    /// Adds (or with -1 removes) a fast to the kept totals.
    static func countTotals(_ db: SQLiteConnection, _ fast: CompletedFast, by delta: Int64) throws {
        try db.run(
            "UPDATE totals SET count = count + ?, total_usec = total_usec + ?, goal_hits = goal_hits + ? WHERE id = 1",
            [.integer(delta), .integer(delta &* Int64(clamping: fast.duration)), .integer(fast.metGoal ? delta : 0)])
    }

    /// Adds `delta` to every local day a goal-meeting fast touches.
    static func countGoalDays(_ db: SQLiteConnection, _ fast: CompletedFast, by delta: Int, localTime: LocalTime) throws {
        guard fast.metGoal else { return }
        let first = Streaks.localDay(fast.startedAt, in: localTime)
        let last = max(first, Streaks.localDay(fast.endedAt, in: localTime))
        for day in first...min(last, first + 400) {
            try db.run(
                "INSERT INTO goal_day (day, hits) VALUES (?, ?) ON CONFLICT(day) DO UPDATE SET hits = hits + excluded.hits",
                [.integer(Int64(day)), .integer(Int64(delta))])
        }
        if delta < 0 { try db.run("DELETE FROM goal_day WHERE hits <= 0") }
    }

    /// Runs `body` on the connection, alone; its failures become the store's errors.
    private func run<T>(_ body: (SQLiteConnection) throws -> T) throws(StoreError) -> T {
        do {
            return try lock.withLock { _ in
                guard !closed else { throw StoreError.failed(path: path, detail: "it was closed") }
                return try body(connection)
            }
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    // MARK: Live state

    /// The state as stored (a new database: the defaults), ids kept ahead of the history.
    public func loadState() throws(StoreError) -> IsletState {
        try run { db in
            var state = IsletState()
            // The state's shape is the database's user_version (0: written before versions).
            let version = Int(try db.integer("PRAGMA user_version") ?? 0)
            guard version <= StateDocument.current else {
                throw StoreError.newer(path: path, detail: "its live state has version \(version); this islet reads up to \(StateDocument.current)")
            }
            versionStored = version == StateDocument.current
            if let json = try db.text("SELECT state FROM live WHERE id = 1") {
                state = try StateDocument.decode(json, version: version, path: path)
            }
            let maxID = try db.integer("SELECT max(id) FROM fast") ?? 0
            state.nextFastID = max(state.nextFastID, UInt64(max(0, maxID)) + 1)
            return state
        }
    }

    /// Stores a command's outcome: history changes and the new state, in one transaction.
    public func commit(state: IsletState, history: [HistoryChange]) throws(StoreError) {
        try run { db in
            // A group whose transaction SQLite rolled back (an I/O error, a full disk) takes
            // no more commits: stored alone, they would be stored twice when the group's calls
            // are run again.
            if grouped && !db.inTransaction {
                throw StoreError.failed(path: path, detail: "the changes stored with it were rolled back")
            }
            if !history.isEmpty { goalDaySpans = nil }
            do {
                if grouped {
                    // The history now (reads in the group see it); the state once, at the end.
                    if !history.isEmpty { try db.transaction { try writeHistory(db, history) } }
                    groupState = state
                } else {
                    let json = try encodeState(state)
                    try db.transaction {
                        try writeHistory(db, history)
                        try writeState(db, json)
                    }
                    versionStored = true
                }
            } catch {
                goalDaySpans = nil
                throw error
            }
        }
    }

    private func encodeState(_ state: IsletState) throws(StoreError) -> String {
        do { return try stateWriter.encode(state) } catch {
            throw StoreError.failed(path: path, detail: "the state cannot be written: \(error)")
        }
    }

    /// The history changes, each counted in the kept totals and goal days.
    private func writeHistory(_ db: SQLiteConnection, _ history: [HistoryChange]) throws {
        for change in history {
            switch change {
            case .insert(let f):
                try count(db, f, by: 1)
                try db.run(
                    "INSERT INTO fast (id, started_at, ended_at, goal_seconds) VALUES (?, ?, ?, ?)",
                    [
                        .integer(Int64(clamping: f.id)), .integer(Int64(clamping: f.startedAt)), .integer(Int64(clamping: f.endedAt)),
                        .integer(Int64(clamping: f.goalSeconds)),
                    ])
            case .update(let f):
                try uncount(db, id: f.id)
                try count(db, f, by: 1)
                try db.run(
                    "UPDATE fast SET started_at = ?, ended_at = ?, goal_seconds = ? WHERE id = ?",
                    [
                        .integer(Int64(clamping: f.startedAt)), .integer(Int64(clamping: f.endedAt)), .integer(Int64(clamping: f.goalSeconds)),
                        .integer(Int64(clamping: f.id)),
                    ])
            case .delete(let id):
                try uncount(db, id: id)
                try db.run("DELETE FROM fast WHERE id = ?", [.integer(Int64(clamping: id))])
            case .annotate(let id, let note, let rating):
                try db.run(
                    "UPDATE fast SET note = ?, rating = ? WHERE id = ?", [.text(note), .integer(Int64(rating)), .integer(Int64(clamping: id))])
            }
        }
    }

    /// The state's JSON, and (once) the user_version that says its shape, in the open transaction.
    private func writeState(_ db: SQLiteConnection, _ json: String) throws {
        try db.run("INSERT OR REPLACE INTO live (id, state) VALUES (1, ?)", [.text(json)])
        if !versionStored { try db.execute(script: "PRAGMA user_version = \(StateDocument.current)") }
    }

    // MARK: Grouped commits

    /// Opens a group: the commits that follow, until ``endGroup()``, are made durable together
    /// by one transaction's commit (one sync instead of one each). Each one's history applies
    /// alone or not at all (a savepoint), and reads see it; the state is written once, the
    /// last one committed, when the group ends. Nothing a commit in the group stored may be
    /// acknowledged before ``endGroup()`` returns.
    public func beginGroup() throws(StoreError) {
        guard !grouped else { return }
        try run { db in try db.begin() }
        grouped = true
        groupState = nil
    }

    /// Writes the group's last state and makes the group durable. On failure none of its
    /// commits is stored (the transaction is rolled back) and the error is thrown.
    public func endGroup() throws(StoreError) {
        guard grouped else { return }
        grouped = false
        let state = groupState
        groupState = nil
        try run { db in
            do {
                // Rolled back by SQLite already: writing now would store the state alone.
                guard db.inTransaction else {
                    throw StoreError.failed(path: path, detail: "the changes stored with it were rolled back")
                }
                if let state { try writeState(db, try encodeState(state)) }
                try db.commit()
            } catch {
                db.rollBack()
                goalDaySpans = nil
                throw error
            }
        }
        if state != nil { versionStored = true }
    }

    // MARK: History

    static func fast(_ row: SQLiteRow) -> CompletedFast {
        CompletedFast(
            id: UInt64(max(0, row.integer(0))), startedAt: UInt64(max(0, row.integer(1))),
            endedAt: UInt64(max(0, row.integer(2))), goalSeconds: UInt64(max(0, row.integer(3))))
    }

    static func fast(_ db: SQLiteConnection, id: UInt64) throws -> CompletedFast? {
        guard id <= UInt64(Int64.max) else { return nil }
        var found: CompletedFast?
        try db.run("SELECT id, started_at, ended_at, goal_seconds FROM fast WHERE id = ?", [.integer(Int64(id))]) { found = fast($0) }
        return found
    }

    /// Completed fasts, most recent first (by start, then id), through the start index.
    public func page(offset: UInt32, limit: UInt32) throws(StoreError) -> [CompletedFast] {
        try run { db in
            var page: [CompletedFast] = []
            page.reserveCapacity(Int(min(limit, 1000)))
            try db.run(
                "SELECT id, started_at, ended_at, goal_seconds FROM fast ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?",
                [.integer(Int64(limit)), .integer(Int64(offset))]
            ) { page.append(Store.fast($0)) }
            return page
        }
    }

    /// Completed fasts with their notes and ratings, most recent first, as ``page(offset:limit:)``.
    public func records(offset: UInt32, limit: UInt32) throws(StoreError) -> [FastRecord] {
        try run { db in
            var page: [FastRecord] = []
            page.reserveCapacity(Int(min(limit, 1000)))
            try db.run(
                "SELECT id, started_at, ended_at, goal_seconds, note, rating FROM fast ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?",
                [.integer(Int64(limit)), .integer(Int64(offset))]
            ) { row in
                page.append(FastRecord(fast: Store.fast(row), note: row.text(4) ?? "", rating: UInt8(clamping: max(0, min(5, row.integer(5))))))
            }
            return page
        }
    }

    /// Every completed fast's span, oldest first: what an import is checked against.
    public func spans() throws(StoreError) -> [HistoryImport.Span] {
        try run { db in
            var spans: [HistoryImport.Span] = []
            if let count = try db.integer("SELECT count FROM totals WHERE id = 1") { spans.reserveCapacity(Int(clamping: max(0, count))) }
            try db.run("SELECT id, started_at, ended_at FROM fast ORDER BY started_at, id") { row in
                spans.append(
                    HistoryImport.Span(
                        id: UInt64(max(0, row.integer(0))), startedAt: UInt64(max(0, row.integer(1))), endedAt: UInt64(max(0, row.integer(2)))))
            }
            return spans
        }
    }

    /// The completed fasts that cover part of [from, to), as the days see them.
    public func daySpans(from: USec, to: USec) throws(StoreError) -> [FastingDays.Span] {
        try run { db in
            var spans: [FastingDays.Span] = []
            try db.run(
                "SELECT id, started_at, ended_at, goal_seconds FROM fast WHERE ended_at > ? AND started_at < ?",
                [.integer(Int64(clamping: from)), .integer(Int64(clamping: to))]
            ) { row in
                let fast = Store.fast(row)
                spans.append(FastingDays.Span(startedAt: fast.startedAt, endedAt: fast.endedAt, metGoal: fast.metGoal))
            }
            return spans
        }
    }

    public func fast(id: UInt64) throws(StoreError) -> CompletedFast? {
        try run { db in try Store.fast(db, id: id) }
    }

    /// The end of the latest completed fast, 0 with no history.
    public func latestEnd() throws(StoreError) -> USec {
        try run { db in UInt64(max(0, try db.integer("SELECT max(ended_at) FROM fast") ?? 0)) }
    }

    /// Whether [start, end) overlaps a completed fast other than `excluding`.
    public func overlaps(start: USec, end: USec, excluding: UInt64) throws(StoreError) -> Bool {
        try run { db in
            try db.integer(
                "SELECT EXISTS (SELECT 1 FROM fast WHERE id != ? AND started_at < ? AND ended_at > ?)",
                [.integer(Int64(clamping: excluding)), .integer(Int64(clamping: end)), .integer(Int64(clamping: start))]) == 1
        }
    }

    /// Statistics: totals kept as fasts change, the longest through its index, and streaks from the kept table of goal-meeting local days
    /// (days as they were local when the fast was stored).
    public func stats(now: USec) throws(StoreError) -> FastStats {
        try run { db in
            var stats = FastStats()
            try db.run(
                """
                SELECT count, total_usec, (SELECT coalesce(max(ended_at - started_at), 0) FROM fast), goal_hits
                FROM totals WHERE id = 1
                """
            ) { row in
                stats.count = UInt64(max(0, row.integer(0)))
                stats.totalUSec = UInt64(max(0, row.integer(1)))
                stats.longestUSec = UInt64(max(0, row.integer(2)))
                stats.goalHits = UInt64(max(0, row.integer(3)))
                stats.averageUSec = stats.count == 0 ? 0 : stats.totalUSec / stats.count
            }
            let spans = try goalDaySpans ?? Store.goalDaySpans(db)
            goalDaySpans = spans
            let streaks = Streaks.compute(spans: spans, today: Streaks.localDay(now, in: localTime))
            stats.currentStreakDays = streaks.current
            stats.longestStreakDays = streaks.longest
            return stats
        }
    }

    /// The runs of consecutive goal-meeting days, oldest first.
    static func goalDaySpans(_ db: SQLiteConnection) throws -> [(first: Int64, last: Int64)] {
        var spans: [(first: Int64, last: Int64)] = []
        try db.run("SELECT day FROM goal_day ORDER BY day") { row in
            let day = row.integer(0)
            if let last = spans.last, last.last + 1 == day {
                spans[spans.count - 1].last = day
            } else {
                spans.append((day, day))
            }
        }
        return spans
    }

    /// `PRAGMA integrity_check`: "ok" when the file is sound.
    public func integrityCheck() throws(StoreError) -> String {
        try run { db in try db.text("PRAGMA integrity_check") ?? "" }
    }
}
