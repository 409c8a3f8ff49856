/// Encodable values as JSON text, as FoundationEssentials' `JSONEncoder` writes them with its
/// default settings (members in the order they are encoded, an absent optional left out, no
/// spaces), except that a slash is not escaped and a Double is written as Swift prints it
/// (`1.0`, `1e-05`): both read back the same everywhere. A Double that is not finite cannot be
/// written in JSON: encoding it throws, as `JSONEncoder` does.
public enum JSONEncoding {
    public static func text(_ value: some Encodable) throws -> String {
        let root = Slot()
        try value.encode(to: TreeEncoder(root, path: []))
        var out = ""
        root.write(to: &out)
        return out
    }
}

/// A value being encoded: JSON text for a scalar (already quoted, or a number), or members or
/// items still being filled by the containers that hold it.
final class Slot {
    enum Content {
        case empty
        case scalar(String)
        case object([(String, Slot)])
        case array([Slot])
    }
    var content = Content.empty

    init() {}
    init(_ scalar: String) { content = .scalar(scalar) }

    func write(to out: inout String) {
        switch content {
        case .empty: out += "{}"
        case .scalar(let text): out += text
        case .object(let members):
            out += "{"
            for (index, (key, slot)) in members.enumerated() {
                if index > 0 { out += "," }
                out += JSONValue.quoted(key)
                out += ":"
                slot.write(to: &out)
            }
            out += "}"
        case .array(let items):
            out += "["
            for (index, slot) in items.enumerated() {
                if index > 0 { out += "," }
                slot.write(to: &out)
            }
            out += "]"
        }
    }

    func append(_ key: String, _ slot: Slot) {
        if case .object(var members) = content {
            content = .empty
            members.append((key, slot))
            content = .object(members)
        } else {
            content = .object([(key, slot)])
        }
    }

    func append(_ slot: Slot) {
        if case .array(var items) = content {
            content = .empty
            items.append(slot)
            content = .array(items)
        } else {
            content = .array([slot])
        }
    }

    var count: Int {
        if case .array(let items) = content { items.count } else { 0 }
    }

    static func number(_ value: Double, _ path: [any CodingKey]) throws -> String {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "\(value) cannot be written in JSON"))
        }
        return value.description
    }
}

struct TreeEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ slot: Slot, path: [any CodingKey]) { (self.slot, self.codingPath) = (slot, path) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .empty = slot.content { slot.content = .object([]) }
        return KeyedEncodingContainer(KeyedSlot<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .empty = slot.content { slot.content = .array([]) }
        return UnkeyedSlot(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleSlot(slot: slot, codingPath: codingPath) }
}

/// Encodes `value` into a new slot: a scalar directly, anything else through its own
/// `encode(to:)`.
private func encoded(_ value: some Encodable, _ path: [any CodingKey]) throws -> Slot {
    let slot = Slot()
    try value.encode(to: TreeEncoder(slot, path: path))
    return slot
}

struct KeyedSlot<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { slot.append(key.stringValue, Slot("null")) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { slot.append(key.stringValue, Slot(value ? "true" : "false")) }
    mutating func encode(_ value: String, forKey key: Key) throws { slot.append(key.stringValue, Slot(JSONValue.quoted(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        slot.append(key.stringValue, Slot(try Slot.number(value, codingPath + [key])))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encode(Double(value), forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { slot.append(key.stringValue, Slot(String(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { slot.append(key.stringValue, Slot(String(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { slot.append(key.stringValue, Slot(String(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { slot.append(key.stringValue, Slot(String(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { slot.append(key.stringValue, Slot(String(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { slot.append(key.stringValue, Slot(String(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { slot.append(key.stringValue, Slot(String(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { slot.append(key.stringValue, Slot(String(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { slot.append(key.stringValue, Slot(String(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { slot.append(key.stringValue, Slot(String(value))) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        slot.append(key.stringValue, try encoded(value, codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = Slot()
        nested.content = .object([])
        slot.append(key.stringValue, nested)
        return KeyedEncodingContainer(KeyedSlot<NestedKey>(slot: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = Slot()
        nested.content = .array([])
        slot.append(key.stringValue, nested)
        return UnkeyedSlot(slot: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named name: String) -> any Encoder {
        let nested = Slot()
        slot.append(name, nested)
        return TreeEncoder(nested, path: codingPath + [IndexKey(name)])
    }
}

struct UnkeyedSlot: UnkeyedEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]
    var count: Int { slot.count }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(count)] }

    mutating func encodeNil() throws { slot.append(Slot("null")) }
    mutating func encode(_ value: Bool) throws { slot.append(Slot(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { slot.append(Slot(JSONValue.quoted(value))) }
    mutating func encode(_ value: Double) throws { slot.append(Slot(try Slot.number(value, nextPath))) }
    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    mutating func encode(_ value: Int) throws { slot.append(Slot(String(value))) }
    mutating func encode(_ value: Int64) throws { slot.append(Slot(String(value))) }
    mutating func encode(_ value: UInt64) throws { slot.append(Slot(String(value))) }
    mutating func encode(_ value: some Encodable) throws { slot.append(try encoded(value, nextPath)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = Slot()
        nested.content = .object([])
        let path = nextPath
        slot.append(nested)
        return KeyedEncodingContainer(KeyedSlot<NestedKey>(slot: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = Slot()
        nested.content = .array([])
        let path = nextPath
        slot.append(nested)
        return UnkeyedSlot(slot: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let nested = Slot()
        let path = nextPath
        slot.append(nested)
        return TreeEncoder(nested, path: path)
    }
}

struct SingleSlot: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.content = .scalar("null") }
    mutating func encode(_ value: Bool) throws { slot.content = .scalar(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { slot.content = .scalar(JSONValue.quoted(value)) }
    mutating func encode(_ value: Double) throws { slot.content = .scalar(try Slot.number(value, codingPath)) }
    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    mutating func encode(_ value: Int) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: Int8) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: Int16) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: Int32) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: Int64) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt8) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt16) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt32) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: UInt64) throws { slot.content = .scalar(String(value)) }
    mutating func encode(_ value: some Encodable) throws { try value.encode(to: TreeEncoder(slot, path: codingPath)) }
}

/// A position in an array, or a name of our own, as a coding path's key.
struct IndexKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(_ index: Int) { (stringValue, intValue) = ("Index \(index)", index) }
    init(_ name: String) { (stringValue, intValue) = (name, nil) }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(intValue) }
}
