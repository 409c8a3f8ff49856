import IsletCore
import Testing

@testable import IsletNotify

@Suite struct LiveNotificationLogicTests {
    static let caps = ServerCapabilities(["body", "actions", "body-markup", "sound"])

    func logic(_ server: String = "dunst", _ settings: NotifySettings = NotifySettings()) -> LiveNotificationLogic {
        var logic = LiveNotificationLogic(settings: settings)
        logic.serverChanged(.named(server, Self.caps))
        logic.localTime = .utc
        return logic
    }

    func notified(_ r: (actions: [LiveNotificationLogic.Action], nextChange: USec?)) -> (NotificationContent, UInt32)? {
        for action in r.actions { if case .notify(let c, let id) = action { return (c, id) } }
        return nil
    }

    func announced(_ r: (actions: [LiveNotificationLogic.Action], nextChange: USec?)) -> [NotificationContent] {
        r.actions.compactMap { if case .announce(let a) = $0 { a.content } else { nil } }
    }

    /// Contract 1.2's alert: the live notification afresh with a sound, once; where a KDE job
    /// shows the activity, a notification of its own; and the job and lock screen say stale.
    @Test func anAlertIsSaidOnceWhereverTheActivityShows() throws {
        var ride = ActivitySnapshot(
            id: "c1", owner: "ride", attributes: ["kind": .string("custom"), "title": .string("Ride")],
            state: ["status": .string("running"), "phase_name": .string("Arriving"), "alert": .bool(true), "updated_at_usec": .uint64(Sample.t0)])
        var live = logic()
        let first = try #require(notified(live.render(ride, now: Sample.t0)))
        #expect(first.1 == 0 && first.0.hints["sound-name"] == .string("message-new-instant"))
        live.notified(id: 7)
        ride.state["phase_name"] = .string("Arriving now")
        let again = try #require(notified(live.render(ride, now: Sample.t0 + Sample.second)))
        #expect(again.1 == 7 && again.0.hints["sound-name"] == nil, "the same alert, not again")

        var beside = logic("Plasma")
        beside.liveElsewhere = true
        let said = announced(beside.render(ride, now: Sample.t0))
        #expect(said.count == 1 && said.first?.hints["sound-name"] == .string("message-new-instant") && said.first?.summary == "Ride")
        #expect(announced(beside.render(ride, now: Sample.t0 + Sample.second)).isEmpty, "once")

        ride.state = ["status": .string("running"), "phase_name": .string("Late"), "stale": .bool(true), "updated_at_usec": .uint64(Sample.t0)]
        let job = JobPresenter.present(ride, now: Sample.t0 + 3600 * Sample.second, localTime: .utc)
        #expect(job.infoMessage.hasSuffix("(stale)") && job.fields.contains { $0.label == "Not updated since" }, "\(job)")
        #expect(LockScreenNotice.text(ride, now: Sample.t0, style: .standard).body.hasSuffix(" · stale"))
    }

    @Test func postsOnceThenUpdatesInPlaceOnlyWhenTheTextChanges() throws {
        var logic = logic()
        let (a, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 28)
        let first = try #require(notified(logic.render(a, now: Sample.t0 + 28 * Sample.second)))
        #expect(first.1 == 0)
        #expect(first.0.hints["urgency"] == .byte(1))
        #expect(first.0.hints["suppress-sound"] == .bool(true))
        logic.notified(id: 41)
        // Same second: nothing to send.
        #expect(logic.render(a, now: Sample.t0 + 28 * Sample.second + 300_000).actions.isEmpty)
        let next = try #require(notified(logic.render(a, now: Sample.t0 + 29 * Sample.second + 1)))
        #expect(next.1 == 41)
        #expect(next.0.hints["urgency"] == .byte(0))
        #expect(next.0.body == "<b>14:31</b>")
    }

