import IsletAppModel
import IsletCore
import Testing

/// FR-005: the History editor's date and time fields, pure: what they show of a fast's moments,
/// and the moment they name once changed.
@Suite struct EditorTimeFields {
    static let s: UInt64 = 1_000_000
    /// Wed 2026-11-25 19:30:00 UTC.
    static let now: UInt64 = 1_795_635_000 * s
    /// An hour east of UTC all year.
    static let berlin = LocalTime(style: .iso) { _ in 3600 }
    static let us = LocalTime(style: ClockStyle(twelveHour: true, am: "AM", pm: "PM", weekdays: [], datePattern: "%m/%d/%Y")) { _ in -5 * 3600 }

    @Test func fr005TheFieldsShowAMomentToTheMinuteAndKeepItsSecond() {
        // 2026-11-25 07:41:17 in Berlin.
        let moment = Self.now - (12 * 3600 + 48 * 60 + 43) * Self.s
        let fields = EditorTime(moment, localTime: Self.berlin)
        #expect(fields.hour == 7 && fields.minute == 41)
        #expect(fields.date == (2026, 11, 25))
        #expect(fields.moment(localTime: Self.berlin) == moment, "left as it was: the moment to the second")
        var changed = fields
        changed.minute = 40
        #expect(changed.moment(localTime: Self.berlin) == moment - 77 * Self.s, "07:40:00 in Berlin")
        changed.minute = 41
        #expect(changed.moment(localTime: Self.berlin) == moment, "set back as it was: the moment again")
    }

    @Test func fr005ADayPickedKeepsTheTimeOfDay() {
        var fields = EditorTime(Self.now, localTime: Self.berlin)
        fields.setDate(year: 2026, month: 11, day: 24)
        #expect(fields.hour == 20 && fields.minute == 30)
        #expect(fields.moment(localTime: Self.berlin) == Self.now - 86400 * Self.s)
        fields.setDate(year: 2026, month: 3, day: 1)
        #expect(fields.date == (2026, 3, 1))
        fields.setDate(year: 1969, month: 12, day: 31)
        fields.hour = 0
        #expect(fields.moment(localTime: Self.berlin) == nil, "before 1970: no moment")
    }

    @Test func fr005TheDateSaidAsPeopleSayIt() {
        let today = EditorTime(Self.now, localTime: .utc)
        #expect(today.dayName(localTime: .utc, now: Self.now) == "Today")
        #expect(EditorTime(Self.now - 86400 * Self.s, localTime: .utc).dayName(localTime: .utc, now: Self.now) == "Yesterday")
        #expect(EditorTime(Self.now + 86400 * Self.s, localTime: .utc).dayName(localTime: .utc, now: Self.now) == "Tomorrow")
        #expect(EditorTime(Self.now - 3 * 86400 * Self.s, localTime: .utc).dayName(localTime: .utc, now: Self.now) == "Sun 2026-11-22")
        #expect(today.clock(style: .iso) == "19:30")
        // New York: 14:30 the same day, on a 12-hour clock.
        let american = EditorTime(Self.now, localTime: Self.us)
        #expect(american.clock(style: Self.us.style) == "2:30 PM")
        #expect(american.dayName(localTime: Self.us, now: Self.now + 10 * 3600 * Self.s) == "Yesterday", "00:30 the next day there")
    }

    @Test func fr005TwelveHourClockFields() {
        for (hour, twelve, pm) in [(0, 12, false), (1, 1, false), (11, 11, false), (12, 12, true), (13, 1, true), (23, 11, true)] {
            let fields = EditorTime(day: 0, hour: hour, minute: 0)
            #expect(fields.twelveHour == (twelve, pm), "\(hour)")
            #expect(EditorTime.hour(twelveHour: twelve, pm: pm) == hour)
        }
    }

    @Test func fr005ANewFastEndsNowAndLastsTheGoal() {
        let fields = EditorTime.newFast(now: Self.now + 42 * Self.s, goalSeconds: 18 * 3600, localTime: Self.berlin)
        #expect(fields.end.moment(localTime: Self.berlin) == Self.now, "now, to the minute")
        #expect(fields.start.moment(localTime: Self.berlin) == Self.now - 18 * 3600 * Self.s)
        #expect(fields.start.hour == 2 && fields.start.minute == 30)
        let noGoal = EditorTime.newFast(now: Self.now, goalSeconds: 0, localTime: Self.berlin)
        #expect(noGoal.start.moment(localTime: Self.berlin) == Self.now - 16 * 3600 * Self.s, "16 hours without a goal")
    }
}
