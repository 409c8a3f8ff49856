import DBus
import Foundation
import TestSupport
import Testing

extension Daemon {
    /// Runs the built `islet` against this daemon's bus.
    func islet(_ arguments: String...) async throws -> CommandResult {
        try await islet(arguments)
    }

    func islet(_ arguments: [String]) async throws -> CommandResult {
        try await Command.run([builtProduct("islet")] + arguments + ["--address", bus.address])
    }
}

func nowUSec() -> UInt64 { UInt64(Date().timeIntervalSince1970 * 1_000_000) }

@Suite(.startsProcesses) struct FastingCommands {
    /// Issue 45 from the command line: the goal as a clock time, stages when asked, the
    /// running fast's start moved (an overlap refused in words), stop at 11:30, the schedule
    /// and the eating window, neutral mode in `islet stats`.
    @Test func FR001_fixingTimesTheScheduleStagesAndNeutralMode() async throws {
        let d = try await Daemon(environment: ["TZ": "UTC", "LC_ALL": "C.UTF-8"])
        let now = nowUSec()
        let hour: UInt64 = 3_600_000_000
        // A fast that ended 20 h ago; the next starts "3h ago" and is moved to 5 h ago.
        _ = try await d.fasting.call("AddFast", [.uint64(now - 30 * hour), .uint64(now - 20 * hour), .uint64(0)])
        var r = try await d.islet("goal", "set", "16h")
        r = try await d.islet("fast", "start", "--at", "3h ago")
        // "5 h ago" is read when the command runs: between the moments just before and after it
        // (to the second the command line reads times at).
        let typedFrom = nowUSec()
        r = try await d.islet("fast", "start-at", "5h ago")
        let typedTo = nowUSec()
        #expect(r.status == 0 && r.stdout.hasPrefix("Fast 2 started at "), "\(r)")
        guard case .uint64(let start) = try await d.fasting.get("StartedAtUSec") else { throw TestFailure("no start") }
        #expect(start + 1_000_000 >= typedFrom - 5 * hour && start <= typedTo - 5 * hour, "\(typedFrom) \(start) \(typedTo)")
        r = try await d.islet("fast", "start-at", "21h ago")
        #expect(r.status == 1 && r.stderr.contains("that start overlaps a completed fast, which ended at"), "\(r)")
        r = try await d.islet("fast")
        let goalEnd = (start + 16 * hour) / 1_000_000
        let clock = String(format: "%02d:%02d", goalEnd / 3600 % 24, goalEnd / 60 % 60)
        #expect(r.stdout.contains("Goal at \(clock)"), "\(clock): \(r)")
        #expect(!r.stdout.contains("Stage:"), "stages are off by default: \(r)")
        r = try await d.islet("settings", "stages", "on")
        r = try await d.islet("fast")
        #expect(r.stdout.contains("Stage: Catabolic · Fat burning at ") && r.stdout.contains("a rule of thumb"), "\(r)")
        // Stop at a clock time: the fast records it.
        let endAt = now - hour
        let typed = String(format: "%02d:%02d", endAt / 1_000_000 / 3600 % 24, endAt / 1_000_000 / 60 % 60)
        r = try await d.islet("fast", "stop", "--at", typed)
        #expect(r.status == 0, "\(r)")
        let history = try await d.islet("history", "--format", "json")
        let minute = endAt / 60_000_000 * 60_000_000
        #expect(history.stdout.contains("\"ended_at_usec\":\(minute)"), "\(typed): \(history.stdout)")
        // The schedule: shown, refused when wrong, and the eating window names the next fast.
        r = try await d.islet("schedule", "set", "20:00", "--days", "mon-fri", "--on", "sat=22:00", "--remind-before", "30m")
        #expect(r.status == 0 && r.stdout == "Fasting window: Mon–Fri 20:00, Sat 22:00.\n", "\(r)")
        r = try await d.islet("schedule")
        #expect(r.stdout.contains("Reminders: 30 minutes before the fast, when it is due."), "\(r)")
        r = try await d.islet("fast")
        #expect(r.stdout.contains("Eating · since ") && r.stdout.contains(" · next fast at "), "\(r)")
        for bad in [["20:70"], ["20:00", "--days", "someday"], ["20:00", "--remind-before", "13h"], ["20:00", "--on", "sat"]] {
            r = try await d.islet(["schedule", "set"] + bad)
            #expect(r.status == 64 && r.stderr.contains("Error: "), "\(bad): \(r)")
        }
        r = try await d.islet("schedule", "off")
        #expect(r.status == 0)
        r = try await d.islet("schedule")
        #expect(r.stdout.hasPrefix("No schedule"), "\(r)")
        // Neutral mode: no streaks in `islet stats`, in either layout.
        r = try await d.islet("stats")
        #expect(r.stdout.contains("Current streak:"), "\(r)")
        r = try await d.islet("settings", "neutral", "on")
        r = try await d.islet("stats")
        #expect(r.status == 0 && !r.stdout.contains("streak") && r.stdout.contains("Fasts:"), "\(r)")
        r = try await d.islet("stats", "--format", "json")
        #expect(!r.stdout.contains("streak") && r.stdout.contains("\"count\":2"), "\(r)")
        r = try await d.islet("settings")
        #expect(r.stdout == "Fasting stages: on\nNeutral mode (no streaks): on\n", "\(r)")
    }

