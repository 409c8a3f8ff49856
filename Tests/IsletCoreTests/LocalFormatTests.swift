import IsletCore
import Testing
import Translation

/// The locale's way of writing times (LC_TIME, read by the programs into a ClockStyle) and
/// the translators' placeholders, both pure.
@Suite struct LocalFormats {
    static let usec: UInt64 = 1_000_000
    // 2026-11-25 19:30 UTC, a Wednesday.
    static let evening: UInt64 = 1_795_635_000 * usec
    static let us = ClockStyle(
        twelveHour: true, am: "AM", pm: "PM", weekdays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"], datePattern: "%m/%d/%Y")
    static let gb = ClockStyle(
        twelveHour: false, am: "am", pm: "pm", weekdays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"], datePattern: "%d/%m/%y")
    static let de = ClockStyle(twelveHour: false, am: "", pm: "", weekdays: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"], datePattern: "%d.%m.%Y")

    @Test func twelveOrTwentyFourHours() {
        let moments: [Int64] = [0, 7 * 3600 + 5 * 60, 12 * 3600, 19 * 3600 + 30 * 60]
        let us: [String] = moments.map { LocalFormats.us.clock(seconds: $0) }
        #expect(us == ["12:00 AM", "7:05 AM", "12:00 PM", "7:30 PM"])
        let de: [String] = moments.map { LocalFormats.de.clock(seconds: $0) }
        #expect(de == ["00:00", "07:05", "12:00", "19:30"])
        #expect(ClockStyle.iso.clock(seconds: 19 * 3600 + 30 * 60 + 15, withSeconds: true) == "19:30:15")
    }

    @Test func datesInTheLocalesOrder() {
        #expect(LocalFormats.us.date(year: 2026, month: 11, day: 5) == "11/05/2026")
        #expect(LocalFormats.gb.date(year: 2026, month: 11, day: 5) == "05/11/26")
        #expect(LocalFormats.de.date(year: 2026, month: 11, day: 5) == "05.11.2026")
        #expect(ClockStyle.iso.date(year: 2026, month: 11, day: 5) == "2026-11-05")
        #expect(ClockStyle(twelveHour: false, am: "", pm: "", weekdays: [], datePattern: "%e %Q %%").date(year: 2026, month: 1, day: 5) == " 5 %Q %")
    }

    @Test func describedMomentsUseTheStyle() {
        let now = LocalFormats.evening
        let us = LocalTime(style: LocalFormats.us) { _ in 0 }
        let de = LocalTime(style: LocalFormats.de) { _ in 0 }
        #expect(us.describe(now, now: now) == "7:30 PM")
        #expect(de.describe(now - 86_400 * LocalFormats.usec, now: now) == "Di 19:30")
        #expect(de.describe(now - 30 * 86_400 * LocalFormats.usec, now: now) == "26.10.2026 19:30")
        #expect(us.dateAndTime(now) == "11/25/2026 7:30 PM")
        #expect(LocalTime.utc.describe(now - 86_400 * LocalFormats.usec, now: now) == "Tue 19:30")
    }

    /// The History page's dates, said as people say them (issue 53).
    @Test func spokenMomentsNameTodayYesterdayAndTomorrow() {
        let now = LocalFormats.evening
        let hour = 3600 * LocalFormats.usec
        let utc = LocalTime.utc
        #expect(utc.spoken(now - hour, now: now) == "Today 18:30")
        #expect(utc.spoken(now - 24 * hour, now: now) == "Yesterday 19:30")
        #expect(utc.spoken(now + 24 * hour, now: now) == "Tomorrow 19:30")
        #expect(utc.spoken(now - 48 * hour, now: now) == "Mon 19:30")
        #expect(utc.spoken(now - 30 * 24 * hour, now: now) == "2026-10-26 19:30")
        #expect(utc.spokenSpan(from: now - 30 * hour, to: now - 14 * hour, now: now) == "Yesterday 13:30 – Today 05:30")
        #expect(utc.spokenSpan(from: now - 11 * hour, to: now - 7 * hour, now: now) == "Today 08:30 – 12:30", "ends the day it began")
        #expect(LocalTime(style: LocalFormats.de) { _ in 0 }.spoken(now - 48 * hour, now: now) == "Mo 19:30")
    }

    @Test func translatorsPlaceholders() {
        #expect(Translation.fill("Goal in %s", ["3 h"]) == "Goal in 3 h")
        #expect(Translation.fill("%2$s, then %1$s", ["a", "b"]) == "b, then a")
        #expect(Translation.fill("%d of %d", ["1", "2"]) == "1 of 2")
        #expect(Translation.fill("100%% %s", ["done"]) == "100% done")
        // A placeholder without its argument, or one it does not know, never reads past the end.
        #expect(Translation.fill("%s and %s", ["one"]) == "one and ")
        #expect(Translation.fill("50% %q %", []) == "50% %q %")
        // Without a catalogue (the tests' process), the English text itself, with its plural.
        #expect(trn("%d minute", "%d minutes", 1, "1") == "1 minute")
        #expect(trn("%d minute", "%d minutes", 2, "2") == "2 minutes")
        #expect(Format.duration(seconds: 3600 + 90) == "1 hour 1 minute 30 seconds")
    }
}
