import IsletCore
import Translation

/// The app's History page (FR-005): every completed fast, newest first, with its start, end,
/// length and whether it met its goal; an empty state; the statistics. Pure.
public struct HistoryPage: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var id: UInt64
        /// "Mon 07:40 – 23:40", "20.11.2026 07:40 – 21.11.2026 09:10": as the locale writes times.
        public var span: String
        /// "16 h 0 min · Goal met", "14 h 5 min · Goal: 16 hours", "3 h 12 min".
        public var detail: String
        public var goalMet: Bool
        /// What a screen reader says for its Delete button.
        public var deleteLabel: String
    }

    public var rows: [Row]
    /// Shown when there is no fast yet.
    public var empty: String?
    /// "Fasts: 12", "Total: 190 h 5 min", ... in order.
    public var statistics: [String]

    /// `statistics`: isletd's GetStats (count, total_usec, longest_usec, average_usec,
    /// goal_hits, current_streak_days, longest_streak_days).
    public init(fasts: [CompletedFast], statistics stats: [String: UInt64], localTime: LocalTime, now: USec) {
        rows = fasts.sorted { $0.startedAt > $1.startedAt }.map { fast in
            let seconds = (fast.endedAt > fast.startedAt ? fast.endedAt - fast.startedAt : 0) / usecPerSecond
            let met = fast.goalSeconds > 0 && seconds >= fast.goalSeconds
            let goal = fast.goalSeconds == 0 ? nil : met ? tr("Goal met") : Format.goal(seconds: fast.goalSeconds)
            return Row(
                id: fast.id,
                span: localTime.describe(fast.startedAt, now: now) + " – " + localTime.describe(fast.endedAt, now: now),
                detail: ([Format.hoursMinutes(seconds: seconds)] + (goal.map { [$0] } ?? [])).joinedText(separator: " · "),
                goalMet: met, deleteLabel: tr("Delete the fast of %s", localTime.describe(fast.startedAt, now: now)))
        }
        empty = fasts.isEmpty ? tr("No fasts yet. A fast you stop is kept here.") : nil
        func hm(_ key: String) -> String { Format.hoursMinutes(seconds: (stats[key] ?? 0) / usecPerSecond) }
        let current = stats["current_streak_days"] ?? 0
        let longest = stats["longest_streak_days"] ?? 0
        statistics =
            fasts.isEmpty
            ? []
            : [
                tr("Fasts: %s", "\(stats["count"] ?? UInt64(fasts.count))"), tr("Total: %s", hm("total_usec")),
                tr("Average: %s", hm("average_usec")), tr("Longest: %s", hm("longest_usec")),
                tr("Goals met: %s", "\(stats["goal_hits"] ?? 0)"),
                tr("Current streak: %s", trn("%d day", "%d days", current, "\(current)")),
                tr("Longest streak: %s", trn("%d day", "%d days", longest, "\(longest)")),
            ]
    }
}
