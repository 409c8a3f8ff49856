import DBus
import Foundation
import IsletBus
import IsletStore

/// A day of use compressed into minutes, with the bridge attached: fasts whose goals pass,
/// history edits, timers that run out, pauses, custom activities changing owner every few
/// seconds. Counts GoalReached and TimerFinished against what was started, compares the first
/// history page isletd keeps in memory with one read from the store, and samples the resident
/// memory and open file descriptors of isletd and islet-notify.
enum SoakBench {
    static func fds(_ pid: Int32) -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1 }

    static func run(minutes: Double, programs: String?) async throws {
        let rig = try await BenchIslet(programs: programs, label: "soak")
        defer { rig.stop() }
        let (server, isletd, notify, client) = (rig.server, rig.isletd, rig.notify, rig.client)
        func proxy(_ interface: String) -> DBusProxy { rig.proxy(interface) }
        let fasting = proxy("Fasting")
        let timers = proxy("Timers")
        let live = proxy("LiveActivity")
        let signals = try await client.signals(matching: MatchRule(interface: nil, path: IsletBus.path))
        let counts = Counter()
        let listener = Task {
            for await message in signals {
                switch message.member {
                case "GoalReached": if case .uint64(let id)? = message.body.first { counts.add("goal:\(id)") }
                case "TimerFinished": if case .string(let owner)? = message.body.first { counts.add("finished:\(owner)") }
                default: break
                }
            }
        }
        defer { listener.cancel() }
        try await Task.sleep(for: .seconds(1))
        try await live.set("LingerSeconds", .uint32(1))

        var samples: [(Double, Int, Int, Int, Int)] = []  // t, isletd KiB, isletd fds, notify KiB, notify fds
        var expectedGoals: Set<UInt64> = []
        var expectedTimers: Set<String> = []
        var random = SystemRandomNumberGenerator()
        let start = ContinuousClock.now
        let end = start + .seconds(minutes * 60)
        var step = 0
        var (pagesCompared, pagesDiffering) = (0, 0)
        var nextSample = start
        while ContinuousClock.now < end {
            step += 1
            let now = UInt64(Date().timeIntervalSince1970 * 1_000_000)
            switch step % 12 {
            case 0:
                // A fast whose one-minute goal passes in two seconds, stopped twelve steps later
                // and taken out of the history, so that the next may begin 58 s back.
                if let out = try? await fasting.call("StopFast"), case .uint64(let id)? = out.first {
                    try await fasting.call("DeleteFast", [.uint64(id)])
                }
                try await fasting.call("SetGoal", [.uint64(60)])
                let out = try await fasting.call("StartFastAt", [.uint64(now - 58_000_000)])
                if case .uint64(let id)? = out.first { expectedGoals.insert(id) }
            case 3, 7:
                // A short timer with a fresh owner: it must finish exactly once.
                let owner = "t\(step)"
                try await timers.call(
                    "StartIntervals",
                    [
                        .string(owner), .string("Soak"), .array(.string, [.string("A"), .string("B")]),
                        .array(.uint64, [.uint64(1), .uint64(1)]), .uint32(1),
                    ])
                expectedTimers.insert(owner)
            case 4:
                _ = try? await timers.call("Pause", [.string("t\(step - 1)")])
                try await Task.sleep(for: .milliseconds(300))
                _ = try? await timers.call("Resume", [.string("t\(step - 1)")])
            case 5, 9:
                let owner = "app\(Int.random(in: 0..<4, using: &random))"
                _ = try? await live.call(
                    "Start",
                    [
                        .string(owner), .stringVariantDictionary(["title": .string("Delivery \(step)")]),
                        .stringVariantDictionary(["status": .string("running"), "ends_at_usec": .uint64(now + 600_000_000)]),
                    ])
                _ = try? await live.call("Update", [.string(owner), .stringVariantDictionary(["status": .string("paused")])])
            case 6:
                // History: an old fast added, then edited.
                let hour: UInt64 = 3_600_000_000
                let s = now - 100_000 * hour + UInt64(step) * hour
                let out = try await fasting.call("AddFast", [.uint64(s), .uint64(s + hour / 2), .uint64(0)])
                if case .uint64(let id)? = out.first { try await fasting.call("EditFast", [.uint64(id), .uint64(s), .uint64(s + hour / 3)]) }
            default:
                _ = try await fasting.call("GetStats")
                // The first page comes from a reply isletd keeps until the history changes; a
                // page reaching past the kept window is read from the store every time. They
                // must agree after every edit, delete and stop above.
                let kept = try await fasting.call("ListFasts", [.uint32(0), .uint32(10)])
                let read = try await fasting.call("ListFasts", [.uint32(0), .uint32(201)])
                pagesCompared += 1
                if case .array(let type, let items)? = read.first, kept != [.array(type, Array(items.prefix(10)))] { pagesDiffering += 1 }
            }
            try await Task.sleep(for: .milliseconds(500))
            if ContinuousClock.now >= nextSample {
                let t = DBusBench.seconds(ContinuousClock.now - start)
                samples.append((t, ProcStat(pid: isletd.pid).residentKiB, fds(isletd.pid), ProcStat(pid: notify.pid).residentKiB, fds(notify.pid)))
                nextSample = nextSample + .seconds(30)
            }
        }
        // The last fast's goal and the last timers come due within seconds; then stop.
        try await Task.sleep(for: .seconds(4))
        _ = try? await fasting.call("StopFast")
        try await Task.sleep(for: .seconds(1))
        let seen = counts.snapshot
        let goalsMissed = expectedGoals.filter { seen["goal:\($0)"] == nil }.count
        let goalsDuplicated = expectedGoals.filter { (seen["goal:\($0)"] ?? 0) > 1 }.count
        let timersMissed = expectedTimers.filter { seen["finished:\($0)"] == nil }.count
        let timersDuplicated = expectedTimers.filter { (seen["finished:\($0)"] ?? 0) > 1 }.count
        samples.append(
            (
                DBusBench.seconds(ContinuousClock.now - start), ProcStat(pid: isletd.pid).residentKiB, fds(isletd.pid),
                ProcStat(pid: notify.pid).residentKiB, fds(notify.pid)
            ))
        say("## Soak (islet-bench soak \(minutes))\n")
        say(
            "\(step) steps over \(String(format: "%.1f", minutes)) minutes: \(expectedGoals.count) fasts whose goal passed, \(expectedTimers.count) timers run out (one paused and resumed in two), custom activities changing owner, history edits; islet-notify attached to a notification server of the benchmark's own (\(server.count) Notify calls).\n"
        )
        say("| check | value | target |")
        say("| --- | ---: | ---: |")
        say("| GoalReached missed / duplicated | \(goalsMissed) / \(goalsDuplicated) of \(expectedGoals.count) | 0 / 0 |")
        say("| TimerFinished missed / duplicated | \(timersMissed) / \(timersDuplicated) of \(expectedTimers.count) | 0 / 0 |")
        say("| first history pages kept in memory that differ from the store | \(pagesDiffering) of \(pagesCompared) | 0 |")
        say("| isletd resident memory, first / last sample | \(samples.first?.1 ?? 0) / \(samples.last?.1 ?? 0) KiB | flat |")
        say("| isletd open file descriptors, first / last | \(samples.first?.2 ?? 0) / \(samples.last?.2 ?? 0) | flat |")
        say("| islet-notify resident memory, first / last | \(samples.first?.3 ?? 0) / \(samples.last?.3 ?? 0) KiB | flat |")
        say("| islet-notify open file descriptors, first / last | \(samples.first?.4 ?? 0) / \(samples.last?.4 ?? 0) | flat |")
        say(
            "\nSamples (s, isletd KiB, isletd fds, islet-notify KiB, islet-notify fds): "
                + samples.map { "(\(Int($0.0)), \($0.1), \($0.2), \($0.3), \($0.4))" }.joined(separator: " "))
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String: Int] = [:]
        func add(_ key: String) { lock.withLock { values[key, default: 0] += 1 } }
        var snapshot: [String: Int] { lock.withLock { values } }
    }
}
