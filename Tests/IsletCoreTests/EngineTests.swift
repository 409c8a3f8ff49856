import Foundation
import IsletCore
import Testing

let s: UInt64 = 1_000_000
let t0: USec = 1_790_000_000 * s

func engine(goal: UInt64 = 0) -> Engine {
    var e = Engine(state: IsletState(), localTime: .utc)
    if goal > 0 { try? e.setDailyGoal(goal) }
    return e
}

extension Engine {
    var ended: [EndReason] { events.compactMap { if case .activityEnded(_, let r) = $0 { r } else { nil } } }
    var startedOwners: [String] { events.compactMap { if case .activityStarted(let a, _) = $0 { a.owner } else { nil } } }
    var goalReachedCount: Int { events.filter { if case .goalReached = $0 { true } else { false } }.count }
}

@Suite struct Fasting {
    @Test func startAndStopGoesToHistory() throws {
        var e = engine()
        let fast = try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        #expect(fast.id == 1 && fast.startedAt == t0)
        // t0 is 2026-09-21 14:13:20 UTC: messages give the time as people read it.
        #expect(throws: IsletError.alreadyFasting("a fast is running since 14:13 (id 1)")) {
            try e.startFast(at: nil, now: t0 + s, latestCompletedEnd: 0)
        }
        let done = try e.stopFast(at: nil, now: t0 + 3600 * s)
        #expect(done == CompletedFast(id: 1, startedAt: t0, endedAt: t0 + 3600 * s, goalSeconds: 0))
        #expect(e.history == [.insert(done)])
        #expect(e.state.fast == nil)
        #expect(throws: IsletError.self) { try e.stopFast(at: nil, now: t0 + 3601 * s) }
    }

    @Test func aMistakenStopIsUndoneForTenMinutes() throws {
        var e = engine(goal: 3600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        e.advance(to: t0 + 3601 * s)  // goal reached, announced once
        #expect(e.goalReachedCount == 1)
        let done = try e.stopFast(at: nil, now: t0 + 4000 * s)
        var undo = e
        let back = try undo.undoStopFast(now: t0 + 4000 * s + 599 * s)
        #expect(back.id == done.id && back.startedAt == t0 && back.goalSeconds == 3600)
        #expect(undo.state.fast?.goalReached == true)
        #expect(undo.history.last == .delete(id: done.id))
        #expect(undo.goalReachedCount == 1, "the goal was reached already: no second GoalReached")
        #expect(undo.state.activity?.kind == .fast)
        #expect(throws: IsletError.self) { try undo.undoStopFast(now: t0 + 4700 * s) }  // once
        // Too late, after a new fast, after an edit or a delete of that fast: nothing to undo.
        var late = e
        #expect(throws: IsletError.nothingToUndo("the fast stopped at 15:20 can no longer be brought back (10 minutes have passed)")) {
            try late.undoStopFast(now: t0 + 4000 * s + 601 * s)
        }
        var started = e
        try started.startFast(at: nil, now: t0 + 4100 * s, latestCompletedEnd: t0 + 4000 * s)
        _ = try started.stopFast(at: nil, now: t0 + 4200 * s)
        #expect(try started.undoStopFast(now: t0 + 4300 * s).startedAt == t0 + 4100 * s, "the last stop is the one undone")
        var edited = e
        try edited.editFast(id: done.id, startedAt: t0, endedAt: t0 + 3900 * s, now: t0 + 4100 * s, existing: done, overlapsAnother: false)
        #expect(throws: IsletError.self) { try edited.undoStopFast(now: t0 + 4200 * s) }
        var deleted = e
        try deleted.deleteFast(id: done.id, existing: done)
        #expect(throws: IsletError.self) { try deleted.undoStopFast(now: t0 + 4200 * s) }
    }

    @Test func timesInMessagesAreLocalAndHuman() {
        let zone = LocalTime { _ in 3600 }  // UTC+1
        let now = t0  // 2026-09-21 15:13:20 at UTC+1, a Monday
        #expect(zone.describe(t0 - 3600 * s, now: now) == "14:13")
        #expect(zone.describe(t0 - 86400 * s, now: now) == "Sun 15:13")
        #expect(zone.describe(t0 + 2 * 86400 * s, now: now) == "Wed 15:13")
        #expect(zone.describe(t0 - 10 * 86400 * s, now: now) == "2026-09-11 15:13")
        #expect(LocalTime.utc.describe(0, now: now) == "1970-01-01 00:00")
    }

    @Test func forgotToStartAndStop() throws {
        var e = engine()
        #expect(throws: IsletError.self) { try e.startFast(at: t0 + s, now: t0, latestCompletedEnd: 0) }  // future
        #expect(throws: IsletError.self) { try e.startFast(at: t0 - 10 * s, now: t0, latestCompletedEnd: t0 - 5 * s) }  // overlap
        try e.startFast(at: t0 - 3600 * s, now: t0, latestCompletedEnd: t0 - 7200 * s)
        #expect(throws: IsletError.self) { try e.stopFast(at: t0 - 7200 * s, now: t0) }  // before start
        #expect(throws: IsletError.self) { try e.stopFast(at: t0 + s, now: t0) }  // future
        let done = try e.stopFast(at: t0 - 60 * s, now: t0)
        #expect(done.duration == 3540 * s)
    }

    @Test func DI001_aFastWithoutGoalHasNoActivity() throws {
        var e = engine()
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        #expect(e.state.activity == nil)
        var g = engine(goal: 57600)
        try g.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        #expect(g.state.activity?.owner == "fasting")
        #expect(g.activityState(at: t0 + 3600 * s)["remaining_usec"] == .uint64(15 * 3600 * s))
    }

    @Test func DI006_optionA_goalCapturedAtStart() throws {
        var e = engine(goal: 57600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        try e.setDailyGoal(72000)
        #expect(e.state.fast?.goalSeconds == 57600)
        #expect(throws: IsletError.self) { try e.setDailyGoal(30) }
        #expect(throws: IsletError.self) { try e.setDailyGoal(604_801) }
    }

    @Test func DI006_optionB_retargetRunningFast() throws {
        var e = engine(goal: 57600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        try e.setActiveFastGoal(3600, now: t0 + 7200 * s)  // already past: reached now
        #expect(e.goalReachedCount == 1)
        #expect(e.state.fast?.goalReachedAt == t0 + 3600 * s)
        try e.setActiveFastGoal(72000, now: t0 + 7300 * s)  // back in the future: re-armed
        #expect(e.state.fast?.goalReached == false)
        e.advance(to: t0 + 72000 * s)
        #expect(e.goalReachedCount == 2)
        try e.setActiveFastGoal(0, now: t0 + 72001 * s)
        #expect(e.state.activity == nil)
        #expect(e.ended.last == .stopped)
    }

    @Test func goalReachedExactlyOnce() throws {
        var e = engine(goal: 3600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        #expect(e.nextDeadline(now: t0) == t0 + 3600 * s)
        for minute in 0..<200 { e.advance(to: t0 + UInt64(minute) * 60 * s) }
        #expect(e.goalReachedCount == 1)
        #expect(e.activityState(at: t0 + 4000 * s)["status"] == .string("goal-reached"))
        #expect(e.nextDeadline(now: t0 + 4000 * s) == nil)  // DI-004: stays until the fast stops
    }

    @Test func DI004_goalReachedLinger() throws {
        var e = engine(goal: 3600)
        try e.setGoalReachedLinger(60, now: t0)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        e.advance(to: t0 + 3600 * s)
        #expect(e.nextDeadline(now: t0 + 3600 * s) == t0 + 3660 * s)
        e.advance(to: t0 + 3660 * s)
        #expect(e.state.activity == nil)
        #expect(e.ended == [.completed])
        #expect(e.state.fast != nil)
    }

    /// HistoryChanged: each command that changed the completed history, a stop aside (its own
    /// FastStopped says it); nothing for a command refused or an import that adds nothing.
    @Test func FR005_historyChangesAreAnnouncedButAStopSaysItself() throws {
        var e = engine()
        var changes: Int { e.events.filter { $0 == .historyChanged }.count }
        let added = try e.addFast(startedAt: t0 - 100 * s, endedAt: t0 - 50 * s, goalSeconds: 0, now: t0, overlapsAnother: false)
        #expect(changes == 1)
        try e.editFast(id: added.id, startedAt: t0 - 90 * s, endedAt: t0 - 50 * s, now: t0, existing: added, overlapsAnother: false)
        try e.setFastNote(id: added.id, note: "fine", rating: 4, existing: added)
        #expect(changes == 3)
        #expect(throws: IsletError.self) { try e.deleteFast(id: 9, existing: nil) }
        let entry = HistoryImport.Entry(startedAt: t0 - 40 * s, endedAt: t0 - 30 * s, goalSeconds: 0)
        _ = try e.importFasts([entry], history: [], now: t0, dryRun: true)
        #expect(changes == 3, "a dry run changes nothing")
        _ = try e.importFasts([entry, entry], history: [], now: t0, dryRun: false)
        #expect(changes == 4, "an import is one change")
        _ = try e.importFasts([entry], history: [HistoryImport.Span(id: 2, startedAt: t0 - 40 * s, endedAt: t0 - 30 * s)], now: t0, dryRun: false)
        #expect(changes == 4, "a duplicate adds nothing")
        try e.startFast(at: nil, now: t0, latestCompletedEnd: t0 - 30 * s)
        let done = try e.stopFast(at: nil, now: t0 + 60 * s)
        #expect(changes == 4, "a stop is FastStopped alone")
        _ = try e.undoStopFast(now: t0 + 61 * s)
        #expect(changes == 5)
        #expect(Array(e.events.suffix(2)) == [.historyChanged, .fastStarted(id: done.id, startedAt: t0)])
        try e.deleteFast(id: added.id, existing: added)
        #expect(changes == 6)
    }

    @Test func editAndDeleteChecksValuesBeforeExistence() throws {
        var e = engine()
        #expect(throws: IsletError.invalidArgument("a fast must start before it ends")) {
            try e.editFast(id: 99, startedAt: t0, endedAt: t0, now: t0, existing: nil, overlapsAnother: false)
        }
        #expect(throws: IsletError.unknownFast("no fast with id 99 in the history")) {
            try e.editFast(id: 99, startedAt: t0 - 10 * s, endedAt: t0, now: t0, existing: nil, overlapsAnother: false)
        }
        #expect(throws: IsletError.self) {
            try e.editFast(id: 1, startedAt: t0 - 10 * s, endedAt: t0 + s, now: t0, existing: nil, overlapsAnother: false)
        }
        let old = CompletedFast(id: 1, startedAt: t0 - 100 * s, endedAt: t0 - 50 * s, goalSeconds: 0)
        #expect(throws: IsletError.self) {
            try e.editFast(id: 1, startedAt: t0 - 10 * s, endedAt: t0, now: t0, existing: old, overlapsAnother: true)
        }
        try e.startFast(at: t0 - 20 * s, now: t0, latestCompletedEnd: 0)
        #expect(throws: IsletError.self) {  // overlaps the running fast
            try e.editFast(id: 1, startedAt: t0 - 30 * s, endedAt: t0 - 10 * s, now: t0, existing: old, overlapsAnother: false)
        }
        try e.editFast(id: 1, startedAt: t0 - 90 * s, endedAt: t0 - 40 * s, now: t0, existing: old, overlapsAnother: false)
        try e.deleteFast(id: 1, existing: old)
        #expect(throws: IsletError.self) { try e.deleteFast(id: 2, existing: nil) }
        #expect(e.history.count == 2)
    }

    @Test func presetsStartWithTheSeeds() {
        #expect(Presets.all.prefix(4).map(\.goalSeconds) == [50400, 57600, 64800, 72000])
        #expect(Presets.all.map(\.schedule) == ["14:10", "16:8", "18:6", "20:4", "12:12", "13:11", "OMAD", "36 h", "48 h", "72 h"])
        #expect(Presets.all.allSatisfy { Limits.goalSeconds.contains($0.goalSeconds) && !$0.description.isEmpty })
        #expect(Presets.all[0].description == "A gentle start to time-restricted eating.")
    }
}

