import DBus
import TestSupport
import Testing

/// Values of every type, through a real dbus-daemon and back.
@Suite(.startsProcesses) struct RoundTrip {
    static let samples: [DBusValue] = [
        .byte(0), .byte(255), .boolean(true), .boolean(false),
        .int16(.min), .uint16(.max), .int32(.min), .uint32(.max), .int64(.min), .uint64(.max),
        .double(-1.5), .double(.infinity), .double(.greatestFiniteMagnitude),
        .string(""), .string("héllo, wörld ✓ 🏝"), .objectPath("/a/b_c/D1"), .signature("a{sa{sv}}(tt)"),
        .variant(.variant(.string("deep"))),
        .array(.int32, []), .array(.string, []), .array(.variant, []),
        .array(.array(.byte), [[UInt8]([1, 2, 3]).dbusValue, [UInt8]().dbusValue]),
        .dictionary(key: .string, value: .variant, []),
        .dictionary(key: .string, value: .dictionary(key: .string, value: .variant), []),
        [String: [String: DBusVariant]](
            uniqueKeysWithValues: [
                ("outer", ["inner": DBusVariant(.string("x")), "n": DBusVariant(UInt64(7))]),
                ("empty", [:]),
            ]
        ).dbusValue,
        .structure([.int32(-1), .string("s"), .uint64(2)]),
        .array(.structure([.uint64, .string, .string]), [.structure([.uint64(57600), .string("16:8"), .string("")])]),
        .dictionary(
            key: .uint32, value: .array(.structure([.string, .variant])),
            [.init(.uint32(1), .array(.structure([.string, .variant]), [.structure([.string("k"), .variant(.boolean(true))])]))]),
        .array(.array(.string), [.array(.string, []), ["a", "b"].dbusValue]),
    ]

    @Test func everyTypeThroughVariant() async throws {
        let fixture = try await BusFixture()
        for sample in Self.samples {
            let reply = try await fixture.echoProxy.call(BusFixture.echoMember("v"), [.variant(sample)])
            #expect(reply == [.variant(sample)], "\(sample.type)")
        }
    }

    @Test func everyTypeAsItself() async throws {
        let fixture = try await BusFixture()
        for sample in Self.samples where BusFixture.echoSignatures.contains(sample.type.signature) {
            let reply = try await fixture.echoProxy.call(BusFixture.echoMember(sample.type.signature), [sample])
            #expect(reply == [sample], "\(sample.type)")
        }
    }

    @Test func nanSurvives() async throws {
        let fixture = try await BusFixture()
        let reply = try await fixture.echoProxy.call(BusFixture.echoMember("d"), [.double(.nan)])
        guard case .double(let value)? = reply.first else { throw TestFailure("no double back: \(reply)") }
        #expect(value.isNaN)
    }

    @Test func deepestNestingAllowed() async throws {
        let fixture = try await BusFixture()
        let deep = (0..<31).reduce(DBusValue.int32(1)) { inner, _ in .array(inner.type, [inner]) }
        let reply = try await fixture.echoProxy.call(BusFixture.echoMember("v"), [.variant(deep)])
        #expect(reply == [.variant(deep)])
    }
}
