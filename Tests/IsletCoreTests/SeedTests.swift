import IsletCore
import Testing

/// The seed requirements below the bus, one test each, named after them (the fasting tracker
/// FR-001 ... FR-006, the daily fast goal DFG-001 ... DFG-005, the Dynamic Island DI-001 ...
/// DI-007): the rules in `Engine` and what every front end shows (`ActivityView`, `Format`).
/// Persistence (FR-006, DFG-005) is in IsletStoreTests; the same requirements through the bus
/// are in IsletServiceTests/SeedTests.swift.
@Suite struct SeedRules {
    func view(_ e: Engine, at now: USec, unit: DisplayUnit = .seconds) throws -> ActivityView {
        let activity = try #require(e.state.activity)
        let snapshot = ActivitySnapshot(id: activity.id, owner: activity.owner, attributes: activity.attributes, state: e.activityState(at: now))
        return ActivityView(snapshot, now: now, unit: unit)
    }

    @Test func FR001_startFast() throws {
        var e = engine()
        let fast = try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        #expect(fast.startedAt == t0)
        #expect(e.state.fast?.startedAt == t0)
        #expect(throws: IsletError.self) { try e.startFast(at: nil, now: t0 + s, latestCompletedEnd: 0) }
    }

    @Test func FR002_stopFast() throws {
        var e = engine()
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        let done = try e.stopFast(at: nil, now: t0 + 5400 * s)
        #expect(done.startedAt == t0 && done.endedAt == t0 + 5400 * s && done.duration == 5400 * s)
        #expect(e.history == [.insert(done)])
        #expect(e.state.fast == nil)
    }

