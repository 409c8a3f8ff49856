import IsletAppModel
import IsletCore
import Testing

/// The History page's calendar and longer charts (issue 44), pure: from ListDays' figures.
@Suite struct CalendarAndCharts {
    static let s: UInt64 = 1_000_000
    static let hour: UInt64 = 3600 * s
    /// Wed 2026-11-25 19:30 UTC.
    static let now: UInt64 = 1_795_635_000 * s

    func days(_ first: Int64, _ count: Int, _ hours: (Int64) -> UInt64, met: (Int64) -> Bool = { _ in false }) -> [FastingDays.Day] {
        (0..<count).map { offset in
            let day = first + Int64(offset)
            return FastingDays.Day(day: day, startsAt: UInt64(day) * 86400 * Self.s, fastedUSec: hours(day) * Self.hour, goalMet: met(day))
        }
    }

    @Test func aMonthStartsOnTheLocalesFirstWeekday() {
        let november = CalendarMonth.firstDay(2026, 11)
        let figures = days(november, 30, { $0 == november + 2 ? 16 : $0 == november + 3 ? 9 : 0 }, met: { $0 == november + 2 })
        // ISO: weeks from Monday; 1 November 2026 is a Sunday, so six blanks before it.
        let iso = CalendarMonth(year: 2026, month: 11, days: figures, localTime: .utc, now: Self.now)
        #expect(iso.title == "November 2026")
        #expect(iso.weekdays == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        #expect(iso.cells.count == 36 && iso.cells.prefix(6).allSatisfy { $0.day == nil } && iso.cells[6].number == "1")
        let third = iso.cells[8]
        #expect(third.number == "3" && third.fasted == "16 h" && third.short == "16h" && third.goalMet)
        #expect(third.label == "Tue 2026-11-03: 16 h fasted, goal met")
        #expect(iso.cells[9].label == "Wed 2026-11-04: 9 h fasted" && !iso.cells[9].goalMet)
        #expect(iso.cells[10].label == "Thu 2026-11-05: no fast" && iso.cells[10].short == "")
        #expect(iso.cells.filter(\.isToday).map(\.number) == ["25"])
        #expect(iso.summary == "November 2026: fasts on 2 days, 25 h in all, the goal met on 1 day.")
        // A locale whose week starts on Sunday: no blank before the 1st.
        let us = LocalTime(style: ClockStyle(twelveHour: true, am: "AM", pm: "PM", weekdays: [], datePattern: "%m/%d/%Y", firstWeekday: 0)) { _ in 0 }
        let sunday = CalendarMonth(year: 2026, month: 11, days: figures, localTime: us, now: Self.now)
        #expect(sunday.weekdays.first == "Sun" && sunday.cells.first?.number == "1" && sunday.cells.count == 30)
    }

    @Test func monthsAreCountedAcrossYears() {
        #expect(CalendarMonth.shifted(2026, 12, by: 1) == (2027, 1))
        #expect(CalendarMonth.shifted(2026, 1, by: -1) == (2025, 12))
        #expect(CalendarMonth.shifted(2026, 3, by: -15) == (2024, 12))
        #expect(CalendarMonth.length(2028, 2) == 29 && CalendarMonth.length(2026, 2) == 28 && CalendarMonth.length(2026, 12) == 31)
        #expect(CalendarMonth.month(of: Self.now, in: .utc) == (2026, 11))
    }

    @Test func aWeekAYearAndTheAveragesFromAYearOfDays() throws {
        let today = LocalTime.utc.local(Self.now).day
        // 366 days up to today: 16 h a day in the last week, 12 h before; goal met on even days.
        let figures = days(today - 365, 366, { today - $0 < 7 ? 16 : 12 }, met: { $0 % 2 == 0 })
        let page = HistoryModel(count: 400, statistics: [:], days: figures, localTime: .utc, now: Self.now, goalSeconds: 14 * 3600)
        let week = try #require(page.charts[.week])
        #expect(week.days.map(\.label) == ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"])
        #expect(week.days.allSatisfy { $0.hours == 16 })
        #expect(week.summary.hasPrefix("Hours fasted a day, the last 7 days: fasts on 7 days"))
        #expect(page.chart?.days.count == 28)
        let year = try #require(page.charts[.year])
        #expect(year.days.count == 12 && year.days.last?.label == "Nov" && year.days.first?.label == "Dec")
        #expect(year.days[0].hours == 12 && !year.days[0].metGoal, "December 2025: 12 h a day, under the 14 h goal")
        // November 2026: 25 days to today, the last 7 of them 16 h: (18 x 12 + 7 x 16) / 25.
        let novemberAverage: Double = (18 * 12 + 7 * 16) / 25.0
        #expect(abs((year.days.last?.hours ?? 0) - novemberAverage) < 0.001)
        #expect(year.summary.hasPrefix("Hours fasted a day on average, month by month, the last 12 months: the goal met on average in 0 months"))
        #expect(page.averages == ["Last 7 days: 16 h a day", "Last 4 weeks: 13 h a day", "Last 12 months: 12 h 4 min a day"])
    }
}
