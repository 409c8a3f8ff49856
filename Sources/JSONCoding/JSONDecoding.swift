/// Decodable values from JSON text: what ``JSONEncoding`` writes, and what FoundationEssentials'
/// `JSONDecoder` reads with its default settings (states stored by earlier releases were written
/// by `JSONEncoder`). A failure is a `DecodingError` that names the coding path.
public enum JSONDecoding {
    public static func value<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        let tree: JSONValue
        do {
            tree = try JSONValue.parse(Array(text.utf8))
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "line \(error.line): \(error.reason)"))
        }
        return try T(from: TreeDecoder(tree, path: []))
    }
}

struct TreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, path: [any CodingKey]) { (self.value, self.codingPath) = (value, path) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Any].self, value, codingPath, named: "an object") }
        return KeyedDecodingContainer(KeyedValues<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([Any].self, value, codingPath, named: "an array") }
        return UnkeyedValues(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValue(value: value, codingPath: codingPath) }
}

func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey], named name: String? = nil) -> DecodingError {
    let found =
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number(let text): "the number \(text)"
        case .bool(let flag): "\(flag)"
        case .null: "null"
        }
    return .typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(name ?? "\(type)"), found \(found)"))
}

/// A scalar of `value` as `T`: strings and booleans as they are, numbers from their text (an
/// integer written with a fraction or an exponent is read if it is whole and in range).
func scalar<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> T {
    switch (value, type) {
    case (.string(let text), is String.Type): if let text = text as? T { return text }
    case (.bool(let flag), is Bool.Type): if let flag = flag as? T { return flag }
    case (.number(let text), let number as any JSONNumber.Type): if let read = number.init(json: text) as? T { return read }
    default: break
    }
    throw mismatch(type, value, path)
}

/// The number types a JSON number decodes into.
protocol JSONNumber {
    init?(json text: String)
}

extension JSONNumber where Self: FixedWidthInteger {
    init?(json text: String) {
        if let exact = Self(text) {
            self = exact
        } else if let real = Double(text), real.rounded() == real, let whole = Self(exactly: real) {
            self = whole
        } else {
            return nil
        }
    }
}

extension Int: JSONNumber {}
extension Int8: JSONNumber {}
extension Int16: JSONNumber {}
extension Int32: JSONNumber {}
extension Int64: JSONNumber {}
extension UInt: JSONNumber {}
extension UInt8: JSONNumber {}
extension UInt16: JSONNumber {}
extension UInt32: JSONNumber {}
extension UInt64: JSONNumber {}
extension Double: JSONNumber {
    init?(json text: String) { self.init(text) }
}
extension Float: JSONNumber {
    init?(json text: String) { self.init(text) }
}

/// Decodes `value` as `T`: a scalar directly, anything else through its own `init(from:)`.
func decoded<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> T {
    if type is String.Type || type is Bool.Type || type is any JSONNumber.Type { return try scalar(type, value, path) }
    return try T(from: TreeDecoder(value, path: path))
}

struct KeyedValues<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    init(members list: [(String, JSONValue)], codingPath: [any CodingKey]) {
        members = Dictionary(list, uniquingKeysWith: { _, last in last })
        self.codingPath = codingPath
    }

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }
    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no member \"\(key.stringValue)\""))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try member(key) { true } else { false }
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoded(type, try member(key), codingPath + [key]) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(try member(key), path: codingPath + [key]).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(try member(key), path: codingPath + [key]).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder { TreeDecoder(members["super"] ?? .null, path: codingPath + [IndexKey("super")]) }
    func superDecoder(forKey key: Key) throws -> any Decoder { TreeDecoder(members[key.stringValue] ?? .null, path: codingPath + [key]) }
}

struct UnkeyedValues: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [JSONValue], codingPath: [any CodingKey]) { (self.items, self.codingPath) = (items, codingPath) }

    private mutating func next(_ type: Any.Type) throws -> (JSONValue, [any CodingKey]) {
        let path = codingPath + [IndexKey(currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "the array has \(items.count) items"))
        }
        currentIndex += 1
        return (items[currentIndex - 1], path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = items[currentIndex] else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next(type)
        return try decoded(type, value, path)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next([String: Any].self)
        return try TreeDecoder(value, path: path).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next([Any].self)
        return try TreeDecoder(value, path: path).unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next(Any.self)
        return TreeDecoder(value, path: path)
    }
}

struct SingleValue: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool {
        if case .null = value { true } else { false }
    }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoded(type, value, codingPath) }
}