    @Test func goalPresetsStartStatusStopHistoryStats() async throws {
        let d = try await Daemon()
        var r = try await d.islet("goal", "presets")
        #expect(r.status == 0)
        #expect(r.stdout.contains("16:8  16 hours  A popular choice, may aid weight management and blood sugar control."))
        #expect(r.stdout.split(separator: "\n").count == 10)
        r = try await d.islet("goal")
        #expect(r.stdout == "No daily goal; set one with `islet goal set 16h`.\n")
        r = try await d.islet("goal", "set", "16:8")
        #expect(r.status == 0 && r.stdout == "Daily goal: 16 hours.\n", "\(r)")
        r = try await d.islet("goal", "set", "16h30m")
        #expect(try await d.fasting.get("GoalSeconds") == .uint64(59400))
        r = try await d.islet("goal")
        #expect(r.stdout == "Goal: 16 hours 30 minutes\n")

        r = try await d.islet("fast", "start", "--at", "2h ago")
        #expect(r.status == 0 && r.stdout.hasPrefix("Fast 1 started at "), "\(r)")
        let started = try await d.fasting.get("StartedAtUSec")
        guard case .uint64(let at) = started else { throw TestFailure("\(started)") }
        #expect((nowUSec() - at) / 1_000_000 - 7200 < 5)
        r = try await d.islet("fast", "status")
        #expect(r.stdout.contains("Fasting since ") && r.stdout.contains(": 2:00:0"), "\(r)")
        #expect(r.stdout.contains("Goal in 14:") && r.stdout.contains("Goal: 16 hours 30 minutes."), "\(r)")
        r = try await d.islet("fast", "goal", "18h")
        #expect(r.status == 0 && r.stdout == "The running fast's goal: 18 hours.\n", "\(r)")
        #expect(try await d.fasting.get("ActiveFastGoalSeconds") == .uint64(64800))
        #expect(try await d.fasting.get("GoalSeconds") == .uint64(59400))

        r = try await d.islet("fast", "start")
        #expect(r.status == 1 && r.stderr.contains("a fast") && r.stderr.contains("islet fast stop"), "\(r)")
        r = try await d.islet("fast", "stop", "--at=-30m")
        #expect(r.status == 0 && r.stdout.hasPrefix("Fast 1 stopped after 1 h 30 min ("), "\(r)")
        #expect(r.stdout.contains("islet fast undo"), "\(r)")
        r = try await d.islet("fast", "undo")
        #expect(r.status == 0 && r.stdout.hasPrefix("Fast 1 runs again, since "), "\(r)")
        r = try await d.islet("fast", "stop", "--at=-30m")
        #expect(r.status == 0, "\(r)")
        r = try await d.islet("fast", "stop")
        #expect(r.status == 1 && r.stderr.contains("islet fast start"), "\(r)")
        r = try await d.islet("fast")
        #expect(r.stdout.hasPrefix("Not fasting. Goal: 16 hours 30 minutes.\nEating · since "), "\(r)")

        r = try await d.islet("history")
        let rows = r.stdout.split(separator: "\n")
        #expect(rows.count == 2 && rows[0].hasPrefix("ID") && rows[1].hasPrefix("1      ") && rows[1].hasSuffix("1 h 30 min   18 h"), "\(r)")
        r = try await d.islet("stats")
        #expect(r.stdout.contains("Fasts:          1\n") && r.stdout.contains("Longest:        1 h 30 min\n"), "\(r)")
        r = try await d.islet("stats", "--format", "json")
        #expect(r.stdout.hasPrefix("{\"count\":1,\"total_usec\":540") && r.stdout.contains("\"goal_hits\":0,"), "\(r)")

        r = try await d.islet("goal", "clear")
        #expect(r.status == 0)
        #expect(try await d.fasting.get("GoalSeconds") == .uint64(0))
    }

