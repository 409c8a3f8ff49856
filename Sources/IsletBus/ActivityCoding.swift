import DBus
import IsletCore
import Translation

/// Between the core's activity dictionaries and D-Bus `a{sv}` values, both ways.
public enum ActivityCoding {
    public static func value(_ value: ActivityValue) -> DBusValue {
        switch value {
        case .byte(let v): .byte(v)
        case .bool(let v): .boolean(v)
        case .int16(let v): .int16(v)
        case .uint16(let v): .uint16(v)
        case .int32(let v): .int32(v)
        case .uint32(let v): .uint32(v)
        case .int64(let v): .int64(v)
        case .uint64(let v): .uint64(v)
        case .double(let v): .double(v)
        case .string(let v): .string(v)
        }
    }

    public static func dictionary(_ state: ActivityState) -> DBusValue {
        .stringVariantDictionary(state.mapValues(value))
    }

    /// A basic D-Bus value (inside any variants) as an activity value; nil for containers.
    public static func activityValue(_ value: DBusValue) -> ActivityValue? { basic(value.unwrappingVariants) }

    /// A basic D-Bus value as an activity value; nil for variants and containers.
    static func basic(_ value: DBusValue) -> ActivityValue? {
        switch value {
        case .byte(let v): .byte(v)
        case .boolean(let v): .bool(v)
        case .int16(let v): .int16(v)
        case .uint16(let v): .uint16(v)
        case .int32(let v): .int32(v)
        case .uint32(let v): .uint32(v)
        case .int64(let v): .int64(v)
        case .uint64(let v): .uint64(v)
        case .double(let v): .double(v)
        case .string(let v): .string(v)
        default: nil
        }
    }

    /// What the service sends (a listener's reading): an `a{sv}`, keeping the entries of basic
    /// types (the contract never sends others).
    public static func received(_ value: DBusValue?) throws(DBusError) -> ActivityState {
        guard let value, let entries = value.stringVariantEntries else {
            throw DBusError.typeMismatch(expected: "a{sv}", got: value?.type.signature ?? "")
        }
        return entries.compactMapValues(activityValue)
    }

    /// What a caller sends (the service's reading): an `a{sv}` of basic types only, every key
    /// once; the core checks the rest (``CustomDictionary``).
    public static func submitted(_ value: DBusValue, what: String) throws(IsletError) -> ActivityState {
        guard case .dictionary(.string, .variant, let entries) = value else {
            throw .invalidArgument(tr("%s must be a{sv}", "\(what)"))
        }
        try CustomDictionary.checkKeyCount(entries.count, what: what)
        var result: ActivityState = [:]
        for entry in entries {
            guard case .string(let key) = entry.key, case .variant(let inner) = entry.value else { continue }
            guard let converted = basic(inner) else {
                throw .invalidArgument(
                    tr("%1$s value for \"%2$s\" has type \"%3$s\"; only basic types are allowed", "\(what)", "\(key.prefix(64))", "\(inner.type.signature)"))
            }
            if result.updateValue(converted, forKey: key) != nil {
                throw .invalidArgument(tr("%1$s repeats the key \"%2$s\"", "\(what)", "\(key.prefix(64))"))
            }
        }
        return result
    }
}
