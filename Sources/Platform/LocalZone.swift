import CIntl
import IsletCore
import Translation

#if canImport(Glibc)
    import Glibc
#endif

extension LocalTime {
    /// The process's zone (TZ, /etc/localtime), as the C library reads it, and its locale's
    /// way of writing times (after `Translation.start()`). The core never reads either: the
    /// programs hand them in.
    public static let system = LocalTime(styleSource: { ClockStyle.systemOnce }, utcOffset: zoneOffset)

    /// Seconds east of UTC at a moment, from localtime_r.
    @Sendable static func zoneOffset(_ usec: USec) -> Int64 {
        var seconds = time_t(usec / usecPerSecond)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int64(parts.tm_gmtoff)
    }
}

extension ClockStyle {
    /// ``system``, read once, when a time is first written.
    static let systemOnce = ClockStyle.system

    /// LC_TIME's clock and date: 12-hour where its time format is ("%r", "%I"), its AM/PM,
    /// weekday names and date order. The C and POSIX locales keep ``iso``.
    public static var system: ClockStyle {
        Translation.prepareLocale()
        let name = String(cString: islet_time_info(islet_time_locale_name))
        if name == "C" || name == "POSIX" || name.hasPrefix("C.") { return .iso }
        let timeFormat = String(cString: islet_time_info(islet_time_format))
        let am = String(cString: islet_time_info(islet_am))
        let pm = String(cString: islet_time_info(islet_pm))
        let twelveHour = (timeFormat.contains(text: "%I") || timeFormat.contains(text: "%l") || timeFormat.contains(text: "%r")) && !am.isEmpty && !pm.isEmpty
        let date = String(cString: islet_time_info(islet_date_format))
        return ClockStyle(
            twelveHour: twelveHour, am: am, pm: pm, weekdays: (0..<7).map { String(cString: islet_weekday(Int32($0))) },
            datePattern: date.isEmpty ? "%F" : date, months: (0..<12).map { String(cString: islet_month(Int32($0), 0)) },
            shortMonths: (0..<12).map { String(cString: islet_month(Int32($0), 1)) }, firstWeekday: Int(islet_first_weekday()))
    }
}