    /// Completion is heard and stays: a notification of its own (a fresh id banners on every
    /// server), normal urgency, the sound theme's alarm, kept until dismissed; the live one closes.
    @Test func completionIsAnnouncedOnceWithASoundAndKept() throws {
        var logic = logic()
        let (running, _) = Sample.timer(phases: [Phase(name: "Eggs", seconds: 60)], elapsed: 59)
        _ = logic.render(running, now: Sample.t0 + 59 * Sample.second)
        logic.notified(id: 3)
        let (done, _) = Sample.timer(phases: [Phase(name: "Eggs", seconds: 60)], elapsed: 60, completed: true)
        let r = logic.render(done, now: Sample.t0 + 60 * Sample.second)
        let alert = try #require(announced(r).first)
        #expect(r.actions.contains(.close(id: 3)))
        #expect(alert.summary == "Tea" && alert.body == "<b>00:00 · Done · 1 minute</b>")
        #expect(alert.hints["urgency"] == .byte(1))
        #expect(alert.hints["sound-name"] == .string("alarm-clock-elapsed"))
        #expect(alert.hints["suppress-sound"] == .bool(false))
        #expect(alert.hints["desktop-entry"] == .string("org.islet.Islet"))
        #expect(alert.expireTimeout == 0, "kept until the user dismisses it")
        // Said once: the linger's renders add nothing.
        #expect(logic.render(done, now: Sample.t0 + 62 * Sample.second).actions.isEmpty)
        // keep_completion = false, sound = false: it expires, silently.
        var quietSettings = NotifySettings()
        quietSettings.sound = false
        quietSettings.keepCompletion = false
        var quiet = self.logic("dunst", quietSettings)
        let q = try #require(announced(quiet.render(done, now: Sample.t0 + 60 * Sample.second)).first)
        #expect(q.hints["sound-name"] == nil && q.hints["suppress-sound"] == .bool(true) && q.expireTimeout == -1)
    }

    /// PRD-02 AR-04 and FR-07: the minimal style never makes a sound, and its 0:00 stays in the
    /// one notification until the activity ends.
    @Test func minimalCompletionIsSilentAndInPlace() throws {
        var settings = NotifySettings()
        settings.style = .minimal
        var logic = logic("dunst", settings)
        let (running, _) = Sample.timer(phases: [Phase(name: "Eggs", seconds: 60)], elapsed: 59)
        _ = logic.render(running, now: Sample.t0 + 59 * Sample.second)
        logic.notified(id: 3)
        let (done, _) = Sample.timer(phases: [Phase(name: "Eggs", seconds: 60)], elapsed: 60, completed: true)
        let r = logic.render(done, now: Sample.t0 + 60 * Sample.second)
        #expect(announced(r).isEmpty)
        let update = try #require(notified(r))
        #expect(update.1 == 3 && update.0.body == "0:00")
        #expect(update.0.hints["suppress-sound"] == .bool(true) && update.0.hints["sound-name"] == nil)
        #expect(logic.render(nil, now: Sample.t0 + 65 * Sample.second).actions == [.close(id: 3)])
    }

