import IsletCore
import Translation

/// The Goal page's schedule (issue 45): the daily fasting window, its days and its reminders,
/// as isletd keeps them (``FastingSchedule``). Pure: the facts in, what the group shows and the
/// schedule a change makes.
public struct ScheduleModel: Equatable, Sendable {
    public var enabled: Bool
    /// The start time as the field shows it: the first chosen day's ("20:00").
    public var time: String
    /// Monday first: the days with a fast.
    public var days: [Bool]
    /// Monday first, in the locale's short names.
    public var dayNames: [String]
    /// The chosen days start at different times (set with `islet schedule --on`): said, since
    /// a time set here sets it for every chosen day.
    public var mixedTimes: String?
    /// "Every day at 20:00, until 12:00 the next day (16 hours)"; "No schedule".
    public var summary: String
    public var remindBefore: Bool
    public var remindAtStart: Bool
    /// "Reminder 1 h Before": the reminder's switch row, its lead in its title.
    public var remindBeforeTitle: String
    /// "“1 h left to eat”": what that reminder says.
    public var remindBeforeSubtitle: String

    public init(_ schedule: FastingSchedule, goalSeconds: UInt64, zone: LocalTime) {
        let style = zone.style
        enabled = schedule.enabled
        let chosen = schedule.startMinutes.filter { $0 < FastingSchedule.minutesPerDay }
        let first = chosen.first ?? 20 * 60
        time = style.clock(seconds: Int64(first) * 60)
        days = schedule.startMinutes.map { $0 < FastingSchedule.minutesPerDay }
        dayNames = (0..<7).map { style.weekdays[($0 + 1) % 7] }
        mixedTimes = Set(chosen).count > 1 ? tr("The days start at different times: %s. A time set here sets every chosen day.", schedule.summary(style)) : nil
        remindBefore = schedule.remindBeforeMinutes > 0
        remindAtStart = schedule.remindAtStart
        let lead = Format.hoursMinutes(seconds: UInt64(schedule.remindBeforeMinutes > 0 ? schedule.remindBeforeMinutes : 60) * 60)
        remindBeforeTitle = tr("Reminder %s Before", lead)
        remindBeforeSubtitle = tr("“%s left to eat”", lead)
        guard schedule.enabled else {
            summary = tr("No schedule: fasts start when you press Start.")
            return
        }
        var text = schedule.summary(style)
        if goalSeconds > 0, Set(chosen).count == 1 {
            let end = (Int64(first) * 60 + Int64(goalSeconds)) % 86400
            text += " · " + tr("until %1$s (%2$s)", style.clock(seconds: end), Format.duration(seconds: goalSeconds))
        }
        summary = text.prefix(1).uppercased() + text.dropFirst()
    }

    /// The schedule with the group's values: a time typed as people do ("20:00", "8pm") for
    /// every chosen day; the reminder before keeps its lead (60 minutes when it had none).
    public static func schedule(
        from base: FastingSchedule, enabled: Bool, time: String, days: [Bool], remindBefore: Bool, remindAtStart: Bool
    ) -> Result<FastingSchedule, ScheduleProblem> {
        guard let minutes = FastingSchedule.minutes(fromTimeOfDay: time) else {
            return .failure(ScheduleProblem(tr("Write the start like 20:00 or 8pm.")))
        }
        guard days.count == 7, days.contains(true) || !enabled else { return .failure(ScheduleProblem(tr("Choose at least one day."))) }
        var schedule = base
        schedule.enabled = enabled
        schedule.startMinutes = days.map { $0 ? minutes : FastingSchedule.off }
        schedule.remindBeforeMinutes = remindBefore ? (base.remindBeforeMinutes > 0 ? base.remindBeforeMinutes : 60) : 0
        schedule.remindAtStart = remindAtStart
        return .success(schedule)
    }

    /// Why a schedule cannot be set, in words.
    public struct ScheduleProblem: Error, Equatable, Sendable {
        public var words: String
        init(_ words: String) { self.words = words }
    }
}
