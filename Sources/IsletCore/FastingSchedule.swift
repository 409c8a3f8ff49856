import Translation

/// The user's daily fasting window: on each weekday it is on, a fast is meant to start at a
/// local time of day and to last the daily goal. isletd reminds before the eating window closes
/// ("1 h left to eat") and when the fast is due ("Time to start your fast"). Pure: moments are
/// found through a ``LocalTime``, so summer time and zones are the caller's.
public struct FastingSchedule: Equatable, Sendable, Codable {
    /// No fast on that weekday.
    public static let off: UInt16 = .max
    public static let minutesPerDay: UInt16 = 1440

    public var enabled = false
    /// Minutes after local midnight each weekday's fast starts, Monday first (7 entries);
    /// ``off`` for a day without one.
    public var startMinutes: [UInt16] = Array(repeating: 20 * 60, count: 7)
    /// "1 h left to eat": minutes before the fast is due; 0 = no such reminder.
    public var remindBeforeMinutes: UInt16 = 60
    /// "Time to start your fast", when it is due.
    public var remindAtStart = true

    public init() {}

    public static let maxRemindBeforeMinutes: UInt16 = 720

    /// A reminder that is due: its kind, when, and the fast it is about.
    public struct Reminder: Equatable, Sendable {
        public enum Kind: String, Sendable, CaseIterable {
            /// "1 h left to eat", before the fast is due.
            case eatingEnds = "eating-ends"
            /// "Time to start your fast", when it is due.
            case fastStarts = "fast-starts"
        }
        public var kind: Kind
        public var at: USec
        /// When the fast it is about is due to start.
        public var fastStartsAt: USec

        public init(kind: Kind, at: USec, fastStartsAt: USec) {
            self.kind = kind
            self.at = at
            self.fastStartsAt = fastStartsAt
        }
    }

    /// The weekday of a local day number, Monday 0 ... Sunday 6 (1970-01-01 was a Thursday).
    public static func weekday(ofDay day: Int64) -> Int { Int(((day + 3) % 7 + 7) % 7) }

    /// When the fast of a local day is due, nil when the day has none.
    public func fastStart(onDay day: Int64, in zone: LocalTime) -> USec? {
        guard startMinutes.count == 7 else { return nil }
        let minutes = startMinutes[Self.weekday(ofDay: day)]
        guard minutes < Self.minutesPerDay else { return nil }
        let date = LocalTime.civilDate(ofDay: day)
        return zone.moment(year: date.year, month: date.month, day: date.day, seconds: Int64(minutes) * 60)
    }

    /// The first scheduled fast start after `moment` (none when off or no day has one).
    public func nextFastStart(after moment: USec, in zone: LocalTime) -> USec? {
        guard enabled else { return nil }
        let today = zone.local(moment).day
        for day in (today - 1)...(today + 8) {
            if let start = fastStart(onDay: day, in: zone), start > moment { return start }
        }
        return nil
    }

    /// The reminders about one fast due at `start`, in time order.
    func reminders(forFastAt start: USec) -> [Reminder] {
        var list: [Reminder] = []
        let lead = UInt64(remindBeforeMinutes) * 60 * usecPerSecond
        if remindBeforeMinutes > 0, start > lead { list.append(Reminder(kind: .eatingEnds, at: start - lead, fastStartsAt: start)) }
        if remindAtStart { list.append(Reminder(kind: .fastStarts, at: start, fastStartsAt: start)) }
        return list
    }

    /// Every reminder due in (after, through], in time order.
    public func reminders(after: USec, through: USec, in zone: LocalTime) -> [Reminder] {
        guard enabled, through > after else { return [] }
        let lead = UInt64(remindBeforeMinutes) * 60 * usecPerSecond
        var found: [Reminder] = []
        // A fast due up to a reminder's lead after `through` can have a reminder in range.
        var day = zone.local(after).day - 1
        let last = zone.local(through &+ lead).day + 1
        while day <= last {
            if let start = fastStart(onDay: day, in: zone) {
                found += reminders(forFastAt: start).filter { $0.at > after && $0.at <= through }
            }
            day += 1
        }
        return found.sorted { $0.at < $1.at }
    }