    @Test func historyExportEditDeleteAndImport() async throws {
        let d = try await Daemon()
        let hour: UInt64 = 3_600_000_000
        let now = nowUSec() / 1_000_000 * 1_000_000
        for (start, end) in [(now - 50 * hour, now - 34 * hour), (now - 26 * hour, now - 8 * hour)] {
            _ = try await d.fasting.call("AddFast", [.uint64(start), .uint64(end), .uint64(57600)])
        }
        let csv = try await d.islet("history", "--format", "csv")
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first == "id,started_at,ended_at,duration_seconds,goal_seconds,started_at_usec,ended_at_usec,note,rating")
        #expect(
            lines.count == 3 && lines[1].hasPrefix("2,") && lines[1].hasSuffix(",64800,57600,\(now - 26 * hour),\(now - 8 * hour),,0"), "\(csv)")
        let json = try await d.islet("history", "--format", "json", "--limit", "1")
        #expect(json.stdout.hasPrefix("[{\"id\":2,\"started_at\":\""), "\(json)")
        #expect(json.stdout.contains("\"duration_seconds\":64800,\"goal_seconds\":57600"))

        let directory = try TemporaryDirectory.make(prefix: "islet-export")
        let csvFile = directory.appendingPathComponent("history.csv").path
        let jsonFile = directory.appendingPathComponent("history.json").path
        try csv.stdout.write(toFile: csvFile, atomically: true, encoding: .utf8)
        try (try await d.islet("history", "--format", "json")).stdout.write(toFile: jsonFile, atomically: true, encoding: .utf8)

        // Everything already there: skipped.
        var r = try await d.islet("history", "import", csvFile)
        #expect(r.status == 0 && r.stdout == "Imported 0 fasts; 2 already in the history.\n", "\(r)")
        r = try await d.islet("history", "delete", "1")
        #expect(r.status == 0 && r.stdout == "Fast 1 deleted.\n")
        r = try await d.islet("history", "delete", "1")
        #expect(r.status == 1 && r.stderr.contains("islet history"), "\(r)")
        r = try await d.islet("history", "import", jsonFile)
        #expect(r.status == 0 && r.stdout == "Imported 1 fast; 1 already in the history.\n", "\(r)")
        let page = try await d.fasting.call("ListFasts", [.uint32(0), .uint32(10)])
        #expect("\(page)".contains("uint64 \(now - 50 * hour)") && "\(page)".contains("uint64 57600"))

        // Edit with typed times; a start after the end is refused by the service.
        r = try await d.islet("history", "edit", "2", "--start", "2h ago", "--end", "1h ago")
        #expect(r.status == 0 && r.stdout.hasPrefix("Fast 2: "), "\(r)")
        r = try await d.islet("history", "edit", "2", "--start", "1h ago", "--end", "2h ago")
        #expect(r.status == 1 && r.stderr.contains("start before it ends"), "\(r)")

        // Broken import files: named, nothing added.
        for (name, text, message, status) in [
            ("bad.csv", "id,started_at\n1,yesterday\n", "line 1 names no start and end of a fast", Int32(64)),
            ("bad2.csv", "started_at_usec,ended_at_usec\n100,50\n", "line 2: a fast must start before it ends", 1),
            ("bad.json", "[{\"started_at_usec\": 1}", "not valid JSON", 64),
            ("bad2.json", "[{\"started_at\": \"2026-02-30T10:00:00+00:00\", \"ended_at_usec\": 5}]", "entry 1: cannot read the time", 64),
        ] {
            let file = directory.appendingPathComponent(name).path
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            r = try await d.islet("history", "import", file)
            #expect(r.status == status && r.stderr.contains(message), "\(name): \(r)")
        }
        r = try await d.islet("history", "import", "/nonexistent.csv")
        #expect(r.status == 64 && r.stderr.contains("No such file"), "\(r)")
        // A line the service refuses (an overlap) is named, and nothing goes in: all or
        // nothing, unless --skip-bad. (The first line overlaps the fast of 50 to 34 hours ago.)
        let overlapping = "started_at_usec,ended_at_usec,goal_seconds\n\(now - 45 * hour),\(now - 40 * hour),0\n\(now - 100 * hour),\(now - 90 * hour),0\n"
        let file = directory.appendingPathComponent("overlap.csv").path
        try overlapping.write(toFile: file, atomically: true, encoding: .utf8)
        r = try await d.islet("history", "import", "--dry-run", file)
        #expect(
            r.status == 0 && r.stdout == "islet CSV, 2 fasts: 1 to add, 0 already in the history, 1 cannot be imported. (A dry run: nothing was added.)\n",
            "\(r)")
        #expect(r.stderr.hasPrefix("islet: line 2: it overlaps the fast from "), "\(r)")
        r = try await d.islet("history", "import", file)
        #expect(r.status == 1 && r.stdout.isEmpty && r.stderr.contains("nothing imported: 1 line cannot be imported."), "\(r)")
        #expect(try await d.islet("history", "--format", "csv").stdout.split(separator: "\n").count == 3)
        r = try await d.islet("history", "import", "--skip-bad", file)
        #expect(r.status == 0 && r.stdout == "Imported 1 fast; 0 already in the history.\nLeft out 1 line that cannot be imported.\n", "\(r)")
    }
}

