import DBus
import Foundation
import TestSupport
import Testing

/// `islet run` (a command as the live activity) and `islet activity start|update|end` (a
/// script's own activity), against the built islet and isletd (issue 36).
@Suite(.startsProcesses) struct ProgramActivities {
    func run(_ d: Daemon, _ command: String...) async throws -> CommandResult {
        try await Command.run([builtProduct("islet"), "run", "--address", d.bus.address, "--"] + command)
    }

    @Test func runPassesTheExitStatusThrough() async throws {
        let d = try await Daemon()
        #expect(try await run(d, "true").status == 0)
        var r = try await run(d, "sh", "-c", "exit 3")
        #expect(r.status == 3 && r.stderr.isEmpty, "\(r)")
        r = try await run(d, "sh", "-c", "kill -TERM $$")
        #expect(r.status == 128 + SIGTERM, "128+N for a signal: \(r)")
        r = try await run(d, "/nonexistent/command")
        #expect(r.status == 127 && r.stderr.contains("cannot run /nonexistent/command"), "\(r)")
        r = try await Command.run([builtProduct("islet"), "run", "--address", d.bus.address])
        #expect(r.status == 64 && r.stderr.contains("name a command"), "\(r)")
        // Help is islet's before the command and the command's after `--` (issue 72).
        for flag in ["--help", "-h"] {
            r = try await Command.run([builtProduct("islet"), "run", flag])
            #expect(r.status == 0 && r.stdout.contains("USAGE: islet run") && r.stderr.isEmpty, "\(r)")
            r = try await Command.run([builtProduct("islet"), "run", "--title", "x", flag])
            #expect(r.status == 0 && r.stdout.contains("USAGE: islet run"), "\(r)")
        }
        r = try await run(d, "--help")
        #expect(r.status == 127 && r.stderr.contains("cannot run --help"), "after --, the command's: \(r)")
        // Options after the command are the command's.
        r = try await run(d, "sh", "-c", "echo \"$@\"", "sh", "--title", "x")
        #expect(r.status == 0 && r.stdout == "--title x\n", "\(r)")
    }

    @Test func runLeavesInputAndOutputByteForByte() async throws {
        let d = try await Daemon()
        // Bytes that are not text, through standard input and out; standard error its own.
        let islet = builtProduct("islet")
        let script = "printf 'a\\000b\\377\\n' | '\(islet)' run --address '\(d.bus.address)' -- sh -c 'cat; echo oops >&2'"
        let shell = try Background(["/bin/sh", "-c", script])
        #expect(await shell.waitForExit() == 0)
        let out = try Data(contentsOf: shell.stdoutURL)
        #expect(Array(out) == [0x61, 0x00, 0x62, 0xFF, 0x0A], "\(Array(out))")
        #expect(shell.stderr == "oops\n", "nothing of islet's on the command's standard error: \(shell.stderr)")
    }

    @Test func runForwardsSigtermAndSigint() async throws {
        let d = try await Daemon()
        for (signal, name, code) in [(SIGTERM, "TERM", Int32(5)), (SIGINT, "INT", Int32(6))] {
            let command = "trap 'echo got \(name); exit \(code)' \(name); echo ready; while :; do sleep 0.05; done"
            let islet = try Background([builtProduct("islet"), "run", "--address", d.bus.address, "--", "sh", "-c", command])
            #expect(await eventually { islet.stdout.contains("ready") })
            islet.signal(signal)
            #expect(await islet.waitForExit() == code, "\(name) passed on: \(islet.stdout) \(islet.stderr)")
            #expect(islet.stdout.contains("got \(name)"))
        }
    }

    @Test func runIsTheLiveActivityWhileItRuns() async throws {
        let d = try await Daemon()
        let islet = try Background([
            builtProduct("islet"), "run", "--title", "Build", "--address", d.bus.address, "--", "sh", "-c", "echo ready; sleep 30",
        ])
        #expect(await eventually { islet.stdout.contains("ready") })
        #expect(await eventually { (try? await d.live.get("Owner")) == .string("run-\(islet.pid)") })
        let got = try await d.live.call("Get")
        #expect(got[2].stringVariantEntries?["title"] == .string("Build") && got[2].stringVariantEntries?["kind"] == .string("custom"))
        #expect(got[3].stringVariantEntries?["phase_name"] == .string("Running"))
        let status = try await Command.run([builtProduct("islet"), "status", "--address", d.bus.address])
        #expect(status.stdout.hasPrefix("Build 00:0") && status.stdout.hasSuffix(" · Running\n"), "the time counts up: \(status)")
        // Killed, islet takes its activity with it (its connection closes).
        islet.kill()
        #expect(await eventually { (try? await d.live.get("Owner")) == .string("") })
    }

    @Test func runWithoutIsletdStillRunsTheCommand() async throws {
        let bus = try PrivateBus()
        var r = try await Command.run([builtProduct("islet"), "run", "--address", bus.address, "--", "sh", "-c", "echo hi; exit 4"])
        #expect(r.status == 4 && r.stdout == "hi\n" && r.stderr.contains("warning: isletd is not running"), "\(r)")
        r = try await Command.run([builtProduct("islet"), "run", "--address", "unix:path=/nonexistent/bus", "--", "echo", "hi"])
        #expect(r.status == 0 && r.stdout == "hi\n" && r.stderr.contains("warning: no session bus"), "\(r)")
    }

