import DBus
import Foundation

enum DBusBench {
    static func run(idleSeconds: Int) async throws {
        let (bus, env, echo) = try BenchBus.withEcho()
        defer {
            echo.stop()
            bus.stop()
        }
        let serve = try Child([CommandLine.arguments[0], "serve", bus.address, "org.example.SwiftEcho"], env: env, waitForLine: "ready")
        defer { serve.stop() }

        let client = try DBusConnection(bus: .address(bus.address))
        // Wait for the C echo service's name.
        while try await client.nameOwner("org.example.CEcho") == nil { try await Task.sleep(for: .milliseconds(10)) }

        func proxy(_ name: String) -> DBusProxy {
            DBusProxy(connection: client, destination: name, path: benchPath, interface: benchInterface)
        }
        let swift = proxy("org.example.SwiftEcho")
        let c = proxy("org.example.CEcho")

        FileHandle.standardError.write(Data("bench: servers up, warming up\n".utf8))
        // Warm up both.
        for _ in 0..<2000 {
            try await swift.call("Noop")
            try await c.call("Noop")
        }
        // Many short rounds rather than a few long ones: the median shrugs off a noisy moment.
        let calls = 10_000
        let rounds = 9
        var serial: [String: [Double]] = ["swift": [], "c": []]
        var inflight: [String: [Double]] = ["swift": [], "c": []]
        for round in 0..<rounds {  // interleaved rounds, so both see the same machine
            FileHandle.standardError.write(Data("bench: round \(round + 1) of \(rounds)\n".utf8))
            serial["swift", default: []].append(try await serialRate(swift, calls))
            serial["c", default: []].append(try await serialRate(c, calls))
            inflight["swift", default: []].append(try await inflightRate(swift, calls, window: 64))
            inflight["c", default: []].append(try await inflightRate(c, calls, window: 64))
        }
        let s = (median(serial["swift"] ?? []), median(serial["c"] ?? []))
        let f = (median(inflight["swift"] ?? []), median(inflight["c"] ?? []))
        say("## D-Bus round trips (islet-bench dbus)\n")
        say("Median of \(rounds) interleaved rounds of \(calls) calls, same Swift client, private dbus-daemon.\n")
        say("| case | islet DBus server (calls/s) | dbus-test-tool echo (calls/s) | ratio |")
        say("| --- | ---: | ---: | ---: |")
        say(String(format: "| serial | %.0f | %.0f | %.2f |", s.0, s.1, s.0 / s.1))
        say(String(format: "| 64 in flight | %.0f | %.0f | %.2f |", f.0, f.1, f.0 / f.1))

        // An idle connection: CPU time and context switches of the server over idleSeconds,
        // after a second of settling.
        try await Task.sleep(for: .seconds(1))
        let before = ProcStat(pid: serve.pid)
        try await Task.sleep(for: .seconds(idleSeconds))
        let after = ProcStat(pid: serve.pid)
        say("\n| idle server over \(idleSeconds) s | value |")
        say("| --- | ---: |")
        say("| CPU time (user+system, clock ticks) | \(after.cpuTicks - before.cpuTicks) |")
        say("| voluntary context switches | \(after.switches(since: before)) |")
        say("| resident memory (KiB) | \(after.residentKiB) |")
        client.close()
    }

    static func serialRate(_ proxy: DBusProxy, _ calls: Int) async throws -> Double {
        let start = ContinuousClock.now
        for _ in 0..<calls { try await proxy.call("Noop") }
        return Double(calls) / seconds(ContinuousClock.now - start)
    }

    static func inflightRate(_ proxy: DBusProxy, _ calls: Int, window: Int) async throws -> Double {
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<window {
                group.addTask { for _ in 0..<(calls / window) { try await proxy.call("Noop") } }
            }
            try await group.waitForAll()
        }
        return Double(calls / window * window) / seconds(ContinuousClock.now - start)
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[sorted.count / 2]
    }
}

