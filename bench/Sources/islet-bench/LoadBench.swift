import DBus
import Foundation
import IsletBus

/// 50 clients, each with its own connection, 2,000 mixed calls each, against isletd holding
/// 100,000 fasts: errors, latency (median, p99), and isletd's memory before and after.
enum LoadBench {
    static func run(clients: Int = 50, callsEach: Int = 2000) async throws {
        let binDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let bus = try BenchBus()
        defer { bus.stop() }
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("islet-bench-load-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("islet.sqlite").path
        try StoreBench.fill(path: path, count: 100_000)
        let daemon = try Child([binDir.appendingPathComponent("isletd").path, "--address", bus.address, "--database", path, "--log-level", "error"], env: env)
        defer { daemon.stop() }
        let probe = try DBusConnection(bus: .address(bus.address))
        defer { probe.close() }
        while try await probe.nameOwner(IsletBus.name) == nil { try await Task.sleep(for: .milliseconds(5)) }

        func proxy(_ c: DBusConnection, _ interface: String) -> DBusProxy {
            DBusProxy(connection: c, destination: IsletBus.name, path: IsletBus.path, interface: interface, timeout: .seconds(30))
        }
        // Warm up, then memory before.
        for _ in 0..<200 { try await proxy(probe, IsletBus.Fasting.name).call("ListFasts", [.uint32(0), .uint32(10)]) }
        let before = ProcStat(pid: daemon.pid)

        let connections = try (0..<clients).map { i in try DBusConnection(bus: .address(bus.address), label: "load-\(i)") }
        defer { for c in connections { c.close() } }
        let started = ContinuousClock.now
        let results = try await withThrowingTaskGroup(of: ([Double], Int).self) { group in
            for (i, c) in connections.enumerated() {
                group.addTask {
                    let fasting = proxy(c, IsletBus.Fasting.name)
                    let timers = proxy(c, IsletBus.Timers.name)
                    let live = proxy(c, IsletBus.LiveActivity.name)
                    let props = proxy(c, "org.freedesktop.DBus.Properties")
                    let owner = DBusValue.string("load-\(i)")
                    var latencies: [Double] = []
                    latencies.reserveCapacity(callsEach)
                    var errors = 0
                    for n in 0..<callsEach {
                        let t0 = ContinuousClock.now
                        do {
                            switch n % 10 {
                            case 0: try await timers.call("Start", [owner, .string("Load"), .uint64(3600)])
                            case 1: try await fasting.call("ListFasts", [.uint32(UInt32(n % 500)), .uint32(10)])
                            case 2: try await props.call("Get", [.string(IsletBus.Fasting.name), .string("Fasting")])
                            case 3: try await timers.call("Pause", [owner])
                            case 4: try await live.call("Get")
                            case 5: try await timers.call("Resume", [owner])
                            case 6: try await fasting.call("GetStats")
                            case 7: try await props.call("GetAll", [.string(IsletBus.LiveActivity.name)])
                            case 8: try await timers.call("List")
                            default: try await timers.call("Stop", [owner])
                            }
                        } catch {
                            errors += 1
                        }
                        latencies.append(DBusBench.seconds(ContinuousClock.now - t0) * 1000)
                    }
                    return (latencies, errors)
                }
            }
            var all: [([Double], Int)] = []
            for try await r in group { all.append(r) }
            return all
        }
        let elapsed = DBusBench.seconds(ContinuousClock.now - started)
        let latencies = results.flatMap(\.0).sorted()
        let errors = results.map(\.1).reduce(0, +)
        try await Task.sleep(for: .seconds(2))
        let after = ProcStat(pid: daemon.pid)
        // A second run: does memory keep growing?
        for _ in 0..<2000 { try await proxy(probe, IsletBus.Fasting.name).call("ListFasts", [.uint32(0), .uint32(10)]) }
        let later = ProcStat(pid: daemon.pid)

        say("## Load (islet-bench load)\n")
        say(
            "\(clients) clients, each its own connection, \(callsEach) mixed calls each (timer start/pause/resume/stop on its own owner, ListFasts, GetStats, Properties.Get/GetAll, LiveActivity.Get, Timers.List), all at once, against isletd holding 100,000 fasts.\n"
        )
        say("| measure | value | target |")
        say("| --- | ---: | ---: |")
        say("| calls | \(latencies.count) in \(String(format: "%.1f", elapsed)) s (\(String(format: "%.0f", Double(latencies.count) / elapsed))/s) | |")
        say("| errors | \(errors) | 0 |")
        say(String(format: "| latency, median | %.2f ms | |", latencies[latencies.count / 2]))
        say(String(format: "| latency, 99th percentile | %.2f ms | |", latencies[latencies.count * 99 / 100]))
        say(String(format: "| latency, maximum | %.2f ms | |", latencies.last ?? 0))
        say(
            "| isletd resident memory before / after / after 2,000 more calls | \(before.residentKiB) / \(after.residentKiB) / \(later.residentKiB) KiB | flat |"
        )
    }
}
