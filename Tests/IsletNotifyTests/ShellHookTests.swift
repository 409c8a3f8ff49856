import DBus
import Foundation
import TestSupport
import Testing

/// Issue 71's long commands in real shells: bash, zsh and fish, each interactive under tmux with
/// `islet init`'s hook from its rc file, the real islet-notify (its threshold at 1 s) and isletd
/// on the test's bus; what crossed the bus seen by dbus-monitor, the island read by gdbus.
@Suite(.serialized, .startsProcesses) struct ShellHookTests {
    static func installed(_ shell: String) -> Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") }
    static var tmux: Bool { installed("tmux") }

    /// A shell of `kind` under tmux (its own server), with the hook, in `runtime`.
    struct Shell {
        let socket: String
        let environment: [String: String]

        init(_ kind: String, runtime: URL, bus: [String: String]) async throws {
            let home = try TemporaryDirectory.make(prefix: "shell-home")
            socket = "islet-\(kind)-\(getpid())"
            var environment = bus
            environment["XDG_RUNTIME_DIR"] = runtime.path
            environment["HOME"] = home.path
            environment["TERM"] = "xterm-256color"
            self.environment = environment
            let islet = builtProduct("islet")
            let command: [String]
            switch kind {
            case "bash":
                let rc = home.appendingPathComponent("bashrc")
                try "PS1='$ '\neval \"$(\(islet) init bash)\"\n".write(to: rc, atomically: true, encoding: .utf8)
                command = ["bash", "--noprofile", "--rcfile", rc.path, "-i"]
            case "zsh":
                try "PS1='$ '\neval \"$(\(islet) init zsh)\"\n".write(to: home.appendingPathComponent(".zshrc"), atomically: true, encoding: .utf8)
                command = ["env", "ZDOTDIR=\(home.path)", "zsh", "-i"]
            default:
                command = ["fish", "--no-config", "--init-command", "function fish_prompt; echo '$ '; end; \(islet) init fish | source"]
            }
            // A Child, not Foundation's Process, which would wait for the tmux server too (it
            // inherits the socket by which Process learns of its child's end: TestSupport's Child).
            let started = try Child(
                ["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "30", "-s", "t"] + command, environment: environment)
            #expect(await started.waitForExit() == 0)
        }

        func tmux(_ arguments: [String]) async {
            _ = await (try? Child(["tmux", "-L", socket] + arguments, environment: environment))?.waitForExit()
        }

        func type(_ line: String) async { await tmux(["send-keys", "-t", "t", line, "Enter"]) }

        func keys(_ keys: String...) async { await tmux(["send-keys", "-t", "t"] + keys) }

        func close() async { await tmux(["kill-server"]) }
    }

    /// What islet-notify was asked to show: the strings of each LiveActivity call of `member`.
    func calls(_ monitor: BusMonitor, _ member: String) -> [String] {
        monitor.calls(member).map { $0.arguments.joined(separator: " ") }
    }

    @Test(.enabled(if: tmux), arguments: ["bash", "zsh", "fish"])
    func aLongCommandShowsWithItsNameAndItsEndIsSaidOnce(kind: String) async throws {
        guard Self.installed(kind) else { return }
        let d = try await Daemon()
        let runtime = try TemporaryDirectory.make(prefix: "runtime")
        let config = try TemporaryDirectory.make(prefix: "config")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("islet"), withIntermediateDirectories: true)
        try "long_command_seconds = 1\n".write(to: config.appendingPathComponent("islet/config.toml"), atomically: true, encoding: .utf8)
        var environment = d.bus.environment
        environment["XDG_CONFIG_HOME"] = config.path
        environment["XDG_RUNTIME_DIR"] = runtime.path
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address], environment: environment)
        defer { notify.kill() }
        #expect(await eventually { notify.stderr.contains("commands: followed") })
        let monitor = try await BusMonitor(address: d.bus.address, rules: ["type='method_call',interface='org.islet.Islet1.LiveActivity'"])
        let shell = try await Shell(kind, runtime: runtime, bus: d.bus.environment)
        defer { Task { await shell.close() } }
        let folder = runtime.appendingPathComponent("islet/commands")
        func records() -> String {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return files.compactMap { try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined()
        }

        // A short command: the hook writes its line and its end, and nothing crosses the bus.
        await shell.type("ls /")
        #expect(await eventually { records() == "end 0\n" }, "\(records())")
        // A long one, with a secret in its arguments: its program's name alone, counting up.
        await shell.type("env PASSWORD=hunter2 sleep 3")
        #expect(await eventually { calls(monitor, "Start").count == 1 }, "\(notify.stderr.suffix(800))")
        let start = calls(monitor, "Start").first ?? ""
        #expect(start.contains("string \"sleep\"") && start.contains("string \"running\""), "\(start)")
        let island = await SourceFixtures.island(d)
        #expect(!start.contains("hunter2") && !island.contains("hunter2"), "\(island)")
        // Its end, said once: done, in its time.
        #expect(await eventually { calls(monitor, "Finish").count == 1 }, "\(records())")
        #expect(calls(monitor, "Finish").first?.contains("Done in 0:0") == true, "\(calls(monitor, "Finish"))")
        // Failed: the exit status in words.
        await shell.type("sleep 2; false")
        #expect(await eventually { calls(monitor, "Finish").count == 2 }, "\(records())")
        #expect(calls(monitor, "Finish").last?.contains("Failed (exit 1) after 0:0") == true, "\(calls(monitor, "Finish"))")
        #expect(calls(monitor, "Start").count == 2)
        // Ctrl+C: the user stopped it where they look; it ends without a word.
        await shell.type("sleep 60")
        #expect(await eventually { calls(monitor, "Start").count == 3 })
        await shell.keys("C-c")
        #expect(await eventually { calls(monitor, "End").count == 1 }, "\(records())")
        #expect(calls(monitor, "Finish").count == 2)
        // The terminal closed mid-command: the activity goes with its shell, and the shell's file.
        await shell.type("sleep 60")
        #expect(await eventually { calls(monitor, "Start").count == 4 })
        await shell.close()
        #expect(await eventually { calls(monitor, "End").count == 2 }, "\(notify.stderr.suffix(800))")
        #expect(await eventually { records().isEmpty })
        #expect(await eventually { !(await SourceFixtures.island(d)).contains("sleep") })
    }
}
