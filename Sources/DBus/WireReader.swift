/// Reads a message in D-Bus wire format (header and body, either byte order) into a
/// ``Message``, without going through libdbus's iterators, which cost a few hundred
/// instructions per value.
///
/// The bytes come from libdbus (`dbus_message_marshal` of a message it has already validated),
/// but nothing here trusts them: every read is bounds-checked, and anything inconsistent makes
/// the whole read fail with nil rather than trap.
struct WireReader {
    private let bytes: UnsafeRawBufferPointer
    private let bigEndian: Bool
    private let cache: WireCache
    private var offset = 0
    /// How many containers deep the value being read is (the spec allows 64 in all).
    private var depth = 0
    private static let maximumDepth = 64

    private init(_ bytes: UnsafeRawBufferPointer, bigEndian: Bool, cache: WireCache) {
        self.bytes = bytes
        self.bigEndian = bigEndian
        self.cache = cache
    }

    /// The message in `bytes`, or nil if they do not hold a complete, consistent one of a type
    /// this library supports (unix fds are not).
    static func message(_ bytes: UnsafeRawBufferPointer, cache: WireCache) -> Message? {
        guard bytes.count >= 16 else { return nil }
        let bigEndian: Bool
        switch bytes[0] {
        case UInt8(ascii: "l"): bigEndian = false
        case UInt8(ascii: "B"): bigEndian = true
        default: return nil
        }
        var reader = WireReader(bytes, bigEndian: bigEndian, cache: cache)
        return reader.readMessage()
    }

    private mutating func readMessage() -> Message? {
        let kind: Message.Kind
        switch bytes[1] {
        case 1: kind = .methodCall
        case 2: kind = .methodReturn
        case 3: kind = .error
        case 4: kind = .signal
        default: return nil
        }
        var message = Message(kind: kind)
        message.noReplyExpected = bytes[2] & 0x1 != 0
        message.autoStart = bytes[2] & 0x2 == 0
        offset = 4
        guard let bodyLength = read(UInt32.self), let serial = read(UInt32.self), let fieldsLength = read(UInt32.self)
        else { return nil }
        message.serial = serial
        // The header fields, a(yv): each a struct (8-aligned) of a code and a variant.
        let fieldsEnd = offset + Int(fieldsLength)
        guard fieldsEnd <= bytes.count else { return nil }
        var signature: UnsafeRawBufferPointer?
        while offset < fieldsEnd {
            // Each field's variant holds a single-letter type for the fields this library reads.
            guard align(8), let code = read(UInt8.self), bytes.count - offset >= 3 else { return nil }
            let letter = bytes[offset] == 1 && bytes[offset + 2] == 0 ? bytes[offset + 1] : 0
            switch (code, letter) {
            case (1, UInt8(ascii: "o")), (2, UInt8(ascii: "s")), (3, UInt8(ascii: "s")), (4, UInt8(ascii: "s")),
                (6, UInt8(ascii: "s")), (7, UInt8(ascii: "s")):
                offset += 3
                guard let utf8 = stringBytes() else { return nil }
                let text = cache.string(utf8)
                switch code {
                case 1: message.path = ObjectPath(unchecked: text)
                case 2: message.interface = text
                case 3: message.member = text
                case 4: message.errorName = text
                case 6: message.destination = text
                default: message.sender = text
                }
            case (5, UInt8(ascii: "u")):
                offset += 3
                guard let replySerial = read(UInt32.self) else { return nil }
                message.replySerial = replySerial
            case (8, UInt8(ascii: "g")):
                offset += 3
                guard let text = signatureBytes() else { return nil }
                signature = text
            default:
                // A field this library has no use for (unix fds: a body that carries them has
                // type h, which fails below): skip its value.
                guard let value = value(of: .variant), case .variant = value else { return nil }
            }
            guard offset <= fieldsEnd else { return nil }
        }
        guard offset == fieldsEnd, align(8), bytes.count - offset == Int(bodyLength) else { return nil }
        guard let signature, !signature.isEmpty else {
            guard bodyLength == 0 else { return nil }
            return message
        }
        guard let types = cache.types(signature) else { return nil }
        message.body.reserveCapacity(types.count)
        for type in types {
            guard let value = value(of: type) else { return nil }
            message.body.append(value)
        }
        guard offset == bytes.count else { return nil }
        return message  // (not a conditional expression, which copies the message out)
    }