    @Test func FR003_activeFastDisplay() throws {
        var e = engine(goal: 16 * 3600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        let v = try view(e, at: t0 + 3723 * s)
        #expect(v.elapsed == 3723)
        #expect(Format.hms(seconds: v.elapsed, padHours: true) == "01:02:03")
        // Timestamps, not a counter: a later moment gives the later time.
        #expect(try view(e, at: t0 + 3724 * s).elapsed == 3724)
    }

    @Test func FR004_inactiveStateDisplay() throws {
        var e = engine(goal: 16 * 3600)
        #expect(e.state.fast == nil && e.state.activity == nil)
        #expect(throws: IsletError.self) { try e.stopFast(at: nil, now: t0) }
        #expect(Format.hms(seconds: 0, padHours: true) == "00:00:00")
    }

    @Test func FR005_historyRecordsStartEndAndDuration() throws {
        var e = engine()
        for day: UInt64 in 0..<3 {
            try e.startFast(at: nil, now: t0 + day * 86_400 * s, latestCompletedEnd: 0)
            try e.stopFast(at: nil, now: t0 + day * 86_400 * s + (10 + day) * 3600 * s)
        }
        let inserted = e.history.compactMap { if case .insert(let f) = $0 { f } else { nil } }
        #expect(inserted.map(\.duration) == [10, 11, 12].map { $0 * 3600 * s })
        #expect(Format.duration(seconds: inserted[1].duration / s) == "11 hours")
    }

    @Test func FR006_aRunningFastIsStateRestoredFromItsStart() throws {
        var e = engine(goal: 16 * 3600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        // The service stores the state and reloads it; the engine resumes from timestamps.
        var restored = Engine(state: e.state, localTime: .utc)
        restored.advance(to: t0 + 10 * 3600 * s)
        #expect(restored.state.fast?.startedAt == t0)
        #expect(try view(restored, at: t0 + 10 * 3600 * s).elapsed == 10 * 3600)
    }

    @Test func DFG001_setAndModifyTheDailyGoal() throws {
        var e = engine()
        try e.setDailyGoal(57_600)
        #expect(e.state.settings.goalSeconds == 57_600)
        try e.setDailyGoal(64_800)
        #expect(e.state.settings.goalSeconds == 64_800)
    }

    @Test func DFG002_goalInputMethods() throws {
        #expect(Format.parseDuration("16h") == 57_600)
        #expect(Format.parseDuration("16h30m") == 59_400)
        #expect(Format.parseDuration("16:30") == 59_400)
        #expect(Format.parseDuration("90m") == 5_400)
        var e = engine()
        try e.setDailyGoal(60)
        try e.setDailyGoal(7 * 86_400)
        #expect(throws: IsletError.self) { try e.setDailyGoal(59) }
        #expect(throws: IsletError.self) { try e.setDailyGoal(7 * 86_400 + 1) }
    }

    @Test func DFG003_predefinedGoalSuggestions() {
        // The seed's four first, in its order; issue 45's shorter and longer ones after them.
        let seeds = Presets.all.prefix(4)
        #expect(seeds.map(\.goalSeconds) == [14, 16, 18, 20].map { $0 * 3600 })
        #expect(seeds.map(\.schedule) == ["14:10", "16:8", "18:6", "20:4"])
        #expect(Presets.all.dropFirst(4).map(\.goalSeconds) == [12, 13, 24, 36, 48, 72].map { $0 * 3600 })
        #expect(
            seeds.map(\.description) == [
                "A gentle start to time-restricted eating.",
                "A popular choice, may aid weight management and blood sugar control.",
                "A longer fast, potentially enhancing fat burning and focus.",
                "An extended daily fast.",
            ])
    }

    @Test func DFG004_countdownTimerDisplay() throws {
        var e = engine(goal: 16 * 3600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        let at = t0 + (12 * 3600 + 47 * 60 + 51) * s
        let v = try view(e, at: at)
        let threeHoursTwelveNine: UInt64 = 3 * 3600 + 12 * 60 + 9
        #expect(v.remaining == threeHoursTwelveNine)
        #expect(Format.goalIn(seconds: v.remaining ?? 0) == "Goal in 03:12:09")
        #expect(v.elapsed == 12 * 3600 + 47 * 60 + 51)
        e.advance(to: t0 + 16 * 3600 * s)
        let reached = try view(e, at: t0 + 16 * 3600 * s + s)
        #expect(reached.status == .goalReached)
        #expect(e.goalReachedCount == 1)
        // No goal: no countdown, and no activity to show one.
        var none = engine()
        try none.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        #expect(none.state.activity == nil)
    }

    @Test func DFG005_theGoalIsPartOfTheStoredState() throws {
        var e = engine()
        try e.setDailyGoal(18 * 3600)
        var reloaded = Engine(state: e.state, localTime: .utc)
        try reloaded.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        #expect(reloaded.state.fast?.goalSeconds == 18 * 3600 as UInt64)
    }

    @Test func DI001_startLiveActivityOnlyWithAGoal() throws {
        var without = engine()
        try without.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        #expect(without.startedOwners.isEmpty)
        var with = engine(goal: 16 * 3600)
        try with.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        #expect(with.startedOwners == ["fasting"])
    }

    @Test func DI002_compactContent() throws {
        var e = engine(goal: 16 * 3600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        let v = try view(e, at: t0 + (12 * 3600 + 47 * 60 + 51) * s, unit: .minutes)
        // The next whole minute remaining, with its units: "3:13" would read as a timer's MM:SS.
        #expect(v.timeText == "3 h 13 min")
        // It changes at least every minute: the next change is within one.
        #expect(try #require(v.nextChange) <= t0 + (12 * 3600 + 48 * 60 + 51) * s)
    }

    @Test func DI003_expandedContent() throws {
        var e = engine(goal: 16 * 3600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        let v = try view(e, at: t0 + 3600 * s)
        #expect(v.title == "Fasting Goal")
        #expect(v.timeText == "15:00:00")
        #expect(v.elapsed == 3600)
        #expect(Format.goal(seconds: v.goalSeconds) == "Goal: 16 hours")
    }

    @Test func DI004_goalReachedState() throws {
        var e = engine(goal: 3600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        e.advance(to: t0 + 3600 * s)
        #expect(try view(e, at: t0 + 3600 * s).status == .goalReached)
        #expect(e.nextDeadline(now: t0 + 4000 * s) == nil)  // stays until the fast stops
        try e.setGoalReachedLinger(30, now: t0 + 4000 * s)
        e.advance(to: t0 + 4000 * s + 30 * s)
        #expect(e.state.activity == nil && e.ended == [.completed])
        #expect(e.state.fast != nil)
    }

    @Test func DI005_endLiveActivityOnStop() throws {
        var e = engine(goal: 16 * 3600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        try e.stopFast(at: nil, now: t0 + 3600 * s)
        #expect(e.state.activity == nil)
        #expect(e.ended == [.stopped])
    }

    @Test func DI006_optionA_theFastKeepsItsGoal_optionB_retarget() throws {
        var e = engine(goal: 16 * 3600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        try e.setDailyGoal(20 * 3600)
        #expect(e.state.fast?.goalSeconds == 16 * 3600 as UInt64)  // A
        try e.setActiveFastGoal(18 * 3600, now: t0 + 3600 * s)
        #expect(e.state.fast?.goalSeconds == 18 * 3600 as UInt64)  // B
        #expect(try view(e, at: t0 + 3600 * s).remaining == 17 * 3600)
    }

    @Test func DI007_aMachineThatSleptWakesToTheRightState() throws {
        var e = engine(goal: 16 * 3600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        let id = try #require(e.state.activity?.id)
        // Terminated for a day: restored and advanced, the same activity shows goal reached once.
        var restored = Engine(state: e.state, localTime: .utc)
        restored.advance(to: t0 + 24 * 3600 * s)
        #expect(restored.state.activity?.id == id)
        #expect(restored.goalReachedCount == 1)
        #expect(try view(restored, at: t0 + 24 * 3600 * s).status == .goalReached)
    }
}
