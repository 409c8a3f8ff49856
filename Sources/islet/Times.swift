import IsletCore
import Platform
import Translation

#if canImport(Glibc)
    import Glibc
#endif

/// Times as people type them, and as we print them: local time, minute precision.
enum Times {
    static func now() -> USec { WallClock.now() }

    /// What a person types for a moment ("now", "2h ago", "07:30", "2026-11-22 07:30"):
    /// ``TypedTime/parse(_:now:)``.
    static func parse(_ text: String, now: USec = Times.now()) -> USec? { TypedTime.parse(text, now: now) }

    /// "2026-11-22 07:30" in local time, as the locale writes a date and a time of day
    /// ("22.11.2026 07:30", "11/22/2026 7:30 AM").
    static func format(_ usec: USec, seconds: Bool = false) -> String {
        LocalTime.system.dateAndTime(usec, seconds: seconds)
    }

    /// "2026-11-22T07:30:00+01:00": local time with its offset, for exports.
    static func iso(_ usec: USec) -> String {
        var t = time_t(Int(usec / usecPerSecond))
        var parts = tm()
        localtime_r(&t, &parts)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let offset = parts.tm_gmtoff
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return "\(parts.tm_year + 1900)-\(two(Int(parts.tm_mon) + 1))-\(two(Int(parts.tm_mday)))T\(two(Int(parts.tm_hour))):"
            + "\(two(Int(parts.tm_min))):\(two(Int(parts.tm_sec)))\(sign)\(two(minutes / 60)):\(two(minutes % 60))"
    }

    /// Reads what ``iso(_:)`` writes (and "Z"); nil otherwise.
    static func parseISO(_ text: String) -> USec? {
        let chars = Array(text.utf8)
        guard chars.count >= 20 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= chars.count else { return nil }
            var n = 0
            for c in chars[from..<from + count] {
                guard (48...57).contains(c) else { return nil }
                n = n * 10 + Int(c - 48)
            }
            return n
        }
        guard let y = number(0, 4), let mo = number(5, 2), let d = number(8, 2), let h = number(11, 2),
            let mi = number(14, 2), let s = number(17, 2), chars[4] == 45, chars[7] == 45,
            chars[10] == 84 || chars[10] == 32, (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61
        else { return nil }
        var offset = 0
        if chars[19] == 90, chars.count == 20 {
            offset = 0
        } else if chars.count == 25, chars[19] == 43 || chars[19] == 45, let oh = number(20, 2), let om = number(23, 2) {
            offset = (oh * 60 + om) * 60 * (chars[19] == 45 ? -1 : 1)
        } else {
            return nil
        }
        var parts = tm()
        parts.tm_year = Int32(y - 1900)
        parts.tm_mon = Int32(mo - 1)
        parts.tm_mday = Int32(d)
        parts.tm_hour = Int32(h)
        parts.tm_min = Int32(mi)
        parts.tm_sec = Int32(s)
        let utc = timegm(&parts) - offset
        // timegm normalises 30 February into March: refuse dates that do not exist.
        guard parts.tm_mday == Int32(d), parts.tm_mon == Int32(mo - 1) else { return nil }
        return utc < 0 ? nil : UInt64(utc) * usecPerSecond
    }
}
