import IsletCore
import Testing

@testable import IsletNotify

@Suite struct BridgeLogicTests {
    func notified(_ r: (action: BridgeLogic.Action?, nextChange: USec?)) -> (NotificationContent, UInt32)? {
        if case .notify(let c, let id)? = r.action { return (c, id) }
        return nil
    }

    @Test func postsOnceThenUpdatesInPlaceOnlyWhenTheTextChanges() throws {
        var logic = BridgeLogic(settings: BridgeSettings())
        let (a, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 28)
        let first = try #require(notified(logic.render(a, now: Sample.t0 + 28 * Sample.second)))
        #expect(first.1 == 0)
        #expect(first.0.hints["urgency"] == .byte(1))
        #expect(first.0.hints["suppress-sound"] == .bool(true))
        logic.notified(id: 41)
        // Same second: nothing to send.
        #expect(logic.render(a, now: Sample.t0 + 28 * Sample.second + 300_000).action == nil)
        let next = try #require(notified(logic.render(a, now: Sample.t0 + 29 * Sample.second + 1)))
        #expect(next.1 == 41)
        #expect(next.0.hints["urgency"] == .byte(0))
        #expect(next.0.body == "14:31")
    }

    @Test func completionIsTheOneNormalUrgencyUpdateWithSound() throws {
        var logic = BridgeLogic(settings: BridgeSettings())
        let (running, _) = Sample.timer(phases: [Phase(name: "Eggs", seconds: 60)], elapsed: 59)
        _ = logic.render(running, now: Sample.t0 + 59 * Sample.second)
        logic.notified(id: 3)
        let (done, _) = Sample.timer(phases: [Phase(name: "Eggs", seconds: 60)], elapsed: 60, completed: true)
        let alert = try #require(notified(logic.render(done, now: Sample.t0 + 60 * Sample.second)))
        #expect(alert.0.hints["urgency"] == .byte(1))
        #expect(alert.0.hints["suppress-sound"] == .bool(false))
        // The minimal style never makes a sound.
        var quiet = BridgeLogic(settings: { var s = BridgeSettings(); s.style = .minimal; return s }())
        _ = quiet.render(running, now: Sample.t0 + 59 * Sample.second)
        quiet.notified(id: 3)
        let silent = try #require(notified(quiet.render(done, now: Sample.t0 + 60 * Sample.second)))
        #expect(silent.0.hints["suppress-sound"] == .bool(true))
    }

    @Test func aDismissedNotificationStaysAwayUntilTheNextMeaningfulChange() throws {
        var logic = BridgeLogic(settings: BridgeSettings())
        let phases = [Phase(name: "Work", seconds: 40), Phase(name: "Rest", seconds: 20)]
        let (a, _) = Sample.timer("Workout", phases: phases, rounds: 8, elapsed: 5)
        _ = logic.render(a, now: Sample.t0 + 5 * Sample.second)
        logic.notified(id: 9)
        logic.closed(id: 9, reason: 2)
        #expect(logic.shownID == 0)
        // Clock ticks: nothing, and no wake-ups asked for.
        for s in 6..<40 {
            let r = logic.render(a, now: Sample.t0 + UInt64(s) * Sample.second)
            #expect(r.action == nil)
            #expect(r.nextChange == nil)
        }
        // A phase change is meaningful: a fresh notification (replaces_id 0).
        let (rest, _) = Sample.timer("Workout", phases: phases, rounds: 8, elapsed: 41)
        let back = try #require(notified(logic.render(rest, now: Sample.t0 + 41 * Sample.second)))
        #expect(back.1 == 0)
        #expect(back.0.body == "00:19\nRest · Round 1/8")
    }

    @Test func pauseAfterDismissalShowsAgain() throws {
        var logic = BridgeLogic(settings: BridgeSettings())
        let (a, timer) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 10)
        _ = logic.render(a, now: Sample.t0 + 10 * Sample.second)
        logic.notified(id: 2)
        logic.closed(id: 2, reason: 2)
        var paused = timer
        paused.pausedAt = Sample.t0 + 20 * Sample.second
        let p = ActivitySnapshot(id: a.id, owner: a.owner, attributes: a.attributes, state: paused.state(at: Sample.t0 + 21 * Sample.second))
        #expect(notified(logic.render(p, now: Sample.t0 + 21 * Sample.second)) != nil)
    }

    @Test func endClosesAndClosingByUsIsNotADismissal() {
        var logic = BridgeLogic(settings: BridgeSettings())
        let (a, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 10)
        _ = logic.render(a, now: Sample.t0 + 10 * Sample.second)
        logic.notified(id: 5)
        #expect(logic.render(nil, now: Sample.t0).action == .close(id: 5))
        logic.closed(id: 5, reason: 3)
        #expect(logic.dismissedAt == nil)
        #expect(logic.render(nil, now: Sample.t0).action == nil)
    }

    @Test func aNewServerGetsAFreshNotification() throws {
        var logic = BridgeLogic(settings: BridgeSettings())
        let (a, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 10)
        _ = logic.render(a, now: Sample.t0 + 10 * Sample.second)
        logic.notified(id: 5)
        logic.serverChanged(capabilities: ServerCapabilities(["body"]))
        let again = try #require(notified(logic.render(a, now: Sample.t0 + 10 * Sample.second)))
        #expect(again.1 == 0)
        #expect(again.0.actions.isEmpty)
        // Someone else's notification closing means nothing to us.
        logic.notified(id: 1)
        logic.closed(id: 77, reason: 2)
        #expect(logic.shownID == 1)
    }
}
