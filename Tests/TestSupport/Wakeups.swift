import Foundation

/// Voluntary context switches of every thread of a process: how often it went to sleep and
/// was woken. A process that only sleeps until something happens adds none while nothing does.
public func voluntaryContextSwitches(pid: Int32) -> Int? {
    guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
    var total = 0
    for thread in threads {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }),
            let count = Int(line.dropFirst("voluntary_ctxt_switches:".count).trimmingCharacters(in: .whitespaces))
        else { continue }
        total += count
    }
    return total
}
