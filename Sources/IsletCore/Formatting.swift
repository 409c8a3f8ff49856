import Translation

/// Text that every front end shows the same way.
public enum Format {
    /// Whole seconds left of a countdown, rounded up: a two-minute timer shows 02:00 first and
    /// 00:00 only at the end.
    public static func countdownSeconds(_ usec: UInt64) -> UInt64 { (usec + usecPerSecond - 1) / usecPerSecond }

    private static func two(_ n: UInt64) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// "3:12:09" (H:MM:SS); with `padHours`, "03:12:09".
    public static func hms(seconds: UInt64, padHours: Bool = false) -> String {
        let h = seconds / 3600
        return (padHours ? two(h) : "\(h)") + ":" + two(seconds / 60 % 60) + ":" + two(seconds % 60)
    }

    /// "3:12" (H:MM). Reads as minutes and seconds beside a timer's "14:32": not for a time
    /// shown alone; see ``hoursMinutes(seconds:)``.
    public static func hm(seconds: UInt64) -> String { "\(seconds / 3600):" + two(seconds / 60 % 60) }

    /// "3 h 12 min", "16 h", "45 min": whole minutes with their units, for times that change
    /// once a minute (a fast in a notification, the lock screen, history). Unlike "3:12" it
    /// cannot be read as minutes and seconds.
    public static func hoursMinutes(seconds: UInt64) -> String {
        let hours = seconds / 3600
        let minutes = seconds / 60 % 60
        if hours == 0 { return tr("%d min", "\(minutes)") }
        return minutes == 0 ? tr("%d h", "\(hours)") : tr("%1$d h %2$d min", "\(hours)", "\(minutes)")
    }

    /// Timers: "14:32", "02:00", "00:00"; past an hour "1:02:03".
    public static func timer(seconds: UInt64) -> String {
        seconds >= 3600 ? hms(seconds: seconds) : two(seconds / 60) + ":" + two(seconds % 60)
    }

    /// The minimal style: "5:00" (no leading zero), "14:32", "0:00"; past an hour "1:02:03".
    public static func minimal(seconds: UInt64) -> String {
        seconds >= 3600 ? hms(seconds: seconds) : "\(seconds / 60):" + two(seconds % 60)
    }

    /// "Goal in 03:12:09".
    public static func goalIn(seconds: UInt64) -> String { tr("Goal in %s", hms(seconds: seconds, padHours: true)) }

    /// "16 hours", "16 hours 30 minutes", "1 hour", "45 minutes", "1 minute 30 seconds", in
    /// the user's language ("16 Stunden 30 Minuten").
    public static func duration(seconds: UInt64) -> String {
        let days = seconds / 86400
        let hours = seconds / 3600
        let minutes = seconds / 60 % 60
        let rest = seconds % 60
        var parts: [String] = []
        if days >= 1 && seconds % 86400 == 0 {
            parts.append(trn("%d day", "%d days", days, "\(days)"))
        } else if hours > 0 {
            parts.append(trn("%d hour", "%d hours", hours, "\(hours)"))
        }
        if minutes > 0 { parts.append(trn("%d minute", "%d minutes", minutes, "\(minutes)")) }
        if rest > 0 || seconds == 0 { parts.append(trn("%d second", "%d seconds", rest, "\(rest)")) }
        return parts.joinedText(separator: " ")
    }

    /// "Goal: 16 hours".
    public static func goal(seconds: UInt64) -> String { tr("Goal: %s", duration(seconds: seconds)) }

    /// Durations as people write them: "16h", "16h30m", "90m", "45s", "1d", "1:30:00" (H:MM:SS),
    /// "16:30" (H:MM). Returns seconds; nil for anything else (including 0).
    public static func parseDuration(_ text: String) -> UInt64? {
        let input = text.trimmingWhitespace().lowercased()
        guard !input.isEmpty, input.count <= 32 else { return nil }
        if input.contains(":") {
            let parts = input.split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
                let numbers = Optional(parts.compactMap { UInt64($0) }), numbers.count == parts.count,
                numbers.dropFirst().allSatisfy({ $0 < 60 })
            else { return nil }
            let seconds =
                numbers.count == 2
                ? numbers[0] * 3600 + numbers[1] * 60 : numbers[0] * 3600 + numbers[1] * 60 + numbers[2]
            return seconds == 0 || numbers[0] > 24 * 366 ? nil : seconds
        }
        var total: UInt64 = 0
        var digits = ""
        var sawUnit = false
        for character in input where character != " " {
            if character.isASCIIDigit {
                digits.append(character)
                guard digits.count <= 9 else { return nil }
                continue
            }
            let scale: UInt64
            switch character {
            case "d": scale = 86400
            case "h": scale = 3600
            case "m": scale = 60
            case "s": scale = 1
            default: return nil
            }
            guard let value = UInt64(digits) else { return nil }
            total += value * scale
            digits = ""
            sawUnit = true
        }
        guard digits.isEmpty, sawUnit, total > 0 else { return nil }
        return total
    }
}

extension Format {
    /// Text from callers made safe for markup (notification bodies, genmon's XML): the five
    /// characters that mean something there, escaped.
    public static func escapeMarkup(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
    /// The text without leading and trailing whitespace.
    public func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}

extension Array where Element == String {
    /// The strings with `separator` between them, as `joined(separator:)` gives, written out:
    /// the standard library's generic one looks up Array's associated types by name at its
    /// first call, about 190,000 instructions, a fifteenth of what `islet status` runs
    /// (bench/RESULTS.md, session 13).
    public func joinedText(separator: String = "") -> String {
        var text = ""
        var first = true
        for part in self {
            if !first { text += separator }
            first = false
            text += part
        }
        return text
    }
}