/// FR-005 grown (contract 1.3): notes and ratings from the command line, and the whole
/// history through `islet history export` and back, in each of islet's formats, nothing lost.
@Suite(.startsProcesses) struct HistoryFilesThroughTheCommandLine {
    @Test func notesAndRatingsAreWrittenShownAndExported() async throws {
        let d = try await Daemon()
        let hour: UInt64 = 3_600_000_000
        let now = nowUSec() / 1_000_000 * 1_000_000
        _ = try await d.fasting.call("AddFast", [.uint64(now - 30 * hour), .uint64(now - 14 * hour), .uint64(57600)])
        var r = try await d.islet("history", "note", "1", "Hungry at 11, fine after", "--rating", "4")
        #expect(r.status == 0 && r.stdout == "Fast 1: ★★★★☆ Hungry at 11, fine after\n", "\(r)")
        r = try await d.islet("history", "note", "1", "--rating", "5")
        #expect(r.stdout == "Fast 1: ★★★★★ Hungry at 11, fine after\n", "the note stays: \(r)")
        r = try await d.islet("history")
        #expect(r.stdout.split(separator: "\n").first?.hasSuffix("Note") == true && r.stdout.contains("16 h ✓ ★★★★★ Hungry at 11, fine after\n"), "\(r)")
        r = try await d.islet("history", "export", "--format", "json")
        #expect(r.stdout.contains("\"note\":\"Hungry at 11, fine after\",\"rating\":5}"), "\(r)")
        r = try await d.islet("history", "note", "1", "--rating", "6")
        #expect(r.status == 64 && r.stderr.contains("--rating must be 1 to 5"), "\(r)")
        r = try await d.islet("history", "note", "7", "x")
        #expect(r.status == 1 && r.stderr.contains("no fast with id 7"), "\(r)")
        r = try await d.islet("history", "note", "1", "--clear")
        #expect(r.stdout == "Fast 1: no note.\n", "\(r)")
        #expect(!(try await d.islet("history")).stdout.contains("Note"))
    }

