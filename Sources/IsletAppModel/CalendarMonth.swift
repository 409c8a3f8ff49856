import IsletCore
import Translation

/// The History page's calendar: a month, a cell a day, each with the time fasted within it (a
/// fast across midnight counts on both days) and a mark where a fast that met its goal ended;
/// weeks start on the locale's first weekday. From isletd's ListDays for the month. Pure.
public struct CalendarMonth: Equatable, Sendable {
    public struct Cell: Equatable, Sendable {
        /// "3"; "" for the blanks before the first day.
        public var number: String
        /// The time fasted within the day, "16 h 30 min"; "" when none.
        public var fasted: String
        /// The same in a cell's room: whole hours, "17h" (rounded), "<1h"; "" when none.
        public var short: String
        public var goalMet: Bool
        public var isToday: Bool
        /// What a screen reader says: "Tuesday 3 November 2026: 16 h 30 min fasted, goal met".
        public var label: String
        /// The local day's number (days since 1970-01-01); nil for a blank.
        public var day: Int64?
    }

    public var year: Int64
    public var month: Int
    /// "November 2026".
    public var title: String
    /// The weekdays' abbreviations, from the locale's first.
    public var weekdays: [String]
    /// Blanks before the first, then every day of the month.
    public var cells: [Cell]
    /// "November 2026: fasts on 12 days, 180 h in all, the goal met on 9 days."
    public var summary: String

    /// The month holding `usec` in `localTime`.
    public static func month(of usec: USec, in localTime: LocalTime) -> (year: Int64, month: Int) {
        let date = LocalTime.civilDate(ofDay: localTime.local(usec).day)
        return (date.year, date.month)
    }

    /// `months` months after (or, negative, before) a month.
    public static func shifted(_ year: Int64, _ month: Int, by months: Int) -> (year: Int64, month: Int) {
        let index = year * 12 + Int64(month - 1) + Int64(months)
        let y = index >= 0 ? index / 12 : (index - 11) / 12
        return (y, Int(index - y * 12) + 1)
    }

    /// How many days a month has.
    public static func length(_ year: Int64, _ month: Int) -> Int {
        let next = shifted(year, month, by: 1)
        return Int(LocalTime.days(fromCivil: next.year, next.month, 1) - LocalTime.days(fromCivil: year, month, 1))
    }

    /// The month's first day's number.
    public static func firstDay(_ year: Int64, _ month: Int) -> Int64 { LocalTime.days(fromCivil: year, month, 1) }

    /// `days`: ListDays for the month (any order; days outside it are left out).
    public init(year: Int64, month: Int, days: [FastingDays.Day], localTime: LocalTime, now: USec) {
        self.year = year
        self.month = month
        let style = localTime.style
        let monthName = style.months[(month - 1) % 12]
        title = "\(monthName) \(year)"
        weekdays = (0..<7).map { style.weekdays[(style.firstWeekday + $0) % 7] }
        let first = CalendarMonth.firstDay(year, month)
        let length = CalendarMonth.length(year, month)
        let today = localTime.local(now).day
        // 1970-01-01 was a Thursday (4): the weekday of the first, counted from the week's start.
        let weekday = Int(((first + 4) % 7 + 7) % 7)
        let blanks = (weekday - style.firstWeekday + 7) % 7
        var byDay: [Int64: FastingDays.Day] = [:]
        for figure in days { byDay[figure.day] = figure }
        var cells = [Cell](repeating: Cell(number: "", fasted: "", short: "", goalMet: false, isToday: false, label: "", day: nil), count: blanks)
        var fastedDays = 0
        var metDays = 0
        var total: UInt64 = 0
        for offset in 0..<length {
            let day = first + Int64(offset)
            let figure = byDay[day]
            let fasted = figure?.fastedUSec ?? 0
            let met = figure?.goalMet ?? false
            total += fasted
            if fasted > 0 { fastedDays += 1 }
            if met { metDays += 1 }
            let minutes = fasted / 60_000_000
            let text = minutes == 0 ? "" : Format.hoursMinutes(seconds: minutes * 60)
            let date = localTime.date(day: day)
            let said =
                minutes == 0
                ? tr("%1$s %2$s: no fast", "\(style.weekday(ofDay: day))", "\(date)")
                : met
                    ? tr("%1$s %2$s: %3$s fasted, goal met", "\(style.weekday(ofDay: day))", "\(date)", "\(text)")
                    : tr("%1$s %2$s: %3$s fasted", "\(style.weekday(ofDay: day))", "\(date)", "\(text)")
            let hours = (minutes + 30) / 60
            let short = minutes == 0 ? "" : hours == 0 ? tr("<1h") : tr("%sh", "\(hours)")
            cells.append(Cell(number: "\(offset + 1)", fasted: text, short: short, goalMet: met, isToday: day == today, label: said, day: day))
        }
        self.cells = cells
        // Each count through its language's plural forms, then the sentence around them.
        summary = tr(
            "%1$s: %2$s, %3$s in all, %4$s.", "\(monthName) \(year)",
            trn("fasts on %s day", "fasts on %s days", UInt64(fastedDays), "\(fastedDays)"),
            Format.hoursMinutes(seconds: total / usecPerSecond),
            trn("the goal met on %s day", "the goal met on %s days", UInt64(metDays), "\(metDays)"))
    }
}