    /// Goal reached is announced once per fast, whatever the island does afterwards (a timer
    /// takes it and gives it back), and not again by the next islet-notify.
    @Test func goalReachedIsAnnouncedOncePerFast() throws {
        var logic = logic("gnome-shell")
        let fast = Sample.fast(goal: 60, elapsed: 30)
        _ = logic.render(fast, now: Sample.t0 + 30 * Sample.second)
        logic.notified(id: 1)
        var reached = Sample.fast(goal: 60, elapsed: 61, reached: true)
        let r = logic.render(reached, now: Sample.t0 + 61 * Sample.second)
        let alert = try #require(announced(r).first)
        #expect(alert.summary == "Goal Reached!" && alert.hints["sound-name"] == .string("complete"))
        #expect(alert.actions.map(\.key) == ["stop-fast"])
        #expect(r.actions.contains(.close(id: 1)))
        // A timer takes the island, ends; the fast comes back as a new activity: quiet.
        let (tea, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 120)], elapsed: 0)
        _ = logic.render(tea, now: Sample.t0 + 70 * Sample.second)
        logic.notified(id: 2)
        reached.id = "a-fast-2"
        let back = logic.render(reached, now: Sample.t0 + 300 * Sample.second)
        #expect(announced(back).isEmpty && notified(back) == nil)
        #expect(back.actions == [.close(id: 2)])
        // The next islet-notify, told what was announced, stays quiet too.
        var next = self.logic("gnome-shell")
        next.restore(announced: logic.announced)
        #expect(announced(next.render(reached, now: Sample.t0 + 400 * Sample.second)).isEmpty)
        // A new goal (a re-arm) is news.
        var moved = Sample.fast(goal: 120, elapsed: 121, reached: true)
        moved.id = "a-fast-3"
        #expect(announced(next.render(moved, now: Sample.t0 + 121 * Sample.second)).count == 1)
    }

    /// A 16-hour fast's notification expires like any other and comes back only when something
    /// meaningful happens; a timer's may stay on screen (timer_on_screen).
    @Test func aLongFastNeverHoldsTheScreen() throws {
        var logic = logic("Plasma")
        let fast = Sample.fast(goal: 57600, elapsed: 600)
        let first = try #require(notified(logic.render(fast, now: Sample.t0 + 600 * Sample.second)))
        #expect(first.0.expireTimeout == -1 && first.0.hints["resident"] == nil)
        logic.notified(id: 4)
        logic.closed(id: 4, reason: 1)  // expired
        for minute in 11..<30 {
            #expect(logic.render(fast, now: Sample.t0 + UInt64(minute) * 60 * Sample.second).actions.isEmpty)
        }
        let (tea, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 1)
        let timer = try #require(notified(logic.render(tea, now: Sample.t0 + Sample.second)))
        #expect(timer.0.expireTimeout == 0 && timer.0.hints["resident"] == .bool(true))
        var off = NotifySettings()
        off.timerOnScreen = false
        var other = self.logic("Plasma", off)
        let expiring = try #require(notified(other.render(tea, now: Sample.t0 + Sample.second)))
        #expect(expiring.0.expireTimeout == -1 && expiring.0.hints["resident"] == nil)
    }

    /// GNOME: a countdown replaced every second loses its buttons, and low urgency never
    /// banners. So its timers show their end and change once a minute, and a pause is posted
    /// afresh at normal urgency.
    @Test func gnomeGetsAMinuteCountdownAndFreshChanges() throws {
        var logic = logic("gnome-shell")
        let (tea, timer) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 28)
        let now = Sample.t0 + 28 * Sample.second
        let r = logic.render(tea, now: now)
        let first = try #require(notified(r))
        // Started at t0 (08:00:00 UTC): ends 08:15.
        #expect(first.0.body == "<b>Until 08:15 · 15 min left</b>\n0%")  // of the minutes shown
        #expect(first.0.hints["value"] == nil && first.0.hints["x-dunst-stack-tag"] == nil)
        #expect(r.nextChange == Sample.t0 + 60 * Sample.second, "the text changes when the minute turns")
        logic.notified(id: 8)
        #expect(logic.render(tea, now: now + 10 * Sample.second).actions.isEmpty)
        var paused = timer
        paused.pausedAt = Sample.t0 + 40 * Sample.second
        let p = ActivitySnapshot(id: tea.id, owner: tea.owner, attributes: tea.attributes, state: paused.state(at: Sample.t0 + 41 * Sample.second))
        let q = logic.render(p, now: Sample.t0 + 41 * Sample.second)
        #expect(q.actions.first == .close(id: 8))
        let pause = try #require(notified(q))
        #expect(pause.1 == 0 && pause.0.hints["urgency"] == .byte(1))
        #expect(pause.0.body == "<b>❚❚ Paused · 14:20 left</b>\n0%")
        // The minimal style has no buttons to lose: seconds on GNOME too (PRD-02's "14:32").
        var minimalSettings = NotifySettings()
        minimalSettings.style = .minimal
        var minimal = self.logic("gnome-shell", minimalSettings)
        #expect(try #require(notified(minimal.render(tea, now: now))).0.summary == "14:32")
        // dunst, the same pause: replaced in place, low urgency.
        var dunst = self.logic()
        _ = dunst.render(tea, now: now)
        dunst.notified(id: 8)
        let d = try #require(notified(dunst.render(p, now: Sample.t0 + 41 * Sample.second)))
        #expect(d.1 == 8 && d.0.hints["urgency"] == .byte(0))
    }

    /// GNOME 48 and later: a notification whose urgency changes in place vanishes from the
    /// message list with its buttons (messageList.js, seen on 48.7). Posted at normal urgency
    /// so that it banners, its first quiet update is posted afresh at low urgency, and updates
    /// in place after that keep it; a pause goes out afresh at normal, and the next quiet
    /// update afresh at low again. GNOME 43 keeps the old way: low urgency in place.
    @Test func gnome48NeverChangesUrgencyInPlace() throws {
        var logic = LiveNotificationLogic(settings: NotifySettings())
        logic.serverChanged(ServerProfile(name: "gnome-shell", version: "48.7", capabilities: Self.caps))
        logic.localTime = .utc
        let (tea, timer) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 28)
        let first = try #require(notified(logic.render(tea, now: Sample.t0 + 28 * Sample.second)))
        #expect(first.1 == 0 && first.0.hints["urgency"] == .byte(1))
        logic.notified(id: 8)
        let minute = logic.render(tea, now: Sample.t0 + 61 * Sample.second)
        #expect(minute.actions.first == .close(id: 8), "\(minute.actions)")
        let quiet = try #require(notified(minute))
        #expect(quiet.1 == 0 && quiet.0.hints["urgency"] == .byte(0))
        logic.notified(id: 9)
        let next = try #require(notified(logic.render(tea, now: Sample.t0 + 121 * Sample.second)))
        #expect(next.1 == 9 && next.0.hints["urgency"] == .byte(0), "the same urgency: in place")
        logic.notified(id: 9)
        var paused = timer
        paused.pausedAt = Sample.t0 + 130 * Sample.second
        let p = ActivitySnapshot(id: tea.id, owner: tea.owner, attributes: tea.attributes, state: paused.state(at: Sample.t0 + 131 * Sample.second))
        let pause = try #require(notified(logic.render(p, now: Sample.t0 + 131 * Sample.second)))
        #expect(pause.1 == 0 && pause.0.hints["urgency"] == .byte(1))

        var old = LiveNotificationLogic(settings: NotifySettings())
        old.serverChanged(ServerProfile(name: "gnome-shell", version: "43.9", capabilities: Self.caps))
        _ = old.render(tea, now: Sample.t0 + 28 * Sample.second)
        old.notified(id: 8)
        let inPlace = try #require(notified(old.render(tea, now: Sample.t0 + 61 * Sample.second)))
        #expect(inPlace.1 == 8 && inPlace.0.hints["urgency"] == .byte(0))
    }

    /// What changed between GNOME versions, from their code and first-hand runs: the constant
    /// urgency from 48; the lock screen's notice on every version (none redraws an update in
    /// place there); other servers keep their own.
    @Test func gnomeProfilesByVersion() {
        func traits(_ version: String) -> ServerProfile.Traits { ServerProfile.traits(name: "gnome-shell", version: version) }
        #expect(traits("43.9").lockScreenNotice && !traits("43.9").keepsUrgency)
        #expect(!traits("47.4").keepsUrgency)
        #expect(traits("48.7").lockScreenNotice && traits("48.7").keepsUrgency)
        #expect(traits("49.2").keepsUrgency && traits("50.1").keepsUrgency)
        #expect(!traits("").keepsUrgency, "an unknown version is taken as the oldest")
        #expect(!ServerProfile.traits(name: "Plasma", version: "6.3.6").lockScreenNotice)
        #expect(ServerProfile.traits(name: "some-new-daemon", version: "48") == ServerProfile.safest)
    }

    /// The profiles, as the servers need them: mako never gets a stack tag beside replaces_id
    /// (its crash, issue #653); xfce4-notifyd never gets `value` (it hides the text); an
    /// unknown server gets the safest set.
    @Test func hintsFollowTheServer() throws {
        let fast = Sample.fast(goal: 57600, elapsed: 46071)
        func hints(_ server: String) throws -> NotificationContent {
            var l = logic(server)
            return try #require(notified(l.render(fast, now: Sample.t0 + 46071 * Sample.second))).0
        }
        let mako = try hints("mako")
        #expect(mako.hints["x-dunst-stack-tag"] == nil && mako.hints["x-canonical-private-synchronous"] == nil)
        #expect(mako.hints["value"] == .int32(79))
        let xfce = try hints("Xfce Notify Daemon")
        #expect(xfce.hints["value"] == nil)
        #expect(xfce.body == "<b>Goal in 3 h 13 min</b>\nFasted 12 h 47 min\nGoal: 16 hours · 79%\nGoal at 00:00 tomorrow")
        let dunst = try hints("dunst")
        #expect(dunst.hints["x-dunst-stack-tag"] == .string("islet-activity") && dunst.hints["value"] == .int32(79))
        let unknown = try hints("some-new-daemon")
        #expect(unknown.hints["x-dunst-stack-tag"] == nil && unknown.hints["value"] == nil && unknown.body.contains("79%"))
        #expect(ServerProfile.named("mako", Self.caps).safe.traits == ServerProfile.safest)
    }

    @Test func aDismissedNotificationStaysAwayUntilTheNextMeaningfulChange() throws {
        var logic = logic()
        let phases = [Phase(name: "Work", seconds: 40), Phase(name: "Rest", seconds: 20)]
        let (a, _) = Sample.timer("Workout", phases: phases, rounds: 8, elapsed: 5)
        _ = logic.render(a, now: Sample.t0 + 5 * Sample.second)
        logic.notified(id: 9)
        logic.closed(id: 9, reason: 2)
        #expect(logic.shownID == 0)
        // Clock ticks: nothing, and no wake-ups asked for.
        for s in 6..<40 {
            let r = logic.render(a, now: Sample.t0 + UInt64(s) * Sample.second)
            #expect(r.actions.isEmpty)
            #expect(r.nextChange == nil)
        }
        // A phase change is meaningful: a fresh notification (replaces_id 0).
        let (rest, _) = Sample.timer("Workout", phases: phases, rounds: 8, elapsed: 41)
        let back = try #require(notified(logic.render(rest, now: Sample.t0 + 41 * Sample.second)))
        #expect(back.1 == 0)
        #expect(back.0.body == "<b>00:19</b>\nRest · Round 1/8")
    }

    /// swaync answers a close islet asked for with reason 2: not a dismissal.
    @Test func aCloseWeAskedForIsNotADismissal() throws {
        var logic = logic("SwayNotificationCenter")
        let (a, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 10)
        _ = logic.render(a, now: Sample.t0 + 10 * Sample.second)
        logic.notified(id: 5)
        logic.closed(id: 5, reason: 2, askedByUs: true)
        #expect(logic.dismissedAt == nil)
        #expect(notified(logic.render(a, now: Sample.t0 + 12 * Sample.second)) != nil)
    }

    /// xfce4-notifyd closes a notification when one of its buttons is pressed, with reason 2:
    /// after "+1 min" the notification comes back with the new time, not quiet until a change.
    @Test func aCloseThatFollowsAButtonIsNotADismissal() throws {
        var logic = logic()
        let (a, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 10)
        _ = logic.render(a, now: Sample.t0 + 10 * Sample.second)
        logic.notified(id: 5)
        logic.buttonPressed(id: 5)
        logic.closed(id: 5, reason: 2)
        #expect(logic.dismissedAt == nil)
        let back = try #require(notified(logic.render(a, now: Sample.t0 + 11 * Sample.second)))
        #expect(back.1 == 0)
        // Without a button, the same close is the user's dismissal.
        logic.notified(id: 6)
        logic.closed(id: 6, reason: 2)
        #expect(logic.dismissedAt != nil)
        #expect(notified(logic.render(a, now: Sample.t0 + 12 * Sample.second)) == nil)
        // A button of another notification changes nothing.
        logic.buttonPressed(id: 99)
        #expect(logic.dismissedAt != nil)
    }

    @Test func endClosesAndANewServerGetsAFreshNotification() throws {
        var logic = logic()
        let (a, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 900)], elapsed: 10)
        _ = logic.render(a, now: Sample.t0 + 10 * Sample.second)
        logic.notified(id: 5)
        logic.serverChanged(.named("dunst", ServerCapabilities(["body"])))
        let again = try #require(notified(logic.render(a, now: Sample.t0 + 10 * Sample.second)))
        #expect(again.1 == 0)
        #expect(again.0.actions.isEmpty)
        logic.notified(id: 6)
        // Someone else's notification closing means nothing to us.
        logic.closed(id: 77, reason: 2)
        #expect(logic.shownID == 6)
        #expect(logic.render(nil, now: Sample.t0).actions == [.close(id: 6)])
        logic.closed(id: 6, reason: 3)
        #expect(logic.dismissedAt == nil)
        #expect(logic.render(nil, now: Sample.t0).actions.isEmpty)
    }

    /// A server that leaves right after each Notify (mako's crash loop) sees a few posts a
    /// minute at most, then the safest hints; one that stays is trusted again later.
    @Test func aCrashingServerIsBackedOff() {
        var guardian = CrashGuard()
        var now = Sample.t0
        var posts = 0
        // A server that dies 50 ms after every Notify, re-activated at once, for a minute.
        while now < Sample.t0 + 60 * Sample.second {
            if now >= guardian.notBefore {
                guardian.notifySent(at: now)
                posts += 1
                guardian.serverLeft(at: now + 50_000)
            }
            now += 25_000  // 40 tries a second
        }
        #expect(posts <= 7, "\(posts) posts in a minute")
        #expect(guardian.wantsSafest)
        // Leaving long after our Notify is not a crash.
        var calm = CrashGuard()
        calm.notifySent(at: Sample.t0)
        let crashed = calm.serverLeft(at: Sample.t0 + 30 * Sample.second)
        #expect(!crashed)
        #expect(calm.notBefore == 0)
        // A restart while a timer ticks is one strike, forgiven once the new server has stayed
        // a while after answering: only a loop reaches the safest hints.
        var restarts = CrashGuard()
        for restart in 0..<5 {
            let t = Sample.t0 + UInt64(restart) * 60 * Sample.second
            restarts.notifySent(at: t)
            restarts.serverLeft(at: t + 500_000)
            restarts.notifySent(at: restarts.notBefore)
            restarts.notifyAnswered(at: restarts.notBefore + 10_000)
            restarts.notifySent(at: restarts.notBefore + 3 * Sample.second)
            #expect(restarts.strikes == 0 && !restarts.wantsSafest)
        }
        // Ten quiet minutes forgive.
        guardian.notifySent(at: now + 3600 * Sample.second)
        #expect(guardian.strikes == 0)
    }

    @Test func memoryRoundTripsAndIgnoresDamage() {
        let memory = NotifyMemory(busID: "0123abcd", server: ":1.7", liveID: 12, announced: ["goal:1:2", "done:x"])
        #expect(NotifyMemory.decode(memory.encoded) == memory)
        #expect(NotifyMemory.decode("") == nil)
        #expect(NotifyMemory.decode("bus x\nlive twelve\n") == nil)
        #expect(NotifyMemory.decode("garbage") == nil)
        #expect(NotifyMemory.decode("bus x\nwhat ever\n") == nil)
    }
}