@Suite struct Timers {
    @Test("Phase Transition Update") func phasesRoundsAndSleepingThroughSeveral() throws {
        var e = engine()
        try e.startTimer(owner: "gym", title: "Workout", phases: [.init(name: "Work", seconds: 40), .init(name: "Rest", seconds: 20)], rounds: 8, now: t0)
        #expect(e.nextDeadline(now: t0) == t0 + 40 * s)
        e.advance(to: t0 + 150 * s)  // slept through Work, Rest, Work: wakes in round 3's Work
        let changes = e.events.compactMap { if case .phaseChanged(_, let i, let n) = $0 { "\(i)\(n)" } else { nil } }
        #expect(changes == ["0Work"])
        let st = e.activityState(at: t0 + 150 * s)
        #expect(st["round"] == .uint32(3))
        #expect(st["phase_name"] == .string("Work"))
        #expect(st["remaining_usec"] == .uint64(10 * s))
        #expect(st["total_remaining_usec"] == .uint64(330 * s))
    }

    @Test func pauseFreezesAndResumeContinues() throws {
        var e = engine()
        try e.startTimer(owner: "a", title: "Tea", phases: [.init(name: "Tea", seconds: 120)], rounds: 1, now: t0)
        try e.pauseTimer(owner: "a", now: t0 + 30 * s)
        #expect(throws: IsletError.self) { try e.pauseTimer(owner: "a", now: t0 + 31 * s) }
        #expect(e.nextDeadline(now: t0 + 40 * s) == nil)
        let paused = e.activityState(at: t0 + 1000 * s)
        #expect(paused["status"] == .string("paused"))
        #expect(paused["remaining_usec"] == .uint64(90 * s))
        #expect(paused["ends_at_usec"] == .uint64(0))
        try e.resumeTimer(owner: "a", now: t0 + 1000 * s)
        #expect(throws: IsletError.self) { try e.resumeTimer(owner: "a", now: t0 + 1001 * s) }
        #expect(e.nextDeadline(now: t0 + 1000 * s) == t0 + 1090 * s)
        #expect(throws: IsletError.unknownTimer("no timer for owner \"b\"")) { try e.pauseTimer(owner: "b", now: t0) }
    }