    @Test func scriptActivitiesOutliveTheCallAndRespectOwnership() async throws {
        let d = try await Daemon()
        var r = try await d.islet("activity", "start", "--owner", "build", "--title", "Build", "--phase", "Compiling", "--progress", "0.25")
        #expect(r.status == 0 && r.stdout.hasPrefix("Started build's activity "), "\(r)")
        // The call has ended; the activity stays.
        var got = try await d.live.call("Get")
        #expect(got[1] == .string("build") && got[2].stringVariantEntries?["title"] == .string("Build"), "\(got)")
        var state = got[3].stringVariantEntries ?? [:]
        #expect(state["phase_name"] == .string("Compiling") && state["progress"] == .double(0.25))
        r = try await d.islet("status")
        #expect(r.stdout.hasPrefix("Build 00:0") && r.stdout.hasSuffix(" · Compiling\n"), "\(r)")

        // An update keeps what it does not change.
        r = try await d.islet("activity", "update", "--owner", "build", "--progress", "0.5", "--ends-in", "10m")
        #expect(r.status == 0, "\(r)")
        got = try await d.live.call("Get")
        state = got[3].stringVariantEntries ?? [:]
        #expect(state["phase_name"] == .string("Compiling") && state["progress"] == .double(0.5))
        #expect(try state["ends_at_usec"]?.decode(UInt64.self) ?? 0 > nowUSec() + 590 * 1_000_000)
        r = try await d.islet("status")
        #expect(r.stdout.hasPrefix("Build 10:00") || r.stdout.hasPrefix("Build 09:59"), "a countdown now: \(r)")

        // Only its owner changes or ends it.
        r = try await d.islet("activity", "update", "--owner", "intruder", "--progress", "0.9")
        #expect(r.status == 1 && r.stderr.contains("does not own"), "\(r)")
        r = try await d.islet("activity", "end", "--owner", "intruder")
        #expect(r.status == 1, "\(r)")
        r = try await d.islet("activity", "update", "--owner", "build", "--progress", "2")
        #expect(r.status == 64 && r.stderr.contains("from 0 to 1"), "\(r)")
        r = try await d.islet("activity", "end", "--owner", "build", "--dismiss", "immediate")
        #expect(r.status == 0, "\(r)")
        #expect(try await d.live.get("Owner") == .string(""))
    }
}

/// Contract 1.2 from the command line: stale content, an alert, the dismissal policy.
@Suite(.startsProcesses) struct ProgramActivities12 {
    @Test func staleAlertAndDismissal() async throws {
        let d = try await Daemon()
        var r = try await d.islet("activity", "start", "--owner", "parcel", "--title", "Parcel", "--phase", "On its way", "--stale-in", "1s")
        #expect(r.status == 0, "\(r)")
        // At its time the service says it is stale, once; panels say so.
        #expect(await eventually { (try? await d.live.call("Get"))?[3].stringVariantEntries?["stale"] == .boolean(true) })
        r = try await d.islet("status")
        #expect(r.stdout.hasSuffix("· On its way (stale)\n"), "\(r)")
        r = try await d.islet("status", "--format", "waybar")
        #expect(r.stdout.contains("\"class\":\"stale\"") && r.stdout.contains("Not updated since "), "\(r)")
        // A fresh update is fresh again; --alert rides on its signal only.
        let signals = try await d.signals()
        r = try await d.islet("activity", "update", "--owner", "parcel", "--phase", "Arriving", "--alert", "--stale-in", "10m")
        #expect(r.status == 0, "\(r)")
        let seen = await collect(signals) { $0.names.contains("ActivityUpdated") }
        #expect(seen.last?.body.last?.stringVariantEntries?["alert"] == .boolean(true))
        let state = try await d.live.call("Get")[3].stringVariantEntries ?? [:]
        #expect(state["stale"] == nil && state["alert"] == nil && state["phase_name"] == .string("Arriving"), "\(state)")
        // Ended, it is shown as done until the time it was given, then gone.
        r = try await d.islet("activity", "end", "--owner", "parcel", "--phase", "Delivered", "--dismiss-at=-1m")
        #expect(r.status == 1 && r.stderr.contains("at most 4 hours ahead"), "a time past is refused: \(r)")
        r = try await d.islet("activity", "end", "--owner", "parcel", "--phase", "Delivered")
        #expect(r.status == 0, "\(r)")
        let done = try await d.live.call("Get")
        #expect(done[3].stringVariantEntries?["status"] == .string("completed") && done[3].stringVariantEntries?["phase_name"] == .string("Delivered"))
        r = try await d.islet("status")
        #expect(r.stdout.hasPrefix("Parcel ") && r.stdout.contains("Delivered"), "\(r)")
        r = try await d.islet("activity", "update", "--owner", "parcel", "--progress", "0.5")
        #expect(r.status == 1 && r.stderr.contains("has finished"), "\(r)")
        // LingerSeconds (5 by default), then gone.
        #expect(await eventually { (try? await d.live.get("Owner")) == .string("") })
    }
}
