import DBus
import Foundation
import IsletCore
import TestSupport
import Testing

@testable import IsletNotify

/// The activity on GNOME Shell's lock screen (Live Activities "Lock Screen Display", DI-003):
/// a stand-in shell that says it is gnome-shell and emits org.gnome.ScreenSaver.ActiveChanged
/// (the real one: `make desktops SERVERS=gnome-island`).
@Suite(.startsProcesses) struct LockScreenTests {
    func lock(_ connection: DBusConnection, _ active: Bool) throws {
        try connection.send(
            .signal(
                path: "/org/gnome/ScreenSaver", interface: "org.gnome.ScreenSaver", member: "ActiveChanged", body: [.boolean(active)]))
    }

    @Test("Lock Screen Display") func whileLockedTheActivityIsPostedForTheLockScreenAndClosedOnUnlock() async throws {
        let d = try await Daemon()
        let shell = try await FakeNotificationServer(address: d.bus.address, capabilities: ["body", "actions", "persistence", "sound"], name: "gnome-shell")
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address])
        #expect(await eventually { notify.stderr.contains("in step with isletd") })
        try await d.timers.call("Start", [.string("kitchen"), .string("Tea"), .uint64(600)])
        #expect(await eventually { shell.posted.contains { $0.summary == "Tea" } })
        // GNOME shows a source's text on the lock screen only when all its notifications are
        // system-scoped: the live one is too.
        #expect(shell.posted.allSatisfy { $0.hints["x-gnome-privacy-scope"] == .string("system") })
        let live = shell.posted.count

        try lock(shell.connection, true)
        #expect(await eventually { notify.stderr.contains("lock screen: posted") })
        let posted = try #require(shell.posted.dropFirst(live).last { $0.replacesID == 0 })
        #expect(posted.summary == "Tea" && posted.body.contains("min left") && posted.replacesID == 0, "\(posted.body)")
        #expect(posted.actions.isEmpty, "nothing to press on a lock screen")
        let lockID = UInt32(shell.posted.filter { $0.replacesID == 0 }.count)
        // The live notification (id 1) is withdrawn while the notice shows: GNOME 43 would list
        // it too, frozen at the text it had when the session locked (issue 38, item 2).
        #expect(await eventually { shell.closed.contains(1) }, "\(shell.closed)")

        // Paused: posted afresh (the lock screen shows no update in place), the last one closed;
        // the live notification stays withdrawn.
        try await d.timers.call("Pause", [.string("kitchen")])
        #expect(await eventually { notify.stderr.components(separatedBy: "lock screen: posted").count == 3 })
        #expect(await eventually { shell.closed.contains(lockID) })
        try await Task.sleep(for: .milliseconds(300))
        #expect(!shell.posted.contains { $0.body.contains("Paused") }, "no live notification while locked")

        try lock(shell.connection, false)
        #expect(await eventually { notify.stderr.contains("the session is unlocked") && notify.stderr.contains("lock screen: CloseNotification") })
        // Unlocked: the live notification is back, as it is now.
        #expect(await eventually { shell.posted.last.map { $0.summary == "Tea" && $0.body.contains("Paused") && $0.replacesID == 0 } == true })
        #expect(notify.isRunning)
    }

    /// Observing never starts anything (issue 35): on a session where GNOME Shell or Plasma is
    /// installed but not running, the bus could start their screen saver or job server the
    /// moment islet-notify looks for them, and that component would own the name for the rest
    /// of the session. Each of them here is a service file whose program leaves a mark.
    @Test func observingNeverStartsAService() async throws {
        let services = try TemporaryDirectory.make(prefix: "islet-services")
        let marks = try TemporaryDirectory.make(prefix: "islet-marks")
        let watched = ["org.gnome.ScreenSaver", "org.freedesktop.ScreenSaver", "org.kde.JobViewServer", "org.gnome.Shell"]
        for name in watched {
            let file = "[D-BUS Service]\nName=\(name)\nExec=/usr/bin/touch \(marks.path)/\(name)\n"
            try file.write(to: services.appendingPathComponent(name + ".service"), atomically: true, encoding: .utf8)
        }
        let d = try await Daemon(bus: try PrivateBus(serviceDirectories: [services.path]))
        let (_, notify) = try await lockedWithATimer(d)
        try await Task.sleep(for: .milliseconds(800))
        let started = try FileManager.default.contentsOfDirectory(atPath: marks.path)
        #expect(started.isEmpty, "started by islet-notify's looking: \(started)")
        #expect(notify.isRunning)
    }

    /// islet-notify and a server that is not GNOME's, a timer shown, then the session locked.
    func lockedWithATimer(_ d: Daemon) async throws -> (FakeNotificationServer, Background) {
        let server = try await FakeNotificationServer(address: d.bus.address)
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address])
        #expect(await eventually { notify.stderr.contains("in step with isletd") })
        try await d.timers.call("Start", [.string("kitchen"), .string("Tea"), .uint64(600)])
        #expect(await eventually { server.posted.contains { $0.summary == "Tea" } })
        try lock(server.connection, true)
        #expect(await eventually { notify.stderr.contains("the session is locked") })
        return (server, notify)
    }

    /// GNOME 48 (issue 35): it brings an updated live notification back to the lock screen,
    /// but with the text it had then, never redrawn (seen on 48.7): so there too islet posts
    /// its notice, and withdraws the live notification, one entry for the activity.
    @Test("Lock Screen Display, GNOME 48") func gnome48GetsTheNoticeAndOneEntry() async throws {
        let d = try await Daemon()
        let shell = try await FakeNotificationServer(
            address: d.bus.address, capabilities: ["body", "actions", "persistence", "sound"], name: "gnome-shell", version: "48.7")
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address])
        #expect(await eventually { notify.stderr.contains("in step with isletd") })
        try await d.timers.call("Start", [.string("kitchen"), .string("Tea"), .uint64(600)])
        #expect(await eventually { shell.posted.contains { $0.summary == "Tea" } })
        try lock(shell.connection, true)
        #expect(await eventually { notify.stderr.contains("lock screen: posted") }, "\(notify.stderr)")
        #expect(await eventually { shell.closed.contains(1) }, "the live notification withdrawn: \(shell.closed)")
    }

    /// GNOME 49 to 51 (issue 52): the lock screen shows islet's media player, and listed the live
    /// notification under it as well, since a banner that expired is not "seen" (GNOME 51.0).
    /// The player alone: no notice, the live notification withdrawn while locked, back after.
    @Test("Lock Screen Display, GNOME 51") func gnome51ShowsThePlayerAloneOnTheLockScreen() async throws {
        let d = try await Daemon()
        let shell = try await FakeNotificationServer(
            address: d.bus.address, capabilities: ["body", "actions", "persistence", "sound"], name: "gnome-shell", version: "51.0")
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address])
        #expect(await eventually { notify.stderr.contains("in step with isletd") })
        try await d.timers.call("Start", [.string("kitchen"), .string("Tea"), .uint64(600)])
        #expect(await eventually { shell.posted.contains { $0.summary == "Tea" } })
        let before = shell.posted.count
        try lock(shell.connection, true)
        #expect(await eventually { shell.closed.contains(1) }, "the live notification withdrawn: \(shell.closed)")
        #expect(await eventually { notify.stderr.contains("the media player shows the activity there") })
        try await d.timers.call("Pause", [.string("kitchen")])
        try await Task.sleep(for: .milliseconds(500))
        #expect(shell.posted.count == before, "nothing posted while locked: \(shell.posted.dropFirst(before).map(\.summary))")
        #expect(!notify.stderr.contains("lock screen: posted"))
        try lock(shell.connection, false)
        #expect(await eventually { shell.posted.dropFirst(before).contains { $0.summary == "Tea" && $0.body.contains("Paused") && $0.replacesID == 0 } })
        #expect(notify.isRunning)
    }

    @Test func otherServersHaveNoLockScreenOfOurs() async throws {
        let d = try await Daemon()
        let (server, notify) = try await lockedWithATimer(d)
        try await Task.sleep(for: .milliseconds(500))
        #expect(!server.posted.contains { $0.hints["x-gnome-privacy-scope"] != nil })
        #expect(!notify.stderr.contains("lock screen: posted"))
    }
}

