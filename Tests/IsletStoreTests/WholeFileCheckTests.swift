import Foundation
import IsletCore
import TestSupport
import Testing

@testable import IsletStore

/// The whole-file check leaves the CHECK constraints out of quick_check and looks for rows
/// that break them on a second connection: the two halves must refuse what quick_check alone
/// refused, with its words, and leave the file as it is.
@Suite(.startsProcesses) struct WholeFileCheckTests {
    /// A cleanly closed database with a few fasts, the live state and the totals.
    func closedDatabase() throws -> String {
        let path = try freshPath()
        let store = try Store(path: path, localTime: .utc)
        let history: [HistoryChange] = (0..<UInt64(20)).map { index in
            let start = t0 + index * 86400 * s
            return .insert(CompletedFast(id: index + 1, startedAt: start, endedAt: start + 57600 * s, goalSeconds: 57600))
        }
        var state = IsletState()
        state.settings.goalSeconds = 57600
        try store.commit(state: state, history: history)
        store.close()
        return path
    }

    /// The conditions of the CHECK constraints in `sql` (one table's CREATE statement).
    func checks(in sql: String) -> [String] {
        var found: [String] = []
        var rest = Substring(sql)
        while let range = rest.range(of: "CHECK (") {
            var depth = 1
            var end = range.upperBound
            while end < rest.endIndex, depth > 0 {
                if rest[end] == "(" { depth += 1 }
                if rest[end] == ")" { depth -= 1 }
                if depth > 0 { end = rest.index(after: end) }
            }
            found.append(String(rest[range.upperBound..<end]))
            rest = rest[end...]
        }
        return found
    }

    @Test func theScanCoversEveryCheckConstraintOfTheSchema() throws {
        let path = try closedDatabase()
        let connection = try SQLiteConnection(path: path, readOnly: true)
        defer { _ = connection.close() }
        var inSchema: [String] = []
        try connection.run("SELECT name, sql FROM sqlite_schema WHERE type = 'table' ORDER BY name") { row in
            guard let name = row.text(0), let sql = row.text(1) else { return }
            inSchema += checks(in: sql).map { "\(name): \($0)" }
        }
        let scanned = Migrations.checkConstraints.map { "\($0.table): \($0.condition)" }
        #expect(inSchema.count == 4, "\(inSchema)")
        #expect(inSchema.sorted() == scanned.sorted())
    }

    /// Another program (the sqlite3 shell, told to ignore the constraints) breaks one: its
    /// write moves the file's change time, so the open reads it all and refuses it.
    @Test(arguments: [
        ("fast", "UPDATE fast SET ended_at = started_at - 1 WHERE id = 7"),
        ("fast", "UPDATE fast SET rating = 6 WHERE id = 7"),
        ("live", "UPDATE live SET id = 2"),
        ("totals", "UPDATE totals SET id = 3"),
    ])
    func aRowThatBreaksACheckConstraintIsRefused(table: String, change: String) async throws {
        let path = try closedDatabase()
        let write = try await Command.run(["sqlite3", path, "PRAGMA ignore_check_constraints = ON; \(change)"])
        #expect(write.status == 0, "\(write)")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let failure = #expect(throws: StoreError.self) { try Store(path: path, localTime: .utc) }
        #expect(failure == .damaged(path: path, detail: "CHECK constraint failed in \(table)"), "\(String(describing: failure))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "left untouched")
        // quick_check alone says the same (on a connection that may write: a read-only one
        // skips the CHECK constraints).
        let check = try await Command.run(["sqlite3", path, "PRAGMA quick_check"])
        #expect(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "CHECK constraint failed in \(table)", "\(check)")
    }

    /// The same change that keeps to the constraints is read and kept.
    @Test func aForeignWriteThatKeepsTheConstraintsIsReadAndKept() async throws {
        let path = try closedDatabase()
        let write = try await Command.run(["sqlite3", path, "UPDATE fast SET ended_at = ended_at + 1 WHERE id = 7"])
        #expect(write.status == 0, "\(write)")
        let store = try Store(path: path, localTime: .utc)
        #expect(store.openCheck == .quickCheck)
        #expect(try store.fast(id: 7)?.endedAt == t0 + 6 * 86400 * s + 57600 * s + 1)
        store.close()
    }
}
