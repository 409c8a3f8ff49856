import Foundation
import IsletCore
import IsletStore
import JSONCoding
import PropertyBased
import Testing

/// The live state is written in parts, each re-encoded only when it changed (in a group of
/// commits, once, at its end): whatever the commands did, the next start reads back exactly
/// the state that was committed.
@Suite struct StateWriterTests {
    @Test func everyCommittedStateReadsBackAsItWas() async throws {
        await propertyCheck(count: 40, input: Gen.int(in: 0...9).array(of: 1...40)) { ops in
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
                    case 8:
                        // A source's activity (contract 1.4): kept, shown or waiting.
                        _ = try? e.startCustomActivity(
                            owner: "song \(index % 3)", attributes: ["title": .string("mpv"), "source": .bool(true), "relevance": .double(0.3)],
                            state: ["title": .string("Song \(index)"), "status": .string("running")], sender: ":1.\(index % 2)", now: now)
                    default: try? e.endActivity(owner: e.state.activity?.owner ?? "none", now: now)
                    }
                    // Every other run of three commits in a group (its state written at its end).
                    if index % 6 == 3 { try store.beginGroup() }
                    try store.commit(state: e.state, history: e.history)
                    e = Engine(state: e.state, localTime: .utc)
                    if index % 6 == 5 || index == ops.count - 1 { try store.endGroup() }
                }
            }
            let reopened = try Store(path: path, localTime: .utc)
            #expect(try reopened.loadState() == e.state)
            // Foundation's JSON reads what islet writes, and islet reads what Foundation wrote
            // (the state of databases from before JSONCoding).
            #expect(try JSONDecoder().decode(IsletState.self, from: Data(try JSONEncoding.text(e.state).utf8)) == e.state)
            let written = String(decoding: try JSONEncoder().encode(e.state), as: UTF8.self)
            #expect(try JSONDecoding.value(IsletState.self, from: written) == e.state)
        }
    }

    /// The streaks are computed from goal days the store keeps in memory between reads: after
    /// any run of added, edited and deleted fasts, in groups read before they end, the
    /// statistics equal a fresh read of the same file.
    @Test func keptStatisticsEqualAFreshRead() async throws {
        // An op: kind (add with a goal, add without, edit, delete), day, hours, one number.
        await propertyCheck(count: 40, input: Gen.int(in: 0...(4 * 21 * 40 - 1)).array(of: 1...30)) { ops in
            let path = try freshPath()
            let store = try Store(path: path, localTime: .utc)
            let now = t0 + 60 * 86400 * s
            var e = Engine(state: try store.loadState(), localTime: .utc)
            for (index, op) in ops.enumerated() {
                let (kind, day, hours) = (op % 4, op / 4 % 21, op / 84 + 1)
                if index % 5 == 0 { try store.beginGroup() }
                let start = t0 + UInt64(day) * 86400 * s + UInt64(index) * 60 * s
                let end = start + UInt64(hours) * 3600 * s
                let ids = try store.page(offset: 0, limit: 1000).map(\.id)
                switch kind {
                case 0, 1:
                    _ = try? e.addFast(
                        startedAt: start, endedAt: end, goalSeconds: kind == 0 ? 14 * 3600 : 0, now: now,
                        overlapsAnother: try store.overlaps(start: start, end: end, excluding: 0))
                case 2:
                    if !ids.isEmpty {
                        let id = ids[hours % ids.count]
                        try? e.editFast(
                            id: id, startedAt: start, endedAt: end, now: now, existing: try store.fast(id: id),
                            overlapsAnother: try store.overlaps(start: start, end: end, excluding: id))
                    }
                default:
                    if !ids.isEmpty {
                        let id = ids[day % ids.count]
                        try? e.deleteFast(id: id, existing: try store.fast(id: id))
                    }
                }
                try store.commit(state: e.state, history: e.history)
                e = Engine(state: e.state, localTime: .utc)
                // Read inside the group too: what is kept then includes the group's changes.
                let today = now - UInt64(index % 3) * 86400 * s
                _ = try store.stats(now: today)
                guard index % 5 == 4 || index == ops.count - 1 else { continue }
                try store.endGroup()
                let fresh = try Store(path: path, exclusive: false, localTime: .utc).stats(now: today)
                #expect(try store.stats(now: today) == fresh, "after \(index + 1) changes")
            }
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
