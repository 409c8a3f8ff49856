import DBus
import Foundation

/// islet-notify and islet: latency from Timers.Pause to the notification server receiving the
/// paused notification, the bridge's memory and idle wake-ups; `islet watch`'s CPU time with
/// a running timer (`islet status` against `dbus-send`: PanelBench).
enum FrontEndBench {
    /// A notification server that notes when each Notify arrives.
    final class Server: @unchecked Sendable {
        let connection: DBusConnection
        private let lock = NSLock()
        private var arrivals: [(body: String, at: ContinuousClock.Instant)] = []

        init(address: String) async throws {
            connection = try DBusConnection(bus: .address(address), label: "bench-notifications")
            let s = DBusArgument.init(_:_:)
            try connection.export(
                "/org/freedesktop/Notifications",
                interfaces: [
                    DBusInterface(
                        "org.freedesktop.Notifications",
                        methods: [
                            DBusMethod(
                                "Notify",
                                in: [
                                    s("app_name", .string), s("replaces_id", .uint32), s("app_icon", .string), s("summary", .string),
                                    s("body", .string), s("actions", .array(.string)), s("hints", .dictionary(key: .string, value: .variant)),
                                    s("expire_timeout", .int32),
                                ], out: [s("id", .uint32)]
                            ) { [unowned self] call in
                                let now = ContinuousClock.now
                                let body = (try? call.argument(4, as: String.self)) ?? ""
                                lock.withLock { arrivals.append((body, now)) }
                                return [.uint32(1)]
                            },
                            DBusMethod("CloseNotification", in: [s("id", .uint32)]) { _ in [] },
                            DBusMethod("GetCapabilities", out: [s("caps", .array(.string))]) { _ in
                                [.array(.string, [.string("body"), .string("actions")])]
                            },
                            DBusMethod("GetServerInformation", out: [s("n", .string), s("v", .string), s("ver", .string), s("spec", .string)]) { _ in
                                [.string("bench"), .string("islet"), .string("1"), .string("1.2")]
                            },
                        ])
                ])
            _ = try await connection.requestName("org.freedesktop.Notifications")
        }

        var count: Int { lock.withLock { arrivals.count } }

        /// The first Notify after `since` whose body satisfies `match`; its arrival.
        func wait(since: ContinuousClock.Instant, _ match: (String) -> Bool) async throws -> ContinuousClock.Instant {
            for _ in 0..<5000 {
                if let hit = lock.withLock({ arrivals.first { $0.at > since && match($0.body) } }) { return hit.at }
                try await Task.sleep(for: .microseconds(200))
            }
            throw BenchError("no matching Notify within a second")
        }
    }

    /// Plasma's job server, as little of it as islet-notify's KDE job needs: it counts calls.
    final class JobServer: @unchecked Sendable {
        let connection: DBusConnection
        private let lock = NSLock()
        private var calls = 0

        init(address: String) async throws {
            connection = try DBusConnection(bus: .address(address), label: "bench-jobs")
            let s = DBusArgument.init(_:_:)
            let count: @Sendable (String, [DBusArgument], [DBusArgument]) -> DBusMethod = { [unowned self] name, inputs, outputs in
                DBusMethod(name, in: inputs, out: outputs) { _ in
                    self.lock.withLock { self.calls += 1 }
                    return outputs.isEmpty ? [] : [.boolean(true)]
                }
            }
            let view = DBusInterface(
                "org.kde.JobViewV2",
                methods: [
                    count("setInfoMessage", [s("m", .string)], []),
                    count("setDescriptionField", [s("n", .uint32), s("name", .string), s("value", .string)], [s("ok", .boolean)]),
                    count("clearDescriptionField", [s("n", .uint32)], []),
                    count("setPercent", [s("p", .uint32)], []),
                    count("setSuspended", [s("s", .boolean)], []),
                    count("terminate", [s("e", .string)], []),
                ])
            let job: ObjectPath = "/org/kde/notificationmanager/jobs/JobView_1"
            try connection.export(job, interfaces: [view])
            try connection.export(
                "/JobViewServer",
                interfaces: [
                    DBusInterface(
                        "org.kde.JobViewServerV2",
                        methods: [
                            DBusMethod(
                                "requestView", in: [s("entry", .string), s("caps", .int32), s("hints", .dictionary(key: .string, value: .variant))],
                                out: [s("path", .objectPath)]
                            ) { _ in [.objectPath(job)] }
                        ])
                ])
            _ = try await connection.requestName("org.kde.JobViewServer")
        }

        var count: Int { lock.withLock { calls } }
    }

