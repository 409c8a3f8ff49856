import Foundation
import IsletCore
import IsletStore
import JSONCoding
import TestSupport
import Testing

/// Databases written by each earlier release (Tests/Fixtures/databases, made by `make-fixture`
/// with that release's isletd) open with nothing lost, and are then written in the current shape.
@Suite(.startsProcesses) struct FixtureDatabaseTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/databases").standardized

    /// A copy: opening migrates the file in place.
    func copy(_ name: String) throws -> String {
        let path = try freshPath()
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent(name).path, toPath: path)
        return path
    }

    static func at(_ text: String) -> USec {
        let formatter = ISO8601DateFormatter()
        return UInt64(formatter.date(from: text)?.timeIntervalSince1970 ?? 0) * s
    }

    /// What make-fixture wrote, read back.
    func expectFixtureContent(_ store: Store) throws {
        #expect(
            try store.page(offset: 0, limit: 10) == [
                CompletedFast(id: 3, startedAt: Self.at("2026-11-05T20:00:00Z"), endedAt: Self.at("2026-11-06T10:00:00Z"), goalSeconds: 0),
                CompletedFast(id: 2, startedAt: Self.at("2026-11-03T19:00:00Z"), endedAt: Self.at("2026-11-04T09:00:00Z"), goalSeconds: 64800),
                CompletedFast(id: 1, startedAt: Self.at("2026-11-01T20:00:00Z"), endedAt: Self.at("2026-11-02T12:30:00Z"), goalSeconds: 57600),
            ])
        let stats = try store.stats(now: Self.at("2026-11-02T18:00:00Z"))
        #expect(stats.count == 3)
        #expect(stats.totalUSec == (16 * 3600 + 1800 + 14 * 3600 + 14 * 3600) * s)
        #expect(stats.longestUSec == (16 * 3600 + 1800) * s)
        #expect(stats.goalHits == 1)
        #expect(stats.longestStreakDays == 2)  // the goal-meeting fast covers Nov 1 and Nov 2
        #expect(stats.currentStreakDays == 2)

        let state = try store.loadState()
        #expect(state.settings.goalSeconds == 57600)
        #expect(state.settings.lingerSeconds == 30)
        #expect(state.settings.goalReachedLingerSeconds == 600)
        #expect(state.settings.enabled)
        let fast = try #require(state.fast)
        #expect(fast.id == 4)
        #expect(fast.startedAt == Self.at("2026-11-20T20:00:00Z"))
        #expect(fast.goalSeconds == 57600)
        #expect(fast.goalReachedAt == fast.startedAt + 57600 * s)
        #expect(state.nextFastID == 5)
        let timer = try #require(state.timers["workout"])
        #expect(timer.title == "Workout")
        #expect(timer.phases == [Phase(name: "Work", seconds: 40), Phase(name: "Rest", seconds: 20)])
        #expect(timer.rounds == 8)
        #expect(timer.isPaused)
        #expect(timer.elapsed(at: .max) > 0 && timer.elapsed(at: .max) < 5 * s)
        #expect(timer.extensions.isEmpty)
        let activity = try #require(state.activity)
        #expect(activity.owner == "workout")
        #expect(activity.kind == .timer)
        #expect(activity.attributes["rounds"] == .uint32(8))
        #expect(!activity.id.isEmpty)
    }

    @Test(arguments: ["v1.sqlite", "v2.sqlite", "v3.sqlite", "v4.sqlite"])
    func anEarlierReleasesDatabaseOpensWithNothingLost(_ name: String) async throws {
        let path = try copy(name)
        let before: IsletState
        do {
            let store = try Store(path: path, localTime: .utc)
            try expectFixtureContent(store)
            before = try store.loadState()
            // Written back in the current shape...
            try store.commit(state: before, history: [])
        }
        // ...and read again, the same.
        let version = try await Command.run(["sqlite3", "-readonly", path, "PRAGMA user_version"])
        #expect(version.stdout == "4\n", "\(version)")
        let store = try Store(path: path, localTime: .utc)
        #expect(try store.loadState() == before)
        try expectFixtureContent(store)
        #expect(try store.integrityCheck() == "ok")
    }

    /// Contract 1.3's notes and ratings: a database of the releases before them (v4.sqlite,
    /// written by the isletd before the column existed) gains them empty, and keeps one written.
    @Test func aDatabaseWithoutNotesGainsThemEmptyAndKeepsOneWritten() throws {
        let path = try copy("v4.sqlite")
        do {
            let store = try Store(path: path, localTime: .utc)
            #expect(try store.records(offset: 0, limit: 10).map(\.note) == ["", "", ""])
            #expect(try store.records(offset: 0, limit: 10).map(\.rating) == [0, 0, 0])
            try store.commit(state: try store.loadState(), history: [.annotate(id: 2, note: "Hungry at 11.\nFine after.", rating: 4)])
            store.close()
        }
        let store = try Store(path: path, localTime: .utc)
        let records = try store.records(offset: 0, limit: 10)
        #expect(records.map(\.fast.id) == [3, 2, 1])
        #expect(records[1] == FastRecord(fast: records[1].fast, note: "Hungry at 11.\nFine after.", rating: 4))
        #expect(records[1].fast.goalSeconds == 64800)
        try expectFixtureContent(store)
        // The spans an import is checked against, oldest first.
        #expect(try store.spans().map(\.id) == [1, 2, 3])
    }

    @Test func aStateFromANewerReleaseIsRefusedAndLeftAsItIs() async throws {
        let path = try copy("v3.sqlite")
        _ = try Store(path: path, localTime: .utc)  // migrated to the current schema
        let update = try await Command.run(["sqlite3", path, "PRAGMA user_version = 99"])
        try #require(update.status == 0, "\(update)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect {
            try Store(path: path, localTime: .utc).loadState()
        } throws: { error in
            guard case .newer(_, let detail) = error as? StoreError else { return false }
            return detail.contains("99")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func aFieldAddedLaterTakesItsDefaultWhenAbsent() throws {
        // The oldest shape of each persisted type: only the fields every release wrote.
        let json = """
            {"settings":{},"timers":{"t":{"owner":"t","title":"T","phases":[{"name":"A","seconds":5}],"rounds":1,"startedAt":7}},
             "fast":{"id":2,"startedAt":9},"activity":{"id":"a","owner":"t","kind":"timer"}}
            """
        let state = try JSONDecoding.value(IsletState.self, from: json)
        #expect(state.settings == ServiceSettings())
        #expect(state.timers["t"]?.extensions == [:])
        #expect(state.timers["t"]?.pausedAt == 0)
        #expect(state.fast?.goalSeconds == 0)
        #expect(state.activity?.attributes == [:])
        #expect(state.nextFastID == 1)
    }
}
