import CSQLite

/// What SQLite reported: its extended result code and its message.
struct SQLiteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    /// The primary result code (SQLITE_FULL, SQLITE_CORRUPT, ...).
    var primary: Int32 { code & 0xff }
    var description: String { message }
}

/// A value bound to a statement's parameter: the store stores integers and text only.
enum SQLiteValue {
    case integer(Int64)
    case text(String)
}

/// The current row of a statement being stepped; valid only inside the closure given it.
struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        return String(cString: bytes)
    }
}

/// One connection to a database file, on the libsqlite3 the system has. Used by one thread at
/// a time (the store serialises its callers); statements are prepared once and kept.
final class SQLiteConnection {
    private let handle: OpaquePointer
    private var prepared: [String: OpaquePointer] = [:]
    private var isOpen = true
    /// What runs after each automatic checkpoint, kept alive for SQLite's hook.
    private var checkpointHook: CheckpointHook?

    /// Opens `path`, creating it, or with `readOnly` reading it only (such a connection never
    /// checkpoints: its close leaves the files as they are).
    init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        var db: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let rc = sqlite3_open_v2(path, &db, access | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(db)
            throw SQLiteError(code: rc, message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, 2000)
    }

    deinit {
        _ = close()
    }

    /// Finalizes the kept statements and closes the connection; the last connection to a WAL
    /// database checkpoints it and removes the WAL. Whether it closed at once. Nothing may use
    /// the connection afterwards.
    func close() -> Bool {
        guard isOpen else { return true }
        isOpen = false
        for statement in prepared.values { sqlite3_finalize(statement) }
        prepared = [:]
        return sqlite3_close_v2(handle) == SQLITE_OK
    }

    /// Makes ``close()`` leave the files as they are: no checkpoint of the WAL into the
    /// database, so a file the store refuses (damaged, newer) is not written.
    func keepFilesAsTheyAreOnClose() {
        _ = islet_sqlite3_no_checkpoint_on_close(handle, 1)
    }

    /// Replaces SQLite's automatic checkpoint with the same one (passive, at the commit that
    /// leaves `pages` or more pages in the WAL) followed by `completed`, called when it did not
    /// fail. SQLite calls it inside that commit, on the caller's thread.
    func checkpointAutomatically(atPages pages: Int32 = 1000, then completed: @escaping () -> Void) {
        let hook = CheckpointHook(pages: pages, completed: completed)
        checkpointHook = hook
        sqlite3_wal_hook(
            handle,
            { context, db, name, pages in
                guard let context else { return SQLITE_OK }
                let hook = Unmanaged<CheckpointHook>.fromOpaque(context).takeUnretainedValue()
                guard pages >= hook.pages else { return SQLITE_OK }
                if sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil) == SQLITE_OK { hook.completed() }
                return SQLITE_OK
            }, Unmanaged.passUnretained(hook).toOpaque())
    }

    private func failure(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs SQL text of one or more statements that return no rows (schema changes, pragmas).
    func execute(script sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard rc == SQLITE_OK else {
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc)))
        }
    }

    /// Runs one statement with `arguments`, calling `row` for each row it returns.
    func run(_ sql: String, _ arguments: [SQLiteValue] = [], row: (SQLiteRow) throws -> Void = { _ in }) throws {
        let statement = try self.statement(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, argument) in arguments.enumerated() {
            let position = Int32(index + 1)
            let rc: Int32
            switch argument {
            case .integer(let value): rc = sqlite3_bind_int64(statement, position, value)
            case .text(let value): rc = sqlite3_bind_text(statement, position, value, -1, SQLiteConnection.transient)
            }
            guard rc == SQLITE_OK else { throw failure(rc) }
        }
        while true {
            let rc = sqlite3_step(statement)
            switch rc {
            case SQLITE_ROW: try row(SQLiteRow(statement: statement))
            case SQLITE_DONE: return
            default: throw failure(rc)
            }
        }
    }

    /// The first column of the first row, as an integer; nil with no row or a NULL.
    func integer(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> Int64? {
        var value: Int64?
        try run(sql, arguments) { row in
            if value == nil, sqlite3_column_type(row.statement, 0) != SQLITE_NULL { value = row.integer(0) }
        }
        return value
    }

    /// The first column of the first row, as text; nil with no row or a NULL.
    func text(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> String? {
        var value: String?
        try run(sql, arguments) { row in
            if value == nil { value = row.text(0) }
        }
        return value
    }

    /// Whether a transaction is open.
    var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` in one transaction (taking the write lock at once), committed if `body`
    /// returns and rolled back if it or the commit throws. Within an open transaction, a
    /// savepoint: `body`'s changes are undone alone if it throws, and are made durable by the
    /// outer transaction's commit.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        if inTransaction {
            try execute(script: "SAVEPOINT change")
            do {
                let result = try body()
                try execute(script: "RELEASE change")
                return result
            } catch {
                if inTransaction { try? execute(script: "ROLLBACK TO change; RELEASE change") }
                throw error
            }
        }
        try execute(script: "BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute(script: "COMMIT")
            return result
        } catch {
            rollBack()
            throw error
        }
    }

    /// Opens a transaction that ``commit()`` ends (taking the write lock at once).
    func begin() throws(SQLiteError) { try execute(script: "BEGIN IMMEDIATE") }

    /// Commits the open transaction; rolls it back if the commit fails.
    func commit() throws(SQLiteError) {
        do { try execute(script: "COMMIT") } catch {
            rollBack()
            throw error
        }
    }

    /// Rolls back the open transaction, if one is still open.
    func rollBack() {
        if inTransaction { try? execute(script: "ROLLBACK") }
    }

    private func statement(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        if let statement = prepared[sql] { return statement }
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw failure(rc) }
        prepared[sql] = statement
        return statement
    }

    /// SQLITE_TRANSIENT: SQLite copies the bound text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// The threshold and the action of ``SQLiteConnection/checkpointAutomatically(atPages:then:)``.
private final class CheckpointHook {
    let pages: Int32
    let completed: () -> Void

    init(pages: Int32, completed: @escaping () -> Void) {
        self.pages = pages
        self.completed = completed
    }
}
