import CDBus
import Testing

@testable import DBus

/// The wire reader on bytes libdbus did not write: the other byte order, damaged and
/// truncated messages, nesting past the spec. (Every type in both directions through a real
/// bus is the RoundTrip suite.)
@Suite struct WireReaderTests {
    /// A method call in big-endian order: path /a, member M, body (u 5, x -2).
    static let bigEndianCall: [UInt8] = [
        UInt8(ascii: "B"), 1, 0, 1, 0, 0, 0, 16, 0, 0, 0, 7, 0, 0, 0, 40,
        1, 1, UInt8(ascii: "o"), 0, 0, 0, 0, 2, UInt8(ascii: "/"), UInt8(ascii: "a"), 0, 0, 0, 0, 0, 0,
        3, 1, UInt8(ascii: "s"), 0, 0, 0, 0, 1, UInt8(ascii: "M"), 0, 0, 0, 0, 0, 0, 0,
        8, 1, UInt8(ascii: "g"), 0, 2, UInt8(ascii: "u"), UInt8(ascii: "x"), 0,
        0, 0, 0, 5, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
    ]

    static func read(_ bytes: [UInt8], cache: WireCache = WireCache()) -> Message? {
        bytes.withUnsafeBytes { WireReader.message($0, cache: cache) }
    }

    @Test func bigEndianMessage() throws {
        // libdbus takes the bytes as a valid message too: the test's bytes are right.
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let parsed = Self.bigEndianCall.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { dbus_message_demarshal($0.baseAddress, Int32($0.count), &error) }
        }
        #expect(parsed != nil, "libdbus refused the test's message")
        if let parsed { dbus_message_unref(parsed) }

