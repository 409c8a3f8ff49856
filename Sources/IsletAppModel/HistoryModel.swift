import IsletCore
import Translation

/// The app's History page (FR-005): every completed fast, newest first, with its start, end,
/// length, whether it met its goal and what was written about it (rows made only for the
/// fasts on screen: ``HistoryList``); an empty state; isletd's statistics and the last four
/// weeks' chart, from isletd's figures (GetStats, ListDays), never summed here. Pure.
public struct HistoryModel: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var id: UInt64
        /// "Mon 07:40 – 23:40", "20.11.2026 07:40 – 21.11.2026 09:10": as the locale writes times.
        public var span: String
        /// "16 h 0 min · Goal met", "14 h 5 min · Goal: 16 hours", "3 h 12 min".
        public var detail: String
        public var goalMet: Bool
        /// "★★★★☆ Hungry at 11 …": the rating and the note's first line; "" with neither.
        public var note: String
        /// What a screen reader says for its Delete button.
        public var deleteLabel: String
        /// What it says for its Edit button.
        public var editLabel: String
        /// The fast's start and end, as the editor's date and time fields show them.
        public var startedAt: USec
        public var endedAt: USec
        /// The note whole and the rating, as the editor shows them.
        public var noteText: String
        public var rating: UInt8
    }

    /// The last four weeks, a bar a day: the hours fasted within that day (a fast across
    /// midnight counts on both), against the daily goal (FR-005).
    public struct Chart: Equatable, Sendable {
        public struct Day: Equatable, Sendable {
            /// The date on Mondays and on the first day ("2026-11-23", as the locale writes
            /// it); "" on the others.
            public var label: String
            public var hours: Double
            public var metGoal: Bool
        }

        public static let days = 28
        /// Oldest first; today last.
        public var days: [Day]
        /// The daily goal's line; 0: none.
        public var goalHours: Double
        /// The top of the scale: the longest day or the goal, whichever is more, at least 1 h.
        public var scaleHours: Double
        /// What a screen reader says for the chart.
        public var summary: String
        /// The axis' top, "17 h"; the goal line's label, "Goal 16 h" ("" without a goal).
        public var scaleLabel: String { Format.hoursMinutes(seconds: UInt64((scaleHours * 3600).rounded())) }
        public var goalLabel: String { goalHours > 0 ? tr("Goal %s", Format.hoursMinutes(seconds: UInt64((goalHours * 3600).rounded()))) : "" }
    }

    /// The charts the Statistics view switches between.
    public enum ChartRange: String, CaseIterable, Sendable {
        case week, fourWeeks, year
    }

    /// Each range's chart; none without fasts.
    public var charts: [ChartRange: Chart] = [:]
    /// The last four weeks' chart.
    public var chart: Chart? { charts[.fourWeeks] }
    /// "Last 7 days: 15 h 20 min a day", "Last 4 weeks: ...", "Last 12 months: ...": the time
    /// fasted a day on average, every day counted.
    public var averages: [String] = []
    /// A status page's title and what it says under it (an empty list, empty statistics).
    public struct EmptyState: Equatable, Sendable {
        public var title: String
        public var description: String
    }

    /// Shown in place of the list when there is no fast yet.
    public var empty: EmptyState?
    /// Shown in place of the statistics and the chart when there is no fast yet.
    public var emptyStatistics: EmptyState?
    /// isletd's figures in order, each a row's title and value: ("Fasts", "12"), ("Total",
    /// "190 h 5 min"), ...; no streaks in neutral mode.
    public var figures: [Figure]
    /// The same, each said in one line: "Fasts: 12", "Total: 190 h 5 min", ...
    public var statistics: [String] { figures.map { tr("%1$s: %2$s", $0.title, $0.value) } }

    /// The daily goal: how long a fast added in the editor lasts at first (0: none).
    public var goalSeconds: UInt64 = 0

    public struct Figure: Equatable, Sendable {
        public var title: String
        public var value: String
    }

    /// How many days of ListDays the page wants: a year's, and today.
    public static let daysShown = 366

    /// `count`: the completed fasts; `stats`: isletd's GetStats (count, total_usec,
    /// longest_usec, average_usec, goal_hits, current_streak_days, longest_streak_days); `days`:
    /// ListDays up to today, oldest first (``daysShown`` of them; fewer make shorter charts);
    /// `neutral`: isletd's NeutralMode, no streaks.
    public init(
        count: Int, statistics stats: [String: UInt64], days: [FastingDays.Day], localTime: LocalTime, now: USec, goalSeconds: UInt64 = 0,
        neutral: Bool = false
    ) {
        self.goalSeconds = goalSeconds
        if count > 0, !days.isEmpty {
            charts[.week] = HistoryModel.chart(Array(days.suffix(7)), localTime: localTime, goalSeconds: goalSeconds, weekdays: true)
            charts[.fourWeeks] = HistoryModel.chart(Array(days.suffix(Chart.days)), localTime: localTime, goalSeconds: goalSeconds)
            charts[.year] = HistoryModel.yearChart(days, localTime: localTime, goalSeconds: goalSeconds)
            func average(_ last: Int) -> String {
                let slice = days.suffix(last)
                let total = slice.reduce(UInt64(0)) { $0 + $1.fastedUSec }
                return Format.hoursMinutes(seconds: total / UInt64(max(1, slice.count)) / usecPerSecond)
            }
            averages = [
                tr("Last 7 days: %s a day", average(7)), tr("Last 4 weeks: %s a day", average(28)),
                tr("Last 12 months: %s a day", average(days.count)),
            ]
        }
        if count == 0 {
            empty = EmptyState(title: tr("No Fasts Yet"), description: tr("A fast you stop is kept here. Earlier fasts can be added or imported."))
            emptyStatistics = EmptyState(title: tr("No Statistics Yet"), description: tr("They begin with your first fast."))
        }
        func hm(_ key: String) -> String { Format.hoursMinutes(seconds: (stats[key] ?? 0) / usecPerSecond) }
        let current = stats["current_streak_days"] ?? 0
        let longest = stats["longest_streak_days"] ?? 0
        figures =
            count == 0
            ? []
            : [
                Figure(title: tr("Fasts"), value: "\(stats["count"] ?? UInt64(count))"), Figure(title: tr("Total"), value: hm("total_usec")),
                Figure(title: tr("Average"), value: hm("average_usec")), Figure(title: tr("Longest"), value: hm("longest_usec")),
                Figure(title: tr("Goals met"), value: "\(stats["goal_hits"] ?? 0)"),
            ]
                + (neutral
                    ? []
                    : [
                        Figure(title: tr("Current streak"), value: trn("%d day", "%d days", current, "\(current)")),
                        Figure(title: tr("Longest streak"), value: trn("%d day", "%d days", longest, "\(longest)")),
                    ])
    }

    /// A fast's row.
    public static func row(_ record: FastRecord, localTime: LocalTime, now: USec) -> Row {
        let fast = record.fast
        let seconds = (fast.endedAt > fast.startedAt ? fast.endedAt - fast.startedAt : 0) / usecPerSecond
        let met = fast.goalSeconds > 0 && seconds >= fast.goalSeconds
        let goal = fast.goalSeconds == 0 ? nil : met ? tr("Goal met") : Format.goal(seconds: fast.goalSeconds)
        let started = localTime.spoken(fast.startedAt, now: now)
        return Row(
            id: fast.id, span: localTime.spokenSpan(from: fast.startedAt, to: fast.endedAt, now: now),
            detail: ([Format.hoursMinutes(seconds: seconds)] + (goal.map { [$0] } ?? [])).joinedText(separator: " · "),
            goalMet: met, note: record.summary(width: 60), deleteLabel: tr("Delete the fast of %s", started),
            editLabel: tr("Edit the fast of %s", started),
            startedAt: fast.startedAt, endedAt: fast.endedAt, noteText: record.note, rating: record.rating)
    }

    /// ListDays' figures as the chart draws them: a bar a day, dated on Mondays and on the
    /// first (`weekdays`: each bar its weekday).
    static func chart(_ figures: [FastingDays.Day], localTime: LocalTime, goalSeconds: UInt64, weekdays: Bool = false) -> Chart {
        let days = figures.enumerated().map { index, figure -> Chart.Day in
            // The first day is dated too, unless a Monday's date follows too closely for both.
            let monday = (figure.day - 4) % 7 == 0
            let firstMonday = Int(((4 - (figures.first?.day ?? 0)) % 7 + 7) % 7)
            let label =
                weekdays
                ? localTime.style.weekday(ofDay: figure.day) : monday || (index == 0 && firstMonday >= 4) ? localTime.date(day: figure.day) : ""
            return Chart.Day(label: label, hours: Double(figure.fastedUSec) / 3_600_000_000, metGoal: figure.goalMet)
        }
        let goalHours = Double(goalSeconds) / 3600
        let longest = days.map(\.hours).max() ?? 0
        let fastDays = days.filter { $0.hours > 0 }.count
        let metDays = days.filter(\.metGoal).count
        let arguments = [
            trn("fasts on %s day", "fasts on %s days", UInt64(fastDays), "\(fastDays)"),
            trn("the goal met on %s day", "the goal met on %s days", UInt64(metDays), "\(metDays)"),
            Format.hoursMinutes(seconds: (figures.map(\.fastedUSec).max() ?? 0) / usecPerSecond),
        ]
        let summary =
            weekdays
            ? tr("Hours fasted a day, the last 7 days: %1$s, %2$s, the longest day %3$s.", arguments[0], arguments[1], arguments[2])
            : tr("Hours fasted a day, the last four weeks: %1$s, %2$s, the longest day %3$s.", arguments[0], arguments[1], arguments[2])
        return Chart(days: days, goalHours: goalHours, scaleHours: max(1, longest, goalHours), summary: summary)
    }

    /// The last twelve months, a bar a month: the time fasted a day on average in it (the days
    /// of it that `figures` hold), against the daily goal; a bar meets the goal when its average
    /// does.
    static func yearChart(_ figures: [FastingDays.Day], localTime: LocalTime, goalSeconds: UInt64) -> Chart {
        var months: [(key: Int64, label: String, total: UInt64, days: Int)] = []
        for figure in figures {
            let date = LocalTime.civilDate(ofDay: figure.day)
            let key = date.year * 12 + Int64(date.month - 1)
            if months.last?.key == key {
                months[months.count - 1].total += figure.fastedUSec
                months[months.count - 1].days += 1
            } else {
                months.append((key, localTime.style.shortMonths[(date.month - 1) % 12], figure.fastedUSec, 1))
            }
        }
        let goalHours = Double(goalSeconds) / 3600
        let bars = months.suffix(12).map { month -> Chart.Day in
            let hours = Double(month.total) / Double(max(1, month.days)) / 3_600_000_000
            return Chart.Day(label: month.label, hours: hours, metGoal: goalSeconds > 0 && hours >= goalHours)
        }
        let best = bars.max { $0.hours < $1.hours }
        let metMonths = bars.filter(\.metGoal).count
        let summary = tr(
            "Hours fasted a day on average, month by month, the last 12 months: %1$s, the best %2$s with %3$s a day.",
            trn("the goal met on average in %s month", "the goal met on average in %s months", UInt64(metMonths), "\(metMonths)"),
            best?.label ?? "-", Format.hoursMinutes(seconds: UInt64((best?.hours ?? 0) * 3600)))
        let longest = bars.map(\.hours).max() ?? 0
        return Chart(days: bars, goalHours: goalHours, scaleHours: max(1, longest, goalHours), summary: summary)
    }
}
