import Translation

/// The user's wall clock: how far local time is from UTC at any moment. The core is handed
/// one (it never reads the process's time zone itself), so its rules and messages are the
/// same in every test, whatever zone the machine is in.
public struct LocalTime: Sendable {
    /// Seconds east of UTC at a moment (daylight saving included).
    public var utcOffset: @Sendable (USec) -> Int64
    /// How the user's locale writes times of day and dates, asked for when a time is written
    /// (the programs' locale is read at its first use, not at start).
    public var style: ClockStyle { styleSource() }
    private let styleSource: @Sendable () -> ClockStyle

    public init(style: ClockStyle = .iso, utcOffset: @escaping @Sendable (USec) -> Int64) {
        self.init(styleSource: { style }, utcOffset: utcOffset)
    }

    public init(styleSource: @escaping @Sendable () -> ClockStyle, utcOffset: @escaping @Sendable (USec) -> Int64) {
        self.utcOffset = utcOffset
        self.styleSource = styleSource
    }

    public static let utc = LocalTime { _ in 0 }

    /// A moment as people read it: "06:12" today, "Mon 07:40" in the six days before or after,
    /// "2026-11-20 07:40" further away (in the locale's style: "7:40 AM", "Mo 07:40",
    /// "20.11.2026 07:40"). Never microseconds.
    public func describe(_ usec: USec, now: USec) -> String {
        let moment = local(usec)
        let today = local(now)
        let clock = style.clock(seconds: moment.seconds)
        if moment.day == today.day { return clock }
        if abs(moment.day - today.day) < 7 { return style.weekday(ofDay: moment.day) + " " + clock }
        return date(day: moment.day) + " " + clock
    }

    /// A moment as people say it in a list of days: "Today 05:04", "Yesterday 13:04",
    /// "Tomorrow 11:06"; "Wed 13:04" in the rest of the week before or after; "2026-11-18
    /// 02:06" further away (in the locale's style).
    public func spoken(_ usec: USec, now: USec) -> String {
        let moment = local(usec)
        let clock = style.clock(seconds: moment.seconds)
        switch moment.day - local(now).day {
        case 0: return tr("Today %s", clock)
        case -1: return tr("Yesterday %s", clock)
        case 1: return tr("Tomorrow %s", clock)
        case -6...6: return style.weekday(ofDay: moment.day) + " " + clock
        default: return date(day: moment.day) + " " + clock
        }
    }

    /// A stretch of time as people say it: its start ``spoken(_:now:)``, its end the same way,
    /// or as a time of day alone when it ends on the day it began ("Yesterday 13:04 – Today
    /// 05:04", "Today 08:10 – 12:10").
    public func spokenSpan(from start: USec, to end: USec, now: USec) -> String {
        let last = local(end)
        let ending = local(start).day == last.day ? style.clock(seconds: last.seconds) : spoken(end, now: now)
        return spoken(start, now: now) + " – " + ending
    }

    /// A local day as the locale writes a date: "2026-11-20", "20.11.2026", "11/20/2026".
    public func date(day: Int64) -> String {
        let (y, m, d) = Self.civil(fromDays: day)
        return style.date(year: y, month: m, day: d)
    }

    /// A moment as a date and a time of day, whatever day it is: "2026-11-20 07:40".
    public func dateAndTime(_ usec: USec, seconds: Bool = false) -> String {
        let moment = local(usec)
        return date(day: moment.day) + " " + style.clock(seconds: moment.seconds, withSeconds: seconds)
    }

    /// The local day number (days since 1970-01-01 locally) and seconds into that day.
    public func local(_ usec: USec) -> (day: Int64, seconds: Int64) {
        let seconds = Int64(usec / usecPerSecond) + utcOffset(usec)
        let day = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        return (day, seconds - day * 86400)
    }

    /// The moment a local date and time of day names (seconds into the day), nil before
    /// 1970. A time the clock skips at a change to summer time reads as the offset before it
    /// says; a time it passes twice, the first.
    public func moment(year: Int64, month: Int, day: Int, seconds: Int64) -> USec? {
        let local = Self.days(fromCivil: year, month, day) * 86400 + seconds
        // The offset at the moment found, asked again from there (once is enough: offsets
        // change at most once in a few hours).
        var utc = local - utcOffset(USec(clamping: max(0, local)) &* usecPerSecond)
        utc = local - utcOffset(USec(clamping: max(0, utc)) &* usecPerSecond)
        return utc < 0 ? nil : USec(utc) * usecPerSecond
    }

