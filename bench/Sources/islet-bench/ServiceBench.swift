import DBus
import Foundation
import IsletBus

/// isletd itself: round trips of Properties.Get and ListFasts(0, 10) against the C echo
/// service, time from exec to owning the name, resident memory, idle context switches.
enum ServiceBench {
    /// Only the call rates (`islet-bench isletd-calls`): a quicker loop while working on them.
    static func runCalls(program: String?) async throws {
        let isletd = program ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("isletd").path
        let (bus, env, echo) = try BenchBus.withEcho()
        defer {
            echo.stop()
            bus.stop()
        }
        let client = try DBusConnection(bus: .address(bus.address))
        defer { client.close() }
        let full = temporaryDatabase("full")
        try StoreBench.fill(path: full, count: 100_000)
        defer { removeDatabase(full) }
        let daemon = try await startIsletd(isletd, database: full, bus: bus, env: env, client: client)
        defer { daemon.stop() }
        say("isletd: \(isletd)\n")
        try await callRates(client: client, bus: bus, env: env, daemon: daemon.pid, echo: echo.pid)
    }

    /// `binary` serving `database` on the bus, once it owns its name.
    static func startIsletd(_ binary: String, database: String, bus: BenchBus, env: [String: String], client: DBusConnection) async throws -> Child {
        let child = try Child([binary, "--address", bus.address, "--database", database, "--log-level", "error"], env: env)
        try await waitForOwner(IsletBus.name, client: client)
        return child
    }

    /// Returns once `name` has an owner (or, with `present` false, none).
    static func waitForOwner(_ name: String, client: DBusConnection, present: Bool = true) async throws {
        while try await (client.nameOwner(name) != nil) != present { try await Task.sleep(for: .milliseconds(2)) }
    }

    static func temporaryDatabase(_ label: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("islet-bench-\(label)-\(UUID().uuidString.prefix(6))/islet.sqlite").path
    }

    static func removeDatabase(_ path: String) {
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
    }