    static func run(idleSeconds: Int, programs: String?) async throws {
        let rig = try await BenchIslet(programs: programs, label: "bench-fe")
        defer { rig.stop() }
        let (bin, bus, env, server, notify) = (rig.bin, rig.bus, rig.env, rig.server, rig.notify)
        try await Task.sleep(for: .milliseconds(500))
        let timers = rig.proxy("Timers")
        try await timers.call("Start", [.string("bench"), .string("Bench"), .uint64(3600)])
        _ = try await server.wait(since: .now - .seconds(5)) { _ in true }

        // Pause -> the paused notification at the server; resume between rounds.
        var latencies: [Double] = []
        for round in 0..<61 {
            try await Task.sleep(for: .milliseconds(30))
            let t0 = ContinuousClock.now
            try await timers.call("Pause", [.string("bench")])
            let arrived = try await server.wait(since: t0) { $0.hasPrefix("❚❚") }
            if round > 0 { latencies.append(DBusBench.seconds(arrived - t0) * 1000) }
            let t1 = ContinuousClock.now
            try await timers.call("Resume", [.string("bench")])
            _ = try await server.wait(since: t1) { !$0.hasPrefix("❚❚") }
        }
        latencies.sort()
        let busy = ProcStat(pid: notify.pid)
        try await timers.call("Stop", [.string("bench")])
        // Let the thread pools settle (idle worker threads end after a few seconds).
        try await Task.sleep(for: .seconds(10))
        let before = ProcStat(pid: notify.pid)
        try await Task.sleep(for: .seconds(idleSeconds))
        let after = ProcStat(pid: notify.pid)

        say("## islet-notify and islet (islet-bench frontends)\n")
        say("Programs from \(bin.path).\n")
        say("| measure | value | target |")
        say("| --- | ---: | ---: |")
        say(String(format: "| Timers.Pause to the server receiving the paused notification, median of 60 | %.2f ms | < 5 ms |", latencies[latencies.count / 2]))
        say(String(format: "| the same, 90th percentile | %.2f ms | |", latencies[latencies.count * 9 / 10]))
        say("| islet-notify resident memory after 122 updates | \(busy.residentKiB) KiB | < 12 MiB |")
        say("| islet-notify, no activity, \(idleSeconds) s: voluntary context switches | \(after.switches(since: before)) | 0 |")
        say("| islet-notify, no activity, \(idleSeconds) s: CPU clock ticks | \(after.cpuTicks - before.cpuTicks) | |")
        say("| islet-notify, no activity, \(idleSeconds) s: threads that ended | \(after.threadsEnded(since: before)) | |")

        // Every surface on: the MPRIS player (always on), the lock-screen watch, and a KDE job,
        // once a job server appears; 122 updates go to the job instead of the notification.
        let jobs = try await JobServer(address: bus.address)
        defer { jobs.connection.close() }
        try await Task.sleep(for: .milliseconds(500))
        try await timers.call("Start", [.string("bench"), .string("Bench"), .uint64(3600)])
        for _ in 0..<61 {
            let before = jobs.count
            try await timers.call("Pause", [.string("bench")])
            for _ in 0..<500 where jobs.count == before { try await Task.sleep(for: .milliseconds(2)) }
            let paused = jobs.count
            try await timers.call("Resume", [.string("bench")])
            for _ in 0..<500 where jobs.count == paused { try await Task.sleep(for: .milliseconds(2)) }
        }
        let everySurface = ProcStat(pid: notify.pid)
        try await timers.call("Stop", [.string("bench")])
        say(
            "| islet-notify resident, every surface on (notification, MPRIS player, lock-screen watch, KDE job: \(jobs.count) job calls) after 122 more updates | \(everySurface.residentKiB) KiB | |"
        )

        // islet watch with a running timer: one line a second, computed locally.
        try await timers.call("Start", [.string("bench"), .string("Bench"), .uint64(3600)])
        let watch = try Child([rig.program("islet"), "watch", "--format", "polybar", "--address", bus.address], env: env, waitForLine: "Bench")
        defer { watch.stop() }
        try await Task.sleep(for: .seconds(1))
        let w0 = ProcStat(pid: watch.pid)
        let wallStart = ContinuousClock.now
        try await Task.sleep(for: .seconds(idleSeconds))
        let w1 = ProcStat(pid: watch.pid)
        let wall = DBusBench.seconds(ContinuousClock.now - wallStart)
        let cpuSeconds = Double(w1.cpuTicks - w0.cpuTicks) / Double(sysconf(Int32(_SC_CLK_TCK)))
        say(
            String(
                format: "| islet watch, running timer, %d s: CPU time | %.2f s (%.3f%% of a core) | < 1%% |", idleSeconds, cpuSeconds, cpuSeconds / wall * 100))
        say("| islet watch: voluntary context switches in that time | \(w1.switches(since: w0)) | |")

        // islet status against dbus-send: `islet-bench panel`, every format, wall and CPU.
    }
}