    @Test func FR07_completionLingersThenEnds() throws {
        var e = engine()
        try e.startTimer(owner: "boring", title: "Countdown", phases: [.init(name: "Countdown", seconds: 300)], rounds: 1, now: t0)
        e.advance(to: t0 + 300 * s)
        #expect(e.events.contains(.timerFinished(owner: "boring", at: t0 + 300 * s)))
        #expect(e.activityState(at: t0 + 301 * s)["status"] == .string("completed"))
        #expect(e.activityState(at: t0 + 301 * s)["remaining_usec"] == .uint64(0))
        #expect(e.state.timers.isEmpty)
        #expect(e.nextDeadline(now: t0 + 300 * s) == t0 + 305 * s)
        e.advance(to: t0 + 305 * s)
        #expect(e.state.activity == nil)
        #expect(e.ended == [.completed])
    }

    @Test func limits() {
        var e = engine()
        let one = [Phase(name: "x", seconds: 10)]
        #expect(throws: IsletError.self) { try e.startTimer(owner: "", title: "t", phases: one, rounds: 1, now: t0) }
        #expect(throws: IsletError.self) { try e.startTimer(owner: String(repeating: "o", count: 65), title: "t", phases: one, rounds: 1, now: t0) }
        #expect(throws: IsletError.self) { try e.startTimer(owner: "o", title: "t", phases: [], rounds: 1, now: t0) }
        #expect(throws: IsletError.self) { try e.startTimer(owner: "o", title: "t", phases: one, rounds: 0, now: t0) }
        #expect(throws: IsletError.self) { try e.startTimer(owner: "o", title: "t", phases: one, rounds: 101, now: t0) }
        #expect(throws: IsletError.self) { try e.startTimer(owner: "o", title: "t", phases: [.init(name: "x", seconds: 0)], rounds: 1, now: t0) }
        #expect(throws: IsletError.self) { try e.startTimer(owner: "o", title: "t", phases: Array(repeating: one[0], count: 33), rounds: 1, now: t0) }
        #expect(throws: IsletError.self) { try e.startTimer(owner: "o", title: "t", phases: [.init(name: "x", seconds: 86400)], rounds: 8, now: t0) }
        #expect(throws: IsletError.self) { try e.startTimer(owner: "fasting", title: "t", phases: one, rounds: 1, now: t0) }
    }
}