    /// Howard Hinnant's days_from_civil: the day number of a date (1970-01-01 is 0).
    public static func days(fromCivil year: Int64, _ month: Int, _ day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = Int64((month + 9) % 12)
        let doy = (153 * mp + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// The year, month and day of a day number.
    public static func civilDate(ofDay day: Int64) -> (year: Int64, month: Int, day: Int) { civil(fromDays: day) }

    /// Howard Hinnant's civil_from_days.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), Int(m), Int(d))
    }
}

/// How a locale writes a time of day and a date (its LC_TIME, read by the programs; the core
/// is handed it). ``iso`` is the C locale's: 24-hour "07:40", "2026-11-20", English weekdays.
public struct ClockStyle: Sendable, Equatable {
    /// "7:40 PM" rather than "19:40".
    public var twelveHour: Bool
    public var am: String
    public var pm: String
    /// Abbreviated weekday names, Sunday first.
    public var weekdays: [String]
    /// strftime's date format (`%d`, `%e`, `%m`, `%Y`, `%y`, `%F`, `%D`; other characters as
    /// they are): "%d.%m.%Y", "%m/%d/%Y".
    public var datePattern: String

    /// Month names as they stand alone ("November"), January first, and abbreviated ("Nov").
    public var months: [String]
    public var shortMonths: [String]
    /// The first day of the week: 0 Sunday, 1 Monday (ISO 8601).
    public var firstWeekday: Int

    public init(
        twelveHour: Bool, am: String, pm: String, weekdays: [String], datePattern: String, months: [String] = [], shortMonths: [String] = [],
        firstWeekday: Int = 1
    ) {
        self.months = months.count == 12 ? months : ClockStyle.englishMonths
        self.shortMonths = shortMonths.count == 12 ? shortMonths : ClockStyle.englishMonths.map { String($0.prefix(3)) }
        self.firstWeekday = (0...6).contains(firstWeekday) ? firstWeekday : 1
        self.twelveHour = twelveHour
        self.am = am
        self.pm = pm
        self.weekdays = weekdays.count == 7 ? weekdays : ClockStyle.iso.weekdays
        self.datePattern = datePattern
    }

    static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    public static let iso = ClockStyle(
        twelveHour: false, am: "AM", pm: "PM", weekdays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"], datePattern: "%F")

    private static func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// Seconds into a day as a time of day: "07:40" or "7:40 AM"; with `withSeconds` "07:40:15".
    public func clock(seconds: Int64, withSeconds: Bool = false) -> String {
        let hour = seconds / 3600 % 24
        let rest = ":" + Self.two(seconds / 60 % 60) + (withSeconds ? ":" + Self.two(seconds % 60) : "")
        guard twelveHour else { return Self.two(hour) + rest }
        let shown = hour % 12 == 0 ? 12 : hour % 12
        return "\(shown)" + rest + " " + (hour < 12 ? am : pm)
    }

    /// The weekday of a day counted from 1970-01-01 (a Thursday).
    public func weekday(ofDay day: Int64) -> String { weekdays[Int(((day + 4) % 7 + 7) % 7)] }

    /// A date written with ``datePattern``.
    public func date(year: Int64, month: Int, day: Int) -> String {
        var out = ""
        var escaped = false
        for character in datePattern {
            guard escaped else {
                if character == "%" { escaped = true } else { out.append(character) }
                continue
            }
            escaped = false
            switch character {
            case "d": out += Self.two(Int64(day))
            case "e": out += day < 10 ? " \(day)" : "\(day)"
            case "m": out += Self.two(Int64(month))
            case "Y": out += "\(year)"
            case "y": out += Self.two(((year % 100) + 100) % 100)
            case "F": out += "\(year)-" + Self.two(Int64(month)) + "-" + Self.two(Int64(day))
            case "D": out += Self.two(Int64(month)) + "/" + Self.two(Int64(day)) + "/" + Self.two(((year % 100) + 100) % 100)
            case "%": out += "%"
            default: out += "%" + String(character)
            }
        }
        return out
    }
}
