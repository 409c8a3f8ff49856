/// How much of each local calendar day was spent fasting (ListDays: the calendar and the
/// charts). A fast across midnight counts on both days, by the hours in each; a day is marked
/// goal met when a fast that met its goal ended on it (where the fasting apps put the check
/// mark). Pure.
public enum FastingDays {
    /// A fast as the days see it.
    public struct Span: Equatable, Sendable {
        public var startedAt: USec
        public var endedAt: USec
        public var metGoal: Bool

        public init(startedAt: USec, endedAt: USec, metGoal: Bool) {
            self.startedAt = startedAt
            self.endedAt = endedAt
            self.metGoal = metGoal
        }
    }

    public struct Day: Equatable, Sendable {
        /// The local day's number (days since 1970-01-01 locally).
        public var day: Int64
        /// Its local midnight.
        public var startsAt: USec
        public var fastedUSec: USec
        public var goalMet: Bool

        public init(day: Int64, startsAt: USec, fastedUSec: USec, goalMet: Bool) {
            self.day = day
            self.startsAt = startsAt
            self.fastedUSec = fastedUSec
            self.goalMet = goalMet
        }
    }

    /// At most this many days in one ListDays.
    public static let maxDays: UInt32 = 1000
    /// The last moment ListDays starts from: the end of the year 9999.
    public static let lastMoment: USec = 253_402_300_799_999_999

    /// The local midnight that begins `day`: where the day's first moment is (a zone whose
    /// offset changes across the day is asked again at the moment found).
    public static func midnight(of day: Int64, in localTime: LocalTime) -> USec {
        let utcMidnight = day * 86400
        var seconds = utcMidnight - localTime.utcOffset(USec(clamping: max(0, utcMidnight)) &* usecPerSecond)
        seconds = utcMidnight - localTime.utcOffset(USec(clamping: max(0, seconds)) &* usecPerSecond)
        return USec(clamping: max(0, seconds)) &* usecPerSecond
    }

    /// `count` days from `firstDay` on, with the part of each that `spans` cover.
    public static func days(_ spans: [Span], firstDay: Int64, count: Int, localTime: LocalTime) -> [Day] {
        guard count > 0 else { return [] }
        let bounds = (0...count).map { midnight(of: firstDay + Int64($0), in: localTime) }
        var days = (0..<count).map { Day(day: firstDay + Int64($0), startsAt: bounds[$0], fastedUSec: 0, goalMet: false) }
        for span in spans where span.endedAt > bounds[0] && span.startedAt < bounds[count] {
            // The first day the span touches, then each following one it reaches.
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                if bounds[middle + 1] <= span.startedAt { low = middle + 1 } else { high = middle }
            }
            var index = low
            while index < count, bounds[index] < span.endedAt {
                let part = min(span.endedAt, bounds[index + 1]) - max(span.startedAt, bounds[index])
                days[index].fastedUSec += part
                if span.metGoal, span.endedAt > bounds[index], span.endedAt <= bounds[index + 1] { days[index].goalMet = true }
                index += 1
            }
        }
        return days
    }
}
