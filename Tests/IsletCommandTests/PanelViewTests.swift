import DBus
import Foundation
import TestSupport
import Testing

/// The compact and expanded views in the panel feeds, the minimal style there, a fast
/// without a goal, and the verbs a panel's click uses (the seeds' requirement IDs).
@Suite(.startsProcesses) struct PanelViews {
    @Test("Compact Display (Dynamic Island - Leading/Trailing)") func compactCarriesThePhaseAndTheTooltipIsTheExpandedView() async throws {
        let d = try await Daemon()
        // Paused within its first second, so that it shows 00:40 and 0 %: on a machine busy
        // enough to take longer between the two calls, the timer is started again.
        for _ in 0..<5 {
            try await d.timers.call(
                "StartIntervals",
                [
                    .string("gym"), .string("Workout"), .array(.string, [.string("Work"), .string("Rest")]),
                    .array(.uint64, [.uint64(40), .uint64(20)]), .uint32(8),
                ])
            try await d.timers.call("Pause", [.string("gym")])
            let remaining = timerState(in: try await d.timers.call("List"), owner: "gym")?["remaining_usec"]
            if try remaining?.decode(UInt64.self) ?? 0 > 39_000_000 { break }
            try await d.timers.call("Stop", [.string("gym")])
        }
        var r = try await d.islet("status", "--format", "plain")
        #expect(r.stdout == "Workout ❚❚ 00:40 · Work 1/8\n", "DI-002: the phase in the compact view: \(r)")
        r = try await d.islet("status", "--format", "waybar")
        #expect(r.stdout.contains("\"tooltip\":\"Workout\\n00:40\\nPaused · Work · Round 1/8 · 0%\""), "DI-003: \(r)")

        // A fast with a goal: time to the goal, time fasted, goal and progress in the tooltip.
        try await d.timers.call("Stop", [.string("gym")])
        let started = nowUSec() - 4 * 3600 * 1_000_000
        try await d.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        try await d.fasting.call("StartFastAt", [.uint64(started)])
        r = try await d.islet("status", "--format", "genmon")
        #expect(r.stdout.contains("<tool>Fasting Goal\nGoal in 1"), "\(r)")
        #expect(r.stdout.contains("\nFasted 4:00:0"), "DI-003 elapsed: \(r)")
        #expect(r.stdout.contains("\nGoal: 16 hours · 25%\nGoal at "), "DI-003 goal: \(r)")
        // Issue 45: when it is reached, as the machine's clock reads it.
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        let clock = formatter.string(from: Date(timeIntervalSince1970: Double(started) / 1e6 + 16 * 3600))
        #expect(r.stdout.contains("\nGoal at \(clock)") && r.stdout.hasSuffix("</tool><bar>25</bar>\n"), "\(clock): \(r)")
    }

    /// Contract 1.4: a song's activity names its program in the tooltip (the expanded view),
    /// and `--format json` gives the name and the desktop entry's id for an icon.
    @Test func aSourcesActivityNamesItsProgram() async throws {
        let d = try await Daemon()
        func dict(_ pairs: [(String, DBusValue)]) -> DBusValue {
            .dictionary(key: .string, value: .variant, pairs.map { .init(.string($0.0), .variant($0.1)) })
        }
        // Started by this test's connection, as a source would: it ends when the test's does.
        try await d.live.call(
            "Start",
            [
                .string("mpris:mpv"),
                dict([("title", .string("mpv")), ("source", .boolean(true)), ("relevance", .double(0.3)), ("app_id", .string("mpv"))]),
                dict([("status", .string("paused")), ("title", .string("Tea Song")), ("phase_name", .string("The Kettles"))]),
            ])
        var r = try await d.islet("status", "--format", "waybar")
        #expect(r.stdout.contains("\"tooltip\":\"mpv\\nTea Song\\nPaused · The Kettles\""), "\(r)")
        r = try await d.islet("status", "--format", "json")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(json?["program"] as? String == "mpv" && json?["app_id"] as? String == "mpv" && json?["title"] as? String == "Tea Song", "\(r)")
        r = try await d.islet("status", "--format", "plain")
        #expect(r.stdout == "Tea Song ❚❚ Paused · The Kettles\n", "the compact view stays the song's: \(r)")
    }

