import Foundation

/// isletd's clock put where a test wants it (`--test-clock-offset`), and the moments a schedule
/// names in a zone: a reminder's minute a few seconds away instead of waited for.
public enum TestClock {
    /// The next local `hour`:`minute` in `zone` after now, in microseconds.
    public static func nextLocal(hour: Int, minute: Int = 0, zone: String) -> UInt64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        let next = calendar.nextDate(after: Date(), matching: DateComponents(hour: hour, minute: minute, second: 0), matchingPolicy: .nextTime)
        return UInt64((next ?? Date()).timeIntervalSince1970 * 1_000_000)
    }

    /// isletd's options for a clock `lead` seconds before `moment` (whole seconds, so slightly more).
    public static func arguments(before moment: UInt64, lead: Double) -> [String] {
        let offset = (Double(moment) / 1_000_000 - lead) - Date().timeIntervalSince1970
        return ["--test-clock-offset", "\(Int64(offset.rounded(.down)))"]
    }
}