/// Timers.Extend (contract 1.1): more time for the current phase, running or paused.
@Suite struct Extend {
    @Test func aRunningPhaseEndsLaterAndTheRestFollows() throws {
        var e = engine()
        try e.startTimer(owner: "gym", title: "Workout", phases: [.init(name: "Work", seconds: 40), .init(name: "Rest", seconds: 20)], rounds: 2, now: t0)
        e.advance(to: t0 + 70 * s)  // round 1 ran 60 s; round 2 has run 10 s of Work
        let before = e.events.count
        try e.extendTimer(owner: "gym", seconds: 60, now: t0 + 70 * s)
        let added = Array(e.events[before...])
        #expect(added.count == 2)
        guard case .timerChanged("gym", let changed) = added.first, case .activityUpdated(_, let updated) = added.last else {
            Issue.record("expected TimerChanged then ActivityUpdated, got \(added)")
            return
        }
        #expect(changed == updated)
        #expect(updated["phase_name"] == .string("Work"))
        #expect(updated["round"] == .uint32(2))
        #expect(updated["remaining_usec"] == .uint64(90 * s))  // 30 s of Work were left, plus 60
        #expect(updated["ends_at_usec"] == .uint64(t0 + 160 * s))
        #expect(updated["total_usec"] == .uint64(180 * s))
        #expect(updated["total_remaining_usec"] == .uint64(110 * s))
        #expect(e.nextDeadline(now: t0 + 70 * s) == t0 + 160 * s)
        // Only this phase grew: Rest still lasts 20 s, and the timer ends at 180 s.
        e.advance(to: t0 + 160 * s)
        #expect(e.activityState(at: t0 + 160 * s)["phase_name"] == .string("Rest"))
        #expect(e.activityState(at: t0 + 160 * s)["remaining_usec"] == .uint64(20 * s))
        e.advance(to: t0 + 180 * s)
        #expect(e.events.contains(.timerFinished(owner: "gym", at: t0 + 180 * s)))
    }

