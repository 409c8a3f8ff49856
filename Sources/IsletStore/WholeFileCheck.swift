import CSQLite
import IdleLoop
import IsletCore

/// The read of every page that an open does when the lock file cannot vouch for the file
/// (``FileRecord``): SQLite's `PRAGMA quick_check`, shared between two cores. The store's own
/// connection checks every b-tree and record with the CHECK constraints left out, while a
/// read-only connection on a thread of its own looks for rows that break them (the schema's
/// ``Migrations/checkConstraints``). The verdicts are quick_check's, in its words; at 10^5
/// fasts the CHECK constraints were 2 of its 16 ms.
enum WholeFileCheck {
    /// Throws ``StoreError/damaged(path:detail:)`` for a file that fails, or the SQLite error
    /// that stopped the read.
    static func run(_ connection: SQLiteConnection, path: String) throws {
        let scan = ConstraintScan(path: path)
        let started = scan.start()
        let structure: Result<String?, Error>
        do {
            // The check reads each page once: a cache of a few pages keeps its working set in
            // the processor's cache (a cache of 2 MiB took 1-1.5 ms longer at 10^5 fasts, and
            // its pages had to be faulted in).
            try connection.execute(script: "PRAGMA cache_size = 32")
            if started { try connection.execute(script: "PRAGMA ignore_check_constraints = ON") }
            structure = .success(try connection.text("PRAGMA quick_check"))
        } catch {
            structure = .failure(error)
        }
        try? connection.execute(script: "PRAGMA ignore_check_constraints = OFF")
        let broken = started ? scan.finish() : .success(nil)
        let result = try structure.get()
        guard result == "ok" else { throw StoreError.damaged(path: path, detail: result ?? "quick_check failed") }
        if let detail = try broken.get() { throw StoreError.damaged(path: path, detail: detail) }
    }
}

/// The CHECK half of ``WholeFileCheck``: a read-only connection counting, table by table, the
/// rows that break a constraint, on a thread started for it and joined before the verdict.
private final class ConstraintScan: @unchecked Sendable {
    // Written by the scan's thread before it ends, read after its join: never at once.
    private let path: String
    private var outcome: Result<String?, Error> = .success(nil)
    private var thread: SignalFreeThread?

    init(path: String) { self.path = path }

    /// Whether the thread started (if not, the caller leaves the constraints to quick_check).
    func start() -> Bool {
        thread = try? SignalFreeThread { self.outcome = Result { try self.brokenConstraint() } }
        return thread != nil
    }

    /// Waits for the scan: the first constraint broken, in quick_check's words, or nil.
    func finish() -> Result<String?, Error> {
        thread?.join()
        return outcome
    }

    private func brokenConstraint() throws -> String? {
        let connection = try SQLiteConnection(path: path, readOnly: true)
        defer { _ = connection.close() }
        try connection.execute(script: "PRAGMA cache_size = 32")
        // Each table's definition: a constraint is looked for only where the schema has it
        // (an older file, before its migration, may not).
        var tables: [String: String] = [:]
        try connection.run("SELECT name, sql FROM sqlite_schema WHERE type = 'table'") { row in
            if let name = row.text(0) { tables[name] = row.text(1) ?? "" }
        }
        for (table, condition) in Migrations.checkConstraints where tables[table]?.contains(text: "CHECK (\(condition))") == true {
            if try connection.integer("SELECT EXISTS (SELECT 1 FROM \(table) NOT INDEXED WHERE NOT (\(condition)))") == 1 {
                return "CHECK constraint failed in \(table)"
            }
        }
        return nil
    }
}
