import DBus
import Foundation
import TestSupport
import Testing

/// The bridge when the world misbehaves: servers that hang, fail, talk nonsense, leave and
/// come back; isletd restarting or gone; buttons pressed.
@Suite(.startsProcesses) struct Survival {
    static let capabilities = ["body", "actions", "body-markup"]

    @Test func buttonsCallIsletd() async throws {
        let rig = try await Rig(.fake(.normal, capabilities: Survival.capabilities))
        let fake = try #require(rig.fake)
        let timers = rig.daemon.timers
        func timerList() async -> String { (try? await timers.call("List")).map { "\($0)" } ?? "" }
        try await timers.call("Start", [.string("tea"), .string("Tea"), .uint64(300)])
        #expect(await eventually { fake.posted.contains { $0.actions.contains("pause") } })
        // Pressed until it takes: the bridge knows its id once the server's reply is in.
        #expect(try await press(fake, id: 1, "pause") { await timerList().contains("paused") })
        #expect(await eventually { fake.posted.last?.actions.contains("resume") == true })
        #expect(try await press(fake, id: 1, "resume") { await timerList().contains("running") })
        // "+1 min" (the id is known by now: pressed once, it adds a minute once). The running
        // notification follows isletd's answer (the bridge hears the change after it).
        #expect(
            await eventually { fake.posted.last?.actions == ["pause", "Pause", "extend", "+1 min", "stop", "Stop"] },
            "\(fake.posted.last?.actions ?? [])")
        func total() async -> UInt64? {
            guard case .array(_, let items)? = try? await timers.call("List").first, case .structure(let fields)? = items.first
            else { return nil }
            return try? fields[1].stringVariantEntries?["total_usec"]?.decode(UInt64.self)
        }
        try fake.invoke(id: 1, action: "extend")
        #expect(await eventually { await total() == 360_000_000 })
        try await Task.sleep(for: .milliseconds(300))
        #expect(await total() == 360_000_000)
        #expect(try await press(fake, id: 1, "stop") { fake.closed == [1] })
        #expect(try await rig.daemon.live.get("ActivityId") == .string(""))
        // A fast's button stops the fast.
        try await rig.daemon.fasting.call("SetGoal", [.uint64(3600)])
        try await rig.daemon.fasting.call("StartFast")
        #expect(await eventually { fake.posted.last?.actions.contains("stop-fast") == true })
        #expect(try await press(fake, id: 2, "stop-fast") { (try? await rig.daemon.fasting.get("Fasting")) == .boolean(false) })
        // Stop Fast is followed by a notification of its own with Undo (id 3), which brings
        // the fast back.
        #expect(await eventually { fake.posted.last?.summary == "Fast Stopped" && fake.posted.last?.actions.contains("undo") == true })
        #expect(try await press(fake, id: 3, "undo") { (try? await rig.daemon.fasting.get("Fasting")) == .boolean(true) })
        _ = try await rig.daemon.fasting.call("StopFast")
        // Buttons of notifications that are not ours, and unknown keys, change nothing.
        try await timers.call("Start", [.string("tea"), .string("Tea"), .uint64(300)])
        #expect(await eventually { fake.posted.last?.summary == "Tea" })
        try await Task.sleep(for: .milliseconds(300))
        try fake.invoke(id: 999, action: "stop")
        try fake.invoke(id: 3, action: "../../etc")
        try fake.invoke(id: 3, action: "stop-fast")
        try await Task.sleep(for: .milliseconds(300))
        #expect(await timerList().contains("tea"))
        #expect(rig.bridge?.isRunning == true)
    }

    /// DI-005 (issue 38, item 1): a kept "Goal Reached!" acts on the fast it announced. Its
    /// Stop Fast stops that fast; pressed again after a new fast began, it leaves that one alone.
    @Test func di005AKeptGoalReachedStopsOnlyTheFastItAnnounced() async throws {
        let rig = try await Rig(.fake(.normal, capabilities: Survival.capabilities))
        let fake = try #require(rig.fake)
        let fasting = rig.daemon.fasting
        try await fasting.call("SetGoal", [.uint64(60)])
        try await fasting.call("StartFastAt", [.uint64(UInt64(Date().timeIntervalSince1970 * 1_000_000) - 600 * 1_000_000)])
        #expect(await eventually { fake.posted.contains { $0.summary == "Goal Reached!" && $0.replacesID == 0 } })
        // The server's ids count the fresh posts: the announcement's is its place among them.
        let fresh = fake.posted.filter { $0.replacesID == 0 }
        let announced = UInt32(try #require(fresh.firstIndex { $0.summary == "Goal Reached!" }) + 1)
        #expect(fresh[Int(announced) - 1].actions.contains("stop-fast"))
        #expect(try await press(fake, id: announced, "stop-fast") { (try? await fasting.get("Fasting")) == .boolean(false) })
        #expect(await eventually { fake.posted.last?.summary == "Fast Stopped" })

        try await fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        try await fasting.call("StartFast")
        try fake.invoke(id: announced, action: "stop-fast")
        #expect(await eventually { rig.bridge?.stderr.contains("a fast that has ended") == true }, "\(rig.bridge?.stderr ?? "")")
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await fasting.get("Fasting") == .boolean(true), "the new fast runs on")
    }

    /// `islet run` (issue 36): the command's end announced as a timer's is, once, in its own
    /// words, kept until seen; success and failure each with their sound and icon.
    @Test func runAnnouncesSuccessAndFailureOnceEach() async throws {
        let rig = try await Rig(.fake(.normal, capabilities: Survival.capabilities + ["sound"]))
        let fake = try #require(rig.fake)
        func run(_ title: String, _ command: String) async throws -> CommandResult {
            try await Command.run([builtProduct("islet"), "run", "--title", title, "--address", rig.bus.address, "--", "sh", "-c", command])
        }
        func announced(_ title: String) -> [FakeNotificationServer.Posted] {
            fake.posted.filter { $0.summary == title && $0.replacesID == 0 && $0.hints["sound-name"] != nil }
        }
        #expect(try await run("Build", "sleep 0.5").status == 0)
        #expect(await eventually { announced("Build").count == 1 }, "\(fake.posted.map { ($0.summary, $0.body) })")
        let done = try #require(announced("Build").first)
        #expect(done.body.hasPrefix("<b>Done in 0:0"), "\(done.body)")
        #expect(done.hints["sound-name"] == .string("complete") && done.icon == "object-select-symbolic")

        #expect(try await run("Tests", "sleep 0.5; exit 2").status == 2)
        #expect(await eventually { announced("Tests").count == 1 })
        let failed = try #require(announced("Tests").first)
        #expect(failed.body.hasPrefix("<b>Failed (exit 2) after 0:0"), "\(failed.body)")
        #expect(failed.hints["sound-name"] == .string("dialog-warning") && failed.icon == "dialog-error-symbolic")
        try await Task.sleep(for: .milliseconds(500))
        #expect(announced("Build").count == 1 && announced("Tests").count == 1, "each said once")
        // While it ran, the live notification showed its time counting up.
        #expect(fake.posted.contains { $0.summary == "Build" && $0.body.contains("00:00") && $0.body.contains("Running") })
    }

    /// Contract 1.2 on the notification: an update with `alert` is posted afresh at normal
    /// urgency with a sound, once; a stale activity says since when.
    @Test func alertBannersOnceAndStaleSaysSo() async throws {
        let rig = try await Rig(.fake(.normal, capabilities: Survival.capabilities + ["sound"]))
        let fake = try #require(rig.fake)
        func islet(_ arguments: String...) async throws -> CommandResult {
            try await Command.run([builtProduct("islet")] + arguments + ["--address", rig.bus.address])
        }
        _ = try await islet("activity", "start", "--owner", "ride", "--title", "Ride", "--phase", "On its way")
        #expect(await eventually { fake.posted.contains { $0.summary == "Ride" } })
        _ = try await islet("activity", "update", "--owner", "ride", "--phase", "Arriving", "--alert")
        #expect(await eventually { fake.posted.contains { $0.body.contains("Arriving") } })
        let alerted = fake.posted.filter { $0.body.contains("Arriving") }
        #expect(alerted.first?.replacesID == 0, "posted afresh, so that it banners")
        #expect(alerted.first?.hints["sound-name"] == .string("message-new-instant") && alerted.first?.hints["urgency"] == .byte(1))
        _ = try await islet("activity", "update", "--owner", "ride", "--phase", "Arrived", "--stale-in", "1s")
        #expect(await eventually { fake.posted.contains { $0.body.contains("Arrived") } })
        #expect(fake.posted.filter { $0.hints["sound-name"] == .string("message-new-instant") }.count == 1, "the alert once")
        #expect(await eventually { fake.posted.last?.body.contains("Not updated since ") == true }, "\(fake.posted.last?.body ?? "")")
    }

    /// Presses a button every 200 ms until `done` holds (the bridge acts on a press once it
    /// knows the notification's id), up to the safety net.
    func press(_ fake: FakeNotificationServer, id: UInt32, _ action: String, until done: () async -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + Patience.deadline
        while ContinuousClock.now < deadline {
            try fake.invoke(id: id, action: action)
            if await eventually(within: .milliseconds(200), done) { return true }
        }
        return false
    }

    /// A server that dies on every Notify, restarted at once as D-Bus activation would, sees a
    /// few posts, not dozens a second; the bridge says so once, naming the server, and lives on.
    @Test func aServerThatCrashesOnEveryNotifyIsBackedOff() async throws {
        let rig = try await Rig(.fake(.crash, capabilities: Survival.capabilities))
        var instances = [try #require(rig.fake)]
        try await rig.daemon.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(600)])
        func posts() -> [FakeNotificationServer.Posted] { instances.flatMap(\.posted) }
        // Restarted as activation would, until the fifth post (after pauses of 1, 2, 4 and 8 s).
        _ = try await eventually(within: .seconds(15) + Patience.deadline, every: .milliseconds(10)) {
            if try await rig.daemon.client.nameOwner("org.freedesktop.Notifications") == nil {
                instances.append(try await FakeNotificationServer(address: rig.bus.address, mode: .crash, capabilities: Survival.capabilities))
            }
            return posts().count >= 5
        }
        // Each pause at least twice the one before, from 1 s, however slow the machine is to
        // restart the server (without the backoff: hundreds of posts a second).
        let times = posts().map(\.at)
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
        #expect(gaps.count >= 4, "\(times.count) Notify calls to \(instances.count) server instances")
        for (gap, pause) in zip(gaps, [1, 2, 4, 8] as [Double]) {
            #expect(gap >= .seconds(pause * 0.95), "pauses \(gaps), each at least 1, 2, 4, 8 s")
        }
        let stderr = rig.bridge?.stderr ?? ""
        #expect(stderr.components(separatedBy: "the notification server fake 1 left the bus right after").count == 2, "\(stderr.suffix(2000))")
        // From the second crash on, the safest hints: no stack tags.
        let late = instances.dropFirst(2).flatMap(\.posted)
        #expect(!late.isEmpty && late.allSatisfy { $0.hints["x-dunst-stack-tag"] == nil })
        #expect(rig.bridge?.isRunning == true)
    }

    @Test func aHangingServerBlocksNothing() async throws {
        let rig = try await Rig(.fake(.hang, capabilities: Survival.capabilities))
        let fake = try #require(rig.fake)
        try await rig.daemon.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(300)])
        // One call in flight, never a pile-up: the next goes out only after the 2 s timeout.
        #expect(await eventually { fake.posted.count >= 2 })
        let gap = fake.posted[1].at - fake.posted[0].at
        #expect(gap >= .milliseconds(1900), "the second Notify came \(gap) after the first")
        // isletd answers as ever (it never waits on the bridge), and the bridge stays up.
        try await rig.daemon.timers.call("Pause", [.string("tea")])
        #expect(try await rig.daemon.timers.call("List").description.contains("paused"))
        #expect(rig.bridge?.isRunning == true)
        #expect(rig.bridge?.stderr.contains("NoReply") == true || rig.bridge?.stderr.contains("Timeout") == true)
    }

    @Test(arguments: [FakeNotificationServer.Mode.fail, .garbage])
    func aServerThatAnswersBadlyIsSurvived(mode: FakeNotificationServer.Mode) async throws {
        let rig = try await Rig(.fake(mode, capabilities: Survival.capabilities))
        let fake = try #require(rig.fake)
        try await rig.daemon.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(300)])
        // It keeps trying at the pace of the display, never in a loop: each try is the next
        // second's text, none the same again (a loop would send one text many times).
        #expect(await eventually { fake.posted.count >= 4 })
        let bodies = fake.posted.map(\.body)
        #expect(Set(bodies).count == bodies.count, "\(bodies)")
        #expect(rig.bridge?.isRunning == true)
        #expect(rig.bridge?.stderr.contains("Notify failed") == true)
    }

    @Test func aServerThatRestartsGetsAFreshNotification() async throws {
        let rig = try await Rig(.fake(.normal, capabilities: Survival.capabilities))
        let first = try #require(rig.fake)
        try await rig.daemon.timers.call(
            "StartIntervals",
            [
                .string("tea"), .string("Tea"), .array(.string, [.string("A")]), .array(.uint64, [.uint64(3600)]), .uint32(1),
            ])
        #expect(await eventually { first.posted.count >= 1 })
        first.quit()
        // The bus lets go of the name when it has seen the connection close; until then a new
        // server asking for it is refused (this raced under a full `make test`).
        #expect(try await eventually { try await rig.daemon.client.nameOwner("org.freedesktop.Notifications") == nil })
        let second = try await FakeNotificationServer(address: rig.bus.address, capabilities: ["body"])
        #expect(await eventually { second.posted.count >= 1 })
        #expect(second.posted.first?.replacesID == 0)
        #expect(second.posted.first?.actions == [])  // this one offers no actions
    }

    @Test func noServerAtStartThenOneAppears() async throws {
        let rig = try await Rig(.none)
        try await rig.daemon.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(300)])
        #expect(await eventually { rig.bridge?.stderr.contains("Notify failed") == true })
        try await Task.sleep(for: .milliseconds(1500))
        let failures = rig.bridge?.stderr.components(separatedBy: "Notify failed").count ?? 0
        #expect(failures <= 3, "with no server, the bridge waits rather than retrying every tick")
        let server = try await FakeNotificationServer(address: rig.bus.address)
        #expect(await eventually { server.posted.contains { $0.summary == "Tea" } })
    }

    /// islet-notify started before the session's notification server (a login where its unit
    /// comes first): its first Notify has the bus start dunst, which answers it; when dunst's
    /// name then appears and dunst has said who it is, that notification is replaced, not left
    /// behind beside a second one (the app's AT-SPI run once clicked the one left behind).
    @Test func aServerTheBusStartsForTheFirstNotifyKeepsOneNotification() async throws {
        let display = try VirtualDisplay()
        let services = try TemporaryDirectory.make(prefix: "islet-services")
        let file = "[D-BUS Service]\nName=org.freedesktop.Notifications\nExec=/usr/bin/env DISPLAY=\(display.name) dunst -config \(Rig.dunstrc)\n"
        try file.write(to: services.appendingPathComponent("org.freedesktop.Notifications.service"), atomically: true, encoding: .utf8)
        let d = try await Daemon(bus: try PrivateBus(serviceDirectories: [services.path]))
        try await d.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(300)])
        let rig = try await Rig(.none, daemon: d)
        let bridge = try #require(rig.bridge)
        #expect(await eventually { bridge.stderr.contains("notification server: dunst") }, "\(bridge.stderr)")
        #expect(await eventually { rig.notifies.count >= 2 }, "\(rig.notifies)")
        try await Task.sleep(for: .milliseconds(500))
        #expect(rig.notifies.first?.uint32s.first == 0)
        #expect(rig.notifies.dropFirst().allSatisfy { ($0.uint32s.first ?? 0) != 0 }, "every Notify after the first replaces it: \(rig.notifies)")
        #expect(try await rig.dunstctl("count", "displayed") == "1", "\(bridge.stderr)")
        withExtendedLifetime(display) {}
    }

    @Test func isletdRestartedIsFollowedAndIsletdGoneClosesTheNotification() async throws {
        let rig = try await Rig(.fake(.normal, capabilities: Survival.capabilities))
        let fake = try #require(rig.fake)
        try await rig.daemon.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(300)])
        #expect(await eventually { fake.posted.count >= 1 })
        try await rig.daemon.crash()
        #expect(await eventually { fake.closed == [1] })
        let before = fake.posted.count
        try await rig.daemon.start()
        // Restarted: the same activity, re-read with LiveActivity.Get, shown again.
        #expect(await eventually { fake.posted.count > before })
        // The first notification after the restart is a new one (the countdown's next tick
        // may already have replaced it by now).
        #expect(fake.posted.dropFirst(before).first.map { $0.summary == "Tea" && $0.replacesID == 0 } ?? false, "\(fake.posted)")
        #expect(rig.bridge?.stderr.components(separatedBy: "in step with isletd").count ?? 0 >= 3, "\(rig.bridge?.stderr ?? "")")
        try await rig.daemon.timers.call("Pause", [.string("tea")])
        #expect(await eventually { fake.posted.last?.body.contains("❚❚") == true })
    }

    /// Issue 72: a fast stopped from anywhere (here `islet fast stop`, a program of its own)
    /// gets "Fast Stopped" with Undo once; Undo brings it back and the spent notification goes.
    /// A stop made by the process that owns islet's app's name gets none: the app offers its own.
    @Test func everyStopOffersUndoOnceButTheAppsOwn() async throws {
        let rig = try await Rig(.fake(.normal, capabilities: Survival.capabilities))
        let fake = try #require(rig.fake)
        let d = rig.daemon
        try await d.fasting.call("StartFast")
        let stop = try await Command.run([builtProduct("islet"), "fast", "stop", "--address", d.bus.address])
        #expect(stop.status == 0, "\(stop)")
        #expect(await eventually { fake.posted.contains { $0.summary == "Fast Stopped" && $0.actions.contains("undo") } }, "\(fake.posted)")
        let stopped = try #require(fake.posted.firstIndex { $0.summary == "Fast Stopped" })
        let id = UInt32(stopped + 1)
        #expect(try await press(fake, id: id, "undo") { (try? await d.fasting.get("Fasting")) == .boolean(true) })
        #expect(await eventually { fake.closed.contains(id) }, "the spent Undo withdrawn: \(fake.closed)")
        #expect(fake.posted.filter { $0.summary == "Fast Stopped" }.count == 1, "once: \(fake.posted.map(\.summary))")

        // The app's stop: this process owns org.islet.Islet.App and stops the fast on another
        // connection, as islet-app does (GTK owns its name; islet's client talks to isletd).
        let app = try DBusConnection(bus: .address(rig.bus.address))
        #expect(try await app.requestName("org.islet.Islet.App") == .primaryOwner)
        try await d.fasting.call("StopFast")
        #expect(await eventually { rig.bridge?.stderr.contains("stopped in islet's app, which offers its own Undo") == true }, "\(rig.bridge?.stderr ?? "")")
        #expect(fake.posted.filter { $0.summary == "Fast Stopped" }.count == 1, "never both: \(fake.posted.map(\.summary))")
        app.close()
    }

    @Test func isletdNotYetStartedIsWaitedForNotReportedGone() async throws {
        // make run starts islet-notify beside isletd: the first may look before the second is
        // there (no activation file on this bus), which is not isletd leaving (issue 72).
        let d = try await Daemon()
        d.stop()
        let rig = try await Rig(.fake(.normal, capabilities: Survival.capabilities), startBridge: false, daemon: d)
        let bridge = try Background(
            [builtProduct("islet-notify"), "--address", rig.bus.address, "--verbose"], environment: rig.environment)
        #expect(await eventually { bridge.stderr.contains("isletd is not on the bus yet; waiting for it to start") }, "\(bridge.stderr)")
        try await d.start()
        #expect(await eventually { bridge.stderr.contains("in step with isletd") }, "\(bridge.stderr)")
        #expect(!bridge.stderr.contains("left the bus"), "\(bridge.stderr)")
        try await d.crash()
        #expect(await eventually { bridge.stderr.contains("isletd left the bus; waiting for it to return") }, "\(bridge.stderr)")
    }

    @Test func sigtermClosesTheNotification() async throws {
        let rig = try await Rig(.fake(.normal, capabilities: Survival.capabilities))
        let fake = try #require(rig.fake)
        try await rig.daemon.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(300)])
        #expect(await eventually { fake.posted.count >= 1 })
        rig.bridge?.signal(SIGTERM)
        #expect(await rig.bridge?.waitForExit() == 0)
        #expect(fake.closed == [1])
    }

    @Test func exitsNonZeroWhenTheBusGoesAway() async throws {
        let rig = try await Rig(.fake(.normal, capabilities: Survival.capabilities))
        rig.bus.kill()
        #expect(await rig.bridge?.waitForExit() == 1, "so that systemd restarts it")
        #expect(rig.bridge?.stderr.contains("lost the bus connection") == true)
    }

    @Test func badConfigurationNamesTheLine() async throws {
        let directory = try TemporaryDirectory.make(prefix: "islet-config")
        let file = directory.appendingPathComponent("config.toml")
        try "style = \"minimal\"\nbuttons = maybe\n".write(to: file, atomically: true, encoding: .utf8)
        let r = try await Command.run([builtProduct("islet-notify"), "--config", file.path])
        #expect(r.status == 64)
        #expect(r.stderr.contains("\(file.path):2: cannot read the value maybe"), "\(r)")
        let missing = try await Command.run([builtProduct("islet-notify"), "--config", "/nonexistent/islet.toml"])
        #expect(missing.status == 64 && missing.stderr.contains("No such file"), "\(missing)")
        let style = try await Command.run([builtProduct("islet-notify"), "--style", "loud"])
        #expect(style.status == 64 && style.stderr.contains("--style must be standard or minimal"), "\(style)")
        // The command line itself: each mistake named, exit 64, nothing started.
        for (arguments, message) in [
            (["--bogus"], "Unknown option '--bogus'"), (["--style"], "Missing value for '--style <value>'"),
            (["--buttons=no"], "'--buttons' takes no value"), (["extra"], "Unexpected argument 'extra'"),
        ] {
            let r = try await Command.run([builtProduct("islet-notify")] + arguments)
            #expect(r.status == 64 && r.stderr.contains("Error: " + message), "\(arguments): \(r)")
        }
    }
}
