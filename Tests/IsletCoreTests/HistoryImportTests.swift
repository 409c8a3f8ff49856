import IsletCore
import Testing

/// ImportFasts' rules, pure: what is added, what is a duplicate, what is refused and why.
@Suite struct HistoryImportRules {
    let hour: UInt64 = 3600 * s
    func entry(_ from: UInt64, _ to: UInt64, goal: UInt64 = 0, note: String = "", rating: UInt8 = 0) -> HistoryImport.Entry {
        HistoryImport.Entry(startedAt: t0 + from * hour, endedAt: t0 + to * hour, goalSeconds: goal, note: note, rating: rating)
    }
    let history = [HistoryImport.Span(id: 7, startedAt: t0 + 10 * 3600 * s, endedAt: t0 + 20 * 3600 * s)]
    let now = t0 + 100 * 3600 * s

    func check(_ entries: [HistoryImport.Entry], running: USec? = nil) -> HistoryImport.Verdicts {
        HistoryImport.check(entries, history: history, runningSince: running, now: now, localTime: .utc)
    }

    @Test func newFastsAreAddedAndTheSameSpanAgainIsADuplicate() {
        let verdicts = check([entry(30, 40), entry(10, 20, note: "other note"), entry(50, 60), entry(30, 40)])
        #expect(verdicts.added == [0, 2])
        #expect(verdicts.duplicates == [1, 3])
        #expect(verdicts.refused.isEmpty)
    }

    @Test func anOverlapWithTheHistoryIsRefusedNamingTheFast() {
        let verdicts = check([entry(15, 25), entry(5, 11), entry(0, 10), entry(20, 22)])
        #expect(verdicts.added == [2, 3], "touching ends do not overlap")
        #expect(verdicts.refused.map(\.index) == [0, 1])
        #expect(verdicts.refused[0].reason == "it overlaps the fast from Tue 00:13 to Tue 10:13 (id 7)")
        #expect(verdicts.refused[0].otherEntry == 0)
    }

    @Test func entriesThatOverlapEachOtherAreRefusedNamingTheOther() {
        // In the file's order the later start comes first: the one that starts later is refused.
        let verdicts = check([entry(45, 50), entry(40, 46), entry(60, 70), entry(61, 62)])
        #expect(verdicts.added == [1, 2])
        #expect(
            verdicts.refused == [
                HistoryImport.Refusal(index: 0, reason: "it overlaps entry 2 of this import", otherEntry: 2),
                HistoryImport.Refusal(index: 3, reason: "it overlaps entry 3 of this import", otherEntry: 3),
            ])
    }

    @Test func badValuesAreRefusedWithTheirReason() {
        let verdicts = check([
            entry(40, 30), entry(90, 110), entry(30, 40, goal: 10), entry(41, 42, rating: 6), entry(43, 44, note: "a\u{1}b"),
            entry(45, 46, note: String(repeating: "x", count: 1001)), entry(47, 48, goal: 57600, note: "line one\nline two", rating: 5),
        ])
        #expect(verdicts.added == [6])
        #expect(
            verdicts.refused.map(\.reason) == [
                "a fast must start before it ends", "a fast cannot end in the future",
                "a goal must be 60 seconds to 7 days (604800 seconds), got 10", "a rating must be 1 to 5, or 0 for none, got 6",
                "a note must not contain control characters", "a note must be at most 1000 characters, got 1001",
            ])
    }

    @Test func aFastThatReachesIntoTheRunningOneIsRefused() {
        let verdicts = check([entry(30, 41), entry(30, 40)], running: t0 + 40 * hour)
        #expect(verdicts.added == [1])
        #expect(verdicts.refused.map(\.reason) == ["it overlaps the running fast, which started at Wed 06:13"])
    }

    @Test func aHistoryWhoseFastsOverlapStillFindsEveryOverlap() {
        // An older islet may have left a long fast that covers shorter ones.
        let spans = [
            HistoryImport.Span(id: 1, startedAt: t0, endedAt: t0 + 50 * hour),
            HistoryImport.Span(id: 2, startedAt: t0 + 10 * hour, endedAt: t0 + 11 * hour),
        ]
        let verdicts = HistoryImport.check([entry(30, 31), entry(60, 61)], history: spans, runningSince: nil, now: now, localTime: .utc)
        #expect(verdicts.refused.map(\.index) == [0] && verdicts.refused.first?.reason.hasSuffix("(id 1)") == true)
        #expect(verdicts.added == [1])
    }

    @Test func theEngineAddsAllOrNothing() throws {
        var e = Engine(state: IsletState(), localTime: .utc)
        let refused = try e.importFasts([entry(30, 40), entry(15, 25)], history: history, now: now, dryRun: false)
        #expect(refused.added == [0] && refused.refused.count == 1)
        #expect(e.history.isEmpty, "one refusal: nothing written")

        let dry = try e.importFasts([entry(30, 40, note: "hm", rating: 2), entry(50, 60)], history: history, now: now, dryRun: true)
        #expect(dry.added == [0, 1] && e.history.isEmpty)

        let first = e.state.nextFastID
        _ = try e.importFasts([entry(30, 40, note: "hm", rating: 2), entry(50, 60)], history: history, now: now, dryRun: false)
        #expect(
            e.history == [
                .insert(CompletedFast(id: first, startedAt: t0 + 30 * hour, endedAt: t0 + 40 * hour, goalSeconds: 0)),
                .annotate(id: first, note: "hm", rating: 2),
                .insert(CompletedFast(id: first + 1, startedAt: t0 + 50 * hour, endedAt: t0 + 60 * hour, goalSeconds: 0)),
            ])
        #expect(e.state.nextFastID == first + 2)
    }

    @Test func aNoteIsCheckedAndNeedsAFast() throws {
        var e = Engine(state: IsletState(), localTime: .utc)
        let fast = CompletedFast(id: 3, startedAt: t0, endedAt: t0 + hour, goalSeconds: 0)
        #expect(throws: IsletError.unknownFast("no fast with id 4 in the history")) {
            try e.setFastNote(id: 4, note: "x", rating: 1, existing: nil)
        }
        #expect(throws: IsletError.invalidArgument("a rating must be 1 to 5, or 0 for none, got 9")) {
            try e.setFastNote(id: 3, note: "x", rating: 9, existing: fast)
        }
        try e.setFastNote(id: 3, note: "Tired by noon.\tFine later.", rating: 3, existing: fast)
        #expect(e.history == [.annotate(id: 3, note: "Tired by noon.\tFine later.", rating: 3)])
    }
}

