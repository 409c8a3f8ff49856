import Foundation
import IsletCore
import IsletStore
import TestSupport
import Testing

let s: UInt64 = 1_000_000
let t0: USec = 1_790_000_000 * s

func freshPath() throws -> String {
    try TemporaryDirectory.make(prefix: "islet-store").appendingPathComponent("islet/islet.sqlite").path
}

@Suite(.startsProcesses) struct StoreTests {
    @Test func restartRoundTripAndFileModes() throws {
        let path = try freshPath()
        do {
            let store = try Store(path: path)
            var e = Engine(state: try store.loadState(), localTime: .utc)
            try e.setDailyGoal(57600)
            try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
            try e.stopFast(at: nil, now: t0 + 3600 * s)
            try e.startFast(at: nil, now: t0 + 4000 * s, latestCompletedEnd: try store.latestEnd())
            try e.startTimer(owner: "a", title: "Tea", phases: [.init(name: "Tea", seconds: 300)], rounds: 1, now: t0 + 4000 * s)
            try e.pauseTimer(owner: "a", now: t0 + 4100 * s)
            try store.commit(state: e.state, history: e.history)
        }
        let store = try Store(path: path)
        let state = try store.loadState()
        #expect(state.fast?.id == 2 && state.fast?.goalSeconds == 57600)
        #expect(state.timers["a"]?.pausedAt == t0 + 4100 * s)
        #expect(state.activity?.owner == "a")
        #expect(try store.page(offset: 0, limit: 10) == [CompletedFast(id: 1, startedAt: t0, endedAt: t0 + 3600 * s, goalSeconds: 57600)])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let dirMode = try FileManager.default.attributesOfItem(atPath: (path as NSString).deletingLastPathComponent)[.posixPermissions] as? Int
        #expect(dirMode == 0o700)
    }

    @Test func secondWriterIsRefused() throws {
        let path = try freshPath()
        let first = try Store(path: path)
        #expect(throws: StoreError.inUse(path: path)) { try Store(path: path) }
        _ = first
    }

    /// A store closed and opened again while this process starts other programs: each child
    /// holds a copy of the lock's descriptor until its exec closes it, and the reopen must
    /// not take that moment for another isletd (CI once saw exactly that).
    @Test func reopeningWhileProgramsStartIsNotRefused() async throws {
        let path = try freshPath()
        let spawner = Task.detached {
            for _ in 0..<300 {
                let child = Process()
                child.executableURL = URL(fileURLWithPath: "/bin/true")
                try? child.run()
                child.waitUntilExit()
            }
        }
        var refused = 0
        for _ in 0..<300 {
            // Matched by a `case` inside the catch: Swift 6.2's SIL verifier (Debian's swiftlang is
            // built with assertions) stopped on `catch StoreError.inUse` in this loop.
            do {
                let store = try Store(path: path, localTime: .utc)
                store.close()
            } catch {
                guard case .inUse = error else { throw error }
                refused += 1
            }
        }
        await spawner.value
        #expect(refused == 0)
    }

