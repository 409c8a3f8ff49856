import IsletAppModel
import IsletCore
import Testing

/// The app's Fast page for every state of a fast (FR-001 to FR-004, DFG-004).
@Suite struct FastModelTests {
    static let s: UInt64 = 1_000_000
    static let start: UInt64 = 1_795_600_000 * s

    @Test func fr001InactiveShowsZeroAndAStartButton() {
        let page = FastModel(.init(fasting: false, startedAt: 0, goalSeconds: 0, dailyGoalSeconds: 16 * 3600), now: FastModelTests.start)
        #expect(page.elapsed == "00:00:00")
        #expect(page.hint == "Press Start to begin a fast.")
        #expect(page.buttonLabel == "Start Fast" && !page.buttonStops)
        #expect(page.goalLabel == "Goal: 16 hours")
        #expect(page.goalLine == nil && page.progress == nil && page.nextChange == nil, "nothing counts: no wake-up")
    }

    /// Before isletd has answered, the page claims nothing: a running fast must not read as
    /// "00:00:00 · Press Start" for the moment the app takes to ask.
    @Test func beforeIsletdAnswersNothingIsSaidOfAFast() {
        let page = FastModel.unknown
        #expect(page.elapsed.isEmpty && page.goalLine == nil && page.hint == nil && page.eatingLine == nil)
        #expect(page.goalLabel.isEmpty && page.startedWhen == nil && page.progress == nil && page.dayProgress == nil)
        #expect(page.ringDescription == "Reading the fast")
        #expect(page.nextChange == nil, "nothing to count")
        #expect(page != FastModel(.notFasting, now: FastModelTests.start))
    }

    @Test func fr002RunningCountsEachSecondTowardsTheGoal() {
        let facts = FastModel.Facts(fasting: true, startedAt: FastModelTests.start, goalSeconds: 16 * 3600, dailyGoalSeconds: 16 * 3600)
        let page = FastModel(facts, now: FastModelTests.start + (3 * 3600 + 12 * 60 + 9) * FastModelTests.s + 400_000)
        #expect(page.elapsed == "03:12:09")
        #expect(page.goalLine == "Goal in 12:47:51")
        #expect(page.buttonLabel == "Stop Fast" && page.buttonStops && page.hint == nil)
        #expect(page.nextChange == FastModelTests.start + (3 * 3600 + 12 * 60 + 10) * FastModelTests.s, "the next whole second")
        #expect(abs((page.progress ?? 0) - 11529.0 / 57600.0) < 1e-9)
    }

    @Test func dfg004GoalReachedAndNoGoal() {
        let reached = FastModel(
            .init(fasting: true, startedAt: FastModelTests.start, goalSeconds: 3600, dailyGoalSeconds: 0),
            now: FastModelTests.start + 3601 * FastModelTests.s)
        #expect(reached.goalLine == "Goal Reached!" && reached.goalReached && reached.progress == 1)
        #expect(reached.elapsed == "01:00:01")
        let none = FastModel(.init(fasting: true, startedAt: FastModelTests.start, goalSeconds: 0, dailyGoalSeconds: 0), now: FastModelTests.start)
        #expect(none.goalLine == nil && none.goalLabel == "No goal" && none.progress == nil && none.elapsed == "00:00:00")
        // Without a goal the ring still moves: through a day's 24 hours.
        let sixHours = FastModel(
            .init(fasting: true, startedAt: FastModelTests.start, goalSeconds: 0, dailyGoalSeconds: 0), now: FastModelTests.start + 6 * 3600 * FastModelTests.s)
        #expect(sixHours.dayProgress == 0.25 && sixHours.goalWhen == nil && sixHours.startedWhen != nil)
        // A clock set back before the start shows 0, never a wrapped number.
        let early = FastModel(
            .init(fasting: true, startedAt: FastModelTests.start, goalSeconds: 60, dailyGoalSeconds: 0), now: FastModelTests.start - 5 * FastModelTests.s)
        #expect(early.elapsed == "00:00:00" && early.goalLine == "Goal in 00:01:00")
    }
}