    // MARK: Values

    private mutating func value(of type: DBusType) -> DBusValue? {
        if type.isBasic { return basic(type) }
        guard depth < Self.maximumDepth else { return nil }
        depth += 1
        defer { depth -= 1 }
        return container(type)
    }

    private mutating func basic(_ type: DBusType) -> DBusValue? {
        switch type {
        case .string: return stringBytes().map { .string(String(decoding: $0, as: UTF8.self)) }
        case .objectPath: return stringBytes().map { .objectPath(ObjectPath(unchecked: String(decoding: $0, as: UTF8.self))) }
        case .signature: return signatureBytes().map { .signature(Signature(unchecked: String(decoding: $0, as: UTF8.self))) }
        default: return fixed(FixedKind(type))
        }
    }

    /// A fixed-size basic type, without the payloads that make ``DBusType`` costly to copy.
    private enum FixedKind {
        case byte, boolean, int16, uint16, int32, uint32, int64, uint64, double, other

        init(_ type: DBusType) {
            switch type {
            case .byte: self = .byte
            case .boolean: self = .boolean
            case .int16: self = .int16
            case .uint16: self = .uint16
            case .int32: self = .int32
            case .uint32: self = .uint32
            case .int64: self = .int64
            case .uint64: self = .uint64
            case .double: self = .double
            default: self = .other
            }
        }
    }

    private mutating func fixed(_ kind: FixedKind) -> DBusValue? {
        switch kind {
        case .byte: return read(UInt8.self).map { .byte($0) }
        case .boolean:
            guard let raw = read(UInt32.self), raw <= 1 else { return nil }
            return .boolean(raw == 1)
        case .int16: return read(UInt16.self).map { .int16(Int16(bitPattern: $0)) }
        case .uint16: return read(UInt16.self).map { .uint16($0) }
        case .int32: return read(UInt32.self).map { .int32(Int32(bitPattern: $0)) }
        case .uint32: return read(UInt32.self).map { .uint32($0) }
        case .int64: return read(UInt64.self).map { .int64(Int64(bitPattern: $0)) }
        case .uint64: return read(UInt64.self).map { .uint64($0) }
        case .double: return read(UInt64.self).map { .double(Double(bitPattern: $0)) }
        case .other: return nil
        }
    }

    private mutating func container(_ type: DBusType) -> DBusValue? {
        switch type {
        case .variant:
            guard let text = signatureBytes(), let types = cache.types(text), types.count == 1 else { return nil }
            return value(of: types[0]).map { .variant($0) }
        case .structure(let fields):
            guard align(8) else { return nil }
            var values: [DBusValue] = []
            values.reserveCapacity(fields.count)
            for field in fields {
                guard let value = value(of: field) else { return nil }
                values.append(value)
            }
            return .structure(values)
        case .array(let element):
            guard let end = arrayEnd(alignedTo: Self.alignment(of: element)) else { return nil }
            let size = Self.fixedSize(of: element)
            if case .structure(let fields) = element, let size {
                return fixedStructures(fields, size: size, end: end).map { .array(element, $0) }
            }
            var items: [DBusValue] = []
            if let size { items.reserveCapacity((end - offset + size - 1) / size) }
            while offset < end {
                guard let item = value(of: element) else { return nil }
                items.append(item)
            }
            return offset == end ? .array(element, items) : nil
        case .dictionary(let key, let valueType):
            guard let end = arrayEnd(alignedTo: 8) else { return nil }
            var entries: [DBusValue.DictEntry] = []
            while offset < end {
                guard align(8), let k = value(of: key), let v = value(of: valueType) else { return nil }
                entries.append(.init(k, v))
            }
            return offset == end ? .dictionary(key: key, value: valueType, entries) : nil
        default: return nil
        }
    }

