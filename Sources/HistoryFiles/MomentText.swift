import IsletCore

/// Moments as files write them, read and written.
public enum MomentText {
    /// A moment as other apps and spreadsheets write one: ISO 8601 with or without an offset
    /// ("2026-11-22T07:30:00+01:00", "2026-11-22T06:30:00.000Z", "2026-11-22 07:30"), the
    /// locale's date and time ("22.11.2026 07:30", "11/22/2026 7:30 PM"), or a Unix time in
    /// seconds, milliseconds or microseconds (10, 13 or 16 digits). Without an offset, in
    /// local time. nil for anything else.
    public static func read(_ text: String, localTime: LocalTime) -> USec? {
        let input = text.trimmed
        guard !input.isEmpty, input.utf8.count <= 64 else { return nil }
        if input.utf8.allSatisfy({ (48...57).contains($0) }) {
            guard let number = UInt64(input) else { return nil }
            switch input.utf8.count {
            case 10: return number * usecPerSecond
            case 13: return number * 1000
            case 16: return number
            default: return nil
            }
        }
        // The date, then the time after a "T" or a space.
        let bytes = Array(input.utf8)
        var split = bytes.count
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: " ") || (byte == UInt8(ascii: "T") && index >= 8) {
            split = index
            break
        }
        guard split < bytes.count else { return nil }
        let datePart = String(decoding: bytes[..<split], as: UTF8.self)
        let timePart = String(decoding: bytes[(split + 1)...], as: UTF8.self)
        return read(date: datePart, time: timePart, localTime: localTime)
    }

    /// A date and a time of day given apart (FastTrack's "2023-01-01" and "8:00"); the time
    /// may carry an offset ("07:30Z", "07:30:00+01:00") or AM/PM.
    public static func read(date: String, time: String, localTime: LocalTime) -> USec? {
        guard let (year, month, day) = readDate(date, style: localTime.style),
            let (seconds, offset) = readTime(time, style: localTime.style)
        else { return nil }
        if let offset {
            let utc = LocalTime.days(fromCivil: year, month, day) * 86400 + seconds - offset
            return utc < 0 ? nil : USec(utc) * usecPerSecond
        }
        return localTime.moment(year: year, month: month, day: day, seconds: seconds)
    }

    /// "2026-11-22", "22.11.2026", "11/22/2026", "22/11/26": year first when it has four
    /// digits, otherwise in the locale's order of day and month.
    static func readDate(_ text: String, style: ClockStyle) -> (Int64, Int, Int)? {
        let parts = text.trimmed.split(whereSeparator: { $0 == "-" || $0 == "." || $0 == "/" }).map(String.init)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 4 && $0.utf8.allSatisfy { (48...57).contains($0) } }),
            let a = Int64(parts[0]), let b = Int64(parts[1]), let c = Int64(parts[2])
        else { return nil }
        var (year, month, day): (Int64, Int64, Int64)
        if parts[0].utf8.count == 4 {
            (year, month, day) = (a, b, c)
        } else if dayFirst(style) {
            (year, month, day) = (c, b, a)
        } else {
            (year, month, day) = (c, a, b)
        }
        if parts[parts[0].utf8.count == 4 ? 0 : 2].utf8.count <= 2 { year += 2000 }
        guard (1970...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= daysIn(month: Int(month), year: year)
        else { return nil }
        return (year, Int(month), Int(day))
    }

    /// Whether the locale writes the day before the month ("%d.%m.%Y", not "%m/%d/%y").
    static func dayFirst(_ style: ClockStyle) -> Bool {
        let pattern = Array(style.datePattern)
        let day = pattern.firstIndex(where: { $0 == "d" || $0 == "e" })
        let month = pattern.firstIndex(of: "m")
        guard let day, let month else { return !style.datePattern.contains(text: "%D") }
        return day < month
    }

    static func daysIn(month: Int, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// "07:30", "7:30:15", "07:30:15.250", "7:30 PM", with an offset or not: seconds into the
    /// day, and the offset east of UTC in seconds when one is written.
    static func readTime(_ text: String, style: ClockStyle) -> (Int64, Int64?)? {
        var rest = text.trimmed
        var offset: Int64?
        if rest.hasSuffix("Z") || rest.hasSuffix("z") {
            offset = 0
            rest.removeLast()
        } else if rest.lowercased().hasSuffix(" utc") {
            offset = 0
            rest.removeLast(4)
        } else if let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = rest[rest.index(after: sign)...].filter { $0 != ":" }
            guard zone.count == 2 || zone.count == 4, zone.allSatisfy({ $0.isASCII && $0.isNumber }), let hm = Int64(zone) else { return nil }
            let minutes = zone.count == 2 ? hm * 60 : hm / 100 * 60 + hm % 100
            offset = (rest[sign] == "-" ? -1 : 1) * minutes * 60
            rest = String(rest[..<sign])
        }
        // AM and PM, in the locale's words or in English.
        var half: Int64?
        let lowered = rest.lowercased()
        for (word, value) in [(style.am.lowercased(), Int64(0)), (style.pm.lowercased(), 12), ("am", 0), ("pm", 12)]
        where !word.isEmpty && lowered.hasSuffix(word) {
            half = value
            rest = String(rest.dropLast(word.count)).trimmed
            break
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), let hour = Int64(parts[0]), let minute = Int64(parts[1]), parts[0].count <= 2, parts[1].count == 2,
            minute < 60
        else { return nil }
        var second: Int64 = 0
        if parts.count == 3 {
            // Fractions of a second are dropped: the history keeps whole seconds from files.
            let whole = parts[2].split(separator: ".", maxSplits: 1)[0]
            guard whole.count == 2, let value = Int64(whole), value < 60 else { return nil }
            second = value
        }
        if let half {
            guard (1...12).contains(hour) else { return nil }
            return ((hour % 12 + half) * 3600 + minute * 60 + second, offset)
        }
        guard hour < 24 else { return nil }
        return (hour * 3600 + minute * 60 + second, offset)
    }

    /// "2026-11-22T07:30:00+01:00": the local time with its offset, as islet's exports write it.
    public static func iso(_ usec: USec, localTime: LocalTime) -> String {
        let offset = localTime.utcOffset(usec)
        let local = Int64(usec / usecPerSecond) + offset
        let day = local >= 0 ? local / 86400 : (local - 86399) / 86400
        let seconds = local - day * 86400
        let (y, m, d) = LocalTime.civilDate(ofDay: day)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let minutes = abs(offset) / 60
        return "\(y)-\(two(Int64(m)))-\(two(Int64(d)))T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
            + (offset < 0 ? "-" : "+") + "\(two(minutes / 60)):\(two(minutes % 60))"
    }
}

extension String {
    var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
