import DBus
import Foundation

/// isletd itself: round trips of Properties.Get and ListFasts(0, 10) against the C echo
/// service, time from exec to owning the name, resident memory, idle context switches.
enum ServiceBench {
    static func run(idleSeconds: Int, installed: String?) async throws {
        let binDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let isletd = binDir.appendingPathComponent("isletd").path
        let (bus, env, echo) = try BenchBus.withEcho()
        defer { echo.stop(); bus.stop() }
        let client = try DBusConnection(bus: .address(bus.address))
        defer { client.close() }

        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("islet-bench-empty-\(UUID().uuidString.prefix(6))/islet.sqlite").path
        let full = FileManager.default.temporaryDirectory.appendingPathComponent("islet-bench-full-\(UUID().uuidString.prefix(6))/islet.sqlite").path
        try StoreBench.fill(path: full, count: 100_000)
        defer {
            for path in [empty, full] { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        }

        // Exec to owning the name, median of 11 starts each.
        var startup: [String: Double] = [:]
        for (label, path) in [("empty", empty), ("100000 fasts", full)] {
            var times: [Double] = []
            for _ in 0..<11 {
                let owners = try await client.watchNameOwner("org.islet.Islet1")
                var iterator = owners.makeAsyncIterator()
                _ = await iterator.next()  // nil: nobody yet
                let started = ContinuousClock.now
                let daemon = try Child([isletd, "--address", bus.address, "--database", path, "--log-level", "error"], env: env)
                _ = await iterator.next()
                let d = ContinuousClock.now - started
                times.append(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
                daemon.stop()
                while try await client.nameOwner("org.islet.Islet1") != nil { try await Task.sleep(for: .milliseconds(2)) }
            }
            times.sort()
            startup[label] = times[times.count / 2]
        }

        let daemon = try Child([isletd, "--address", bus.address, "--database", full, "--log-level", "error"], env: env)
        defer { daemon.stop() }
        while try await client.nameOwner("org.islet.Islet1") == nil { try await Task.sleep(for: .milliseconds(5)) }
        func proxy(_ name: String, _ interface: String) -> DBusProxy {
            DBusProxy(connection: client, destination: name, path: "/org/islet/Islet1", interface: interface)
        }
        let props = proxy("org.islet.Islet1", "org.freedesktop.DBus.Properties")
        let fasting = proxy("org.islet.Islet1", "org.islet.Islet1.Fasting")
        let echoProps = proxy("org.example.CEcho", "org.freedesktop.DBus.Properties")
        let echoFasting = proxy("org.example.CEcho", "org.islet.Islet1.Fasting")
        let getArgs: [DBusValue] = [.string("org.islet.Islet1.Fasting"), .string("Fasting")]
        let listArgs: [DBusValue] = [.uint32(0), .uint32(10)]
        for _ in 0..<1000 {
            try await props.call("Get", getArgs)
            try await fasting.call("ListFasts", listArgs)
            try await echoProps.call("Get", getArgs)
        }
        var rates: [String: [Double]] = [:]
        let calls = 5_000
        let rounds = 9  // many short rounds: the median shrugs off a noisy moment
        func rate(_ proxy: DBusProxy, _ member: String, _ args: [DBusValue]) async throws -> Double {
            let start = ContinuousClock.now
            for _ in 0..<calls { try await proxy.call(member, args) }
            return Double(calls) / DBusBench.seconds(ContinuousClock.now - start)
        }
        for _ in 0..<rounds {
            rates["get", default: []].append(try await rate(props, "Get", getArgs))
            rates["echo-get", default: []].append(try await rate(echoProps, "Get", getArgs))
            rates["list", default: []].append(try await rate(fasting, "ListFasts", listArgs))
            rates["echo-list", default: []].append(try await rate(echoFasting, "ListFasts", listArgs))
        }
        let m = rates.mapValues(DBusBench.median)
        let busy = ProcStat(pid: daemon.pid)
        say("## isletd (islet-bench isletd)\n")
        say("Serial round trips, median of \(rounds) interleaved rounds of \(calls) calls; isletd holds 100,000 fasts.\n")
        say("| call | isletd (calls/s) | dbus-test-tool echo (calls/s) | ratio |")
        say("| --- | ---: | ---: | ---: |")
        say(String(format: "| Properties.Get | %.0f | %.0f | %.2f |", m["get"] ?? 0, m["echo-get"] ?? 0, (m["get"] ?? 0) / (m["echo-get"] ?? 1)))
        say(String(format: "| Fasting.ListFasts(0, 10) | %.0f | %.0f | %.2f |", m["list"] ?? 0, m["echo-list"] ?? 0, (m["list"] ?? 0) / (m["echo-list"] ?? 1)))
        say("\n| measure | value |")
        say("| --- | ---: |")
        say(String(format: "| exec to owning the name, empty database (median of 11) | %.1f ms |", startup["empty"] ?? 0))
        say(String(format: "| exec to owning the name, 100,000 fasts (median of 11) | %.1f ms |", startup["100000 fasts"] ?? 0))
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
        while try await client.nameOwner("org.islet.Islet1") != nil { try await Task.sleep(for: .milliseconds(5)) }
        say("\n| resident memory, 2 s after start-up and a few calls | development build (\(isletd)) | as installed (\(installed)/isletd) | target |")
        say("| --- | ---: | ---: | ---: |")
        for (label, path) in [("empty database", empty + "-2"), ("100,000 fasts", full)] {
            var row: [Int] = []
            for binary in [isletd, installed + "/isletd"] {
                let child = try Child([binary, "--address", bus.address, "--database", path, "--log-level", "error"], env: env)
                while try await client.nameOwner("org.islet.Islet1") == nil { try await Task.sleep(for: .milliseconds(5)) }
                for _ in 0..<20 {
                    try await props.call("Get", getArgs)
                    try await fasting.call("ListFasts", listArgs)
                    try await props.call("GetAll", [.string("org.islet.Islet1.Fasting")])
                }
                try await Task.sleep(for: .seconds(2))
                row.append(ProcStat(pid: child.pid).residentKiB)
                child.stop()
                while try await client.nameOwner("org.islet.Islet1") != nil { try await Task.sleep(for: .milliseconds(5)) }
            }
            say(String(format: "| %@ | %.1f MiB | %.1f MiB | < 16 MiB |", label, Double(row[0]) / 1024, Double(row[1]) / 1024))
        }
    }
}
