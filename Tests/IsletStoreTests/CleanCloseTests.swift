import Foundation
import IsletCore
import IsletStore
import Testing

/// A clean close lets the next open skip reading every page; anything that may have changed
/// the file since (a crash, a writer, a damaged page, a copy, a WAL) brings the check back.
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
        #expect(lockText(path).isEmpty, "the open took the fingerprint out: a crash from now on leaves none")
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
            // Dropped without close(), as a killed isletd is.
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

    @Test func aClosedStoreAnswersWithANamedError() throws {
        let path = try freshPath()
        let store = try Store(path: path, localTime: .utc)
        store.close()
        store.close()
        #expect(throws: StoreError.failed(path: path, detail: "it was closed")) { try store.loadState() }
    }
}
