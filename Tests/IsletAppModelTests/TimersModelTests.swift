import IsletAppModel
import IsletCore
import Testing

/// The app's Timers page: the Live Activities spec's tabs, each its own owner (LA "Activity
/// Ownership Transfer", "Pause State Display", "Phase Transition Update", "Timer Format").
@Suite struct TimersModelTests {
    static let s: UInt64 = 1_000_000
    static let t0: UInt64 = 1_795_600_000 * s

    func timer(_ plan: TimersModel.Plan, startedAt: USec = t0) -> CountdownTimer {
        CountdownTimer(owner: plan.kind.owner, title: plan.title, phases: plan.phases, rounds: plan.rounds, startedAt: startedAt, sequence: 1)
    }

    func activity(_ timer: CountdownTimer, now: USec) -> ActivitySnapshot {
        ActivitySnapshot(
            id: "a1", owner: timer.owner, attributes: ["kind": .string("timer"), "title": .string(timer.title)], state: timer.state(at: now))
    }

    @Test func nothingRunningShowsEveryTabIdleAndAnEmptyIsland() {
        let page = TimersModel(timers: [], activity: nil, now: TimersModelTests.t0)
        #expect(page.cards.map(\.heading) == ["Countdown", "Meditation", "Workout"])
        #expect(page.cards.allSatisfy { $0.time == "Not running" && !$0.active && !$0.holdsIsland && $0.progress == nil })
        #expect(page.island == "Nothing is shown live.")
        #expect(page.nextChange == nil, "nothing counts: no wake-up")
    }

    @Test func timerFormatCountsDownInMMSSAndTheOwnerHoldsTheIsland() throws {
        let countdown = timer(.countdown(seconds: 300))
        let now = TimersModelTests.t0 + 28 * TimersModelTests.s + 300_000
        let page = TimersModel(timers: [(countdown.owner, countdown.state(at: now))], activity: activity(countdown, now: now), now: now)
        let card = try #require(page.cards.first)
        #expect(card.time == "04:32" && card.running && !card.paused && card.holdsIsland && card.pauseLabel == "Pause Countdown")
        #expect(card.detail == nil, "one phase: nothing to add")
        #expect(page.island == "Shown live: Countdown")
        #expect(page.nextChange == TimersModelTests.t0 + 29 * TimersModelTests.s, "the next whole second")
        #expect(abs((card.progress ?? 0) - 0.09) < 0.011)
    }

    @Test func activityOwnershipTransferTheNewestTabHoldsTheIsland() throws {
        let meditation = timer(TimersModel.Kind.meditation.presets[0])
        let workout = timer(TimersModel.Kind.workout.presets[1], startedAt: TimersModelTests.t0 + 60 * TimersModelTests.s)
        let now = TimersModelTests.t0 + 70 * TimersModelTests.s
        let page = TimersModel(
            timers: [(meditation.owner, meditation.state(at: now)), (workout.owner, workout.state(at: now))],
            activity: activity(workout, now: now), now: now)
        #expect(page.cards.map(\.holdsIsland) == [false, false, true])
        #expect(page.cards[1].running && page.cards[1].detail == "Settle · Phase 1/2" && page.cards[1].time == "00:50")
        #expect(page.cards[2].detail == "Work · Round 1/8" && page.cards[2].time == "00:30")
        #expect(page.island == "Shown live: Workout")
    }

    @Test func pauseStateDisplayFreezesTheTimeAndOffersResume() throws {
        var workout = timer(TimersModel.Kind.workout.presets[0])
        workout.pausedAt = TimersModelTests.t0 + 25 * TimersModelTests.s
        let later = TimersModelTests.t0 + 500 * TimersModelTests.s
        let page = TimersModel(timers: [(workout.owner, workout.state(at: later))], activity: nil, now: later)
        let card = page.cards[2]
        #expect(card.paused && !card.running && card.active && card.pauseLabel == "Resume Workout")
        #expect(card.time == "00:05" && card.detail == "Rest · Round 1/8 · Paused", "\(card)")
        #expect(page.nextChange == nil, "a paused timer wakes nothing")
    }

