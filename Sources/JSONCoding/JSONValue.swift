/// JSON read on UTF-8 bytes into plain values: numbers kept as written (a microsecond time
/// stays exact), nesting bounded (a hostile file cannot exhaust the stack), and a failure
/// named by its line.
public indirect enum JSONValue: Sendable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// A scalar as text (numbers as written, true/false); nil for null, objects and arrays.
    public var text: String? {
        switch self {
        case .string(let s), .number(let s): s
        case .bool(let b): b ? "true" : "false"
        default: nil
        }
    }

    /// `text` as a JSON string: quoted, with quotes, backslashes and control characters escaped.
    public static func quoted(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    public struct Failure: Error, Equatable {
        public var line: Int
        public var reason: String
    }

    static let maxDepth = 64

    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var reader = Reader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.failure("text after the end of the JSON value") }
        return value
    }

    struct Reader {
        let bytes: [UInt8]
        var index = 0

        func failure(_ reason: String) -> Failure {
            Failure(line: 1 + bytes[..<min(index, bytes.count)].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }, reason: reason)
        }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 || bytes[index] == 10 || bytes[index] == 13 { index += 1 }
        }

        /// An object's members or an array's items, from its opening bracket to `close`: each read
        /// by `element` (at its first byte past white space), a comma between two, none at all.
        mutating func elements(closing close: UInt8, in what: String, _ element: (inout Reader) throws(Failure) -> Void) throws(Failure) {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == close {
                index += 1
                return
            }
            while true {
                skipSpace()
                try element(&self)
                skipSpace()
                guard index < bytes.count else { throw failure("the JSON ends too early") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == close else { throw failure("expected , or \(Character(Unicode.Scalar(close))) in \(what)") }
                index += 1
                return
            }
        }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard depth < JSONValue.maxDepth else { throw failure("nested too deeply") }
            skipSpace()
            guard index < bytes.count else { throw failure("the JSON ends too early") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                var members: [(String, JSONValue)] = []
                try elements(closing: UInt8(ascii: "}"), in: "an object") { (parser: inout Reader) throws(Failure) in
                    guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else {
                        throw parser.failure("expected a key in quotes")
                    }
                    let key = try parser.string()
                    parser.skipSpace()
                    guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ":") else {
                        throw parser.failure("expected : after a key")
                    }
                    parser.index += 1
                    members.append((key, try parser.value(depth: depth + 1)))
                }
                return .object(members)
            case UInt8(ascii: "["):
                var items: [JSONValue] = []
                try elements(closing: UInt8(ascii: "]"), in: "an array") { (parser: inout Reader) throws(Failure) in
                    items.append(try parser.value(depth: depth + 1))
                }
                return .array(items)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try word("true", .bool(true))
            case UInt8(ascii: "f"): return try word("false", .bool(false))
            case UInt8(ascii: "n"): return try word("null", .null)
            default:
                let start = index
                while index < bytes.count, (48...57).contains(bytes[index]) || [43, 45, 46, 69, 101].contains(bytes[index]) { index += 1 }
                guard index > start else { throw failure("unexpected character") }
                let number = String(decoding: bytes[start..<index], as: UTF8.self)
                guard Double(number) != nil else { throw failure("not a number: \(number.prefix(20))") }
                return .number(number)
            }
        }

        mutating func word(_ text: String, _ value: JSONValue) throws(Failure) -> JSONValue {
            let expected = Array(text.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw failure("unexpected character")
            }
            index += expected.count
            return value
        }

        mutating func string() throws(Failure) -> String {
            index += 1
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw failure("the JSON ends inside a string") }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "n"): out.append(10)
                    case UInt8(ascii: "t"): out.append(9)
                    case UInt8(ascii: "r"): out.append(13)
                    case UInt8(ascii: "b"): out.append(8)
                    case UInt8(ascii: "f"): out.append(12)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        {
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw failure("a broken \\u escape") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let value = Unicode.Scalar(scalar) else { throw failure("a broken \\u escape") }
                        out += Array(String(Character(value)).utf8)
                    default: out.append(escaped)
                    }
                default:
                    guard byte >= 0x20 else { throw failure("a control character inside a string") }
                    out.append(byte)
                }
            }
            throw failure("the JSON ends inside a string")
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            guard bytes.count - index >= 4, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                throw failure("a broken \\u escape")
            }
            index += 4
            return value
        }
    }
}
