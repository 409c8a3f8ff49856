import IsletCore
import PropertyBased
import Testing

/// Invariants over random sequences of operations.
@Suite struct Invariants {
    enum Op: CaseIterable { case startTimer, pause, resume, stop, advance, custom, end, fastStart, fastStop, toggle }

    @Test func atMostOneActivityAndTimeIsConserved() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...9).array(of: 1...60), Gen.int(in: 1...400).array(of: 60)) { ops, steps in
            var e = Engine(state: IsletState())
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
                case .fastStart: try? e.setDailyGoal(3600); _ = try? e.startFast(at: nil, now: now, latestCompletedEnd: 0)
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
            var e = Engine(state: IsletState())
            try? e.startTimer(owner: "p", title: "P", phases: [.init(name: "P", seconds: 86400)], rounds: 1, now: t0)
            var now = t0
            var running: UInt64 = 0
            for (i, gap) in gaps.enumerated() {
                now += UInt64(gap)
                if i % 2 == 0 { running += UInt64(gap); try? e.pauseTimer(owner: "p", now: now) } else { try? e.resumeTimer(owner: "p", now: now) }
            }
            let timer = e.state.timers["p"]
            #expect(timer?.elapsed(at: now) == running)
        }
    }
}
