import DBus
import Foundation
import TestSupport
import Testing

/// islet-notify against real notification servers under Xvfb, on a private bus.
@Suite(.startsProcesses) struct WithRealServers {
    @Test func followsAFastAndAPhasedTimerOnDunst() async throws {
        let rig = try await Rig(.dunst)
        let fasting = rig.daemon.fasting
        try await fasting.call("SetGoal", [.uint64(60)])
        try await rig.daemon.live.set("LingerSeconds", .uint32(1))
        // A fast begun 57 s ago with a one-minute goal.
        try await fasting.call("StartFastAt", [.uint64(Rig.nowUSec - 57 * 1_000_000)])
        let first = try await rig.waitForNotify { $0.summary == "Fasting Goal" }
        #expect(first.body.hasPrefix("<b>Goal in 1 min</b>\nFasted 0 min\nGoal: 1 minute\nGoal at "), "\(first.body)")
        #expect(first.replacesID == 0)
        #expect(first.urgency == 1)
        #expect(first.strings.contains("stop-fast"))
        #expect(try await rig.dunstctl("count", "displayed") == "1")

        // Goal reached: announced in a notification of its own (dunst plays no sound, so none
        // is asked for), and the live one closes.
        let reached = try await rig.waitForNotify { $0.summary == "Goal Reached!" }
        #expect(reached.body == "<b>Fasted 1 min</b>\nGoal: 1 minute")
        #expect(reached.replacesID == 0)
        #expect(reached.urgency == 1)
        #expect(await eventually { rig.monitor.calls("CloseNotification").count == 1 })
        #expect(await eventually { (try? await rig.dunstctl("count", "displayed")) == "1" })

        // A phased timer takes the island from the fast.
        try await rig.daemon.timers.call(
            "StartIntervals",
            [
                .string("tea"), .string("Green tea"), .array(.string, [.string("Steep"), .string("Rest")]),
                .array(.uint64, [.uint64(3), .uint64(2)]), .uint32(1),
            ])
        let tick = try await rig.waitForNotify { $0.summary == "Green tea" && $0.body.hasPrefix("<b>00:02") }
        // The first of them, read whole once a later one has followed it (dbus-monitor's output
        // may arrive in pieces, and a loaded machine may show both at once).
        let timer = try #require(rig.notifies.first { $0.summary == "Green tea" })
        #expect(timer.body.hasPrefix("<b>00:0") && timer.body.hasSuffix("\nSteep · Phase 1/2"), "\(timer.body)")
        #expect(timer.urgency == 1 && timer.suppressesSound)  // a new activity: normal, quiet
        #expect(tick.urgency == 0 && tick.suppressesSound)  // an update: low, quiet
        #expect(tick.replacesID != 0)
        #expect(timer.strings.contains("pause") && timer.strings.contains("stop"))

        try await rig.daemon.timers.call("Pause", [.string("tea")])
        let paused = try await rig.waitForNotify { $0.body.hasPrefix("<b>❚❚ ") }
        #expect(paused.body.hasPrefix("<b>❚❚ Paused · 00:0") && paused.body.hasSuffix(" left</b>\nSteep · Phase 1/2"), "\(paused.body)")
        // Read whole: dbus-monitor may print a call in pieces (seen: the body there, its actions not yet).
        #expect(await eventually { rig.notifies.first { $0.body.hasPrefix("<b>❚❚ ") }?.strings.contains("resume") == true }, "\(paused.strings)")
        let whilePaused = rig.notifies.count
        try await Task.sleep(for: .milliseconds(1500))
        #expect(rig.notifies.count == whilePaused, "a paused timer sends nothing")

        try await rig.daemon.timers.call("Resume", [.string("tea")])
        let done = try await rig.waitForNotify { $0.body == "<b>00:00 · Done · 5 seconds</b>" }
        #expect(done.summary == "Green tea" && done.replacesID == 0 && done.urgency == 1)
        // After LingerSeconds the timer's activity ends and the fast takes the island back:
        // its goal was announced already, so nothing more is posted.
        #expect(await eventually { rig.monitor.calls("CloseNotification").count == 2 })
        let settled = rig.notifies.count
        try await Task.sleep(for: .seconds(2))
        #expect(rig.notifies.count == settled, "\(rig.notifies.suffix(2).map(\.summary))")
        #expect(rig.notifies.filter { $0.summary == "Goal Reached!" }.count == 1, "goal reached is announced once")
        // Both announcements stay until the user dismisses them.
        #expect(try await rig.dunstctl("count", "displayed") == "2")
        // A stop from anywhere is followed by "Fast Stopped" with Undo (issue 72), beside them.
        _ = try await fasting.call("StopFast")
        let stopped = try await rig.waitForNotify { $0.summary == "Fast Stopped" }
        #expect(stopped.strings.contains("undo"), "\(stopped.strings)")
        #expect(await eventually { (try? await rig.dunstctl("count", "displayed")) == "3" })
    }

