/// A single complete D-Bus type, as a signature describes it.
///
/// The unix file descriptor type `h` is not supported by this library; a signature that
/// contains it is rejected with ``DBusError/invalidSignature``.
public enum DBusType: Hashable, Sendable, CustomStringConvertible {
    case byte, boolean, int16, uint16, int32, uint32, int64, uint64, double
    case string, objectPath, signature
    case variant
    indirect case array(DBusType)
    indirect case dictionary(key: DBusType, value: DBusType)
    case structure([DBusType])

    /// The spec's limits on nesting: 32 arrays and 32 structs deep, 255 bytes of signature.
    public static let maximumArrayDepth = 32
    public static let maximumStructDepth = 32
    public static let maximumSignatureLength = 255

    /// The signature text of this one type.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .variant: "v"
        case .array(let element): "a" + element.signature
        case .dictionary(let key, let value): "a{" + key.signature + value.signature + "}"
        case .structure(let fields): "(" + fields.signature + ")"
        }
    }

    public var description: String { signature }

    /// Basic types are the ones allowed as dictionary keys.
    public var isBasic: Bool {
        switch self {
        case .variant, .array, .dictionary, .structure: false
        default: true
        }
    }

    /// Whether values of this type can hold text (strings, object paths, signatures) or
    /// variants: the only parts of a value, once its type is known to be right, that
    /// validation still has to look at.
    public var holdsTextOrVariants: Bool {
        switch self {
        case .string, .objectPath, .signature, .variant: true
        case .array(let element): element.holdsTextOrVariants
        case .dictionary(let key, let value): key.holdsTextOrVariants || value.holdsTextOrVariants
        case .structure(let fields): fields.contains { $0.holdsTextOrVariants }
        default: false
        }
    }

    /// Parses a signature of any number of complete types ("", "s", "a{sv}(tt)").
    public static func parse(_ signature: String) throws(DBusError) -> [DBusType] {
        var parser = SignatureParser(Array(signature.utf8))
        if parser.bytes.count > maximumSignatureLength {
            throw .invalidSignature(signature, "longer than 255 bytes")
        }
        var types: [DBusType] = []
        while !parser.atEnd {
            types.append(try parser.parseOne(arrayDepth: 0, structDepth: 0, original: signature))
        }
        return types
    }

    /// Parses a signature that must hold exactly one complete type.
    public static func parseSingle(_ signature: String) throws(DBusError) -> DBusType {
        let types = try parse(signature)
        guard types.count == 1, let only = types.first else {
            throw .invalidSignature(signature, "expected exactly one complete type")
        }
        return only
    }
}

extension Array where Element == DBusType {
    /// The concatenated signature of a list of types. Appended, not `joined()`: the generic
    /// join instantiates 26 types' metadata by name at its first use, a sixth of what
    /// `islet status` ran (bench/RESULTS.md, session 13).
    public var signature: String {
        var text = ""
        for type in self { text += type.signature }
        return text
    }
}

private struct SignatureParser {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }

    mutating func next(_ original: String) throws(DBusError) -> UInt8 {
        guard index < bytes.count else { throw .invalidSignature(original, "ends inside a container") }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func parseOne(arrayDepth: Int, structDepth: Int, original: String) throws(DBusError) -> DBusType {
        let code = try next(original)
        switch code {
        case UInt8(ascii: "y"): return .byte
        case UInt8(ascii: "b"): return .boolean
        case UInt8(ascii: "n"): return .int16
        case UInt8(ascii: "q"): return .uint16
        case UInt8(ascii: "i"): return .int32
        case UInt8(ascii: "u"): return .uint32
        case UInt8(ascii: "x"): return .int64
        case UInt8(ascii: "t"): return .uint64
        case UInt8(ascii: "d"): return .double
        case UInt8(ascii: "s"): return .string
        case UInt8(ascii: "o"): return .objectPath
        case UInt8(ascii: "g"): return .signature
        case UInt8(ascii: "v"): return .variant
        case UInt8(ascii: "a"):
            guard arrayDepth < DBusType.maximumArrayDepth else {
                throw .invalidSignature(original, "arrays nested deeper than 32")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                index += 1
                let key = try parseOne(arrayDepth: arrayDepth + 1, structDepth: structDepth, original: original)
                guard key.isBasic else { throw .invalidSignature(original, "dictionary key is not a basic type") }
                let value = try parseOne(arrayDepth: arrayDepth + 1, structDepth: structDepth, original: original)
                guard try next(original) == UInt8(ascii: "}") else {
                    throw .invalidSignature(original, "dictionary entry holds more than a key and a value")
                }
                return .dictionary(key: key, value: value)
            }
            return .array(try parseOne(arrayDepth: arrayDepth + 1, structDepth: structDepth, original: original))
        case UInt8(ascii: "("):
            guard structDepth < DBusType.maximumStructDepth else {
                throw .invalidSignature(original, "structs nested deeper than 32")
            }
            var fields: [DBusType] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: ")") {
                fields.append(try parseOne(arrayDepth: arrayDepth, structDepth: structDepth + 1, original: original))
            }
            guard try next(original) == UInt8(ascii: ")"), !fields.isEmpty else {
                throw .invalidSignature(original, "empty struct")
            }
            return .structure(fields)
        case UInt8(ascii: "h"):
            throw .invalidSignature(original, "unix file descriptors (h) are not supported")
        default:
            throw .invalidSignature(original, "unknown type code '\(Character(Unicode.Scalar(code)))'")
        }
    }
}