    @Test func corruptFileIsReportedNotOverwritten() throws {
        let path = try freshPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let failure = #expect(throws: StoreError.self) { try Store(path: path) }
        let text = failure.map { "\($0)" } ?? ""
        #expect(text.contains("is damaged") && text.contains("left untouched"), "\(text)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    /// The first pages come from memory in the writing process: they must equal what SQL says
    /// (a reader without the cache) after every kind of history change.
    @Test func recentPagesFromMemoryMatchTheDatabase() throws {
        let path = try freshPath()
        let store = try Store(path: path)
        let reader = try Store(path: path, exclusive: false)
        func check(_ when: String) throws {
            for (offset, limit) in [(0, 10), (0, 1), (5, 50), (190, 10), (195, 10), (199, 1), (200, 10), (250, 1000)] {
                let cached = try store.page(offset: UInt32(offset), limit: UInt32(limit))
                let direct = try reader.page(offset: UInt32(offset), limit: UInt32(limit))
                #expect(cached == direct, "\(when): page(\(offset), \(limit))")
            }
        }
        var e = Engine(state: try store.loadState(), localTime: .utc)
        try check("empty")
        for n in 0..<250 {
            let start = t0 + UInt64(n) * 7200 * s
            try e.startFast(at: nil, now: start, latestCompletedEnd: 0)
            try e.stopFast(at: nil, now: start + 3600 * s)
            if n == 3 || n == 249 {
                try store.commit(state: e.state, history: e.history)
                e = Engine(state: e.state, localTime: .utc)
                try check("after \(n + 1) fasts")
            }
        }
        // Move the newest fast to before the oldest: every page shifts.
        let newest = try #require(try store.fast(id: 250))
        try e.editFast(id: 250, startedAt: t0 - 7200 * s, endedAt: t0 - 3600 * s, now: t0 + 1000 * 7200 * s, existing: newest, overlapsAnother: false)
        try store.commit(state: e.state, history: e.history)
        e = Engine(state: e.state, localTime: .utc)
        try check("after an edit")
        try e.deleteFast(id: 240, existing: try store.fast(id: 240))
        try store.commit(state: e.state, history: e.history)
        try check("after a delete")
        #expect(try store.page(offset: 0, limit: 1).first?.id == 249)
    }

    @Test func historyQueriesAndStats() throws {
        let store = try Store(path: try freshPath())
        var e = Engine(state: try store.loadState(), localTime: .utc)
        try e.setDailyGoal(3600)
        // Three days in a row, each meeting its goal; then one that did not.
        for day in 0..<3 {
            let start = t0 + UInt64(day) * 86400 * s
            try e.startFast(at: nil, now: start, latestCompletedEnd: 0)
            try e.stopFast(at: nil, now: start + 7200 * s)
        }
        try e.startFast(at: nil, now: t0 + 3 * 86400 * s, latestCompletedEnd: 0)
        try e.stopFast(at: nil, now: t0 + 3 * 86400 * s + 60 * s)
        try store.commit(state: e.state, history: e.history)
        let page = try store.page(offset: 0, limit: 2)
        #expect(page.map(\.id) == [4, 3])
        #expect(try store.page(offset: 3, limit: 10).map(\.id) == [1])
        #expect(try store.latestEnd() == t0 + 3 * 86400 * s + 60 * s)
        #expect(try store.overlaps(start: t0 + 100 * s, end: t0 + 200 * s, excluding: 0))
        #expect(try store.overlaps(start: t0 + 100 * s, end: t0 + 200 * s, excluding: 1) == false)
        let stats = try store.stats(now: t0 + 3 * 86400 * s + 120 * s)
        #expect(stats.count == 4)
        #expect(stats.goalHits == 3)
        #expect(stats.longestUSec == 7200 * s)
        #expect(stats.totalUSec == (3 * 7200 + 60) * s)
        #expect(stats.longestStreakDays == 3)
        #expect(stats.currentStreakDays == 3)  // today has none yet: the streak ends yesterday
        // Shortening the middle fast below its goal breaks the streak; deleting it keeps it broken.
        var edit = Engine(state: e.state, localTime: .utc)
        let middle = CompletedFast(id: 2, startedAt: t0 + 86400 * s, endedAt: t0 + 86400 * s + 7200 * s, goalSeconds: 3600)
        try edit.editFast(
            id: 2, startedAt: middle.startedAt, endedAt: middle.startedAt + 60 * s, now: t0 + 4 * 86400 * s, existing: middle, overlapsAnother: false)
        try store.commit(state: edit.state, history: edit.history)
        var after = try store.stats(now: t0 + 3 * 86400 * s + 120 * s)
        #expect(after.goalHits == 2 && after.longestStreakDays == 1 && after.currentStreakDays == 1)
        var delete = Engine(state: e.state, localTime: .utc)
        try delete.deleteFast(id: 3, existing: try store.fast(id: 3))
        try store.commit(state: delete.state, history: delete.history)
        after = try store.stats(now: t0 + 3 * 86400 * s + 120 * s)
        #expect(after.goalHits == 1 && after.longestStreakDays == 1 && after.currentStreakDays == 0)
    }

    @Test func killedWhileWritingLosesNothing() async throws {
        let path = try freshPath()
        let writer = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let binary =
            [
                writer.appendingPathComponent("islet-store-writer").path,
                writer.deletingLastPathComponent().appendingPathComponent("islet-store-writer").path,
            ]
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "islet-store-writer"
        var acknowledged = Set<UInt64>()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let result = try await Command.run([binary, path], timeout: .milliseconds(Int64.random(in: 20...120, using: &generator)))
            #expect(result.status != 0 || result.stderr.isEmpty, "\(result.stderr)")
            #expect(!result.stderr.contains("Fatal"), "\(result.stderr)")
            for line in result.stdout.split(separator: "\n") { if let id = UInt64(line) { acknowledged.insert(id) } }
        }
        let store = try Store(path: path)
        #expect(try store.integrityCheck() == "ok")
        var stored = Set<UInt64>()
        var offset: UInt32 = 0
        while case let page = try store.page(offset: offset, limit: 1000), !page.isEmpty {
            stored.formUnion(page.map(\.id))
            offset += 1000
        }
        let lost = acknowledged.subtracting(stored)
        #expect(lost.isEmpty, "\(lost.count) acknowledged fasts lost, first \(lost.sorted().prefix(5))")
        #expect(acknowledged.count > 0)
    }
}