    @Test func aNotificationDismissedInDunstStaysAwayUntilThePause() async throws {
        let rig = try await Rig(.dunst)
        try await rig.daemon.timers.call("Start", [.string("focus"), .string("Focus"), .uint64(600)])
        _ = try await rig.waitForNotify { $0.summary == "Focus" }
        _ = try await rig.dunstctl("close")
        #expect(await eventually { rig.bridge?.stderr.contains("dismissed") == true })
        let after = rig.notifies.count
        try await Task.sleep(for: .milliseconds(2500))
        #expect(rig.notifies.count == after, "clock ticks do not bring a dismissed notification back")
        try await rig.daemon.timers.call("Pause", [.string("focus")])
        let again = try await rig.waitForNotify { $0.body.hasPrefix("<b>❚❚") }
        #expect(again.replacesID == 0)
    }

    @Test func minimalStyleOnDunst() async throws {
        let rig = try await Rig(.dunst, bridgeArguments: ["--style", "minimal"])
        try await rig.daemon.timers.call("Start", [.string("boring"), .string("Countdown"), .uint64(300)])
        // (Waits for the whole call, up to its last argument, expire_timeout: dbus-monitor
        // prints the hints after the body.)
        let shown = try await rig.waitForNotify {
            ($0.body == "5:00" || $0.body == "4:59") && $0.arguments.last?.hasPrefix("int32 ") == true
        }
        // The time alone, in the body: dunst's format makes a summary bold (PRD-02: no emphasis).
        #expect(shown.strings.prefix(4) == ["", "", "", shown.body])
        #expect(!shown.strings.contains("pause"))
        #expect(shown.arguments.contains { $0.hasSuffix("string \"#888888\"") })
        #expect(shown.suppressesSound)
    }

    /// islet-notify killed with -9 leaves its notification on screen; the next one closes it
    /// (xfce4-notifyd would otherwise show a duplicate beside it).
    @Test func aNotificationLeftByAKilledBridgeIsClosedOnTheNextStart() async throws {
        let rig = try await Rig(.xfce4notifyd)
        try await rig.daemon.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(120)])
        _ = try await rig.waitForNotify { $0.summary == "Tea" }
        // The id the server gave, once the bridge has it and has written it down.
        var id: UInt32 = 0
        let answered = await eventually {
            guard let line = rig.bridge?.stderr.split(separator: "\n").last(where: { $0.contains("Notify answered: id ") }),
                let n = UInt32(line.split(separator: " ").last ?? "")
            else { return false }
            id = n
            let files = (try? FileManager.default.contentsOfDirectory(atPath: rig.runtimeDirectory + "/islet")) ?? []
            return files.contains { name in
                name.hasSuffix(".state")
                    && ((try? String(contentsOfFile: rig.runtimeDirectory + "/islet/" + name, encoding: .utf8)) ?? "").contains("live \(n)\n")
            }
        }
        #expect(answered, "\(rig.bridge?.stderr ?? "")")
        rig.bridge?.process.kill()
        try await Task.sleep(for: .milliseconds(300))
        try await rig.startBridge()
        #expect(
            await eventually { rig.monitor.calls("CloseNotification").contains { $0.uint32s.first == id } },
            "no CloseNotification for \(id): \(rig.bridge?.stderr ?? "")")
        #expect(rig.bridge?.stderr.contains("left behind by an earlier islet-notify") == true)
        // Posted once: not first with the unknown profile, then again when the server is known.
        try await Task.sleep(for: .seconds(1))
        let fresh = rig.bridge?.stderr.components(separatedBy: "Notify replaces 0:").count ?? 0
        #expect(fresh == 2, "\(rig.bridge?.stderr ?? "")")
    }

    @Test func worksWithXfce4Notifyd() async throws {
        let rig = try await Rig(.xfce4notifyd)
        try await rig.daemon.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(120)])
        let shown = try await rig.waitForNotify { $0.summary == "Tea" }
        #expect(shown.body.contains("02:00") || shown.body.contains("01:59"))
        let id = await eventually { rig.monitor.messages.contains { $0.kind == "method return" && $0.arguments.first?.hasPrefix("uint32 ") == true } }
        #expect(id)
        try await rig.daemon.timers.call("Stop", [.string("tea")])
        #expect(await eventually { !rig.monitor.calls("CloseNotification").isEmpty })
    }
}