/// ListDays' rule: each local day's share of the fasts.
@Suite struct FastingDayTotals {
    let hour: UInt64 = 3600 * s

    @Test func aFastAcrossMidnightCountsOnBothDaysByTheHoursInEach() {
        // 2026-11-20 20:00 to 2026-11-21 12:30 UTC, in UTC and in UTC+1.
        let start: USec = 1_795_204_800 * s
        let span = FastingDays.Span(startedAt: start, endedAt: start + 16 * hour + 1800 * s, metGoal: true)
        let firstDay = LocalTime.utc.local(start).day
        let utc = FastingDays.days([span], firstDay: firstDay - 1, count: 4, localTime: .utc)
        #expect(utc.map(\.fastedUSec) == [0, 4 * hour, 12 * hour + 1800 * s, 0])
        #expect(utc.map(\.goalMet) == [false, false, true, false], "the day it ended")
        #expect(utc[1].startsAt == start - 20 * hour)
        let plusOne = LocalTime { _ in 3600 }
        let shifted = FastingDays.days([span], firstDay: firstDay, count: 2, localTime: plusOne)
        #expect(shifted.map(\.fastedUSec) == [3 * hour, 13 * hour + 1800 * s])
        #expect(shifted[0].startsAt == start - 21 * hour)
    }

    @Test func aDayOfTwentyThreeHoursAcrossTheClockChange() {
        // A zone that moves from UTC+1 to UTC+2 at 2026-03-29 01:00 UTC (Central Europe).
        let change: USec = 1_774_746_000 * s
        let zone = LocalTime { $0 < change ? 3600 : 7200 }
        let day = zone.local(change).day
        let midnight = FastingDays.midnight(of: day, in: zone)
        let next = FastingDays.midnight(of: day + 1, in: zone)
        #expect(next - midnight == 23 * hour)
        // A fast over the whole day counts its 23 hours.
        let all = FastingDays.Span(startedAt: midnight - hour, endedAt: next + hour, metGoal: false)
        let days = FastingDays.days([all], firstDay: day, count: 1, localTime: zone)
        #expect(days.map(\.fastedUSec) == [23 * hour])
    }

    @Test func fastsOutsideTheDaysAreLeftOut() {
        let start: USec = 1_795_204_800 * s
        let day = LocalTime.utc.local(start).day
        let spans = [
            FastingDays.Span(startedAt: start - 100 * hour, endedAt: start - 90 * hour, metGoal: true),
            FastingDays.Span(startedAt: start + 1 * hour, endedAt: start + 2 * hour, metGoal: false),
        ]
        let days = FastingDays.days(spans, firstDay: day, count: 1, localTime: .utc)
        #expect(days.map(\.fastedUSec) == [hour] && days.map(\.goalMet) == [false])
    }
}
