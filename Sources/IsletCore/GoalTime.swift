import Translation

/// A fast's goal as a time of day ("Goal at 08:00 tomorrow") and the eating window's line
/// while no fast runs: what every front end shows the same way. Pure, in a given zone.
public enum GoalTime {
    /// A moment near `now` as a clock reads it: ``LocalTime/describe(_:now:)`` ("08:00" today,
    /// "Mon 08:00" within the week, "2026-12-24 08:00" further), with "08:00 tomorrow" and
    /// "08:00 yesterday" for the days beside today.
    public static func clock(_ moment: USec, now: USec, in zone: LocalTime) -> String {
        switch zone.local(moment).day - zone.local(now).day {
        case 1: tr("%s tomorrow", zone.style.clock(seconds: zone.local(moment).seconds))
        case -1: tr("%s yesterday", zone.style.clock(seconds: zone.local(moment).seconds))
        default: zone.describe(moment, now: now)
        }
    }

    /// "Goal at 08:00", "Goal at 08:00 tomorrow"; once it has passed, "Goal reached at 08:00".
    public static func line(startedAt: USec, goalSeconds: UInt64, now: USec, in zone: LocalTime) -> String? {
        guard goalSeconds > 0 else { return nil }
        let end = startedAt &+ goalSeconds &* usecPerSecond
        return end <= now ? tr("Goal reached at %s", clock(end, now: now, in: zone)) : tr("Goal at %s", clock(end, now: now, in: zone))
    }

    /// While no fast runs: "Eating · since 12:03 · next fast at 20:00"; without a schedule
    /// "Eating · since 12:03"; nil with neither a last fast nor a schedule.
    public static func eatingLine(lastFastEnd: USec?, nextFastStart: USec?, now: USec, in zone: LocalTime) -> String? {
        var parts: [String] = []
        if let end = lastFastEnd, end > 0, end <= now { parts.append(tr("since %s", clock(end, now: now, in: zone))) }
        if let next = nextFastStart { parts.append(tr("next fast at %s", clock(next, now: now, in: zone))) }
        guard !parts.isEmpty else { return nil }
        return ([tr("Eating")] + parts).joinedText(separator: " · ")
    }
}