    /// The elements, up to `end`, of an array of structs whose fields are all fixed-size (a
    /// history page, a(tttt)): read in one loop, without going through ``value(of:)`` and its
    /// type copies for every field (callgrind: 650 instructions a struct of four u64, 950 that
    /// way; most of what is left is allocating each struct's array).
    private mutating func fixedStructures(_ fields: [DBusType], size: Int, end: Int) -> [DBusValue]? {
        guard depth < Self.maximumDepth else { return nil }  // the structs are one level deeper
        let kinds = fields.map { FixedKind($0) }
        var items: [DBusValue] = []
        items.reserveCapacity((end - offset) / size)
        while offset < end {
            guard align(8) else { return nil }
            var values: [DBusValue] = []
            values.reserveCapacity(kinds.count)
            for kind in kinds {
                guard let value = fixed(kind) else { return nil }
                values.append(value)
            }
            items.append(.structure(values))
        }
        return offset == end ? items : nil
    }

    /// Reads an array's length and the padding to its elements' alignment (present even when
    /// it is empty); the elements end where this returns.
    private mutating func arrayEnd(alignedTo boundary: Int) -> Int? {
        guard let length = read(UInt32.self), align(boundary) else { return nil }
        let end = offset + Int(length)
        return end <= bytes.count ? end : nil
    }

    // MARK: Basic reads

    private mutating func align(_ boundary: Int) -> Bool {
        let aligned = (offset + boundary - 1) & ~(boundary - 1)
        guard aligned <= bytes.count else { return false }
        offset = aligned
        return true
    }

    private mutating func read<T: FixedWidthInteger>(_: T.Type) -> T? {
        guard align(MemoryLayout<T>.size), bytes.count - offset >= MemoryLayout<T>.size else { return nil }
        let raw = bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset += MemoryLayout<T>.size
        return bigEndian ? T(bigEndian: raw) : T(littleEndian: raw)
    }

    /// A string or object path: a 32-bit length, the UTF-8 bytes, a NUL.
    private mutating func stringBytes() -> UnsafeRawBufferPointer? {
        guard let length = read(UInt32.self) else { return nil }
        return text(count: Int(length))
    }

    /// A signature: an 8-bit length, the bytes, a NUL.
    private mutating func signatureBytes() -> UnsafeRawBufferPointer? {
        guard let length = read(UInt8.self) else { return nil }
        return text(count: Int(length))
    }

    /// The `count` bytes of text at the offset, which must be followed by a NUL.
    private mutating func text(count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, bytes.count - offset > count, bytes[offset + count] == 0 else { return nil }
        defer { offset += count + 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    // MARK: Layout

    static func alignment(of type: DBusType) -> Int {
        switch type {
        case .byte, .signature, .variant: 1
        case .int16, .uint16: 2
        case .boolean, .int32, .uint32, .string, .objectPath, .array, .dictionary: 4
        case .int64, .uint64, .double, .structure: 8
        }
    }

    /// The marshalled size of one element of an array of `type`, when every element has the
    /// same size (fixed types and structs of them), for reserving room ahead.
    static func fixedSize(of type: DBusType) -> Int? {
        switch type {
        case .byte: return 1
        case .int16, .uint16: return 2
        case .boolean, .int32, .uint32: return 4
        case .int64, .uint64, .double: return 8
        case .structure(let fields):
            var size = 0
            for field in fields {
                guard let fieldSize = fixedSize(of: field) else { return nil }
                let boundary = alignment(of: field)
                size = (size + boundary - 1) & ~(boundary - 1) + fieldSize
            }
            return (size + 7) & ~7
        default: return nil
        }
    }
}