@Suite(.startsProcesses) struct LockScreenText {
    @Test func oneShortLineChangingOnceAMinute() {
        let phases = [Phase(name: "Steep", seconds: 600), Phase(name: "Rest", seconds: 120)]
        let (tea, _) = Sample.timer(phases: phases, elapsed: 30)
        let text = LockScreenNotice.text(tea, now: Sample.t0 + 30 * usecPerSecond, style: .standard)
        #expect(text.summary == "Tea" && text.body == "10 min left · Steep 1/2")
        #expect(text.nextChange == Sample.t0 + 60 * usecPerSecond)
        let (paused, _) = Sample.timer(phases: phases, elapsed: 30, pausedFor: 100)
        #expect(LockScreenNotice.text(paused, now: Sample.t0 + 130 * usecPerSecond, style: .standard).body == "❚❚ 09:30 left · Steep 1/2")
        let fast = Sample.fast(goal: 16 * 3600, elapsed: 4 * 3600)
        #expect(
            LockScreenNotice.text(fast, now: Sample.t0 + 4 * 3600 * usecPerSecond, style: .standard) == (
                "Fasting Goal", "Goal in 12 h", Sample.t0 + (4 * 3600 + 60) * usecPerSecond
            ))
        let minimal = LockScreenNotice.text(tea, now: Sample.t0 + 30 * usecPerSecond, style: .minimal)
        // PRD-02 UI-01, issue 38 item 2: by the minute with its unit, never "10:00" with 9:30
        // left (it would read as minutes and seconds, half a minute wrong).
        #expect(minimal.summary == "10 min" && minimal.body.isEmpty, "PRD-02: the time alone")
        let minimalPaused = LockScreenNotice.text(paused, now: Sample.t0 + 130 * usecPerSecond, style: .minimal)
        #expect(minimalPaused.summary == "9:30", "paused, the exact time: it stands still")
        // A program's activity without an end (`islet run`): its time counting up, by the minute.
        let build = ActivitySnapshot(
            id: "r1", owner: "run-1", attributes: ["kind": .string("custom"), "title": .string("Build")],
            state: [
                "status": .string("running"), "updated_at_usec": .uint64(Sample.t0), "elapsed_usec": .uint64(0),
                "phase_name": .string("Running"),
            ])
        let counting = LockScreenNotice.text(build, now: Sample.t0 + 190 * usecPerSecond, style: .standard)
        #expect(counting.summary == "Build" && counting.body == "3 min · Running", "\(counting.body)")
        let job = JobPresenter.present(build, now: Sample.t0 + 190 * usecPerSecond)
        #expect(job.fields.first == .init(label: "Running for", value: "03:10"), "\(job.fields)")
        let minimalFast = LockScreenNotice.text(fast, now: Sample.t0 + (4 * 3600 + 30) * usecPerSecond, style: .minimal)
        #expect(minimalFast.summary == "12 h", "a fast's hours with their unit, never \"12:00\"")
    }
}