    /// The next reminder strictly after `moment`, nil when none is set (a week ahead is
    /// enough: every weekday is in it).
    public func nextReminder(after moment: USec, in zone: LocalTime) -> Reminder? {
        guard enabled, remindAtStart || remindBeforeMinutes > 0 else { return nil }
        return reminders(after: moment, through: moment &+ 9 * 86400 * usecPerSecond, in: zone).first
    }

    /// Whether a reminder still means something at `now` (a machine that slept through it
    /// wakes later): "left to eat" until the fast is due, "time to start" for an hour after.
    public static func stillTimely(_ reminder: Reminder, now: USec) -> Bool {
        switch reminder.kind {
        case .eatingEnds: now < reminder.fastStartsAt
        case .fastStarts: now < reminder.fastStartsAt + 3600 * usecPerSecond
        }
    }

    /// A time of day as people type it for a schedule: "20:00", "8:30pm", "8pm", "20"; minutes
    /// after midnight, nil for anything else.
    public static func minutes(fromTimeOfDay text: String) -> UInt16? {
        var t = text.trimmingWhitespace().lowercased()
        var offset = -1
        if t.hasSuffix("am") || t.hasSuffix("pm") {
            offset = t.hasSuffix("pm") ? 12 : 0
            t = String(t.dropLast(2)).trimmingWhitespace()
        }
        let parts = t.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), parts[0].count <= 2, let hour = Int(parts[0]), let minute = parts.count == 2 ? Int(parts[1]) : 0,
            parts.count == 1 || parts[1].count == 2, (0..<60).contains(minute),
            offset < 0 ? (0..<24).contains(hour) : (1...12).contains(hour)
        else { return nil }
        let h = offset < 0 ? hour : hour % 12 + offset
        return UInt16(h * 60 + minute)
    }

    /// A schedule's values as the contract checks them: named errors, nothing half-set.
    public func checked() throws(IsletError) -> FastingSchedule {
        guard startMinutes.count == 7 else {
            throw .invalidArgument(tr("start_minutes must have 7 entries (Monday to Sunday), got %s", "\(startMinutes.count)"))
        }
        for (index, minutes) in startMinutes.enumerated() where minutes >= Self.minutesPerDay && minutes != Self.off {
            throw .invalidArgument(
                tr("start_minutes[%1$s] must be 0 to 1439 minutes after midnight, or 65535 for no fast that day; got %2$s", "\(index)", "\(minutes)"))
        }
        guard remindBeforeMinutes <= Self.maxRemindBeforeMinutes else {
            throw .invalidArgument(tr("remind_before_minutes must be 0 to %1$s, got %2$s", "\(Self.maxRemindBeforeMinutes)", "\(remindBeforeMinutes)"))
        }
        return self
    }

    /// "20:00" every day, or the days and times: "Mon–Fri 20:00, Sat 22:00".
    public func summary(_ style: ClockStyle) -> String {
        guard startMinutes.count == 7 else { return "" }
        var groups: [(first: Int, last: Int, minutes: UInt16)] = []
        for (day, minutes) in startMinutes.enumerated() where minutes < Self.minutesPerDay {
            if let last = groups.last, last.last == day - 1, last.minutes == minutes {
                groups[groups.count - 1].last = day
            } else {
                groups.append((day, day, minutes))
            }
        }
        if groups.isEmpty { return tr("no day") }
        // Weekday names: the style's list starts on Sunday.
        func name(_ day: Int) -> String { style.weekdays[(day + 1) % 7] }
        return groups.map { group in
            let clock = style.clock(seconds: Int64(group.minutes) * 60)
            if group.first == 0 && group.last == 6 { return tr("every day at %s", clock) }
            let days = group.first == group.last ? name(group.first) : name(group.first) + "–" + name(group.last)
            return days + " " + clock
        }.joinedText(separator: ", ")
    }
}

extension FastingSchedule {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = FastingSchedule()
        enabled = try c.decode(.enabled, or: defaults.enabled)
        startMinutes = try c.decode(.startMinutes, or: defaults.startMinutes)
        remindBeforeMinutes = try c.decode(.remindBeforeMinutes, or: defaults.remindBeforeMinutes)
        remindAtStart = try c.decode(.remindAtStart, or: defaults.remindAtStart)
        if startMinutes.count != 7 { startMinutes = defaults.startMinutes }
    }
}
