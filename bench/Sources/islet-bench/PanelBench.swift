import DBus
import Foundation
import IsletBus

/// The panel path: `islet status` in every format against `dbus-send` making the same
/// LiveActivity.Get, whole processes in turn (islet, dbus-send, islet, ...), wall time and CPU
/// time (user + system, from wait4) of each; the ratio is taken pair by pair, so a drift in
/// the machine's speed cancels out.
enum PanelBench {
    struct Run {
        var wall: Double
        var cpu: Double
    }

    /// Runs `command` with its output thrown away; its wall and CPU time in milliseconds.
    static func time(_ command: [String]) throws -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = command.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        guard posix_spawn(&pid, command[0], &actions, nil, argv, environ) == 0 else { throw BenchError("cannot run \(command[0])") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw BenchError("wait4 failed for \(command[0])") }
        let wall = DBusBench.seconds(ContinuousClock.now - start) * 1000
        guard status == 0 else { throw BenchError("\(command.joined(separator: " ")) exited with \(status)") }
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return Run(wall: wall, cpu: ms(usage.ru_utime) + ms(usage.ru_stime))
    }

    static func run(rounds: Int, programs: String?) async throws {
        let rig = try await BenchIslet(programs: programs, label: "bench-panel")
        defer { rig.stop() }
        try await rig.proxy("Timers").call("Start", [.string("bench"), .string("Bench"), .uint64(3600)])
        let send = [
            "/usr/bin/dbus-send", "--bus=\(rig.bus.address)", "--print-reply", "--dest=org.islet.Islet1", "/org/islet/Islet1",
            "org.islet.Islet1.LiveActivity.Get",
        ]
        say("## The panel path: islet status against dbus-send (islet-bench panel)\n")
        say("Programs from \(rig.bin.path); \(rounds) runs of each, in turn; a running timer is the activity.\n")
        say("| format | islet status wall | dbus-send wall | wall ratio | islet status CPU | dbus-send CPU | CPU ratio | target |")
        say("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for format in ["waybar", "polybar", "i3blocks", "genmon", "json", "plain"] {
            let status = [rig.program("islet"), "status", "--format", format, "--address", rig.bus.address]
            _ = try time(status)  // a warm-up each
            _ = try time(send)
            var islet: [Run] = []
            var reference: [Run] = []
            for _ in 0..<rounds {
                islet.append(try time(status))
                reference.append(try time(send))
            }
            let median = DBusBench.median
            let wallRatio = median(zip(islet, reference).map { $0.wall / $1.wall })
            // CPU is counted in clock ticks' worth: a pair where dbus-send shows none is skipped.
            let cpuRatio = median(zip(islet, reference).filter { $1.cpu > 0 }.map { $0.cpu / $1.cpu })
            say(
                String(
                    format: "| %@ | %.2f ms | %.2f ms | %.2f | %.2f ms | %.2f ms | %.2f | <= 1.5 |", format, median(islet.map(\.wall)),
                    median(reference.map(\.wall)), wallRatio, median(islet.map(\.cpu)), median(reference.map(\.cpu)), cpuRatio))
        }
    }
}