/// The app's Goal page (DFG-001 to DFG-003, DFG-005).
@Suite struct GoalModelTests {
    @Test func dfg001PresetsWithTheirDescriptionsAndTheCurrentOneMarked() {
        let page = GoalModel(presets: Presets.all, goalSeconds: 57600)
        #expect(
            page.presets.map(\.title) == [
                "14:10 · 14 hours", "16:8 · 16 hours", "18:6 · 18 hours", "20:4 · 20 hours", "12:12 · 12 hours", "13:11 · 13 hours",
                "OMAD · 1 day", "36 hours", "2 days", "3 days",
            ])
        #expect(page.presets[1].subtitle == "A popular choice, may aid weight management and blood sugar control.")
        #expect(page.presets.map(\.selected) == [false, true] + Array(repeating: false, count: 8))
        // A 36-hour goal is a preset now, not a custom one.
        #expect(!GoalModel(presets: Presets.all, goalSeconds: 36 * 3600).customSelected)
        #expect(page.current == "Goal: 16 hours" && !page.customSelected && !page.noGoalSelected)
    }

    @Test func dfg003CustomAndNoGoal() {
        let custom = GoalModel(presets: Presets.all, goalSeconds: 15 * 3600 + 30 * 60)
        #expect(custom.customSelected && custom.presets.allSatisfy { !$0.selected })
        #expect(custom.current == "Goal: 15 hours 30 minutes" && custom.customHours == 15 && custom.customMinutes == 30)
        let none = GoalModel(presets: Presets.all, goalSeconds: 0)
        #expect(none.noGoalSelected && !none.customSelected && none.current == "No goal")
        #expect(none.customHours == 16 && none.customMinutes == 0)
        #expect(GoalModel.customSeconds(hours: 0, minutes: 0) == nil)
        #expect(GoalModel.customSeconds(hours: 0, minutes: 1) == 60)
        #expect(GoalModel.customSeconds(hours: 168, minutes: 0) == 604_800)
        #expect(GoalModel.customSeconds(hours: 168, minutes: 1) == nil)
    }
}

/// The app's History page (FR-005).
@Suite struct HistoryModelTests {
    static let s: UInt64 = 1_000_000
    static let now: UInt64 = 1_795_635_000 * s  // Wed 2026-11-25 19:30 UTC

    @Test func fr005NewestFirstWithLengthAndGoal() {
        let fasts = [
            CompletedFast(
                id: 2, startedAt: HistoryModelTests.now - 20 * 3600 * HistoryModelTests.s, endedAt: HistoryModelTests.now - 3 * 3600 * HistoryModelTests.s,
                goalSeconds: 16 * 3600),
            CompletedFast(
                id: 1, startedAt: HistoryModelTests.now - 30 * 86400 * HistoryModelTests.s,
                endedAt: HistoryModelTests.now - (30 * 86400 - 14 * 3600) * HistoryModelTests.s, goalSeconds: 16 * 3600),
        ]
        let rows = [FastRecord(fast: fasts[0], note: "Hungry at 11.\nFine after.", rating: 4), FastRecord(fast: fasts[1])].map {
            HistoryModel.row($0, localTime: .utc, now: HistoryModelTests.now)
        }
        // Dates as people say them: the day named, today's and yesterday's by those words.
        #expect(rows[0].span == "Yesterday 23:30 – Today 16:30")
        #expect(rows[0].detail == "17 h · Goal met" && rows[0].goalMet)
        #expect(rows[0].note == "★★★★☆ Hungry at 11. …" && rows[0].noteText == "Hungry at 11.\nFine after." && rows[0].rating == 4)
        #expect(rows[1].span == "2026-10-26 19:30 – 2026-10-27 09:30")
        #expect(rows[1].detail == "14 h · Goal: 16 hours" && !rows[1].goalMet && rows[1].note.isEmpty)
        #expect(rows[0].deleteLabel == "Delete the fast of Yesterday 23:30")
        let page = HistoryModel(
            count: 2,
            statistics: ["count": 2, "total_usec": 31 * 3600 * HistoryModelTests.s, "goal_hits": 1, "current_streak_days": 1, "longest_streak_days": 1],
            days: [], localTime: .utc, now: HistoryModelTests.now)
        #expect(page.empty == nil)
        #expect(page.statistics.first == "Fasts: 2" && page.statistics[1] == "Total: 31 h")
        #expect(page.figures.first?.title == "Fasts" && page.figures.first?.value == "2" && page.figures[1].value == "31 h", "a row each: title, value")
        #expect(page.statistics.last == "Longest streak: 1 day")
    }