        let message = try #require(Self.read(Self.bigEndianCall))
        #expect(message.kind == .methodCall)
        #expect(message.serial == 7)
        #expect(message.path == "/a")
        #expect(message.member == "M")
        #expect(message.interface == nil)
        #expect(message.body == [.uint32(5), .int64(-2)])
    }

    @Test func truncatedOrDamagedMessagesAreRefusedWithoutTrapping() {
        let whole = Self.bigEndianCall
        for length in 0..<whole.count {
            #expect(Self.read(Array(whole.prefix(length))) == nil, "a message cut to \(length) bytes was read")
        }
        // Any single damaged byte: read or refused, never a trap or a read past the end.
        for index in whole.indices {
            for value: UInt8 in [0, 0x7F, 0xFF] {
                var damaged = whole
                damaged[index] = value
                _ = Self.read(damaged)
            }
        }
        var longer = whole
        longer[7] = 17  // a body length past the end
        #expect(Self.read(longer) == nil)
    }

    /// A body of variants nested `depth` deep around a byte.
    static func nestedVariants(_ depth: Int) -> [UInt8] {
        var body: [UInt8] = []
        for _ in 0..<(depth - 1) { body += [1, UInt8(ascii: "v"), 0] }
        body += [1, UInt8(ascii: "y"), 0, 42]
        let header: [UInt8] = [
            UInt8(ascii: "l"), 2, 0, 1, UInt8(body.count), 0, 0, 0, 1, 0, 0, 0, 7, 0, 0, 0,
            8, 1, UInt8(ascii: "g"), 0, 1, UInt8(ascii: "v"), 0, 0,
        ]
        return header + body
    }

    /// A body of `depth` variants nested around an array of one (tt) struct.
    static func nestedVariantsAroundStructs(_ depth: Int) -> [UInt8] {
        var body: [UInt8] = []
        for _ in 0..<(depth - 1) { body += [1, UInt8(ascii: "v"), 0] }
        body += [5] + Array("a(tt)".utf8) + [0]
        func pad(_ boundary: Int) { while (24 + body.count) % boundary != 0 { body.append(0) } }  // the body starts at 24
        pad(4)
        body += [16, 0, 0, 0]
        pad(8)
        body += [1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0]
        let length = withUnsafeBytes(of: UInt32(body.count).littleEndian) { Array($0) }
        let header: [UInt8] =
            [UInt8(ascii: "l"), 2, 0, 1] + length + [
                1, 0, 0, 0, 7, 0, 0, 0,
                8, 1, UInt8(ascii: "g"), 0, 1, UInt8(ascii: "v"), 0, 0,
            ]
        return header + body
    }

    @Test func nestingPastTheSpecIsRefused() throws {
        let shallow = try #require(Self.read(Self.nestedVariants(10)))
        var value = try #require(shallow.body.first)
        var depth = 0
        while case .variant(let inner) = value {
            value = inner
            depth += 1
        }
        #expect(depth == 10 && value == .byte(42))
        #expect(Self.read(Self.nestedVariants(64)) != nil)
        #expect(Self.read(Self.nestedVariants(65)) == nil)
        // An array of fixed-size structs (read by a loop of its own) counts two levels.
        var inner = try #require(Self.read(Self.nestedVariantsAroundStructs(62))?.body.first)
        while case .variant(let next) = inner { inner = next }
        #expect(inner == .array(.structure([.uint64, .uint64]), [.structure([.uint64(1), .uint64(2)])]))
        #expect(Self.read(Self.nestedVariantsAroundStructs(63)) == nil)
    }

    /// The bytes libdbus marshals for a method return with `body`.
    static func marshalled(_ body: [DBusValue]) throws -> [UInt8] {
        var message = Message(kind: .methodReturn, body: body)
        message.replySerial = 1
        let cMessage = try Marshal.makeCMessage(message)
        defer { dbus_message_unref(cMessage) }
        var data: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(cMessage, &data, &length) != 0, let data else { throw DBusError.failed("marshal") }
        defer { dbus_free(data) }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    /// Arrays of structs of fixed-size fields (a history page) are read by a loop of their own:
    /// every fixed type, at every alignment, read back as written; a bad boolean or an array
    /// that ends inside an element refused.
    @Test func arraysOfFixedStructs() throws {
        let type = DBusType.structure([.byte, .boolean, .int16, .uint16, .int32, .uint32, .int64, .uint64, .double, .byte])
        let items: [DBusValue] = (0..<3).map { n in
            .structure([
                .byte(UInt8(n)), .boolean(n % 2 == 0), .int16(-300), .uint16(65000), .int32(-70000), .uint32(4_000_000_000),
                .int64(-5_000_000_000), .uint64(UInt64(n) << 40), .double(-1.5), .byte(0xFF),
            ])
        }
        let body: [DBusValue] = [.uint32(9), .array(type, items), .array(.structure([.uint64, .uint64]), []), .byte(1)]
        #expect(Self.read(try Self.marshalled(body))?.body == body)

        // A boolean holds 0 or 1: the last one here (byte 7, boolean true, padding between).
        var bytes = try Self.marshalled([.array(.structure([.byte, .boolean]), [.structure([.byte(7), .boolean(true)])])])
        #expect(Self.read(bytes) != nil)
        #expect(Array(bytes.suffix(8)) == [7, 0, 0, 0, 1, 0, 0, 0])
        bytes[bytes.count - 4] = 2
        #expect(Self.read(bytes) == nil)

        // An array length that ends inside its second element.
        bytes = try Self.marshalled([
            .array(.structure([.uint64, .uint64]), [.structure([.uint64(1), .uint64(2)]), .structure([.uint64(3), .uint64(4)])]),
            .uint64(5),
        ])
        #expect(Self.read(bytes) != nil)
        let lengthAt = bytes.count - 8 - 32 - 8  // the array's length, then padding to 8
        #expect(bytes[lengthAt] == 32)
        bytes[lengthAt] = 24
        #expect(Self.read(bytes) == nil)
    }

    /// The cache hands back the same strings and stays small whatever a peer sends.
    @Test func cacheStaysBounded() {
        let cache = WireCache()
        for round in 0..<3 {
            for n in 0..<100 {
                let text = "org.example.Name\(n)"
                let read = Array(text.utf8).withUnsafeBytes { cache.string($0) }
                #expect(read == text, "round \(round)")
                let signature = String(repeating: "u", count: n % 40 + 1)
                let parsed = Array(signature.utf8).withUnsafeBytes { cache.types($0) }
                #expect(parsed == Array(repeating: .uint32, count: n % 40 + 1))
            }
        }
        #expect(cache.counts.strings <= WireCache.stringLimit && cache.counts.signatures <= WireCache.signatureLimit)
        #expect(Array("a{s".utf8).withUnsafeBytes { cache.types($0) } == nil)
    }

    /// Entries are found by a key of length and last bytes, but only equal bytes make a hit:
    /// names that share both (and short ones, keyed whole) come back as themselves.
    @Test func cacheTellsApartNamesWithTheSameKey() {
        let cache = WireCache()
        let names = ["org.a.Islet1.Fasting", "org.b.Islet1.Fasting", "org.c.Islet1.Fasting", "ab", "ba", ""]
        func key(_ text: String) -> UInt64 { Array(text.utf8).withUnsafeBytes { WireCache.key($0) } }
        #expect(key(names[0]) == key(names[1]) && key(names[1]) == key(names[2]))
        for _ in 0..<2 {
            for name in names {
                #expect(Array(name.utf8).withUnsafeBytes { cache.string($0) } == name)
            }
        }
        #expect(cache.counts.strings == names.count)
        #expect(Array("ag".utf8).withUnsafeBytes { cache.types($0) } == [.array(.signature)])
        #expect(Array("ga".utf8).withUnsafeBytes { cache.types($0) } == nil)
    }
}