struct ProcStat {
    var cpuTicks = 0
    /// Time on a CPU, all threads, in nanoseconds (/proc/PID/task/*/schedstat).
    var cpuNanoseconds = 0
    var voluntarySwitches = 0
    var residentKiB = 0
    var threadSwitches: [Int: Int] = [:]

    /// Voluntary context switches since `earlier`, thread by thread: threads that appeared count
    /// from zero; threads that ended are left out (and reported by `threadsEnded`).
    func switches(since earlier: ProcStat) -> Int {
        threadSwitches.reduce(0) { $0 + $1.value - (earlier.threadSwitches[$1.key] ?? 0) }
    }

    func threadsEnded(since earlier: ProcStat) -> Int { earlier.threadSwitches.keys.filter { threadSwitches[$0] == nil }.count }

    init(pid: Int32) {
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // Fields after the command: state is [0]; utime is field 14 overall -> [11], stime [12].
            if fields.count > 12 { cpuTicks = (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) }
        }
        if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) {
            for line in status.split(separator: "\n") {
                let parts = line.split(separator: " ", omittingEmptySubsequences: true)
                if line.hasPrefix("VmRSS:"), parts.count > 1 { residentKiB = Int(parts[1]) ?? 0 }
            }
        }
        // Context switches are counted per thread: keep each thread's count.
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            guard let tid = Int(task), let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
            else { continue }
            for line in status.split(separator: "\n") where line.hasPrefix("voluntary_ctxt_switches:") {
                threadSwitches[tid] = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).last ?? "0") ?? 0
            }
            if let schedstat = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8) {
                cpuNanoseconds += Int(schedstat.split(separator: " ").first ?? "0") ?? 0
            }
        }
        voluntarySwitches = threadSwitches.values.reduce(0, +)
    }
}

/// A child process for the benchmark.
final class Child {
    let process = Process()
    var pid: Int32 { process.processIdentifier }

    init(_ command: [String], env: [String: String], waitForLine: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        let name = command[0]
        process.terminationHandler = { p in
            FileHandle.standardError.write(
                Data("bench: \(name) exited (\(p.terminationReason == .uncaughtSignal ? "signal" : "status") \(p.terminationStatus))\n".utf8))
        }
        try process.run()
        if let waitForLine {
            var line = ""
            while !line.contains(waitForLine) {
                let data = pipe.fileHandleForReading.availableData
                if data.isEmpty { throw BenchError("\(command[0]) exited before \(waitForLine)") }
                line += String(decoding: data, as: UTF8.self)
            }
        }
    }

    /// SIGTERM, for a program known to handle it (isletd), and its exit.
    func terminate() {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
    }

    /// SIGKILL: children of this process may inherit a blocked SIGTERM.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// A private dbus-daemon for the benchmark.
final class BenchBus {
    /// A bus, the environment that points at it, and the C echo service on it.
    static func withEcho() throws -> (BenchBus, [String: String], Child) {
        let bus = try BenchBus()
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let echo = try Child(["/usr/bin/dbus-test-tool", "echo", "--session", "--name=org.example.CEcho"], env: env)
        return (bus, env, echo)
    }

    let address: String
    var pid: Int32 { process.processIdentifier }
    private let pipe = Pipe()

    init() throws {
        let process = Process()
        // ISLET_BENCH_BUS: another dbus-daemon command (say, a script that runs it under callgrind).
        process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.environment["ISLET_BENCH_BUS"] ?? "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--print-address=1", "--nopidfile"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = pipe.fileHandleForReading.availableData
            if data.isEmpty { throw BenchError("dbus-daemon printed no address") }
            text += String(decoding: data, as: UTF8.self)
        }
        address = text.trimmingCharacters(in: .whitespacesAndNewlines)
        self.process = process
    }

    private let process: Process
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Results go straight to standard output, unbuffered.
func say(_ text: String = "") {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
