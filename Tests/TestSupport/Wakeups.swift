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

/// Waits until the processes have gone to sleep and stayed asleep for `quiet` (none of them
/// woken in that span), so that a test counts from a moment when nothing was left to do rather
/// than from a fixed time after its last call, which a loaded machine may not have caught up
/// with. False if they were still waking at the safety net (``Patience``).
public func settled(_ pids: [Int32], quiet: Duration = .milliseconds(500)) async -> Bool {
    func counts() -> [Int?] { pids.map(voluntaryContextSwitches(pid:)) }
    let deadline = ContinuousClock.now + Patience.deadline
    while ContinuousClock.now < deadline {
        let before = counts()
        try? await Task.sleep(for: quiet)
        if counts() == before, !before.contains(nil) { return true }
    }
    return false
}
