/// The user's wall clock: how far local time is from UTC at any moment. The core is handed
/// one (it never reads the process's time zone itself), so its rules and messages are the
/// same in every test, whatever zone the machine is in.
public struct LocalTime: Sendable {
    /// Seconds east of UTC at a moment (daylight saving included).
    public var utcOffset: @Sendable (USec) -> Int64

    public init(utcOffset: @escaping @Sendable (USec) -> Int64) { self.utcOffset = utcOffset }

    public static let utc = LocalTime { _ in 0 }

    /// A moment as people read it: "06:12" today, "Mon 07:40" in the six days before or after,
    /// "2026-11-20 07:40" further away. Never microseconds.
    public func describe(_ usec: USec, now: USec) -> String {
        let moment = local(usec)
        let today = local(now)
        let clock = Self.two(moment.seconds / 3600 % 24) + ":" + Self.two(moment.seconds / 60 % 60)
        if moment.day == today.day { return clock }
        if abs(moment.day - today.day) < 7 {
            let names = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
            return names[Int(((moment.day % 7) + 7) % 7)] + " " + clock
        }
        let (y, m, d) = Self.civil(fromDays: moment.day)
        return "\(y)-" + Self.two(Int64(m)) + "-" + Self.two(Int64(d)) + " " + clock
    }

    /// The local day number (days since 1970-01-01 locally) and seconds into that day.
    public func local(_ usec: USec) -> (day: Int64, seconds: Int64) {
        let seconds = Int64(usec / usecPerSecond) + utcOffset(usec)
        let day = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        return (day, seconds - day * 86400)
    }

    private static func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }

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