    @Test func aPausedTimerStaysPausedWithMoreLeft() throws {
        var e = engine()
        try e.startTimer(owner: "a", title: "Tea", phases: [.init(name: "Tea", seconds: 120)], rounds: 1, now: t0)
        try e.pauseTimer(owner: "a", now: t0 + 100 * s)
        try e.extendTimer(owner: "a", seconds: 60, now: t0 + 500 * s)
        let st = e.activityState(at: t0 + 600 * s)
        #expect(st["status"] == .string("paused"))
        #expect(st["remaining_usec"] == .uint64(80 * s))
        #expect(st["progress"] == .double(100.0 / 180.0))
        try e.resumeTimer(owner: "a", now: t0 + 1000 * s)
        #expect(e.nextDeadline(now: t0 + 1000 * s) == t0 + 1080 * s)
    }

    @Test func theStateSurvivesARestart() throws {
        var e = engine()
        try e.startTimer(owner: "a", title: "Tea", phases: [.init(name: "Tea", seconds: 120)], rounds: 1, now: t0)
        try e.extendTimer(owner: "a", seconds: 30, now: t0 + 10 * s)
        let stored = try JSONEncoder().encode(e.state)
        let restored = Engine(state: try JSONDecoder().decode(IsletState.self, from: stored), localTime: .utc)
        #expect(restored.nextDeadline(now: t0 + 20 * s) == t0 + 150 * s)
    }

