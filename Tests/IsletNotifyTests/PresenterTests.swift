import IsletCore
import Testing

@testable import IsletNotify

@Suite struct PresenterTests {
    let all = ServerCapabilities(["body", "actions", "body-markup"])
    let plain = ServerCapabilities(["body", "actions"])
    var standard: NotifySettings { NotifySettings() }
    var minimal: NotifySettings {
        var s = NotifySettings()
        s.style = .minimal
        return s
    }

    func show(_ a: ActivitySnapshot, at seconds: UInt64 = 0, _ settings: NotifySettings = NotifySettings(), caps: ServerCapabilities? = nil)
        -> Presentation
    {
        Presenter.present(
            a, now: (a.state["updated_at_usec"]?.uint64 ?? Sample.t0) + seconds * Sample.second,
            settings: settings, server: .named("dunst", caps ?? plain), localTime: .utc)
    }

    @Test func fastCountsDownInMinutesTowardItsGoal() {
        // 16 h goal, 12 h 47 min 51 s in: 3 h 12 min 9 s left, shown as 3 h 13 min (rounded
        // up), with the time fasted and the goal (DI-003); units, never "3:13" (issue 38).
        let p = show(Sample.fast(goal: 57600, elapsed: 46071))
        #expect(p.content.summary == "Fasting Goal")
        #expect(p.content.body == "Goal in 3 h 13 min\nFasted 12 h 47 min\nGoal: 16 hours\nGoal at 00:00 tomorrow")
        #expect(p.content.hints["value"] == .int32(79))
        #expect(p.content.actions.map(\.key) == ["stop-fast"])
        #expect(p.content.hints["x-dunst-stack-tag"] == .string("islet-activity"))
        #expect(p.content.hints["x-canonical-private-synchronous"] == .string("islet-activity"))
        #expect(p.content.expireTimeout == -1, "a fast's notification expires like any other")
        // The text next changes when 3:12 remain exactly.
        #expect(p.nextChange == Sample.t0 + (57600 - 192 * 60) * Sample.second)
    }

    @Test func theSamePresentationHoldsUntilTheMinuteTurns() {
        let fast = Sample.fast(goal: 57600, elapsed: 46071)
        let a = show(fast)
        let b = show(fast, at: 8)
        let c = show(fast, at: 10)
        #expect(a.content == b.content)
        #expect(c.content.body == "Goal in 3 h 12 min\nFasted 12 h 48 min\nGoal: 16 hours\nGoal at 00:00 tomorrow")
    }

    @Test func goalReached() {
        let p = show(Sample.fast(goal: 57600, elapsed: 57600 + 125, reached: true))
        #expect(p.content.summary == "Goal Reached!")
        #expect(p.content.body == "Fasted 16 h 2 min\nGoal: 16 hours\nGoal reached at 00:00")
        #expect(p.content.icon == NotifySettings().icons.goalReached)
        #expect(p.content.hints["value"] == .int32(100))
        #expect(p.isAlert)
    }

    @Test("Timer Format") func timerShowsMinutesAndSeconds() {
        let (a, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 28)
        let p = show(a)
        #expect(p.content.summary == "Tea")
        #expect(p.content.body == "14:32")
        #expect(p.content.actions.map(\.key) == ["pause", "extend", "stop"])
        #expect(p.content.actions.map(\.label) == ["Pause", "+1 min", "Stop"])
        #expect(p.nextChange == Sample.t0 + 29 * Sample.second)
        #expect(show(a, caps: all).content.body == "<b>14:32</b>")
    }

    @Test func aTwoMinuteTimerFirstShowsTwoMinutes() {
        let (a, _) = Sample.timer(phases: [Phase(name: "Eggs", seconds: 120)], elapsed: 0)
        #expect(show(a).content.body == "02:00")
        // 0.5 s in: still 02:00, rounded up.
        let half = Presenter.present(a, now: Sample.t0 + Sample.second / 2, settings: standard, server: .named("dunst", plain))
        #expect(half.content.body == "02:00")
    }

