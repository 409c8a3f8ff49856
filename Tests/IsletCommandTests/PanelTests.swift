import DBus
import Foundation
import TestSupport
import Testing

@Suite(.startsProcesses) struct PanelFeeds {
    /// `islet status` reads a plain command line itself (it runs every second or two) and leaves
    /// the rest to the full parser: every spelling gives the same line, and help is the parser's.
    @Test func statusReadsEverySpellingAlike() async throws {
        let d = try await Daemon()
        try await d.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(3600)])
        try await d.timers.call("Pause", [.string("tea")])
        let spellings: [[String]] = [
            ["status", "--format", "json", "--style", "minimal"], ["status", "--format=json", "--style=minimal"],
            ["status", "--style", "minimal", "--format", "json"], ["status", "--style=minimal", "--format", "json"],
        ]
        var lines: Set<String> = []
        for arguments in spellings {
            let r = try await d.islet(arguments)
            // Paused, so every run shows the same time; minimal, so the text is the time alone.
            let timeAlone = r.stdout.contains("\"text\":\"1:00:00\"") || r.stdout.contains("\"text\":\"59:")
            #expect(r.status == 0 && r.stdout.contains("\"status\":\"paused\"") && timeAlone, "\(arguments): \(r)")
            lines.insert(r.stdout)
        }
        #expect(lines.count == 1, "\(lines)")
        let help = try await d.islet("status", "--help")
        #expect(help.status == 0 && help.stdout.contains("USAGE: islet status [--format <format>] [--style <style>]"), "\(help)")
    }

    @Test func statusInEveryFormat() async throws {
        let d = try await Daemon()
        // Idle: the module hides (empty text) in waybar and polybar.
        let idle: [(String, String)] = [
            ("waybar", "{\"text\":\"\",\"alt\":\"idle\",\"tooltip\":\"No live activity\",\"class\":\"idle\",\"percentage\":0}\n"),
            ("polybar", "\n"), ("i3blocks", "\n"), ("genmon", "<txt></txt><tool>No live activity</tool>\n"),
            ("json", "{\"status\":\"idle\"}\n"), ("plain", "No live activity\n"),
        ]
        for (format, expected) in idle {
            let r = try await d.islet("status", "--format", format)
            #expect(r.status == 0 && r.stdout == expected, "\(format): \(r)")
        }
        // A fast with a 16-hour goal, begun 12:47:51 ago: "Goal in 03:12:09".
        let started = nowUSec() - 46071 * 1_000_000
        try await d.fasting.call("SetGoal", [.uint64(57600)])
        try await d.fasting.call("StartFastAt", [.uint64(started)])
        var r = try await d.islet("status", "--format", "plain")
        // 03:12:09 less the seconds the machine took since (a loaded one takes more than one).
        let left = (11529 - Int((nowUSec() - started) / 1_000_000 - 46071) - 1)...11529
        #expect(left.map { String(format: "Goal in %02d:%02d:%02d\n", $0 / 3600, $0 / 60 % 60, $0 % 60) }.contains(r.stdout), "\(r)")
        r = try await d.islet("status", "--format", "waybar")
        #expect(r.stdout.hasPrefix("{\"text\":\"Goal in 03:12:0"), "\(r)")
        #expect(r.stdout.contains("\"alt\":\"fast\",\"tooltip\":\"Fasting Goal\\nGoal in 03:12:0"), "\(r)")
        #expect(r.stdout.hasSuffix("\"class\":\"running\",\"percentage\":79}\n"), "\(r)")
        r = try await d.islet("status", "--format", "genmon")
        #expect(
            r.stdout.hasPrefix("<txt>Goal in 03:12:0") && r.stdout.contains("Goal: 16 hours · 79%\nGoal at ") && r.stdout.hasSuffix("</tool><bar>79</bar>\n"),
            "\(r)")
        r = try await d.islet("status", "--format", "json")
        #expect(r.stdout.contains("\"kind\":\"fast\",\"title\":\"Fasting Goal\",\"status\":\"running\""), "\(r)")
        // A paused workout: the pause mark; minimal polybar is grey and the time alone.
        try await d.timers.call(
            "StartIntervals",
            [
                .string("gym"), .string("Workout"), .array(.string, [.string("Work"), .string("Rest")]),
                .array(.uint64, [.uint64(40), .uint64(20)]), .uint32(8),
            ])
        try await d.timers.call("Pause", [.string("gym")])
        r = try await d.islet("status", "--format", "polybar")
        #expect(r.stdout == "Workout ❚❚ 00:40 · Work 1/8\n", "\(r)")
        r = try await d.islet("status", "--format", "polybar", "--style", "minimal")
        #expect(r.stdout == "%{F#888888}0:40%{F-}\n", "\(r)")
        r = try await d.islet("status", "--format", "i3blocks")
        #expect(r.stdout == "Workout ❚❚ 00:40 · Work 1/8\n", "\(r)")
        r = try await d.islet("status", "--format", "waybar")
        #expect(r.stdout.contains("\"class\":\"paused\""), "\(r)")
        #expect(r.stdout.contains("\"tooltip\":\"Workout\\n00:40\\nPaused · Work · Round 1/8 · 0%\""), "\(r)")
    }

    @Test func callerTextCannotInjectPanelMarkup() async throws {
        let d = try await Daemon()
        try await d.timers.call("Start", [.string("x"), .string("%{F#f00}<b>&\"evil\""), .uint64(90)])
        var r = try await d.islet("status", "--format", "polybar")
        #expect(!r.stdout.contains("%{F#f00}") && r.stdout.contains("% {F#f00}"), "\(r)")
        r = try await d.islet("status", "--format", "genmon")
        #expect(r.stdout.hasPrefix("<txt>%{F#f00}&lt;b&gt;&amp;&quot;evil&quot; 01:"), "\(r)")
        r = try await d.islet("status", "--format", "waybar")
        #expect(r.stdout.hasPrefix("{\"text\":\"%{F#f00}<b>&\\\"evil\\\" 01:"), "\(r)")
    }

    @Test("App Backgrounded") func watchPrintsEachChangeWithoutPollingAndSurvivesARestart() async throws {
        let d = try await Daemon()
        let monitor = try await BusMonitor(address: d.bus.address, rules: ["type='method_call',interface='org.islet.Islet1.LiveActivity'"])
        let watch = try Background([builtProduct("islet"), "watch", "--format", "polybar", "--address", d.bus.address])
        #expect(await eventually { watch.stdout == "\n" }, "idle first: \(watch.stdout)")
        try await d.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(120)])
        #expect(await eventually { watch.stdout.contains("Tea 02:00\n") || watch.stdout.contains("Tea 01:59\n") })
        // It goes on counting, a line for each second the countdown shows: none twice, never up.
        #expect(await eventually { watch.stdout.contains("Tea 01:56\n") }, "\(watch.stdout)")
        let lines = watch.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.first == "", "idle first: \(lines)")
        let countdown = lines.dropFirst().map { $0.replacingOccurrences(of: "Tea ", with: "") }
        #expect(countdown.allSatisfy { $0.count == 5 } && zip(countdown, countdown.dropFirst()).allSatisfy { $0 > $1 }, "one line a second: \(lines)")
        // One Get at start; the countdown is computed locally.
        #expect(monitor.calls("Get").count == 1, "\(monitor.calls("Get"))")

        try await d.timers.call("Pause", [.string("tea")])
        #expect(await eventually { watch.stdout.contains("Tea ❚❚ ") })
        let pausedOutput = watch.stdout
        try await Task.sleep(for: .milliseconds(1500))
        #expect(watch.stdout == pausedOutput, "nothing while paused")

        // isletd restarts: idle while it is gone, then the same paused timer again.
        try await d.crash()
        #expect(await eventually { watch.stdout.hasSuffix("\n\n") })
        try await d.start()
        #expect(await eventually { watch.stdout.hasSuffix(String(pausedOutput.split(separator: "\n").last ?? "") + "\n") })
        #expect(watch.isRunning)
        try await d.timers.call("Stop", [.string("tea")])
        #expect(await eventually { watch.stdout.hasSuffix("\n\n") })
    }

    /// Issue 38, item 5: a fast with a goal never shows as a fast without one ("Fasted
    /// 0:00:05") in the instant between its FastStarted and its activity, between a timer's
    /// taking the island and the timer's activity, or when the fast takes the island back.
    @Test func activityOwnershipTransferWatchShowsNoGoallessFastBetweenActivities() async throws {
        let d = try await Daemon()
        try await d.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        let watch = try Background([builtProduct("islet"), "watch", "--format", "plain", "--address", d.bus.address])
        #expect(await eventually { watch.stdout == "No live activity\n" }, "idle first: \(watch.stdout)")
        try await d.fasting.call("StartFast")
        #expect(await eventually { watch.stdout.contains("Goal in 1") })
        try await d.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(120)])
        #expect(await eventually { watch.stdout.contains("Tea 0") })
        try await d.timers.call("Stop", [.string("tea")])
        #expect(await eventually { watch.stdout.hasSuffix("\n") && watch.stdout.split(separator: "\n").last?.hasPrefix("Goal in 1") == true })
        // isletd restarts with the fast on the island: idle while it is gone, then the fast.
        try await d.crash()
        #expect(await eventually { watch.stdout.hasSuffix("No live activity\n") })
        try await d.start()
        #expect(await eventually { watch.stdout.split(separator: "\n").last?.hasPrefix("Goal in 1") == true })
        try await Task.sleep(for: .milliseconds(600))
        #expect(!watch.stdout.contains("Fasted"), "a fast with a goal never reads as one without: \(watch.stdout)")
    }

    @Test func watchInWaybarFormatIsOneJSONObjectPerLine() async throws {
        let d = try await Daemon()
        let watch = try Background([builtProduct("islet"), "watch", "--format", "waybar", "--address", d.bus.address])
        #expect(await eventually { watch.stdout.contains("\"class\":\"idle\"") })
        try await d.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(2)])
        #expect(await eventually { watch.stdout.contains("\"class\":\"completed\"") })
        for line in watch.stdout.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["text"] is String && object?["class"] is String && object?["percentage"] is Int, "\(line)")
        }
        #expect(
            watch.stdout.contains("{\"text\":\"Tea 00:00\",\"alt\":\"timer\",\"tooltip\":\"Tea\\n00:00\\nDone\",\"class\":\"completed\",\"percentage\":100}"))
    }
}