    @Test func limitsAndErrors() throws {
        var e = engine()
        #expect(throws: IsletError.unknownTimer("no timer for owner \"a\"")) { try e.extendTimer(owner: "a", seconds: 60, now: t0) }
        try e.startTimer(owner: "a", title: "Tea", phases: [.init(name: "Tea", seconds: 120)], rounds: 1, now: t0)
        #expect(throws: IsletError.self) { try e.extendTimer(owner: "a", seconds: 0, now: t0) }
        #expect(throws: IsletError.self) { try e.extendTimer(owner: "a", seconds: 86401, now: t0) }
        #expect(throws: IsletError.self) { try e.extendTimer(owner: "", seconds: 60, now: t0) }
        for _ in 0..<6 { try e.extendTimer(owner: "a", seconds: 86400, now: t0) }
        // 120 s + 6 days: one more day would pass the 7-day total.
        #expect(throws: IsletError.self) { try e.extendTimer(owner: "a", seconds: 86400, now: t0) }
        // A finished timer is gone: nothing to extend.
        e.advance(to: t0 + 7 * 86400 * s)
        #expect(throws: IsletError.self) { try e.extendTimer(owner: "a", seconds: 60, now: t0 + 7 * 86400 * s) }
    }
}

@Suite struct LiveActivities {
    @Test("Activity Ownership Transfer; New Activity Wins") func newestProducerWinsAndHandBack() throws {
        var e = engine(goal: 57600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        try e.startTimer(
            owner: "med", title: "Meditation", phases: [.init(name: "Phase 1", seconds: 300), .init(name: "Phase 2", seconds: 600)], rounds: 1, now: t0 + s)
        #expect(e.state.activity?.owner == "med")
        #expect(e.ended == [.replaced])
        try e.stopTimer(owner: "med", now: t0 + 2 * s)
        #expect(e.state.activity?.owner == "fasting")  // handed back
        #expect(e.startedOwners == ["fasting", "med", "fasting"])
    }

    @Test("Ownership Tracking; Owner Identification") func ownershipTransferAndNotOwner() throws {
        var e = engine()
        let id = try e.startCustomActivity(
            owner: "app.one", attributes: ["title": .string("Delivery")], state: ["status": .string("running")], sender: ":1.5", now: t0)
        #expect(!id.isEmpty)
        #expect(throws: IsletError.notOwner("\"app.two\" does not own the current activity")) {
            try e.updateCustomActivity(owner: "app.two", state: [:], now: t0)
        }
        try e.updateCustomActivity(owner: "app.one", state: ["status": .string("paused")], now: t0)
        _ = try e.startCustomActivity(owner: "app.two", attributes: ["title": .string("Ride")], state: [:], sender: ":1.6", now: t0)
        #expect(e.state.activity?.owner == "app.two")
        #expect(throws: IsletError.self) { try e.endActivity(owner: "app.one", now: t0) }
        try e.endActivity(owner: "app.two", now: t0)
        #expect(e.state.activity == nil)  // custom activities are gone for good
    }

