/// A D-Bus value whose type is known only at run time: what variants and `a{sv}` hold, and
/// what the wire carries underneath every typed API of this library.
///
/// Containers carry their element types, so an empty array or dictionary still has a complete
/// signature.
public enum DBusValue: Hashable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(ObjectPath)
    case signature(Signature)
    indirect case variant(DBusValue)
    case array(DBusType, [DBusValue])
    case dictionary(key: DBusType, value: DBusType, [DictEntry])
    case structure([DBusValue])

    public struct DictEntry: Hashable, Sendable {
        public var key: DBusValue
        public var value: DBusValue
        public init(_ key: DBusValue, _ value: DBusValue) {
            self.key = key
            self.value = value
        }
    }

    /// The complete type of this value.
    public var type: DBusType {
        switch self {
        case .byte: .byte
        case .boolean: .boolean
        case .int16: .int16
        case .uint16: .uint16
        case .int32: .int32
        case .uint32: .uint32
        case .int64: .int64
        case .uint64: .uint64
        case .double: .double
        case .string: .string
        case .objectPath: .objectPath
        case .signature: .signature
        case .variant: .variant
        case .array(let element, _): .array(element)
        case .dictionary(let key, let value, _): .dictionary(key: key, value: value)
        case .structure(let fields): .structure(fields.map(\.type))
        }
    }

    /// An `a{sv}` dictionary from string keys; keys are sorted so the result is deterministic.
    public static func stringVariantDictionary(_ entries: [String: DBusValue]) -> DBusValue {
        .dictionary(
            key: .string, value: .variant,
            entries.sorted { $0.key < $1.key }.map { DictEntry(.string($0.key), .variant($0.value)) })
    }

    /// Reads an `a{sv}` dictionary back into Swift; nil for any other value.
    public var stringVariantEntries: [String: DBusValue]? {
        guard case .dictionary(.string, .variant, let entries) = self else { return nil }
        var result: [String: DBusValue] = [:]
        for entry in entries {
            guard case .string(let key) = entry.key, case .variant(let inner) = entry.value else { return nil }
            result[key] = inner
        }
        return result
    }

    /// The value inside any number of variant layers.
    public var unwrappingVariants: DBusValue {
        var value = self
        while case .variant(let inner) = value { value = inner }
        return value
    }

    /// Whether this value is of `type`: the same answer as `self.type == type`, without
    /// building the type (marshalling asks it of every element of every array).
    public func hasType(_ type: DBusType) -> Bool {
        switch (self, type) {
        case (.byte, .byte), (.boolean, .boolean), (.int16, .int16), (.uint16, .uint16), (.int32, .int32),
            (.uint32, .uint32), (.int64, .int64), (.uint64, .uint64), (.double, .double), (.string, .string),
            (.objectPath, .objectPath), (.signature, .signature), (.variant, .variant):
            return true
        case (.array(let element, _), .array(let expected)):
            return element == expected
        case (.dictionary(let key, let value, _), .dictionary(let expectedKey, let expectedValue)):
            return key == expectedKey && value == expectedValue
        case (.structure(let fields), .structure(let types)):
            return fields.count == types.count && zip(fields, types).allSatisfy { $0.hasType($1) }
        default:
            return false
        }
    }

    /// Whether this value is of `type` all the way down: every array item and dictionary entry
    /// too, where ``hasType(_:)`` looks only at the element types an array declares.
    func matches(_ type: DBusType) -> Bool {
        switch (self, type) {
        case (.array(let element, let items), .array(let expected)):
            return element == expected && items.allSatisfy { $0.matches(expected) }
        case (.dictionary(let key, let value, let entries), .dictionary(let expectedKey, let expectedValue)):
            return key == expectedKey && value == expectedValue
                && entries.allSatisfy { $0.key.matches(expectedKey) && $0.value.matches(expectedValue) }
        case (.structure(let fields), .structure(let types)):
            return fields.count == types.count && zip(fields, types).allSatisfy { $0.matches($1) }
        default:
            return hasType(type)
        }
    }

    /// Checks everything libdbus would abort on or the bus would disconnect us for: element
    /// types that disagree with the container, text that is not valid for the wire, nesting
    /// deeper than the spec allows.
    public func validate() throws(DBusError) {
        try validate(depth: 0)
    }

    /// The spec limits a message body to 64 levels of containers (arrays, structs, variants).
    public static let maximumNesting = 64

    private func validate(depth: Int) throws(DBusError) {
        if depth > DBusValue.maximumNesting { throw .invalidValue("values nested deeper than 64 containers") }
        switch self {
        case .string(let text): try DBusValidation.checkString(text)
        case .variant(let inner): try inner.validate(depth: depth + 1)
        case .array(let element, let items):
            for item in items {
                guard item.hasType(element) else {
                    throw .invalidValue("array of \"\(element.signature)\" holds a \"\(item.type.signature)\"")
                }
                try item.validate(depth: depth + 1)
            }
        case .dictionary(let key, let value, let entries):
            guard key.isBasic else { throw .invalidValue("dictionary key type \"\(key.signature)\" is not basic") }
            for entry in entries {
                guard entry.key.hasType(key), entry.value.hasType(value) else {
                    throw .invalidValue("dictionary of \"\(key.signature)\" to \"\(value.signature)\" holds another type")
                }
                try entry.key.validate(depth: depth + 1)
                try entry.value.validate(depth: depth + 1)
            }
        case .structure(let fields):
            if fields.isEmpty { throw .invalidValue("empty struct") }
            for field in fields { try field.validate(depth: depth + 1) }
        default: break
        }
        if depth == 0 {
            // Signature limits (32 arrays, 32 structs, 255 bytes) of the value's own type.
            try DBusValidation.checkSignature(type.signature)
        }
    }
}

extension DBusValue: CustomStringConvertible {
    /// A readable rendering in the style of `gdbus`, for logs and test messages.
    public var description: String {
        switch self {
        case .byte(let v): "byte \(v)"
        case .boolean(let v): v ? "true" : "false"
        case .int16(let v): "int16 \(v)"
        case .uint16(let v): "uint16 \(v)"
        case .int32(let v): "\(v)"
        case .uint32(let v): "uint32 \(v)"
        case .int64(let v): "int64 \(v)"
        case .uint64(let v): "uint64 \(v)"
        case .double(let v): "\(v)"
        case .string(let v): "\"\(v)\""
        case .objectPath(let v): "objectpath \"\(v)\""
        case .signature(let v): "signature \"\(v)\""
        case .variant(let v): "<\(v)>"
        case .array(_, let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(_, _, let entries):
            "{" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .structure(let fields): "(" + fields.map(\.description).joined(separator: ", ") + ")"
        }
    }
}
