import IsletCore

#if canImport(Glibc)
    import Glibc
#endif

/// A moment as a person types it, in local time: the command line's `--at` and the app's
/// history fields read the same forms.
public enum TypedTime {
    /// "now", "-2h" / "2h ago" (that long ago), "07:30" (the last time the clock read 07:30),
    /// "2026-11-22 07:30" or "2026-11-22T07:30:15" (local time). nil for anything else.
    public static func parse(_ text: String, now: USec) -> USec? {
        let input = text.trimmingWhitespace()
        if input == "now" { return now }
        // "-2h" (written --at=-2h, since a lone -2h reads as an option) or "2h ago".
        let ago: Substring? = input.hasPrefix("-") ? input.dropFirst() : input.hasSuffix(" ago") ? input.dropLast(4) : nil
        if let ago {
            guard let seconds = Format.parseDuration(String(ago)), seconds * usecPerSecond <= now else { return nil }
            return now - seconds * usecPerSecond
        }
        let numbers = input.split(whereSeparator: { !$0.isNumber }).map(String.init)
        let separators = input.filter { !$0.isNumber }
        guard !numbers.isEmpty, numbers.count == separators.count + 1, numbers.allSatisfy({ $0.count <= 4 }) else { return nil }
        var parts = tm()
        var seconds: Int32 = 0
        switch separators {
        case ":", "::":
            // A clock time: today, or yesterday when today's is still to come.
            guard let h = Int32(numbers[0]), let m = Int32(numbers[1]), h < 24, m < 60 else { return nil }
            if numbers.count == 3 {
                guard let s = Int32(numbers[2]), s < 60 else { return nil }
                seconds = s
            }
            var t = time_t(Int(now / usecPerSecond))
            localtime_r(&t, &parts)
            parts.tm_hour = h
            parts.tm_min = m
            parts.tm_sec = seconds
            parts.tm_isdst = -1
            var stamp = mktime(&parts)
            if UInt64(max(0, stamp)) * usecPerSecond > now {
                localtime_r(&t, &parts)
                parts.tm_mday -= 1
                parts.tm_hour = h
                parts.tm_min = m
                parts.tm_sec = seconds
                parts.tm_isdst = -1
                stamp = mktime(&parts)
            }
            return stamp < 0 ? nil : UInt64(stamp) * usecPerSecond
        case "-- :", "--T:", "-- ::", "--T::":
            guard numbers.count >= 5, let y = Int32(numbers[0]), let mo = Int32(numbers[1]), let d = Int32(numbers[2]),
                let h = Int32(numbers[3]), let mi = Int32(numbers[4]), (1970...9999).contains(y), (1...12).contains(mo),
                (1...31).contains(d), h < 24, mi < 60
            else { return nil }
            if numbers.count == 6 {
                guard let s = Int32(numbers[5]), s < 60 else { return nil }
                seconds = s
            }
            parts.tm_year = y - 1900
            parts.tm_mon = mo - 1
            parts.tm_mday = d
            parts.tm_hour = h
            parts.tm_min = mi
            parts.tm_sec = seconds
            parts.tm_isdst = -1
            let stamp = mktime(&parts)
            // mktime normalises 31 February into March: refuse dates that do not exist.
            guard stamp >= 0, parts.tm_mday == d, parts.tm_mon == mo - 1 else { return nil }
            return UInt64(stamp) * usecPerSecond
        default:
            return nil
        }
    }
}