    @Test func updateOfAComputedActivityIsInvalidState() throws {
        var e = engine()
        try e.startTimer(owner: "t", title: "T", phases: [.init(name: "T", seconds: 60)], rounds: 1, now: t0)
        #expect(throws: IsletError.invalidState("a timer's activity is computed by the service; it cannot be updated")) {
            try e.updateCustomActivity(owner: "t", state: [:], now: t0)
        }
        #expect(throws: IsletError.self) {
            try e.startCustomActivity(owner: "t", attributes: ["title": .string("x")], state: [:], sender: ":1.1", now: t0)
        }
    }

    @Test func endDismissesATimerUntilStartedAgain() throws {
        var e = engine()
        try e.startTimer(owner: "a", title: "A", phases: [.init(name: "A", seconds: 600)], rounds: 1, now: t0)
        try e.startTimer(owner: "b", title: "B", phases: [.init(name: "B", seconds: 600)], rounds: 1, now: t0 + s)
        try e.endActivity(owner: "b", now: t0 + 2 * s)
        #expect(e.state.activity?.owner == "a")
        try e.stopTimer(owner: "a", now: t0 + 3 * s)
        #expect(e.state.activity == nil)  // b keeps running, dismissed
        #expect(e.state.timers["b"] != nil)
    }

    @Test("Authorization Check; Not Authorized; Authorization Changed") func enabledOffAndOn() throws {
        var e = engine()
        try e.startTimer(owner: "a", title: "A", phases: [.init(name: "A", seconds: 600)], rounds: 1, now: t0)
        e.setEnabled(false, now: t0 + s)
        #expect(e.ended == [.disabled])
        #expect(try e.startCustomActivity(owner: "x", attributes: ["title": .string("X")], state: [:], sender: ":1.2", now: t0) == "")
        try e.pauseTimer(owner: "a", now: t0 + 2 * s)
        #expect(e.state.activity == nil)
        e.setEnabled(true, now: t0 + 3 * s)
        #expect(e.state.activity?.owner == "a")
    }

    @Test("Activity End (App Termination)") func ownerVanished() throws {
        var e = engine()
        _ = try e.startCustomActivity(
            owner: "shell", attributes: ["title": .string("X"), "ends_with_owner": .bool(false)], state: [:], sender: ":1.9", now: t0)
        e.senderVanished(":1.9", now: t0)
        #expect(e.state.activity != nil)
        _ = try e.startCustomActivity(owner: "app", attributes: ["title": .string("Y")], state: [:], sender: ":1.10", now: t0)
        e.senderVanished(":1.10", now: t0)
        #expect(e.ended.last == .ownerVanished)
    }

    /// Contract 1.2, ActivityKit's dismissalPolicy: Finish shows the final state for as long as
    /// the policy says, outliving its owner's connection, then ends `completed`.
    @Test func finishWithEachDismissalPolicy() throws {
        func started() throws -> Engine {
            var e = engine()
            _ = try e.startCustomActivity(owner: "build", attributes: ["title": .string("Build")], state: [:], sender: ":1.3", now: t0)
            return e
        }
        var e = try started()
        try e.finishCustomActivity(owner: "build", state: ["phase_name": .string("Done in 0:05")], dismissal: "default", dismissAt: 0, now: t0)
        #expect(e.activityState(at: t0)["status"] == .string("completed"), "status completed unless said otherwise")
        #expect(e.nextDeadline(now: t0) == t0 + 5 * s, "LingerSeconds (5)")
        e.senderVanished(":1.3", now: t0 + s)
        #expect(e.state.activity != nil, "it outlives its owner's connection")
        #expect(throws: IsletError.invalidState("\"build\"'s activity has finished; start a new one")) {
            try e.updateCustomActivity(owner: "build", state: [:], now: t0 + s)
        }
        e.advance(to: t0 + 5 * s)
        #expect(e.state.activity == nil && e.ended == [.completed])

        e = try started()
        try e.finishCustomActivity(owner: "build", state: [:], dismissal: "immediate", dismissAt: 0, now: t0)
        #expect(e.state.activity == nil && e.ended == [.completed])

        e = try started()
        try e.finishCustomActivity(owner: "build", state: [:], dismissal: "at", dismissAt: t0 + 3600 * s, now: t0)
        e.advance(to: t0 + 3599 * s)
        #expect(e.state.activity != nil)
        e.advance(to: t0 + 3600 * s)
        #expect(e.state.activity == nil)

        e = try started()
        for (dismissal, at) in [("at", t0), ("at", t0 + 4 * 3600 * s + 1), ("later", UInt64(0)), ("default", t0 + s)] {
            #expect(throws: IsletError.self, "\(dismissal) \(at)") {
                try e.finishCustomActivity(owner: "build", state: [:], dismissal: dismissal, dismissAt: at, now: t0)
            }
        }
        #expect(throws: IsletError.notOwner("\"other\" does not own the current activity")) {
            try e.finishCustomActivity(owner: "other", state: [:], dismissal: "default", dismissAt: 0, now: t0)
        }
        try e.endActivity(owner: "build", now: t0)
        #expect(e.ended == [.stopped], "End stays what it was")
    }

    /// Contract 1.2, ActivityKit's staleDate: at `stale_at_usec` the service says `stale` once,
    /// with one wake-up and one update; a fresh update with a later stale time is fresh again.
    @Test func staleOnceAtItsTime() throws {
        var e = engine()
        _ = try e.startCustomActivity(
            owner: "delivery", attributes: ["title": .string("Parcel")], state: ["stale_at_usec": .uint64(t0 + 60 * s), "stale": .bool(true)],
            sender: ":1.4", now: t0)
        #expect(e.activityState(at: t0)["stale"] == nil, "a caller cannot say stale")
        #expect(e.nextDeadline(now: t0) == t0 + 60 * s)
        let mark = e.events.count
        e.advance(to: t0 + 60 * s)
        e.advance(to: t0 + 61 * s)
        let updates = e.events.dropFirst(mark).compactMap { if case .activityUpdated(_, let state) = $0 { state } else { nil } }
        #expect(updates.count == 1 && updates.first?["stale"] == .bool(true))
        #expect(e.nextDeadline(now: t0 + 61 * s) == nil, "nothing more to wake for")
        try e.updateCustomActivity(owner: "delivery", state: ["stale_at_usec": .uint64(t0 + 600 * s)], now: t0 + 62 * s)
        #expect(e.activityState(at: t0 + 62 * s)["stale"] == nil && e.nextDeadline(now: t0 + 62 * s) == t0 + 600 * s)
    }

    /// Contract 1.2, ActivityKit's AlertConfiguration: `alert` rides on its own update's signal
    /// and is never kept (a later Get, a restarted listener, does not alert again).
    @Test func alertBelongsToItsUpdateAlone() throws {
        var e = engine()
        _ = try e.startCustomActivity(owner: "ride", attributes: ["title": .string("Ride")], state: [:], sender: ":1.5", now: t0)
        let mark = e.events.count
        try e.updateCustomActivity(owner: "ride", state: ["phase_name": .string("Arriving"), "alert": .bool(true)], now: t0 + s)
        let update = e.events.dropFirst(mark).compactMap { if case .activityUpdated(_, let state) = $0 { state } else { nil } }.first
        #expect(update?["alert"] == .bool(true) && update?["phase_name"] == .string("Arriving"))
        #expect(e.activityState(at: t0 + s)["alert"] == nil && e.activityState(at: t0 + s)["phase_name"] == .string("Arriving"))
    }

    @Test func customDictionariesAreBounded() {
        var e = engine()
        let bad: [ActivityState] = [
            ["status": .string("flying")], ["progress": .double(1.5)], ["progress": .double(.nan)],
            ["ends_at_usec": .string("soon")], ["bad key": .bool(true)], ["": .bool(true)],
            ["k": .string(String(repeating: "x", count: 1025))],
            Dictionary(uniqueKeysWithValues: (0..<33).map { ("k\($0)", ActivityValue.bool(true)) }),
        ]
        for state in bad {
            #expect(throws: IsletError.self, "\(state.keys)") {
                try e.startCustomActivity(owner: "o", attributes: ["title": .string("T")], state: state, sender: ":1.1", now: t0)
            }
        }
        #expect(throws: IsletError.self) { try e.startCustomActivity(owner: "o", attributes: [:], state: [:], sender: ":1.1", now: t0) }
    }
}