    @Test func anotherProgramOnTheIslandIsNamed() {
        let fast = ActivitySnapshot(
            id: "f", owner: "fasting", attributes: ["kind": .string("fast"), "title": .string("Fasting Goal")],
            state: ["status": .string("running"), "started_at_usec": .uint64(TimersModelTests.t0), "goal_usec": .uint64(57_600 * TimersModelTests.s)])
        #expect(TimersModel(timers: [], activity: fast, now: TimersModelTests.t0).island == "Shown live: Fasting Goal")
        // The countdown's owner started as "Tea" from the command line: its title, and whose it is.
        let tea = CountdownTimer(
            owner: "islet-app-countdown", title: "Tea", phases: [Phase(name: "Tea", seconds: 180)], rounds: 1, startedAt: TimersModelTests.t0,
            sequence: 1)
        #expect(TimersModel(timers: [], activity: activity(tea, now: TimersModelTests.t0), now: TimersModelTests.t0).island == "Shown live: Tea (Countdown)")
    }

    /// Contract 1.4: another program's activity on the island (a song) has a card of its own
    /// with the buttons it offers, named for the program; islet's own activities have none.
    @Test func aProgramsActivityHasACardWithItsButtons() {
        let (s, t0) = (TimersModelTests.s, TimersModelTests.t0)
        let song = ActivitySnapshot(
            id: "m1", owner: "mpris:mpv",
            attributes: ["kind": .string("custom"), "title": .string("mpv"), "source": .bool(true), "app_id": .string("mpv")],
            state: [
                "status": .string("running"), "title": .string("Tea Song"), "phase_name": .string("The Kettles"), "actions": .string("pause next"),
                "elapsed_usec": .uint64(62 * s), "updated_at_usec": .uint64(t0), "ends_at_usec": .uint64(t0 + 118 * s),
                "remaining_usec": .uint64(118 * s), "progress": .double(0.34),
            ])
        let page = TimersModel(timers: [], activity: song, now: t0)
        let card = page.program
        #expect(card?.activityID == "m1" && card?.appID == "mpv" && card?.name == "mpv" && card?.title == "Tea Song")
        #expect(card?.time == "01:58" && card?.detail == "The Kettles")
        #expect(card?.actions.map(\.word) == ["pause", "next"])
        #expect(card?.actions.map { $0.label("mpv") } == ["Pause mpv", "Next in mpv"])
        #expect(page.nextChange == t0 + s, "the song's time moves each second on the page")
        var paused = song
        paused.state["status"] = .string("paused")
        paused.state["actions"] = .string("resume next")
        let pausedCard = TimersModel(timers: [], activity: paused, now: t0).program
        #expect(pausedCard?.detail == "Paused · The Kettles" && pausedCard?.actions.first?.word == "resume")
        var ended = song
        ended.state["status"] = .string("completed")
        #expect(TimersModel(timers: [], activity: ended, now: t0).program?.actions == [], "an ended activity offers nothing")
        let tea = CountdownTimer(owner: "tea", title: "Tea", phases: [Phase(name: "Tea", seconds: 180)], rounds: 1, startedAt: t0, sequence: 1)
        #expect(TimersModel(timers: [], activity: activity(tea, now: t0), now: t0).program == nil, "a timer is a timer's card")
    }