    @Test func aRunningCountdownWaitsForTheServiceToShowZero() {
        let (a, _) = Sample.timer(phases: [Phase(name: "Eggs", seconds: 120)], elapsed: 0)
        let late = show(a, at: 125)
        #expect(late.content.body == "00:01")
        #expect(late.nextChange == nil)
    }

    @Test func completedTimerShowsZero() {
        let (a, _) = Sample.timer(phases: [Phase(name: "Eggs", seconds: 120)], elapsed: 120, completed: true)
        let p = show(a)
        #expect(p.content.body == "00:00\nDone")
        #expect(p.isAlert)
        #expect(p.content.actions.isEmpty)
    }

    @Test("Expanded Display (Dynamic Island Tap)") func phasesAndRounds() {
        let (meditation, _) = Sample.timer(
            "Meditation", phases: [Phase(name: "Phase 1", seconds: 300), Phase(name: "Phase 2", seconds: 600)], elapsed: 60)
        #expect(show(meditation).content.body == "04:00\nPhase 1/2")
        let (workout, _) = Sample.timer(
            "Workout", phases: [Phase(name: "Work", seconds: 40), Phase(name: "Rest", seconds: 20)], rounds: 8,
            elapsed: 2 * 60 + 10)
        #expect(show(workout).content.body == "00:30\nWork · Round 3/8")
    }

    @Test("Pause State Display") func pausedTimerShowsAPauseMarkAndNeverTicks() {
        let (a, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 28, pausedFor: 50)
        let p = show(a)
        #expect(p.content.body == "❚❚ Paused · 14:32 left")
        #expect(p.content.actions.map(\.key) == ["resume", "extend", "stop"])
        #expect(p.nextChange == nil)
        #expect(show(a, at: 3600).content == p.content)
    }

    /// GNOME heads every notification with its app_name ("Unknown App" over a nameless one on
    /// 46 and later), and 46.0's lock screen threw on a nameless source and left the screen
    /// unlocked (seen on Ubuntu 24.04's 46.0, docs/DESKTOPS.md): the minimal style names itself
    /// there, and stays the time alone, nothing to tap.
    @Test func minimalStyleNamesItselfOnGnome() {
        let (five, _) = Sample.timer(phases: [Phase(name: "Focus", seconds: 300)], elapsed: 0)
        for version in ["43.9", "46.0", "51.0", ""] {
            let server = ServerProfile(name: "gnome-shell", version: version, capabilities: ServerCapabilities(["body", "actions", "persistence"]))
            let p = Presenter.present(five, now: Sample.t0, settings: minimal, server: server).content
            #expect(p.appName == "islet", "GNOME \(version)")
            #expect(p.summary == "5:00" && p.body == "" && p.icon == "" && p.actions.isEmpty)
            #expect(p.hints["desktop-entry"] == nil, "nothing opens the app from it")
        }
    }

    /// Plasma heads every popup, a nameless one with the sending program's name
    /// ("islet-notify" over the minimal style's time, seen on 6.7): there too the minimal style
    /// names itself, and is still the time alone with nothing to tap.
    @Test func minimalStyleNamesItselfOnPlasma() {
        let (five, _) = Sample.timer(phases: [Phase(name: "Focus", seconds: 300)], elapsed: 0)
        for version in ["5.27.5", "6.3.6", "6.7.4"] {
            let server = ServerProfile(name: "Plasma", version: version, capabilities: ServerCapabilities(["body", "body-markup", "actions", "persistence"]))
            let p = Presenter.present(five, now: Sample.t0, settings: minimal, server: server).content
            #expect(p.appName == "islet", "Plasma \(version)")
            #expect(p.summary == "5:00" && p.body == "" && p.icon == "" && p.actions.isEmpty)
            #expect(p.hints["desktop-entry"] == nil, "nothing opens the app from it")
        }
    }

