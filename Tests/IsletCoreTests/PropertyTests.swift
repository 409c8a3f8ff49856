import IsletCore
import PropertyBased
import Testing

/// Invariants over random sequences of operations.
@Suite struct Invariants {
    enum Op: CaseIterable { case startTimer, pause, resume, stop, advance, custom, end, fastStart, fastStop, toggle }

    @Test("No Concurrent Activities") func atMostOneActivityAndTimeIsConserved() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...9).array(of: 1...60), Gen.int(in: 1...400).array(of: 60)) { ops, steps in
            var e = Engine(state: IsletState(), localTime: .utc)
            var now = t0
            for (index, op) in ops.enumerated() {
                now += UInt64(steps[index % steps.count]) * s / 4
                let owner = "o\(index % 3)"
                switch Op.allCases[op] {
                case .startTimer:
                    try? e.startTimer(owner: owner, title: "T", phases: [.init(name: "A", seconds: 30), .init(name: "B", seconds: 20)], rounds: 3, now: now)
                case .pause: try? e.pauseTimer(owner: owner, now: now)
                case .resume: try? e.resumeTimer(owner: owner, now: now)
                case .stop: try? e.stopTimer(owner: owner, now: now)
                case .advance: e.advance(to: now)
                case .custom: _ = try? e.startCustomActivity(owner: "c\(index % 2)", attributes: ["title": .string("C")], state: [:], sender: ":1.1", now: now)
                case .end: try? e.endActivity(owner: e.state.activity?.owner ?? "none", now: now)
                case .fastStart:
                    try? e.setDailyGoal(3600)
                    _ = try? e.startFast(at: nil, now: now, latestCompletedEnd: 0)
                case .fastStop: _ = try? e.stopFast(at: nil, now: now)
                case .toggle: e.setEnabled(!e.state.settings.enabled, now: now)
                }
                // Every start is matched by an end before the next start.
                var open = 0
                for event in e.events {
                    if case .activityStarted = event { open += 1 }
                    if case .activityEnded = event { open -= 1 }
                    #expect(open <= 1 && open >= 0)
                }
                #expect((open == 1) == (e.state.activity != nil))
                for timer in e.state.timers.values {
                    let st = timer.state(at: now)
                    do {
                        let total = st["total_usec"]?.uint64 ?? 0
                        let left = st["total_remaining_usec"]?.uint64 ?? 0
                        #expect(timer.elapsed(at: now) + left == total)
                    }
                    if case .uint64(let rem)? = st["remaining_usec"], case .uint64(let el)? = st["elapsed_usec"] {
                        #expect(rem + el == timer.position(elapsed: timer.elapsed(at: now)).stepLength)
                    }
                }
            }
        }
    }

    @Test func pausesAndResumesNeitherGainNorLoseTime() async {
        await propertyCheck(count: 200, input: Gen.int(in: 1...50_000_000).array(of: 2...30)) { gaps in
            var e = Engine(state: IsletState(), localTime: .utc)
            try? e.startTimer(owner: "p", title: "P", phases: [.init(name: "P", seconds: 86400)], rounds: 1, now: t0)
            var now = t0
            var running: UInt64 = 0
            for (i, gap) in gaps.enumerated() {
                now += UInt64(gap)
                if i % 2 == 0 {
                    running += UInt64(gap)
                    try? e.pauseTimer(owner: "p", now: now)
                } else {
                    try? e.resumeTimer(owner: "p", now: now)
                }
            }
            let timer = e.state.timers["p"]
            #expect(timer?.elapsed(at: now) == running)
        }
    }
}

/// The history never overlaps, whatever mix of starts, late starts, stops, late stops, edits
/// and deletes arrives, with the facts a store would give the core.
@Suite struct HistoryInvariant {
    @Test func historyNeverOverlaps() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...6).array(of: 1...80), Gen.int(in: 1...5000).array(of: 80)) { ops, numbers in
            var e = Engine(state: IsletState(), localTime: .utc)
            var history: [UInt64: CompletedFast] = [:]
            var now = t0
            for (i, op) in ops.enumerated() {
                let n = UInt64(numbers[i % numbers.count])
                now += n * s
                let latestEnd = history.values.map(\.endedAt).max() ?? 0
                var step = Engine(state: e.state, localTime: .utc)
                switch op {
                case 0: _ = try? step.startFast(at: nil, now: now, latestCompletedEnd: latestEnd)
                case 1: _ = try? step.startFast(at: now - min(now - t0, n * 3 * s), now: now, latestCompletedEnd: latestEnd)
                case 2: _ = try? step.stopFast(at: nil, now: now)
                case 3: _ = try? step.stopFast(at: now - n * s / 2, now: now)
                case 4:
                    if let target = history.values.sorted(by: { $0.id < $1.id }).first {
                        let start = target.startedAt - min(target.startedAt - t0, n * s)
                        let end = target.endedAt + n * s / 3
                        let overlaps = history.values.contains { $0.id != target.id && $0.startedAt < end && $0.endedAt > start }
                        try? step.editFast(id: target.id, startedAt: start, endedAt: end, now: now, existing: target, overlapsAnother: overlaps)
                    }
                case 5:
                    if let target = history.values.first { try? step.deleteFast(id: target.id, existing: target) }
                default:
                    // An import of fasts that may overlap the history, the running fast and
                    // each other: only what is refused by none goes in.
                    let spans = history.values.map { HistoryImport.Span(id: $0.id, startedAt: $0.startedAt, endedAt: $0.endedAt) }
                    let entries = (0..<3).map { k in
                        let start = t0 + (n * UInt64(k + 1) * 7 % max(1, (now - t0) / s)) * s
                        return HistoryImport.Entry(startedAt: start, endedAt: min(now, start + n * s))
                    }
                    _ = try? step.importFasts(entries, history: spans, now: now, dryRun: false)
                }
                for change in step.history {
                    switch change {
                    case .insert(let f), .update(let f): history[f.id] = f
                    case .delete(let id): history[id] = nil
                    case .annotate: break
                    }
                }
                e = Engine(state: step.state, localTime: .utc)
                let sorted = history.values.sorted { $0.startedAt < $1.startedAt }
                for (a, b) in zip(sorted, sorted.dropFirst()) {
                    #expect(a.endedAt <= b.startedAt, "\(a) overlaps \(b)")
                }
                if let fast = e.state.fast, let last = sorted.last { #expect(last.endedAt <= fast.startedAt) }
                for f in sorted { #expect(f.startedAt < f.endedAt && f.endedAt <= now) }
            }
        }
    }
}