    /// Issue 53: an empty history exported reads back as nothing, in both formats, dry run or not.
    @Test func anEmptyHistoryExportedImportsAsNothing() async throws {
        let d = try await Daemon()
        let directory = try TemporaryDirectory.make(prefix: "islet-empty")
        for format in ["csv", "json"] {
            let file = directory.appendingPathComponent("empty.\(format)").path
            var r = try await d.islet("history", "export", "--output", file)
            #expect(r.status == 0 && r.stderr.contains("Exported 0 fasts"), "\(r)")
            for dryRun in [true, false] {
                r = try await d.islet(dryRun ? ["history", "import", "--dry-run", file] : ["history", "import", file])
                #expect(r.status == 0 && r.stdout == "\(file): no fasts in it; nothing to import.\n" && r.stderr.isEmpty, "\(format): \(r)")
            }
        }
        #expect(try await d.islet("history", "--format", "json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }

    @Test func anExportImportedIntoAnEmptyHistoryGivesTheSameHistory() async throws {
        let source = try await Daemon()
        let hour: UInt64 = 3_600_000_000
        let now = nowUSec() / 1_000_000 * 1_000_000
        // 10^4 fasts (two a day), to the microsecond, some with notes that need quoting (a
        // comma, quotes, a line break, a tab), some rated, goals or none; loaded through gdbus
        // (ImportFasts) in pages, so that the source is isletd's own history, not an import.
        let notes = ["", "coffee, then \"fine\"", "line one\nline two", "Tab\there; ★"]
        for page in 0..<10 {
            var entries: [String] = []
            for n in page * 1000..<(page + 1) * 1000 {
                let start = now - UInt64(n + 1) * 12 * hour
                let note = notes[n % 4].replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
                entries.append(
                    "(uint64 \(start), uint64 \(start + UInt64(6 + n % 5) * hour + 7_000_123), uint64 \(n % 2 == 0 ? 57600 : 0), '\(note)', byte \(n % 6))")
            }
            let load = try await Command.run([
                "gdbus", "call", "--address", source.bus.address, "--dest", Daemon.name, "--object-path", Daemon.path.rawValue, "--method",
                "org.islet.Islet1.Fasting.ImportFasts", "[" + entries.joined(separator: ", ") + "]", "false",
            ])
            #expect(load.stdout == "(uint32 1000, @au [], @a(usu) [])\n", "\(load)")
        }
        let expected = try await source.islet("history", "export", "--format", "json").stdout
        #expect(expected.contains("line one\\nline two") && expected.contains("Tab\\there; ★"))
        #expect(expected.split(separator: "\n").count == 10_000)
        let directory = try TemporaryDirectory.make(prefix: "islet-roundtrip")
        for format in ["csv", "json"] {
            let file = directory.appendingPathComponent("history.\(format)").path
            let written = try await source.islet("history", "export", "-o", file)
            #expect(written.status == 0 && written.stderr == "Exported 10000 fasts to \(file).\n", "\(written)")
            let target = try await Daemon()
            let r = try await target.islet("history", "import", file)
            #expect(r.status == 0 && r.stdout == "Imported 10000 fasts; 0 already in the history.\n", "\(format): \(r)")
            // The same history, field for field (the ids too: given in the same order).
            #expect(try await target.islet("history", "export", "--format", "json").stdout == expected, "\(format)")
        }
    }

    @Test func aFileTooLargeOrNotTextIsRefusedAtOnce() async throws {
        let d = try await Daemon()
        let directory = try TemporaryDirectory.make(prefix: "islet-hostile")
        // 100 MB (sparse: nothing is written), a binary, a directory.
        let large = directory.appendingPathComponent("huge.csv").path
        #expect(try await Command.run(["truncate", "-s", "100M", large]).status == 0)
        var r = try await d.islet("history", "import", large)
        #expect(r.status == 64 && r.stderr.contains("cannot read \(large): 100 MiB, over the 64 MiB a history file may have"), "\(r)")
        let binary = directory.appendingPathComponent("photo.jpg").path
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46]).write(to: URL(fileURLWithPath: binary))
        r = try await d.islet("history", "import", binary)
        #expect(r.status == 64 && r.stderr.contains("this is a binary file, not CSV or JSON text"), "\(r)")
        r = try await d.islet("history", "import", directory.path)
        #expect(r.status == 64 && r.stderr.contains("Is a directory"), "\(r)")
        #expect(try await d.islet("history", "--format", "csv").stdout.split(separator: "\n").count == 1, "nothing added")
    }
}

