import IsletCore
import Translation

/// A moment as the History editor's date and time fields hold it (FR-005): a local day, an
/// hour and a minute. People set minutes, not seconds; a moment whose fields are left as they
/// were filled keeps its second. Pure: the local time is handed in.
public struct EditorTime: Equatable, Sendable {
    /// The local day (days since 1970-01-01 in local time).
    public var day: Int64
    /// 0 to 23.
    public var hour: Int
    /// 0 to 59.
    public var minute: Int
    /// The moment the fields were filled from, and the fields as they were then (nil: set by
    /// hand).
    private var filledFrom: Filled?

    private struct Filled: Equatable, Sendable {
        var day: Int64
        var hour: Int
        var minute: Int
        var moment: USec
    }

    /// The fields showing a moment, to the minute.
    public init(_ moment: USec, localTime: LocalTime) {
        let local = localTime.local(moment)
        day = local.day
        hour = Int(local.seconds / 3600)
        minute = Int(local.seconds / 60 % 60)
        filledFrom = Filled(day: day, hour: hour, minute: minute, moment: moment)
    }

    public init(day: Int64, hour: Int, minute: Int) {
        self.day = day
        self.hour = min(max(hour, 0), 23)
        self.minute = min(max(minute, 0), 59)
    }

    /// The moment the fields name: the moment they were filled from while they still show it,
    /// else the minute they show in local time. nil before 1970.
    public func moment(localTime: LocalTime) -> USec? {
        if let filledFrom, filledFrom.day == day, filledFrom.hour == hour, filledFrom.minute == minute { return filledFrom.moment }
        let date = LocalTime.civilDate(ofDay: day)
        return localTime.moment(year: date.year, month: date.month, day: date.day, seconds: Int64(hour * 3600 + minute * 60))
    }

    /// The day as a calendar holds it.
    public var date: (year: Int64, month: Int, day: Int) { LocalTime.civilDate(ofDay: day) }

    /// The day picked in a calendar; the time of day stays.
    public mutating func setDate(year: Int64, month: Int, day: Int) { self.day = LocalTime.days(fromCivil: year, month, day) }

    /// The date field's words: "Today", "Yesterday", "Tomorrow"; "Wed 2026-11-25" otherwise (as
    /// the locale writes dates).
    public func dayName(localTime: LocalTime, now: USec) -> String {
        switch day - localTime.local(now).day {
        case 0: return tr("Today")
        case -1: return tr("Yesterday")
        case 1: return tr("Tomorrow")
        default: return localTime.style.weekday(ofDay: day) + " " + localTime.date(day: day)
        }
    }

    /// The time field's words: "07:30", or "7:30 AM" where the locale's clock has 12 hours.
    public func clock(style: ClockStyle) -> String { style.clock(seconds: Int64(hour * 3600 + minute * 60)) }

    /// The hour on a 12-hour clock (1 to 12), and whether it is after noon.
    public var twelveHour: (hour: Int, pm: Bool) { (hour % 12 == 0 ? 12 : hour % 12, hour >= 12) }

    /// The hour a 12-hour clock's hour (1 to 12) and its AM or PM name.
    public static func hour(twelveHour: Int, pm: Bool) -> Int { twelveHour % 12 + (pm ? 12 : 0) }

    /// A new fast's fields: it ends at the minute now is in and lasted the daily goal (16 hours
    /// without one).
    public static func newFast(now: USec, goalSeconds: UInt64, localTime: LocalTime) -> (start: EditorTime, end: EditorTime) {
        let end = now / (60 * usecPerSecond) * 60 * usecPerSecond
        let length = (goalSeconds > 0 ? goalSeconds : 16 * 3600) * usecPerSecond
        var start = EditorTime(end > length ? end - length : 0, localTime: localTime)
        var last = EditorTime(end, localTime: localTime)
        // Set by the app, not read from a fast: nothing to keep to the second.
        start.filledFrom = nil
        last.filledFrom = nil
        return (start, last)
    }
}