/// The notice joins the live notification's source on GNOME (the same app_name and desktop
/// entry, style by style): 46.0 and 46.1 drew a source added while locked only after a later
/// change of its count, which the live notification's withdrawal makes in its own source (seen
/// on Ubuntu 24.04's 46.0: the minimal notice, alone in a source, never showed).
@Suite(.startsProcesses) struct LockScreenNoticeSource {
    @Test func DI003_theNoticeJoinsTheLiveNotificationsSourceInEachStyle() {
        let gnome = ServerProfile(name: "gnome-shell", version: "46.0", capabilities: ServerCapabilities(["body", "actions", "persistence"]))
        let (tea, _) = Sample.timer(phases: [Phase(name: "Steep", seconds: 600)], elapsed: 30)
        let now = Sample.t0 + 30 * usecPerSecond
        for style in [NotifySettings.Style.standard, .minimal] {
            var settings = NotifySettings()
            settings.style = style
            let live = Presenter.present(tea, now: now, settings: settings, server: gnome).content
            let notice = LockScreenNotice.content(LockScreenNotice.text(tea, now: now, style: style), settings: settings)
            #expect(notice.appName == live.appName && !notice.appName.isEmpty, "\(style)")
            #expect(notice.hints["desktop-entry"] == live.hints["desktop-entry"], "\(style)")
            #expect(notice.hints["x-gnome-privacy-scope"] == .string("system") && notice.actions.isEmpty)
            #expect(notice.expireTimeout == -1)
        }
    }
}

/// Issue 43: GNOME 49 and later show MPRIS players on the lock screen; there islet's player is
/// the activity on the lock screen (each second) and the notice would show it a second time.
@Suite(.startsProcesses) struct LockScreenOnce {
    func gnome(_ version: String) -> ServerProfile {
        ServerProfile(name: "gnome-shell", version: version, capabilities: ServerCapabilities(["body", "actions", "persistence"]))
    }

    @Test func PRD02_FR03_onGnome49AndLaterThePlayerAloneShowsTheActivity() {
        var player = NotifySettings()
        player.mediaPlayer = true
        var noPlayer = NotifySettings()
        noPlayer.mediaPlayer = false
        for version in ["43.9", "46.1", "48.7", ""] {
            #expect(LockScreenNotice.needsNotice(gnome(version), settings: player), "GNOME \(version): the notice")
        }
        for version in ["49.0", "50.5", "51.0"] {
            #expect(!LockScreenNotice.needsNotice(gnome(version), settings: player), "GNOME \(version): the player alone")
            #expect(LockScreenNotice.needsNotice(gnome(version), settings: noPlayer), "GNOME \(version), player off: the notice")
        }
        let plasma = ServerProfile(name: "Plasma", version: "6.7.4", capabilities: ServerCapabilities(["body"]))
        #expect(!LockScreenNotice.needsNotice(plasma, settings: player))
    }
}