@Suite(.startsProcesses) struct TimerAndActivityCommands {
    /// The countdowns (MM:SS, rounded up as the CLI shows them) that `islet timer list` may show
    /// for `owner`'s timer while `listing` runs, from the longest to the shortest: worked out from
    /// the service's own state (the step's end while running, what is left while paused) read
    /// just before and just after, so that the machine's speed does not matter.
    func countdowns(_ d: Daemon, owner: String, _ listing: () async throws -> CommandResult) async throws -> (CommandResult, [String]) {
        func seconds() async throws -> UInt64 {
            let state = try #require(timerState(in: try await d.timers.call("List"), owner: owner))
            let moment = nowUSec()
            var left: UInt64 = 0
            if case .uint64(let end)? = state["ends_at_usec"], end > 0 {
                left = end > moment ? end - moment : 0
            } else if case .uint64(let remaining)? = state["remaining_usec"] {
                left = remaining
            }
            return max(1, (left + 999_999) / 1_000_000)
        }
        let before = try await seconds()
        let r = try await listing()
        let after = try await seconds()
        let shown = (min(after, before)...before).reversed().map { String(format: "%02d:%02d", $0 / 60, $0 % 60) }
        return (r, shown)
    }

    @Test func timersFromStartToStop() async throws {
        let d = try await Daemon()
        var r = try await d.islet("timer", "start", "Tea", "3m")
        #expect(r.status == 0 && r.stdout == "Tea: 03:00 (owner islet).\n", "\(r)")
        r = try await d.islet("timer", "intervals", "--owner", "gym", "--title", "Workout", "--phase", "Work=40s", "--phase", "Rest=20s", "--rounds", "8")
        #expect(r.status == 0 && r.stdout == "Workout: Work 00:40, Rest 00:20, 8 rounds (owner gym).\n", "\(r)")
        r = try await d.islet("timer", "pause", "--owner", "gym")
        #expect(r.status == 0)
        // Paused: what the service says is left, however long the machine took to get here.
        var shown: [String]
        (r, shown) = try await countdowns(d, owner: "gym") { try await d.islet("timer", "list") }
        #expect(shown.count == 1 && shown[0] <= "00:40", "paused, it stands still: \(shown)")
        #expect(shown.contains { r.stdout.contains("gym         Workout         \($0)    Paused · Work · Round 1/8") }, "\(shown): \(r)")
        #expect(r.stdout.contains("islet       Tea             0"), "\(r)")
        r = try await d.islet("activity")
        #expect(
            r.stdout.hasPrefix("timer activity ") && r.stdout.contains(", owner gym\n  Workout\n  00:") && r.stdout.contains("\n  Paused · Work · Round 1/8"),
            "\(r)")
        r = try await d.islet("timer", "resume", "--owner", "gym")
        #expect(r.status == 0)
        r = try await d.islet("timer", "resume", "--owner", "gym")
        #expect(r.status == 1 && r.stderr.contains("islet timer list"), "\(r)")
        // "+1 min", and more: the current phase grows (Work 40 s + 60 s + 90 s).
        r = try await d.islet("timer", "extend", "--owner", "gym")
        #expect(r.status == 0 && r.stdout == "Added 1 minute to gym's timer.\n", "\(r)")
        r = try await d.islet("timer", "extend", "--owner", "gym", "90s")
        #expect(r.status == 0 && r.stdout == "Added 1 minute 30 seconds to gym's timer.\n", "\(r)")
        // Work's 40 s, less what ran before the pause, plus 60 s and 90 s, counting down.
        (r, shown) = try await countdowns(d, owner: "gym") { try await d.islet("timer", "list") }
        #expect(shown[0] <= "03:10", "\(shown)")
        #expect(shown.contains { r.stdout.contains("gym         Workout         \($0)    Running · Work · Round 1/8") }, "\(shown): \(r)")
        r = try await d.islet("timer", "extend", "--owner", "gym", "25h")
        #expect(r.status == 1 && r.stderr.contains("24 hours"), "\(r)")
        r = try await d.islet("timer", "extend", "--owner", "nobody")
        #expect(r.status == 1 && r.stderr.contains("nobody"), "\(r)")
        r = try await d.islet("timer", "stop", "--owner", "gym")
        #expect(r.status == 0 && r.stdout == "Stopped gym's timer.\n")
        r = try await d.islet("timer", "stop", "--owner", "nobody")
        #expect(r.status == 1 && r.stderr.contains("nobody") && r.stderr.contains("`islet timer list`"), "\(r)")
        r = try await d.islet("activity", "off")
        #expect(r.status == 0)
        #expect(try await d.live.get("Enabled") == .boolean(false))
        r = try await d.islet("activity")
        #expect(r.stdout.contains("Live activities are off"), "\(r)")
        r = try await d.islet("activity", "on")
        #expect(r.status == 0)
        r = try await d.islet("activity", "--format", "json")
        #expect(r.stdout.contains("\"owner\":\"islet\",\"kind\":\"timer\",\"title\":\"Tea\""), "\(r)")
    }

    @Test(arguments: [
        (["timer", "start", "Tea", "3x"], "cannot read the duration \"3x\""),
        (["timer", "start", "Tea", "0s"], "cannot read the duration"),
        (["timer", "intervals", "--title", "W", "--phase", "Work40s"], "NAME=DURATION"),
        (["timer", "intervals", "--title", "W"], "at least one --phase"),
        (["fast", "start", "--at", "yesterday-ish"], "cannot read the time"),
        (["fast", "start", "--at", "25:00"], "cannot read the time"),
        (["fast", "start", "--at", "2026-02-30 10:00"], "cannot read the time"),
        (["goal", "set", "lots"], "cannot read the goal"),
        (["history", "--limit", "0"], "--limit must be 1 to 1000"),
        (["history", "--format", "xml"], "xml"),
        (["status", "--format", "html"], "html"),
        (["status", "--style", "loud"], "loud"),
        (["status", "now"], "Unexpected argument 'now'"),
        (["status", "--format=waybar", "--verbose"], "Unknown option '--verbose'"),
        (["watch", "--format", "genmon"], "islet status --format genmon"),
        (["fast", "frobnicate"], "Unexpected argument"),
    ])
    func badUsageExits64(arguments: [String], message: String) async throws {
        let r = try await Command.run([builtProduct("islet")] + arguments + ["--address", "unix:path=/nonexistent"])
        #expect(r.status == 64, "\(arguments): \(r)")
        #expect(r.stderr.contains(message), "\(arguments): \(r)")
    }

    @Test func outOfRangeValuesAreTheServicesNamedErrors() async throws {
        let d = try await Daemon()
        var r = try await d.islet("goal", "set", "30s")
        #expect(r.status == 1 && r.stderr.contains("60 seconds to 7 days"), "\(r)")
        r = try await d.islet("timer", "start", "--owner", String(repeating: "o", count: 65), "Tea", "3m")
        #expect(r.status == 1 && r.stderr.contains("owner must be 1 to 64 characters"), "\(r)")
        r = try await d.islet("timer", "intervals", "--title", "W", "--phase", "A=1s", "--rounds", "101")
        #expect(r.status == 1 && r.stderr.contains("rounds must be 1 to 100"), "\(r)")
    }

    @Test func aStoppedServiceIsExit69WithAHint() async throws {
        let d = try await Daemon()
        d.stop()
        let r = try await d.islet("fast", "status")
        #expect(r.status == 69, "\(r)")
        #expect(r.stderr.contains("isletd is not running") && r.stderr.contains("systemctl --user start isletd"), "\(r)")
        let noBus = try await Command.run([builtProduct("islet"), "status", "--address", "unix:path=/nonexistent/bus"])
        #expect(noBus.status == 69 && noBus.stderr.contains("cannot reach the session bus"), "\(noBus)")
    }
}