    /// GNOME 46.0 says body-markup and shows the tags as text (seen on Ubuntu 24.04 as
    /// released): there islet's text goes plain; 46.1 and later keep their bold line.
    @Test func gnome46_0GetsPlainText() {
        let (tea, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 600)], elapsed: 30)
        let caps = ServerCapabilities(["body", "body-markup", "actions", "persistence"])
        let plain = Presenter.present(
            tea, now: Sample.t0, settings: NotifySettings(), server: ServerProfile(name: "gnome-shell", version: "46.0", capabilities: caps))
        #expect(!plain.content.body.contains("<b>") && plain.content.body.contains("min left"), "\(plain.content.body)")
        for version in ["43.9", "46.1", "48.7", "51.0"] {
            let bold = Presenter.present(
                tea, now: Sample.t0, settings: NotifySettings(), server: ServerProfile(name: "gnome-shell", version: version, capabilities: caps))
            #expect(bold.content.body.hasPrefix("<b>"), "GNOME \(version): \(bold.content.body)")
        }
    }

    @Test func minimalStyleIsTheTimeAlone() {
        let (five, _) = Sample.timer(phases: [Phase(name: "Focus", seconds: 300)], elapsed: 0)
        let p = show(five, minimal)
        // dunst's format makes the summary bold (and escapes markup in it): PRD-02 wants one
        // size, no emphasis, so there the time is the body.
        #expect(p.content.summary == "" && p.content.body == "5:00")
        let elsewhere = Presenter.present(five, now: Sample.t0, settings: minimal, server: .named("mako", plain))
        #expect(elsewhere.content.summary == "5:00" && elsewhere.content.hints["fgcolor"] == nil)
        #expect(p.content.appName == "" && elsewhere.content.appName == "", "no name where the server would show it")
        #expect(p.content.icon == "")
        #expect(p.content.actions.isEmpty)
        #expect(p.content.hints["value"] == nil)
        #expect(p.content.hints["fgcolor"] == .string("#888888"))
        #expect(p.content.hints["bgcolor"] == .string("#0a0a0a"))
        #expect(p.content.hints["suppress-sound"] == .bool(true))
        let (fifteen, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 28)
        #expect(show(fifteen, minimal).content.body == "14:32")
        let (done, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 60)], elapsed: 60, completed: true)
        #expect(show(done, minimal).content.body == "0:00")
    }

    /// Issue 38, items 3 and 4: a minimal fast's time is never "14:00", which a timer's
    /// minimal "14:00" makes read as fourteen minutes; and its notification expires, as every
    /// fast's does (config.toml: a 16-hour fast never holds the screen).
    @Test func prd02MinimalFastIsUnambiguousAndExpires() {
        let fast = show(Sample.fast(goal: 16 * 3600, elapsed: 2 * 3600), minimal)
        #expect(fast.content.body == "14 h", "14 hours left, with its unit")
        #expect(fast.content.expireTimeout == -1, "a fast's notification expires in the minimal style too")
        let later = show(Sample.fast(goal: 16 * 3600, elapsed: 2 * 3600 + 90), minimal)
        #expect(later.content.body == "13 h 59 min")
        let reached = show(Sample.fast(goal: 3600, elapsed: 3600 + 125, reached: true), minimal)
        #expect(reached.content.body == "1 h 2 min")
        let (tea, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 60)
        #expect(show(tea, minimal).content.body == "14:00", "a timer's minutes and seconds")
        #expect(show(tea, minimal).content.expireTimeout == 0, "a timer stays on screen (timer_on_screen)")
        var off = minimal
        off.timerOnScreen = false
        #expect(show(tea, off).content.expireTimeout == -1)
    }

    /// A program's activity with no end (`islet run`, issue 36) counts up, its phase beside the
    /// time; its end is announced in its own words, failure with its own icon and sound.
    @Test func aProgramsActivityCountsUpAndItsEndIsAnnounced() {
        let running = ActivitySnapshot(
            id: "r1", owner: "run-1", attributes: ["kind": .string("custom"), "title": .string("make")],
            state: [
                "status": .string("running"), "started_at_usec": .uint64(Sample.t0), "updated_at_usec": .uint64(Sample.t0),
                "elapsed_usec": .uint64(0), "phase_name": .string("Running"),
            ])
        let p = show(running, at: 65)
        #expect(p.content.summary == "make" && p.content.body == "01:05\nRunning", "\(p.content.body)")
        #expect(p.nextChange == Sample.t0 + 66 * Sample.second, "a change a second")
        #expect(p.announcement == nil && p.content.actions.isEmpty, "a program's activity is driven by its owner")
        var failed = running
        failed.state = [
            "status": .string("completed"), "elapsed_usec": .uint64(192 * Sample.second),
            "phase_name": .string("Failed (exit 2) after 3:12"), "outcome": .string("failure"),
        ]
        let end = Presenter.present(
            failed, now: Sample.t0, settings: NotifySettings(), server: .named("gnome-shell", ServerCapabilities(["body", "sound"])),
            localTime: .utc)
        let announced = end.announcement?.content
        #expect(announced?.summary == "make" && announced?.body == "Failed (exit 2) after 3:12")
        #expect(announced?.icon == "dialog-error-symbolic" && announced?.hints["sound-name"] == .string("dialog-warning"))
        #expect(end.announcement?.key == "done:r1", "said once")
    }

    @Test func serverWithoutBodyGetsOneLine() {
        let (a, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 28)
        let p = show(a, caps: ServerCapabilities(["actions"]))
        #expect(p.content.summary == "Tea · 14:32")
        #expect(p.content.body == "")
    }

    @Test func noButtonsWithoutActionsOrWhenTurnedOff() {
        let (a, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 28)
        #expect(show(a, caps: ServerCapabilities(["body"])).content.actions.isEmpty)
        var off = NotifySettings()
        off.buttons = false
        #expect(show(a, off).content.actions.isEmpty)
    }

    /// Where the app is installed, a click on a fast's or a timer's notification opens it (the
    /// `default` action, no button); a program's own activity and the minimal style have none.
    @Test func aClickOpensTheAppWhereItIsInstalled() {
        var open = NotifySettings()
        open.openApp = true
        let (timer, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 28)
        #expect(show(timer, open).content.actions.map(\.key) == ["default", "pause", "extend", "stop"])
        #expect(show(timer, open).content.actions.first?.label == "Open islet")
        #expect(show(Sample.fast(goal: 57600, elapsed: 60), open).content.actions.map(\.key) == ["default", "stop-fast"])
        #expect(show(timer).content.actions.map(\.key) == ["pause", "extend", "stop"], "no app: no click action")
        var minimalOpen = minimal
        minimalOpen.openApp = true
        #expect(show(timer, minimalOpen).content.actions.isEmpty, "minimal: nothing to tap")
        let custom = ActivitySnapshot(
            id: "c", owner: "make", attributes: ["kind": .string("custom"), "title": .string("Build")],
            state: ["status": .string("running"), "started_at_usec": .uint64(Sample.t0)])
        #expect(!show(custom, open).content.actions.contains { $0.key == "default" })
    }

    @Test func customActivityTextIsEscapedForMarkupServers() {
        let a = ActivitySnapshot(
            id: "c1", owner: "build", attributes: ["kind": .string("custom"), "title": .string("<b>make</b> & co")],
            state: ["status": .string("running"), "ends_at_usec": .uint64(Sample.t0 + 90 * Sample.second)])
        let p = Presenter.present(a, now: Sample.t0, settings: standard, server: .named("dunst", all))
        #expect(p.content.summary == "<b>make</b> & co")  // the summary is never markup
        #expect(p.content.body == "<b>01:30</b>")
        let status = ActivitySnapshot(
            id: "c2", owner: "build", attributes: ["kind": .string("custom"), "title": .string("Deploy")],
            state: ["status": .string("paused"), "title": .string("a<b")])
        let q = Presenter.present(status, now: Sample.t0, settings: standard, server: .named("dunst", all))
        #expect(q.content.summary == "a<b")
        #expect(q.content.body == "<b>❚❚ Paused</b>")
        #expect(Markup.escape("<i>&'\"") == "&lt;i&gt;&amp;&apos;&quot;")
    }
}