    /// FR-005's chart: the last four weeks, a bar a day (the hours fasted within that day, as
    /// isletd's ListDays counts them), against the daily goal; the fields an edit starts from,
    /// in the form a person types.
    @Test func fr005ChartOfTheLastFourWeeksAndEditForms() throws {
        let s = HistoryModelTests.s
        let now = HistoryModelTests.now
        let fasts = [
            // Tue 23:30 to Wed 16:30, 17 h, goal met; Tue 09:30 to 19:30, 10 h, goal missed; two on
            // Thursday night and Friday the 20th (8 h + 9 h); one 40 days ago, outside the chart.
            CompletedFast(id: 1, startedAt: now - 20 * 3600 * s, endedAt: now - 3 * 3600 * s, goalSeconds: 16 * 3600),
            CompletedFast(id: 2, startedAt: now - 34 * 3600 * s, endedAt: now - 24 * 3600 * s, goalSeconds: 16 * 3600),
            CompletedFast(id: 3, startedAt: now - (5 * 86400 + 20 * 3600) * s, endedAt: now - (5 * 86400 + 12 * 3600) * s, goalSeconds: 0),
            CompletedFast(id: 4, startedAt: now - (5 * 86400 + 11 * 3600) * s, endedAt: now - (5 * 86400 + 2 * 3600) * s, goalSeconds: 0),
            CompletedFast(id: 5, startedAt: now - 40 * 86400 * s, endedAt: now - (40 * 86400 - 16 * 3600) * s, goalSeconds: 0),
        ]
        let today = LocalTime.utc.local(now).day
        let days = FastingDays.days(
            fasts.map { FastingDays.Span(startedAt: $0.startedAt, endedAt: $0.endedAt, metGoal: $0.metGoal) }, firstDay: today - 27, count: 28,
            localTime: .utc)
        let page = HistoryModel(count: fasts.count, statistics: [:], days: days, localTime: .utc, now: now, goalSeconds: 16 * 3600)
        let chart = try #require(page.chart)
        #expect(chart.days.count == 28)
        #expect(chart.days.last?.hours == 16.5 && chart.days.last?.metGoal == true)
        #expect(chart.days[26].hours == 10.5 && chart.days[26].metGoal == false, "half an hour of the first fast, and the second")
        #expect(chart.days[22].hours == 16.5 && !chart.days[22].metGoal, "two fasts on the same day add up")
        #expect(chart.days[21].hours == 0.5)
        #expect(chart.days.map(\.hours).reduce(0, +) == 44, "the fast 40 days ago is not in it")
        #expect(chart.goalHours == 16 && chart.scaleHours == 16.5)
        #expect(chart.days[0].label == "2026-10-29" && chart.days[4].label == "2026-11-02" && chart.days[1].label == "", "dates on Mondays")
        #expect(chart.summary == "Hours fasted a day, the last four weeks: fasts on 4 days, the goal met on 1 day, the longest day 16 h 30 min.")
        let row = HistoryModel.row(FastRecord(fast: fasts[0]), localTime: .utc, now: now)
        #expect(row.startedAt == fasts[0].startedAt && row.endedAt == fasts[0].endedAt)
        #expect(row.editLabel == "Edit the fast of Yesterday 23:30")
        #expect(HistoryModel(count: 0, statistics: [:], days: days, localTime: .utc, now: now).chart == nil, "no chart without fasts")
    }

    @Test func fr005EmptyState() {
        let page = HistoryModel(count: 0, statistics: [:], days: [], localTime: .utc, now: HistoryModelTests.now)
        #expect(page.statistics.isEmpty)
        #expect(page.empty?.title == "No Fasts Yet")
        #expect(page.empty?.description == "A fast you stop is kept here. Earlier fasts can be added or imported.")
        #expect(page.emptyStatistics?.title == "No Statistics Yet")
        let one = HistoryModel(count: 1, statistics: ["count": 1], days: [], localTime: .utc, now: HistoryModelTests.now)
        #expect(one.empty == nil && one.emptyStatistics == nil)
    }

    /// DI-006 B: a running fast's goal is changed from the page; a fast not running has no
    /// such choice.
    @Test func di006TheRunningFastsGoalIsChosenOnThePage() {
        let facts = FastModel.Facts(fasting: true, startedAt: FastModelTests.start, goalSeconds: 16 * 3600, dailyGoalSeconds: 16 * 3600)
        let page = FastModel(facts, now: FastModelTests.start)
        #expect(page.goalChoices.map(\.label) == ["14 h", "16 h", "18 h", "20 h", "None"])
        #expect(page.goalChoices.map(\.selected) == [false, true, false, false, false])
        #expect(page.goalChoices[2].name == "This fast's goal: 18 hours" && page.goalChoices[2].seconds == 64800)
        #expect(page.goalChoices[4].seconds == 0 && page.goalChoices[4].name == "This fast without a goal")
        #expect(FastModel(.notFasting, now: FastModelTests.start).goalChoices.isEmpty)
    }