    @Test("Compact Display (Dynamic Island - Minimal)") func minimalStyleIsTheTimeAloneEverywhere() async throws {
        let d = try await Daemon()
        let before = nowUSec()
        try await d.timers.call("Start", [.string("focus"), .string("Focus"), .uint64(300)])
        var r = try await d.islet("status", "--format", "waybar", "--style", "minimal")
        let running = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let time = running?["text"] as? String ?? ""
        // 5:00 less the seconds the machine took since (a loaded one takes more than one).
        let left = (300 - Int((nowUSec() - before) / 1_000_000) - 1)...300
        #expect(left.map { String(format: "%d:%02d", $0 / 60, $0 % 60) }.contains(time), "PRD-02: \(r)")
        #expect(running?["tooltip"] as? String == time, "AR-07: nothing more to see: \(r)")
        #expect(running?["class"] as? String == "minimal" && running?["alt"] as? String == "minimal", "\(r)")
        #expect(running?["percentage"] as? Int == 0, "AR-01: no progress: \(r)")
        try await d.timers.call("Pause", [.string("focus")])
        r = try await d.islet("status", "--format", "waybar", "--style", "minimal")
        let paused = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(paused?["class"] as? String == "minimal", "AR-03: no class change when paused: \(r)")
        r = try await d.islet("status", "--format", "genmon", "--style", "minimal")
        #expect(r.stdout.hasPrefix("<txt>") && !r.stdout.contains("<bar>") && !r.stdout.contains("Focus"), "\(r)")
        // The shipped stylesheet gives the minimal class its grey and no other colour.
        let css = try String(
            contentsOfFile: "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/") + "/packaging/examples/waybar.css", encoding: .utf8)
        #expect(css.contains("#custom-islet.minimal { color: #888888;"))
    }

    @Test func fr003AFastWithoutAGoalCountsInPanelsAndWatch() async throws {
        let d = try await Daemon()
        try await d.fasting.call("ClearGoal")
        let before = nowUSec()
        try await d.fasting.call("StartFastAt", [.uint64(before - 3723 * 1_000_000)])
        var r = try await d.islet("status", "--format", "plain")
        // 1:02:03 and the seconds the machine took since (a loaded one takes more than one).
        let seconds = 3723...(3723 + Int((nowUSec() - before) / 1_000_000) + 1)
        let shown = seconds.map { String(format: "Fasted %d:%02d:%02d\n", $0 / 3600, $0 / 60 % 60, $0 % 60) }
        #expect(shown.contains(r.stdout), "\(r)")
        r = try await d.islet("status", "--format", "waybar")
        #expect(r.stdout.contains("\"class\":\"fasting\"") && r.stdout.contains("No goal set"), "\(r)")
        r = try await d.islet("activity")
        #expect(r.stdout == "No live activity.\n", "DI-001: still no live activity: \(r)")

        let watch = try Background([builtProduct("islet"), "watch", "--format", "plain", "--style", "minimal", "--address", d.bus.address])
        #expect(await eventually { watch.stdout.contains("1:02:0") })
        #expect(await eventually { watch.stdout.split(separator: "\n").count >= 3 }, "\(watch.stdout)")
        let lines = watch.stdout.split(separator: "\n")
        #expect(lines.count >= 2 && Set(lines).count == lines.count, "counting each second: \(lines)")
        try await d.fasting.call("StopFast")
        #expect(await eventually { watch.stdout.hasSuffix("No live activity\n") }, "\(watch.stdout)")
        // A fast started while watching shows at once.
        try await d.fasting.call("StartFast")
        #expect(
            await eventually { ["0:00\n", "0:01\n", "0:02\n"].contains { watch.stdout.hasSuffix("No live activity\n" + $0) } },
            "\(watch.stdout)")
        // FR-002 (issue 38, item 6): the panel's click stops the fast it shows, though it has
        // no live activity; a pause is refused as for any fast.
        r = try await d.islet("activity", "toggle")
        #expect(r.status == 1 && r.stderr.contains("a fast does not pause"), "\(r)")
        r = try await d.islet("activity", "stop")
        #expect(r.status == 0 && r.stdout.hasPrefix("Stopped the fast after 0:00:0"), "\(r)")
        #expect(try await d.fasting.get("Fasting") == .boolean(false))
        #expect(await eventually { watch.stdout.hasSuffix("No live activity\n") }, "\(watch.stdout)")
    }

    @Test func theClickVerbsActOnWhateverHoldsTheIsland() async throws {
        let d = try await Daemon()
        var r = try await d.islet("activity", "toggle")
        #expect(r.status == 1 && r.stderr.contains("no live activity"), "\(r)")
        // A timer that `islet` did not start.
        try await d.timers.call("Start", [.string("pomodoro-app"), .string("Focus"), .uint64(600)])
        r = try await d.islet("activity", "toggle")
        #expect(r.status == 0 && r.stdout == "Paused pomodoro-app's timer.\n", "\(r)")
        r = try await d.islet("activity", "toggle")
        #expect(r.status == 0 && r.stdout == "Resumed pomodoro-app's timer.\n", "\(r)")
        r = try await d.islet("activity", "stop")
        #expect(r.status == 0 && r.stdout == "Stopped pomodoro-app's timer.\n", "\(r)")
        r = try await d.islet("timer", "list")
        #expect(r.stdout.hasPrefix("No timers"), "\(r)")
        // A fast: no pause; stop ends it.
        try await d.fasting.call("SetGoal", [.uint64(3600)])
        try await d.fasting.call("StartFast")
        r = try await d.islet("activity", "toggle")
        #expect(r.status == 1 && r.stderr.contains("a fast does not pause"), "\(r)")
        r = try await d.islet("activity", "stop")
        #expect(r.status == 0 && r.stdout.hasPrefix("Stopped the fast after 0:00:0"), "\(r)")
    }

    @Test func lingerSettingsFromTheCommandLine() async throws {
        let d = try await Daemon()
        var r = try await d.islet("activity", "linger")
        #expect(r.stdout == "A finished timer shows completion for 5 seconds.\n", "\(r)")
        r = try await d.islet("activity", "linger", "1m")
        #expect(r.status == 0 && r.stdout == "A finished timer shows completion for 1 minute.\n", "\(r)")
        #expect(try await d.live.get("LingerSeconds", as: UInt32.self) == 60)
        r = try await d.islet("activity", "goal-linger")
        #expect(r.stdout == "A reached goal stays until the fast stops.\n", "DI-004: \(r)")
        r = try await d.islet("activity", "goal-linger", "10m")
        #expect(r.stdout == "A reached goal stays for 10 minutes.\n", "\(r)")
        #expect(try await d.live.get("GoalReachedLingerSeconds", as: UInt32.self) == 600)
        // Out of range: the service says so and nothing changes; not a duration: usage.
        r = try await d.islet("activity", "linger", "2h")
        #expect(r.status == 1 && r.stderr.contains("islet:"), "\(r)")
        #expect(try await d.live.get("LingerSeconds", as: UInt32.self) == 60)
        r = try await d.islet("activity", "linger", "soon")
        #expect(r.status == 64, "\(r)")
    }
}
