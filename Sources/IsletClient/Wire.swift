import DBus
import IsletCore

/// Reading the service's values off the bus.
public enum Wire {
    /// A basic D-Bus value as an activity value; nil for containers (which the contract never
    /// sends in activity dictionaries).
    public static func activityValue(_ value: DBusValue) -> ActivityValue? {
        switch value.unwrappingVariants {
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

    /// An `a{sv}` as an activity dictionary, keeping the entries of basic types.
    public static func activityState(_ value: DBusValue?) throws(DBusError) -> ActivityState {
        guard let value, let entries = value.stringVariantEntries else {
            throw DBusError.typeMismatch(expected: "a{sv}", got: value?.type.signature ?? "")
        }
        return entries.compactMapValues(activityValue)
    }

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

    /// `(s activity_id, s owner, a{sv} attributes, a{sv} state)`: nil when the id is empty.
    static func snapshot(_ body: [DBusValue]) throws(DBusError) -> ActivitySnapshot? {
        guard body.count == 4, case .string(let id) = body[0], case .string(let owner) = body[1] else {
            throw DBusError.typeMismatch(expected: "ssa{sv}a{sv}", got: body.map(\.type).signature)
        }
        guard !id.isEmpty else { return nil }
        return ActivitySnapshot(
            id: id, owner: owner, attributes: try activityState(body[2]), state: try activityState(body[3]))
    }
}