    /// A timer another program runs (`islet timer start Tea 10m`, a script's) is a card of its
    /// own above the app's, by its title, with its controls and no plans; the one shown live
    /// comes first, so a click on its notification lands on it.
    @Test func otherProgramsTimersAreCardsAboveTheAppsTheLiveOneFirst() throws {
        let s = TimersModelTests.s
        let tea = CountdownTimer(
            owner: "islet", title: "Tea", phases: [Phase(name: "Tea", seconds: 600)], rounds: 1, startedAt: TimersModelTests.t0, sequence: 1)
        var eggs = CountdownTimer(
            owner: "kitchen", title: "Eggs", phases: [Phase(name: "Eggs", seconds: 420)], rounds: 1, startedAt: TimersModelTests.t0, sequence: 2)
        eggs.pausedAt = TimersModelTests.t0 + 60 * s
        let countdown = timer(.countdown(seconds: 300))
        let now = TimersModelTests.t0 + 90 * s + 500_000
        let page = TimersModel(
            timers: [(eggs.owner, eggs.state(at: now)), (countdown.owner, countdown.state(at: now)), (tea.owner, tea.state(at: now))],
            activity: activity(tea, now: now), now: now)
        #expect(page.others.map(\.heading) == ["Tea", "Eggs"], "the live one first")
        #expect(page.others.map(\.owner) == ["islet", "kitchen"] && page.others.allSatisfy { $0.kind == nil })
        let first = try #require(page.others.first)
        #expect(first.time == "08:30" && first.running && first.holdsIsland && first.pauseLabel == "Pause Tea", "\(first)")
        #expect(page.others[1].paused && page.others[1].time == "06:00" && page.others[1].pauseLabel == "Resume Eggs" && !page.others[1].holdsIsland)
        #expect(page.cards.map(\.heading) == ["Countdown", "Meditation", "Workout"], "the app's own stay as they were")
        #expect(page.cards[0].running && !page.cards[0].holdsIsland && page.cards[0].owner == "islet-app-countdown")
        #expect(page.island == "Shown live: Tea")
        #expect(page.nextChange == TimersModelTests.t0 + 91 * s, "the next whole second of either")
        #expect(TimersModel(timers: [(countdown.owner, countdown.state(at: now))], activity: nil, now: now).others.isEmpty)
    }

    @Test func presetsAreNamedForWhatTheyDo() {
        #expect(TimersModel.Kind.countdown.presets.map(\.label) == ["1 minute", "3 minutes", "5 minutes", "10 minutes", "25 minutes"])
        #expect(
            TimersModel.Kind.meditation.presets.map(\.label) == ["Settle 2 minutes · Sit 8 minutes", "Settle 5 minutes · Sit 15 minutes · Return 2 minutes"])
        #expect(TimersModel.Kind.workout.presets.map(\.label) == ["20 s work, 10 s rest × 8", "40 s work, 20 s rest × 8", "1 minute work, 30 s rest × 5"])
        let workout = TimersModel.Kind.workout.presets[1]
        #expect(workout.phases == [Phase(name: "Work", seconds: 40), Phase(name: "Rest", seconds: 20)] && workout.rounds == 8)
        #expect(TimersModel.Kind(owner: "islet-app-workout") == .workout && TimersModel.Kind(owner: "islet") == nil)
    }

    @Test func customPlansAreReadOrRefusedInWords() {
        #expect(TimersModel.customCountdown(" 4m30s ") == .plan(.countdown(seconds: 270)))
        #expect(TimersModel.customCountdown("soon") == .invalid("A countdown is 1 second to 7 days: write it like 4m30s, 90s or 1:30:00."))
        #expect(TimersModel.customCountdown("0s") != .plan(.countdown(seconds: 0)))
        guard case .plan(let meditation) = TimersModel.customMeditation("Body scan 3m, Sit 12m,Return 90s") else {
            Issue.record("not read")
            return
        }
        #expect(meditation.phases == [Phase(name: "Body scan", seconds: 180), Phase(name: "Sit", seconds: 720), Phase(name: "Return", seconds: 90)])
        for bad in ["", "Sit", "12m", "Sit 12m, ", "Sit forever"] {
            #expect(TimersModel.customMeditation(bad) != .plan(.meditation([])), "\(bad)")
            if case .plan = TimersModel.customMeditation(bad) { Issue.record("\(bad) read as a plan") }
        }
        #expect(TimersModel.customWorkout(work: "45s", rest: "15s", rounds: " 10") == .plan(.workout(work: 45, rest: 15, rounds: 10)))
        for (w, r, n) in [("45s", "15s", "0"), ("45s", "15s", "101"), ("", "15s", "3"), ("45s", "x", "3"), ("45s", "15s", "three")] {
            if case .plan = TimersModel.customWorkout(work: w, rest: r, rounds: n) { Issue.record("\(w) \(r) \(n) read as a plan") }
        }
    }
}