    static func run(idleSeconds: Int, installed: String?) async throws {
        let binDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let isletd = binDir.appendingPathComponent("isletd").path
        let (bus, env, echo) = try BenchBus.withEcho()
        defer {
            echo.stop()
            bus.stop()
        }
        let client = try DBusConnection(bus: .address(bus.address))
        defer { client.close() }

        let empty = temporaryDatabase("empty")
        let full = temporaryDatabase("full")
        try StoreBench.fill(path: full, count: 100_000)
        defer {
            for path in [empty, full] { removeDatabase(path) }
        }

        // The program as installed, when given, for every figure but the development build's
        // resident memory at the end.
        let served = installed.map { $0 + "/isletd" } ?? isletd

        // Exec to owning the name, median of 11 starts each: after a clean stop (SIGTERM: the
        // store's record lets the start skip reading every page), after a crash (kill -9, in
        // the same boot: skipped as well) and with the lock file's record gone (as after a
        // reboot or another program's write: the start reads and checks the whole file).
        say("isletd for the start-up, the calls and the idle figures: \(served)\n")
        var startup: [String: Double] = [:]
        let cases = [
            ("empty", empty, false, false), ("100000 fasts", full, false, false), ("100000 fasts, crashed", full, true, false),
            ("100000 fasts, checked", full, true, true),
        ]
        for (label, path, crash, check) in cases {
            var times: [Double] = []
            for _ in 0..<11 {
                if check { _ = truncate(path + ".lock", 0) }
                let owners = try await client.watchNameOwner(IsletBus.name)
                var iterator = owners.makeAsyncIterator()
                _ = await iterator.next()  // nil: nobody yet
                let started = ContinuousClock.now
                let daemon = try Child([served, "--address", bus.address, "--database", path, "--log-level", "error"], env: env)
                _ = await iterator.next()
                let d = ContinuousClock.now - started
                times.append(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
                if crash { daemon.stop() } else { daemon.terminate() }
                try await waitForOwner(IsletBus.name, client: client, present: false)
            }
            times.sort()
            startup[label] = times[times.count / 2]
        }

        let daemon = try await startIsletd(served, database: full, bus: bus, env: env, client: client)
        defer { daemon.stop() }
        func proxy(_ name: String, _ interface: String) -> DBusProxy {
            DBusProxy(connection: client, destination: name, path: IsletBus.path, interface: interface)
        }
        let props = proxy(IsletBus.name, "org.freedesktop.DBus.Properties")
        let fasting = proxy(IsletBus.name, IsletBus.Fasting.name)
        let getArgs: [DBusValue] = [.string(IsletBus.Fasting.name), .string("Fasting")]
        let listArgs: [DBusValue] = [.uint32(0), .uint32(10)]
        try await callRates(client: client, bus: bus, env: env, daemon: daemon.pid, echo: echo.pid)
        let busy = ProcStat(pid: daemon.pid)
        say("\n| measure | value |")
        say("| --- | ---: |")
        say(String(format: "| exec to owning the name, empty database (median of 11) | %.1f ms |", startup["empty"] ?? 0))
        say(String(format: "| exec to owning the name, 100,000 fasts (median of 11) | %.1f ms |", startup["100000 fasts"] ?? 0))
        say(String(format: "| the same after kill -9, same boot (not read again) | %.1f ms |", startup["100000 fasts, crashed"] ?? 0))
        say(
            String(
                format: "| the same with the whole file checked (after a reboot, or a write by another program) | %.1f ms |",
                startup["100000 fasts, checked"] ?? 0))
        say("| resident memory after the calls, 100,000 fasts | \(busy.residentKiB) KiB |")
        try await Task.sleep(for: .seconds(10))  // idle worker threads end after a few seconds
        let before = ProcStat(pid: daemon.pid)
        try await Task.sleep(for: .seconds(idleSeconds))
        let after = ProcStat(pid: daemon.pid)
        say("| idle over \(idleSeconds) s: voluntary context switches | \(after.switches(since: before)) |")
        say("| idle over \(idleSeconds) s: CPU clock ticks | \(after.cpuTicks - before.cpuTicks) |")
        say("| resident memory idle | \(after.residentKiB) KiB |")

        // The programs as installed (make release: static, in link order), side by side with
        // the development build above.
        guard let installed else { return }
        daemon.stop()
        try await waitForOwner(IsletBus.name, client: client, present: false)
        say("\n| resident memory, 2 s after start-up and a few calls | development build (\(isletd)) | as installed (\(installed)/isletd) | target |")
        say("| --- | ---: | ---: | ---: |")
        for (label, path) in [("empty database", empty + "-2"), ("100,000 fasts", full)] {
            var row: [Int] = []
            for binary in [isletd, installed + "/isletd"] {
                let child = try await startIsletd(binary, database: path, bus: bus, env: env, client: client)
                for _ in 0..<20 {
                    try await props.call("Get", getArgs)
                    try await fasting.call("ListFasts", listArgs)
                    try await props.call("GetAll", [.string(IsletBus.Fasting.name)])
                }
                try await Task.sleep(for: .seconds(2))
                row.append(ProcStat(pid: child.pid).residentKiB)
                child.stop()
                try await waitForOwner(IsletBus.name, client: client, present: false)
            }
            say(String(format: "| %@ | %.1f MiB | %.1f MiB | < 16 MiB |", label, Double(row[0]) / 1024, Double(row[1]) / 1024))
        }
    }

    /// Serial round trips of Properties.Get and ListFasts(0, 10) in interleaved rounds: isletd;
    /// dbus-test-tool echo, which answers everything with an empty reply (the yardstick);
    /// and payload-echo (bench/reference/payload-echo.c, built next to this program), a C server
    /// that answers with replies of isletd's types and sizes. With them, the CPU time each
    /// process spends per call (client = this process, bus, server): rates swing with the
    /// machine, CPU time per call much less, and it says where a difference comes from.
    static func callRates(client: DBusConnection, bus: BenchBus, env: [String: String], daemon: Int32, echo: Int32) async throws {
        let reference = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("payload-echo").path
        guard FileManager.default.isExecutableFile(atPath: reference) else {
            throw BenchError("\(reference) is missing: make -C bench reference builds it")
        }
        let payload = try Child([reference, bus.address, "org.example.PayloadEcho"], env: env)
        defer { payload.stop() }
        try await waitForOwner("org.example.PayloadEcho", client: client)
        try await waitForOwner("org.example.CEcho", client: client)
        func proxy(_ name: String, _ interface: String) -> DBusProxy {
            DBusProxy(connection: client, destination: name, path: IsletBus.path, interface: interface)
        }
        let calls: [(name: String, label: String, interface: String, member: String, arguments: [DBusValue])] = [
            ("Properties.Get", "get", "org.freedesktop.DBus.Properties", "Get", [.string(IsletBus.Fasting.name), .string("Fasting")]),
            ("Fasting.ListFasts(0, 10)", "list", IsletBus.Fasting.name, "ListFasts", [.uint32(0), .uint32(10)]),
        ]
        let servers: [(label: String, busName: String, pid: Int32)] = [
            ("isletd", IsletBus.name, daemon), ("payload", "org.example.PayloadEcho", payload.pid), ("echo", "org.example.CEcho", echo),
        ]
        // (key, proxy, member, arguments, server pid), every call against every server.
        let cases = calls.flatMap { call in
            servers.map { server in
                (
                    key: server.label + "-" + call.label, proxy: proxy(server.busName, call.interface), member: call.member,
                    arguments: call.arguments, pid: server.pid
                )
            }
        }
        for _ in 0..<1000 {
            for c in cases { try await c.proxy.call(c.member, c.arguments) }
        }
        // Paired rounds: each round makes `count` calls of every case back to back, in an order
        // that turns by one each round, and a ratio is taken within the round; the median of
        // those ratios is immune to the machine's slower and faster moments, which move all
        // three servers of a round alike. ISLET_BENCH_CALLS and ISLET_BENCH_ROUNDS change the
        // run's shape (a server under callgrind wants a short one).
        let environment = ProcessInfo.processInfo.environment
        let count = environment["ISLET_BENCH_CALLS"].flatMap { Int($0) } ?? 1_000
        let rounds = environment["ISLET_BENCH_ROUNDS"].flatMap { Int($0) } ?? 45
        var rates: [String: [Double]] = [:]  // key -> the rate of each round
        var cpu: [String: [[Double]]] = [:]  // key -> rounds of [client, bus, server] µs per call
        let me = getpid()
        for round in 0..<rounds {
            for index in cases.indices {
                let c = cases[(index + round) % cases.count]
                let before = [me, bus.pid, c.pid].map { ProcStat(pid: $0).cpuNanoseconds }
                let start = ContinuousClock.now
                for _ in 0..<count { try await c.proxy.call(c.member, c.arguments) }
                let elapsed = DBusBench.seconds(ContinuousClock.now - start)
                let after = [me, bus.pid, c.pid].map { ProcStat(pid: $0).cpuNanoseconds }
                rates[c.key, default: []].append(Double(count) / elapsed)
                cpu[c.key, default: []].append(zip(before, after).map { Double($1 - $0) / 1000 / Double(count) })
            }
        }
        let m = rates.mapValues(DBusBench.median)
        func rate(_ key: String) -> Double { m[key] ?? 0 }
        /// The median, lower and upper quartile of a server's rate over another's, round by round.
        func ratio(_ key: String, over other: String) -> String {
            let sorted = zip(rates[key] ?? [], rates[other] ?? []).map { $0 / $1 }.sorted()
            guard !sorted.isEmpty else { return "-" }
            return String(format: "%.3f (%.2f-%.2f)", sorted[sorted.count / 2], sorted[sorted.count / 4], sorted[sorted.count * 3 / 4])
        }
        func cpuMedian(_ key: String, _ process: Int) -> Double { DBusBench.median((cpu[key] ?? []).map { $0[process] }) }
        say("## isletd (islet-bench isletd)\n")
        say("Serial round trips in \(rounds) paired rounds of \(count) calls to each server; isletd holds 100,000 fasts.")
        say("Rates: the median over the rounds. Ratios: the median of each round's ratio (quartiles in brackets).")
        say("dbus-test-tool echo answers with an empty reply; payload-echo (C, libdbus) with isletd's reply types and sizes.\n")
        say(
            "| call | isletd (calls/s) | payload-echo (calls/s) | dbus-test-tool echo (calls/s) | isletd / echo | payload-echo / echo | isletd / payload-echo |"
        )
        say("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for call in calls {
            let (i, p, e) = ("isletd-" + call.label, "payload-" + call.label, "echo-" + call.label)
            say(
                String(
                    format: "| %@ | %.0f | %.0f | %.0f | %@ | %@ | %@ |", call.name, rate(i), rate(p), rate(e),
                    ratio(i, over: e), ratio(p, over: e), ratio(i, over: p)))
        }
        say("\nCPU time per call, µs (median of the rounds), and the round trip (1 / median rate).\n")
        say("| call | server | client | bus | server | round trip |")
        say("| --- | --- | ---: | ---: | ---: | ---: |")
        for call in calls {
            for server in servers {
                let key = server.label + "-" + call.label
                say(
                    String(
                        format: "| %@ | %@ | %.1f | %.1f | %.1f | %.1f |", call.name, server.label, cpuMedian(key, 0), cpuMedian(key, 1), cpuMedian(key, 2),
                        1e6 / max(rate(key), 1)))
            }
        }
    }
}