    /// FR-001 "I started 2 hours ago": the start time from how long ago; nonsense refused in words.
    @Test func fr001AFastStartedEarlier() {
        let now = FastModelTests.start
        #expect(FastModel.earlierStart("2h", now: now) == .at(now - 7200 * FastModelTests.s))
        #expect(FastModel.earlierStart(" 1h30m ", now: now) == .at(now - 5400 * FastModelTests.s))
        for bad in ["", "soon", "0m", "8d", "-2h"] {
            guard case .invalid(let words) = FastModel.earlierStart(bad, now: now) else {
                Issue.record("\(bad) was taken")
                continue
            }
            #expect(words.hasPrefix("Write how long ago"))
        }
    }
}

/// Issue 45 on the Fast page: the goal as a clock time, the ring in words, stages only when
/// asked, the eating window while not fasting.
@Suite struct FastModelIssue45 {
    static let s: UInt64 = 1_000_000
    /// 2026-11-26 19:00 UTC, 20:00 in UTC+1.
    static let start: UInt64 = 1_795_633_200 * s
    let zone = LocalTime { _ in 3600 }

    @Test func FR002_theRingAndTheGoalAtReadAcrossMidnight() {
        var facts = FastModel.Facts(fasting: true, startedAt: Self.start, goalSeconds: 16 * 3600, dailyGoalSeconds: 16 * 3600)
        let page = FastModel(facts, now: Self.start + (3 * 3600 + 12 * 60 + 9) * Self.s, zone: zone)
        #expect(page.goalWhen == "Tomorrow 12:00" && page.startedWhen == "Today 20:00", "under the ring, as people say them")
        #expect(page.ringDescription == "20 percent of the goal of 16 hours, 3 hours 12 minutes fasted")
        #expect(page.stageMarks.isEmpty && page.stageLine == nil, "stages are off unless asked")
        facts.showStages = true
        let staged = FastModel(facts, now: Self.start + 5 * 3600 * Self.s, zone: zone)
        #expect(staged.stageMarks == [0.25], "Catabolic at 4 h of 16; Fat burning at 16 h is the goal itself")
        #expect(staged.stageLine == "Stage: Catabolic · Fat burning at 12:00")
        #expect(staged.stageCaveat == "Stages are a rule of thumb, not medical advice; bodies differ.")
        let reached = FastModel(facts, now: Self.start + 17 * 3600 * Self.s, zone: zone)
        #expect(reached.goalWhen == "Today 12:00" && reached.ringDescription == "Goal reached, 17 hours fasted")
        #expect(reached.stageLine == "Stage: Fat burning · Ketosis at 20:00")
        facts.goalSeconds = 36 * 3600
        let long = FastModel(facts, now: Self.start, zone: zone).stageMarks
        let expected: [Double] = [4, 16, 24].map { $0 / 36 }
        #expect(long == expected)
    }

    @Test func FR001_notFastingShowsTheEatingWindow() {
        var facts = FastModel.Facts(fasting: false, startedAt: 0, goalSeconds: 0, dailyGoalSeconds: 16 * 3600)
        let now = Self.start - 4 * 3600 * Self.s  // 16:00 local
        #expect(FastModel(facts, now: now, zone: zone).hint == "Press Start to begin a fast.")
        facts.lastFastEnd = Self.start - (7 * 3600 + 57 * 60) * Self.s  // 12:03
        facts.schedule.enabled = true
        let page = FastModel(facts, now: now, zone: zone)
        #expect(page.eatingLine == "Eating · since 12:03 · next fast at 20:00")
        #expect(page.hint == nil && page.ringDescription == "Not fasting")
        // The large time counts the time since the last fast, as fasting apps do, by the minute.
        #expect(page.elapsed == "3 h 57 min" && page.goalLine == "Since the last fast" && page.nextChange == now + 60 * Self.s)
        facts.lastFastEnd = now - 3 * 86400 * Self.s
        let long = FastModel(facts, now: now, zone: zone)
        #expect(long.elapsed == "00:00:00" && long.goalLine == nil && long.nextChange == nil, "three days on, no eating window")
    }

    @Test func neutralModeHidesEveryStreakOnTheHistoryPage() {
        let stats: [String: UInt64] = ["count": 3, "current_streak_days": 2, "longest_streak_days": 3]
        let shown = HistoryModel(count: 3, statistics: stats, days: [], localTime: .utc, now: Self.start)
        #expect(shown.statistics.contains("Current streak: 2 days"))
        let neutral = HistoryModel(count: 3, statistics: stats, days: [], localTime: .utc, now: Self.start, neutral: true)
        #expect(!neutral.statistics.contains { $0.contains("streak") } && neutral.statistics.first == "Fasts: 3")
    }
}
