import IsletCore
import IsletStore
import PropertyBased
import Testing

/// The live state is written in parts, each re-encoded only when it changed: whatever the
/// commands did, the next start reads back exactly the state that was committed.
@Suite struct StateWriterTests {
    @Test func everyCommittedStateReadsBackAsItWas() async throws {
        await propertyCheck(count: 40, input: Gen.int(in: 0...8).array(of: 1...40)) { ops in
            let path = try freshPath()
            var e = Engine(state: IsletState(), localTime: .utc)
            var now = t0
            do {
                let store = try Store(path: path, localTime: .utc)
                for (index, op) in ops.enumerated() {
                    now += UInt64(index % 7 + 1) * 37 * s
                    let owner = "owner \(index % 4) \"quoted\"/é"
                    switch op {
                    case 0:
                        try? e.startTimer(
                            owner: owner, title: "T\(index)", phases: [.init(name: "A", seconds: 30), .init(name: "B\\n", seconds: 20)],
                            rounds: 2, now: now)
                    case 1: try? e.pauseTimer(owner: owner, now: now)
                    case 2: try? e.resumeTimer(owner: owner, now: now)
                    case 3: try? e.stopTimer(owner: owner, now: now)
                    case 4: e.advance(to: now)
                    case 5:
                        _ = try? e.startCustomActivity(
                            owner: "c", attributes: ["title": .string("C\u{1}"), "rounds": .uint32(3)],
                            state: ["progress": .double(0.25), "status": .string("ok")], sender: ":1.1", now: now)
                    case 6:
                        try? e.setDailyGoal(3600)
                        _ = try? e.startFast(at: nil, now: now, latestCompletedEnd: 0)
                    case 7: _ = try? e.stopFast(at: nil, now: now)
                    default: try? e.endActivity(owner: e.state.activity?.owner ?? "none", now: now)
                    }
                    try store.commit(state: e.state, history: e.history)
                    e = Engine(state: e.state, localTime: .utc)
                }
            }
            let reopened = try Store(path: path, localTime: .utc)
            #expect(try reopened.loadState() == e.state)
        }
    }

    /// Commits in a group are read by the calls that follow, and all stored by its end.
    @Test func groupedCommitsAreReadInTheGroupAndStoredTogether() throws {
        let path = try freshPath()
        let fast = CompletedFast(id: 1, startedAt: t0, endedAt: t0 + 3600 * s, goalSeconds: 0)
        do {
            let store = try Store(path: path, localTime: .utc)
            var e = Engine(state: try store.loadState(), localTime: .utc)
            try store.beginGroup()
            try e.addFast(startedAt: fast.startedAt, endedAt: fast.endedAt, goalSeconds: 0, now: t0 + 7200 * s, overlapsAnother: false)
            try store.commit(state: e.state, history: e.history)
            #expect(try store.page(offset: 0, limit: 10) == [fast], "the group's reads see its commits")
            e = Engine(state: e.state, localTime: .utc)
            try e.startTimer(owner: "t", title: "T", phases: [.init(name: "T", seconds: 60)], rounds: 1, now: t0 + 7200 * s)
            try store.commit(state: e.state, history: e.history)
            try store.endGroup()
        }
        let store = try Store(path: path, localTime: .utc)
        #expect(try store.page(offset: 0, limit: 10) == [fast])
        #expect(try store.loadState().timers["t"] != nil)
        #expect(try store.stats(now: t0 + 7200 * s).count == 1)
    }
}
