import Foundation
import IsletCore
import Testing

@testable import IsletStore

/// A clean close lets the next open skip reading every page, and so does a store that was not
/// closed when the next open is in the same boot and the file is as its last checkpoint left
/// it; anything that may have changed the file since (a reboot, a writer, a damaged page, a
/// copy, a WAL) brings the check back. The kills themselves are in `LifecycleTests`.
@Suite struct CleanCloseTests {
    /// A database with `count` completed fasts and a goal, cleanly closed: its path and state.
    func closedDatabase(fasts count: Int = 300) throws -> (path: String, state: IsletState) {
        let path = try freshPath()
        let store = try Store(path: path, localTime: .utc)
        #expect(store.checkedOnOpen)
        var engine = Engine(state: try store.loadState(), localTime: .utc)
        try engine.setDailyGoal(57600)
        try store.commit(state: engine.state, history: engine.history)
        for index in 0..<UInt64(count) {
            var e = Engine(state: try store.loadState(), localTime: .utc)
            let start = t0 + index * 86400 * s
            try e.startFast(at: nil, now: start, latestCompletedEnd: try store.latestEnd())
            try e.stopFast(at: nil, now: start + 60000 * s)
            try store.commit(state: e.state, history: e.history)
        }
        let state = try store.loadState()
        store.close()
        return (path, state)
    }

    func lockText(_ path: String) -> String { (try? String(contentsOfFile: path + ".lock", encoding: .utf8)) ?? "" }

    @Test func aCleanCloseSparesTheNextOpenTheFullRead() throws {
        let (path, state) = try closedDatabase()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "the WAL was checkpointed and removed")
        #expect(lockText(path).hasPrefix("islet-clean-close-1 "), "\(lockText(path))")
        let store = try Store(path: path, localTime: .utc)
        #expect(!store.checkedOnOpen)
        // The open took the clean close's record out: what is there now is the open's own.
        guard case .open? = FileRecord(text: lockText(path)) else {
            Issue.record("not an open record: \(lockText(path))")
            return
        }
        #expect(try store.loadState() == state)
        #expect(try store.page(offset: 0, limit: 1000).count == 300)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func aStoreThatWasNotClosedIsCheckedAtItsNextOpen() throws {
        let (path, _) = try closedDatabase(fasts: 3)
        do {
            let store = try Store(path: path, localTime: .utc)
            #expect(!store.checkedOnOpen)
            var e = Engine(state: try store.loadState(), localTime: .utc)
            try e.setDailyGoal(3600)
            try store.commit(state: e.state, history: e.history)
            // Dropped without close(): the connection's own close checkpoints after the last
            // record, so the store empties it.
        }
        let store = try Store(path: path, localTime: .utc)
        #expect(store.checkedOnOpen)
        #expect(try store.loadState().settings.goalSeconds == 3600)
    }

    @Test func aPageDamagedAfterTheCleanCloseIsStillRefused() throws {
        let (path, _) = try closedDatabase()
        let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try file.seekToEnd()
        #expect(size >= 8 * 4096, "\(size) bytes")
        // Every page but the first three (the header, the schema): garbage, the size kept.
        try file.seek(toOffset: 3 * 4096)
        try file.write(contentsOf: Data(repeating: 0x5A, count: Int(size) - 3 * 4096))
        try file.close()
        let failure = #expect(throws: StoreError.self) { try Store(path: path, localTime: .utc) }
        let text = failure.map { "\($0)" } ?? ""
        #expect(text.contains("is damaged") && text.contains("left untouched"), "\(text)")
    }

    @Test func aLeftOverWALOrACopyIsChecked() throws {
        let (path, state) = try closedDatabase(fasts: 3)
        // A WAL beside an unchanged file: some other writer's, whose pages the check must see.
        try Data(repeating: 0, count: 32).write(to: URL(fileURLWithPath: path + "-wal"))
        do {
            let store = try Store(path: path, localTime: .utc)
            #expect(store.checkedOnOpen)
            #expect(try store.loadState() == state)
            store.close()
        }
        #expect(lockText(path).hasPrefix("islet-clean-close-1 "))
        // The file and its lock file copied elsewhere: another inode, so checked.
        let copy = try freshPath()
        try FileManager.default.createDirectory(atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + ".lock", toPath: copy + ".lock")
        let store = try Store(path: copy, localTime: .utc)
        #expect(store.checkedOnOpen)
        #expect(try store.loadState() == state)
    }

    /// While open, the lock file says how the file was left: at the open, then at each
    /// checkpoint (SQLite's automatic one, at 1000 pages of WAL), the only writes to the file.
    @Test func anOpenStoreRecordsTheFileAtEachCheckpoint() throws {
        let (path, _) = try closedDatabase(fasts: 3)
        let store = try Store(path: path, localTime: .utc, boot: "boot-1")
        let opened = try #require(FileFingerprint(path: path))
        let wal = try #require(FileFingerprint(path: path + "-wal"))
        #expect(FileRecord(text: lockText(path)) == .open(boot: "boot-1", file: opened, wal: wal.identity), "\(lockText(path))")
        var commits = 0
        while FileFingerprint(path: path) == opened && commits < 3000 {
            var e = Engine(state: try store.loadState(), localTime: .utc)
            let start = t0 + UInt64(1000 + commits) * 86400 * s
            try e.startFast(at: nil, now: start, latestCompletedEnd: try store.latestEnd())
            try e.stopFast(at: nil, now: start + 60000 * s)
            try store.commit(state: e.state, history: e.history)
            commits += 1
        }
        let checkpointed = try #require(FileFingerprint(path: path))
        #expect(checkpointed != opened, "no checkpoint after \(commits) commits")
        #expect(
            FileRecord(text: lockText(path)) == .open(boot: "boot-1", file: checkpointed, wal: wal.identity),
            "after \(commits) commits: \(lockText(path))")
        store.close()
        #expect(lockText(path).hasPrefix("islet-clean-close-1 "), "\(lockText(path))")
    }

    /// An open record (what a killed store leaves) vouches for the file in its own boot only.
    @Test func anOpenRecordSparesTheReadInItsBootOnly() throws {
        let (path, state) = try closedDatabase(fasts: 3)
        let record = FileRecord.open(boot: "boot-1", file: try #require(FileFingerprint(path: path)), wal: nil)
        try record.text.write(toFile: path + ".lock", atomically: false, encoding: .utf8)
        do {
            let store = try Store(path: path, localTime: .utc, boot: "boot-2")
            #expect(store.openCheck == .quickCheck, "another boot: the disk may be behind what was written")
            #expect(try store.loadState() == state)
            store.close()
        }
        try FileRecord.open(boot: "boot-1", file: try #require(FileFingerprint(path: path)), wal: nil).text
            .write(toFile: path + ".lock", atomically: false, encoding: .utf8)
        let store = try Store(path: path, localTime: .utc, boot: "boot-1")
        #expect(store.openCheck == .unchangedThisBoot)
        #expect(try store.loadState() == state)
    }

    @Test func aClosedStoreAnswersWithANamedError() throws {
        let path = try freshPath()
        let store = try Store(path: path, localTime: .utc)
        store.close()
        store.close()
        #expect(throws: StoreError.failed(path: path, detail: "it was closed")) { try store.loadState() }
    }
}
