/// Statistics of the fasting history.
public struct FastStats: Equatable, Sendable {
    public var count: UInt64 = 0
    public var totalUSec: UInt64 = 0
    public var longestUSec: UInt64 = 0
    public var averageUSec: UInt64 = 0
    public var goalHits: UInt64 = 0
    public var currentStreakDays: UInt32 = 0
    public var longestStreakDays: UInt32 = 0
    public init() {}
}

/// Streaks in local calendar days: a day counts when a goal-meeting fast covers part of it,
/// so a 37-hour fast counts for every day it touches.
public enum Streaks {
    /// The local calendar day of a moment, as a day number (days since 1970-01-01 locally).
    public static func localDay(_ usec: USec, in zone: LocalTime) -> Int64 { zone.local(usec).day }

    /// Current and longest streak from day spans (first day, last day) of goal-meeting fasts,
    /// in any order. The current streak ends today, or yesterday when today has none yet.
    public static func compute(spans: [(Int64, Int64)], today: Int64) -> (current: UInt32, longest: UInt32) {
        let sorted = spans.sorted { $0.0 < $1.0 }
        var runs: [(Int64, Int64)] = []
        for span in sorted {
            if let last = runs.last, span.0 <= last.1 + 1 {
                runs[runs.count - 1].1 = max(last.1, span.1)
            } else {
                runs.append(span)
            }
        }
        let longest = runs.map { $0.1 - $0.0 + 1 }.max() ?? 0
        var current: Int64 = 0
        if let last = runs.last, last.1 >= today - 1, last.0 <= today {
            current = min(last.1, today) - last.0 + 1
        }
        return (UInt32(clamping: current), UInt32(clamping: longest))
    }
}
