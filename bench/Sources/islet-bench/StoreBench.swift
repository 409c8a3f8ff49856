import Foundation
import IsletCore
import IsletStore

/// A page of 50 and the statistics at 10^3 ... 10^6 fasts.
enum StoreBench {
    static func run(sizes: [Int]) throws {
        say("## Store (islet-bench store)\n")
        say("Median wall time; a fresh database per size, one fast a day (denser at 10^6, so it fits in the past), half meeting their goal.\n")
        say(
            "Pages are read through SQL (a store opened without the writer's lock keeps no recent-fasts cache); the last column is the first page as isletd serves it, from memory.\n"
        )
        say("| fasts | page of 50 (ms) | page of 50 at offset 1000 (ms) | statistics (ms) | database (MiB) | page of 50, isletd's cache (ms) |")
        say("| ---: | ---: | ---: | ---: | ---: | ---: |")
        for size in sizes {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("islet-bench-\(size)-\(UUID().uuidString.prefix(6))")
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("islet.sqlite").path
            try fill(path: path, count: size)
            let store = try Store(path: path, exclusive: false)
            let writer = try Store(path: path)
            _ = try writer.page(offset: 0, limit: 50)
            let cached = median(runs: 200) { _ = try writer.page(offset: 0, limit: 50) }
            let now = UInt64(Date().timeIntervalSince1970 * 1_000_000)
            let page = median(runs: 200) { _ = try store.page(offset: 0, limit: 50) }
            let deep = median(runs: 200) { _ = try store.page(offset: 1000, limit: 50) }
            let stats = median(runs: size >= 1_000_000 ? 5 : 21) { _ = try store.stats(now: now) }
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            say(String(format: "| %d | %.3f | %.3f | %.2f | %.1f | %.4f |", size, page, deep, stats, Double(bytes) / 1_048_576, cached))
        }
    }

    static func fill(path: String, count: Int) throws {
        let store = try Store(path: path)
        // One fast a day where the calendar allows; denser for the largest sizes, so that the
        // whole history still lies in the past.
        let now = UInt64(Date().timeIntervalSince1970 * 1_000_000)
        let spacing = min(86_400_000_000, (now - 86_400_000_000) / UInt64(count + 1))
        let start = now - UInt64(count + 1) * spacing
        let goalSeconds = spacing / 2 / 1_000_000
        var history: [HistoryChange] = []
        history.reserveCapacity(count)
        for i in 0..<count {
            let begin = start + UInt64(i) * spacing
            let length = i % 2 == 0 ? spacing * 2 / 3 : spacing / 3
            history.append(.insert(CompletedFast(id: UInt64(i + 1), startedAt: begin, endedAt: begin + length, goalSeconds: goalSeconds)))
        }
        try store.commit(state: IsletState(), history: history)
    }

    static func median(runs: Int, _ body: () throws -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let t = ContinuousClock.now
            try? body()
            let d = ContinuousClock.now - t
            times.append(Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000)
        }
        times.sort()
        return times[times.count / 2]
    }
}