/// Issue 45: the schedule's reminders and the stages' announcements, pure.
@Suite struct ReminderPresenterTests {
    let caps = ServerCapabilities(["body", "actions"])
    let hour: UInt64 = 3_600_000_000

    @Test func schedule_remindersSayWhatIsDueInTheLocalClockWithStartFastWhenDue() {
        let starts = Sample.t0 + 5 * hour
        let left = Presenter.reminder(
            .init(kind: .eatingEnds, at: starts - hour, fastStartsAt: starts), goalSeconds: 57600, now: starts - hour, localTime: .utc,
            settings: NotifySettings(), server: .named("dunst", caps))
        #expect(left.summary == "1 h left to eat" && left.actions.isEmpty)
        #expect(left.body.hasPrefix("Your fast starts at "))
        #expect(left.hints["urgency"] == .byte(1) && left.hints["suppress-sound"] == .bool(true))
        let due = Presenter.reminder(
            .init(kind: .fastStarts, at: starts, fastStartsAt: starts), goalSeconds: 57600, now: starts + 20 * 1_000_000, localTime: .utc,
            settings: NotifySettings(), server: .named("dunst", caps))
        #expect(due.summary == "Time to start your fast" && due.actions.map(\.key) == ["start-fast"])
        #expect(due.body.hasPrefix("For 16 hours, until "))
        // The minimal style: nothing to tap, no icon.
        var minimal = NotifySettings()
        minimal.style = .minimal
        let quiet = Presenter.reminder(
            .init(kind: .fastStarts, at: starts, fastStartsAt: starts), goalSeconds: 0, now: starts, localTime: .utc, settings: minimal,
            server: .named("dunst", caps))
        #expect(quiet.actions.isEmpty && quiet.icon.isEmpty && quiet.body.isEmpty)
    }

