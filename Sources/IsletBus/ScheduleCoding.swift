import DBus
import IsletCore
import Translation

/// The fasting schedule as the contract carries it: an `a{sv}` with `enabled` (b),
/// `start_minutes` (aq: Monday to Sunday, minutes after local midnight, 65535 for no fast that
/// day), `remind_before_minutes` (q, 0 = off) and `remind_at_start` (b).
public enum ScheduleCoding {
    public static func dictionary(_ schedule: FastingSchedule) -> DBusValue {
        .stringVariantDictionary([
            "enabled": .boolean(schedule.enabled),
            "start_minutes": .array(.uint16, schedule.startMinutes.map { .uint16($0) }),
            "remind_before_minutes": .uint16(schedule.remindBeforeMinutes),
            "remind_at_start": .boolean(schedule.remindAtStart),
        ])
    }

    /// `base` with the keys a caller gave (the rest kept): unknown keys and wrong types are
    /// named; the values are checked by the core.
    public static func applied(_ value: DBusValue?, to base: FastingSchedule) throws(IsletError) -> FastingSchedule {
        guard let value, case .dictionary(.string, .variant, let entries) = value else {
            throw .invalidArgument(tr("the schedule must be a{sv}"))
        }
        var schedule = base
        var seen: Set<String> = []
        for entry in entries {
            guard case .string(let key) = entry.key, case .variant(let inner) = entry.value else { continue }
            guard seen.insert(key).inserted else { throw .invalidArgument(tr("the schedule repeats the key \"%s\"", "\(key.prefix(64))")) }
            func wrongType(_ expected: String) -> IsletError {
                .invalidArgument(
                    tr("the schedule's \"%1$s\" must be of type %2$s, got \"%3$s\"", "\(key.prefix(64))", expected, "\(inner.type.signature)"))
            }
            switch key {
            case "enabled":
                guard case .boolean(let on) = inner else { throw wrongType("b") }
                schedule.enabled = on
            case "remind_at_start":
                guard case .boolean(let on) = inner else { throw wrongType("b") }
                schedule.remindAtStart = on
            case "remind_before_minutes":
                guard case .uint16(let minutes) = inner else { throw wrongType("q") }
                schedule.remindBeforeMinutes = minutes
            case "start_minutes":
                guard case .array(.uint16, let items) = inner else { throw wrongType("aq") }
                schedule.startMinutes = items.compactMap { if case .uint16(let m) = $0 { m } else { nil } }
            default:
                throw .invalidArgument(
                    tr(
                        "the schedule has no key \"%s\" (it takes enabled, start_minutes, remind_before_minutes, remind_at_start)",
                        "\(key.prefix(64))"))
            }
        }
        return try schedule.checked()
    }

    /// What the service sends, read by a client; nil when it is not a schedule.
    public static func received(_ value: DBusValue?) -> FastingSchedule? {
        guard let value = value?.unwrappingVariants, let entries = value.stringVariantEntries else { return nil }
        var schedule = FastingSchedule()
        if case .boolean(let on)? = entries["enabled"] { schedule.enabled = on }
        if case .boolean(let on)? = entries["remind_at_start"] { schedule.remindAtStart = on }
        if case .uint16(let minutes)? = entries["remind_before_minutes"] { schedule.remindBeforeMinutes = minutes }
        if case .array(.uint16, let items)? = entries["start_minutes"] {
            let minutes = items.compactMap { if case .uint16(let m) = $0 { m } else { nil } }
            if minutes.count == 7 { schedule.startMinutes = minutes }
        }
        return schedule
    }
}
