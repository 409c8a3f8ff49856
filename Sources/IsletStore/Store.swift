import Foundation
import GRDB
import IsletCore
import Platform

#if canImport(Glibc)
    import Glibc
#endif

/// The SQLite database: the fasting history (one row a completed fast) and the live state
/// (settings, running fast, timers, the activity) as one JSON value. Every command's changes
/// go in one transaction; WAL with synchronous FULL, so a committed change survives a crash
/// or a power cut.
public final class Store: @unchecked Sendable {
    public let path: String
    /// Local calendar days (streaks) are counted in this zone.
    public let localTime: LocalTime
    /// Whether the database's user_version already says the state's current shape.
    private var versionStored = false
    private let queue: DatabaseQueue
    private var lockDescriptor: Int32 = -1
    /// `$XDG_DATA_HOME/islet/islet.sqlite`, by default `~/.local/share/islet/islet.sqlite`.
    public static var defaultPath: String {
        let env = ProcessInfo.processInfo.environment
        let data =
            env["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (env["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return data + "/islet/islet.sqlite"
    }

    /// Opens (creating when missing) the database. Refuses a database another process holds
    /// for writing, and one that fails SQLite's quick check.
    public init(path: String = Store.defaultPath, exclusive: Bool = true, localTime: LocalTime = .system) throws(StoreError) {
        self.path = path
        self.localTime = localTime
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .readOnly(path: path, detail: "cannot create \(directory): \(error.localizedDescription)")
        }
        if exclusive {
            let fd = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw .readOnly(path: path, detail: "cannot open its lock file: \(String(cString: strerror(errno)))") }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                close(fd)
                throw .inUse(path: path)
            }
            lockDescriptor = fd
        }
        if !FileManager.default.fileExists(atPath: path) {
            let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 { close(fd) }
        }
        var config = Configuration()
        config.busyMode = .timeout(2)
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            queue = try DatabaseQueue(path: path, configuration: config)
            let check = try queue.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }
            guard check == "ok" else { throw StoreError.damaged(path: path, detail: check ?? "quick_check failed") }
            let migrator = Store.migrator(localTime: localTime)
            if try queue.read({ db in try migrator.hasBeenSuperseded(db) }) {
                throw StoreError.newer(path: path, detail: "it holds changes to the schema that this islet does not know")
            }
            try migrator.migrate(queue)
            // The check read every page; keep a small cache (the hot pages are few: the live
            // state, the first history pages, the totals) and give the rest back.
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA cache_size = -512")
                try db.execute(sql: "PRAGMA shrink_memory")
            }
        } catch {
            if lockDescriptor >= 0 { close(lockDescriptor) }
            throw StoreError.from(error, path: path)
        }
    }

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    static func migrator(localTime: LocalTime) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE fast (
                        id INTEGER PRIMARY KEY,
                        started_at INTEGER NOT NULL,
                        ended_at INTEGER NOT NULL,
                        goal_seconds INTEGER NOT NULL DEFAULT 0,
                        CHECK (started_at < ended_at)
                    );
                    CREATE INDEX fast_by_start ON fast (started_at DESC, id DESC);
                    CREATE INDEX fast_by_end ON fast (ended_at);
                    CREATE TABLE live (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        state TEXT NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v2-goal-days") { db in
            // The local calendar days that goal-meeting fasts touch, kept as fasts change, so
            // that streaks need no per-fast time-zone arithmetic when asked for.
            try db.execute(sql: "CREATE TABLE goal_day (day INTEGER PRIMARY KEY, hits INTEGER NOT NULL)")
            let rows = try Row.fetchCursor(db, sql: "SELECT id, started_at, ended_at, goal_seconds FROM fast")
            while let row = try rows.next() { try Store.countGoalDays(db, Store.fast(row), by: 1, localTime: localTime) }
        }
        migrator.registerMigration("v3-totals") { db in
            // Count, total and goal hits kept as fasts change; the longest through an index.
            try db.execute(
                sql: """
                    CREATE INDEX fast_by_length ON fast (ended_at - started_at);
                    CREATE TABLE totals (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        count INTEGER NOT NULL, total_usec INTEGER NOT NULL, goal_hits INTEGER NOT NULL
                    );
                    INSERT INTO totals (id, count, total_usec, goal_hits)
                    SELECT 1, count(*), coalesce(sum(ended_at - started_at), 0),
                           coalesce(sum(goal_seconds > 0 AND ended_at - started_at >= goal_seconds * 1000000), 0)
                    FROM fast;
                    """)
        }
        return migrator
    }

    /// Adds (1) or removes (-1) a fast in everything kept about the history.
    func count(_ db: Database, _ fast: CompletedFast, by delta: Int) throws {
        try Store.countGoalDays(db, fast, by: delta, localTime: localTime)
        try Store.countTotals(db, fast, by: Int64(delta))
    }

    /// Removes the stored fast `id`, as it is now, from everything kept about the history.
    func uncount(_ db: Database, id: UInt64) throws {
        let sql = "SELECT id, started_at, ended_at, goal_seconds FROM fast WHERE id = ?"
        if let old = try Row.fetchOne(db, sql: sql, arguments: [Int64(clamping: id)]) { try count(db, Store.fast(old), by: -1) }
    }

    /// Adds (or with -1 removes) a fast to the kept totals.
    static func countTotals(_ db: Database, _ fast: CompletedFast, by delta: Int64) throws {
        try db.execute(
            sql: "UPDATE totals SET count = count + ?, total_usec = total_usec + ?, goal_hits = goal_hits + ? WHERE id = 1",
            arguments: [delta, delta * Int64(clamping: fast.duration), fast.metGoal ? delta : 0])
    }

    /// Adds `delta` to every local day a goal-meeting fast touches.
    static func countGoalDays(_ db: Database, _ fast: CompletedFast, by delta: Int, localTime: LocalTime) throws {
        guard fast.metGoal else { return }
        let first = Streaks.localDay(fast.startedAt, in: localTime)
        let last = max(first, Streaks.localDay(fast.endedAt, in: localTime))
        for day in first...min(last, first + 400) {
            try db.execute(
                sql: "INSERT INTO goal_day (day, hits) VALUES (?, ?) ON CONFLICT(day) DO UPDATE SET hits = hits + excluded.hits",
                arguments: [day, delta])
        }
        if delta < 0 { try db.execute(sql: "DELETE FROM goal_day WHERE hits <= 0") }
    }

    private func run<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do { return try body() } catch { throw StoreError.from(error, path: path) }
    }

    // MARK: Live state

    /// The state as stored (a new database: the defaults), ids kept ahead of the history.
    public func loadState() throws(StoreError) -> IsletState {
        try run {
            try queue.read { db in
                var state = IsletState()
                // The state's shape is the database's user_version (0: written before versions).
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                guard version <= StateDocument.current else {
                    throw StoreError.newer(path: path, detail: "its live state has version \(version); this islet reads up to \(StateDocument.current)")
                }
                versionStored = version == StateDocument.current
                if let json = try String.fetchOne(db, sql: "SELECT state FROM live WHERE id = 1") {
                    state = try StateDocument.decode(json, version: version, path: path)
                }
                let maxID = try Int64.fetchOne(db, sql: "SELECT max(id) FROM fast") ?? 0
                state.nextFastID = max(state.nextFastID, UInt64(maxID) + 1)
                return state
            }
        }
    }

    /// Stores a command's outcome: history changes and the new state, in one transaction.
    public func commit(state: IsletState, history: [HistoryChange]) throws(StoreError) {
        try run {
            let json = try StateDocument.encode(state)
            try queue.write { db in
                for change in history {
                    switch change {
                    case .insert(let f):
                        try count(db, f, by: 1)
                        try db.execute(
                            sql: "INSERT INTO fast (id, started_at, ended_at, goal_seconds) VALUES (?, ?, ?, ?)",
                            arguments: [Int64(f.id), Int64(f.startedAt), Int64(f.endedAt), Int64(f.goalSeconds)])
                    case .update(let f):
                        try uncount(db, id: f.id)
                        try count(db, f, by: 1)
                        try db.execute(
                            sql: "UPDATE fast SET started_at = ?, ended_at = ?, goal_seconds = ? WHERE id = ?",
                            arguments: [Int64(f.startedAt), Int64(f.endedAt), Int64(f.goalSeconds), Int64(f.id)])
                    case .delete(let id):
                        try uncount(db, id: id)
                        try db.execute(sql: "DELETE FROM fast WHERE id = ?", arguments: [Int64(id)])
                    }
                }
                try db.execute(sql: "INSERT OR REPLACE INTO live (id, state) VALUES (1, ?)", arguments: [json])
                if !versionStored {
                    // In the same transaction as the state in the current shape.
                    try db.execute(sql: "PRAGMA user_version = \(StateDocument.current)")
                }
            }
            versionStored = true
        }
    }

    // MARK: History

    static func fast(_ row: Row) -> CompletedFast {
        CompletedFast(
            id: UInt64(max(0, row[0] as Int64)), startedAt: UInt64(max(0, row[1] as Int64)),
            endedAt: UInt64(max(0, row[2] as Int64)), goalSeconds: UInt64(max(0, row[3] as Int64)))
    }

    /// Completed fasts, most recent first (by start, then id), through the start index.
    public func page(offset: UInt32, limit: UInt32) throws(StoreError) -> [CompletedFast] {
        try run {
            try queue.read { db in
                try Row.fetchAll(
                    db.cachedStatement(
                        sql: "SELECT id, started_at, ended_at, goal_seconds FROM fast ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?"),
                    arguments: [Int64(limit), Int64(offset)]
                ).map(Store.fast)
            }
        }
    }

    public func fast(id: UInt64) throws(StoreError) -> CompletedFast? {
        guard id <= UInt64(Int64.max) else { return nil }
        return try run {
            try queue.read { db in
                try Row.fetchOne(
                    db, sql: "SELECT id, started_at, ended_at, goal_seconds FROM fast WHERE id = ?", arguments: [Int64(id)]
                ).map(Store.fast)
            }
        }
    }

    /// The end of the latest completed fast, 0 with no history.
    public func latestEnd() throws(StoreError) -> USec {
        try run { try queue.read { db in UInt64(max(0, try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(ended_at) FROM fast")) ?? 0)) } }
    }

    /// Whether [start, end) overlaps a completed fast other than `excluding`.
    public func overlaps(start: USec, end: USec, excluding: UInt64) throws(StoreError) -> Bool {
        try run {
            try queue.read { db in
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM fast WHERE id != ? AND started_at < ? AND ended_at > ?)",
                    arguments: [Int64(clamping: excluding), Int64(clamping: end), Int64(clamping: start)]) ?? false
            }
        }
    }

    /// Statistics: totals kept as fasts change, the longest through its index, and streaks from the kept table of goal-meeting local days
    /// (days as they were local when the fast was stored).
    public func stats(now: USec) throws(StoreError) -> FastStats {
        try run {
            try queue.read { db in
                var stats = FastStats()
                if let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT count, total_usec, (SELECT coalesce(max(ended_at - started_at), 0) FROM fast), goal_hits
                        FROM totals WHERE id = 1
                        """)
                {
                    stats.count = UInt64(max(0, row[0] as Int64))
                    stats.totalUSec = UInt64(max(0, row[1] as Int64))
                    stats.longestUSec = UInt64(max(0, row[2] as Int64))
                    stats.goalHits = UInt64(max(0, row[3] as Int64))
                    stats.averageUSec = stats.count == 0 ? 0 : stats.totalUSec / stats.count
                }
                var spans: [(Int64, Int64)] = []
                let days = try Int64.fetchCursor(db, sql: "SELECT day FROM goal_day ORDER BY day")
                while let day = try days.next() {
                    if let last = spans.last, last.1 + 1 == day {
                        spans[spans.count - 1].1 = day
                    } else {
                        spans.append((day, day))
                    }
                }
                let streaks = Streaks.compute(spans: spans, today: Streaks.localDay(now, in: localTime))
                stats.currentStreakDays = streaks.current
                stats.longestStreakDays = streaks.longest
                return stats
            }
        }
    }

    /// `PRAGMA integrity_check`: "ok" when the file is sound.
    public func integrityCheck() throws(StoreError) -> String {
        try run { try queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" } }
    }
}
