import DBus
import IsletClient
import IsletCore

/// Between the core's values and the bus's.
enum Convert {
    static func value(_ value: ActivityValue) -> DBusValue { Wire.value(value) }

    static func dictionary(_ state: ActivityState) -> DBusValue { Wire.dictionary(state) }

    /// An `a{sv}` from a caller: basic types only, at most 32 keys (checked again by the core).
    static func activityState(_ value: DBusValue, what: String) throws -> ActivityState {
        guard case .dictionary(.string, .variant, let entries) = value else {
            throw IsletError.invalidArgument("\(what) must be a{sv}")
        }
        guard entries.count <= Limits.maxDictionaryKeys else {
            throw IsletError.invalidArgument("\(what) has \(entries.count) keys; at most 32")
        }
        var result: ActivityState = [:]
        for entry in entries {
            guard case .string(let key) = entry.key, case .variant(let inner) = entry.value else { continue }
            let converted: ActivityValue
            switch inner {
            case .byte(let v): converted = .byte(v)
            case .boolean(let v): converted = .bool(v)
            case .int16(let v): converted = .int16(v)
            case .uint16(let v): converted = .uint16(v)
            case .int32(let v): converted = .int32(v)
            case .uint32(let v): converted = .uint32(v)
            case .int64(let v): converted = .int64(v)
            case .uint64(let v): converted = .uint64(v)
            case .double(let v): converted = .double(v)
            case .string(let v): converted = .string(v)
            default:
                throw IsletError.invalidArgument(
                    "\(what) value for \"\(key.prefix(64))\" has type \"\(inner.type.signature)\"; only basic types are allowed")
            }
            if result.updateValue(converted, forKey: key) != nil {
                throw IsletError.invalidArgument("\(what) repeats the key \"\(key.prefix(64))\"")
            }
        }
        return result
    }

    /// The D-Bus error for a core error.
    static func error(_ error: IsletError) -> DBusError {
        DBusError("org.islet.Islet1.Error." + error.name, error.message)
    }
}