    @Test func stages_announcedQuietlyAsARuleOfThumb() {
        let stage = Presenter.stage(2, settings: NotifySettings(), server: .named("dunst", caps))
        #expect(stage?.summary == "Fat burning")
        #expect(
            stage?.body
                == "From 16 hours into your fast: Fat often becomes a larger share of the fuel.\nStages are a rule of thumb, not medical advice; bodies differ."
        )
        #expect(stage?.hints["urgency"] == .byte(0) && stage?.hints["transient"] == .bool(true) && stage?.actions.isEmpty == true)
        #expect(Presenter.stage(9, settings: NotifySettings(), server: .named("dunst", caps)) == nil)
    }
}

/// Phosh, GNOME's phone shell (issue 43; its behaviour in shared/design/desktops.md): a replaced
/// notification never re-arms its banner's timeout, and only critical urgency wakes the screen.
@Suite struct PhoshProfile {
    let phosh = ServerProfile(
        name: "Phosh Notify Daemon", version: "0.46.0", capabilities: ServerCapabilities(["actions", "body", "body-markup", "icon-static", "sound"]))

    @Test func theBannerLeavesAndATimersEndWakesThePhone() {
        let (tea, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 60)
        var settings = NotifySettings()
        settings.timerOnScreen = true
        let live = Presenter.present(tea, now: Sample.t0 + 60 * Sample.second, settings: settings, server: phosh, localTime: .utc)
        #expect(live.content.expireTimeout == -1, "the server's own timeout, not a banner over the screen for the whole timer")
        #expect(live.content.actions.map(\.key).contains("pause"))
        let dunst = Presenter.present(
            tea, now: Sample.t0 + 60 * Sample.second, settings: settings, server: .named("dunst", phosh.capabilities), localTime: .utc)
        #expect(dunst.content.expireTimeout == 0, "elsewhere the timer stays on screen as asked")
        let (done, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 900, completed: true)
        let view = ActivityView(done, now: Sample.t0 + 900 * Sample.second, unit: .seconds)
        let end = Presenter.announce(view, activity: done, settings: settings, server: phosh)
        #expect(end.hints["urgency"] == .byte(2), "critical: the screen wakes, as for an alarm clock")
        #expect(end.body.contains("Done"))
        #expect(end.actions.map(\.key) == ["dismiss"], "a button, so that Phosh's lock screen shows the body")
        let elsewhere = Presenter.announce(view, activity: done, settings: settings, server: .named("dunst", phosh.capabilities))
        #expect(elsewhere.hints["urgency"] == .byte(1))
        #expect(phosh.traits.playsSound && !phosh.traits.stackTags)
    }
}
