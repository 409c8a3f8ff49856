import DBus
import Testing

@Suite struct Signatures {
    @Test func parsesAndPrintsNestedTypes() throws {
        let types = try DBusType.parse("a{sa{sv}}(tt)as")
        #expect(
            types == [
                .dictionary(key: .string, value: .dictionary(key: .string, value: .variant)),
                .structure([.uint64, .uint64]), .array(.string),
            ])
        #expect(types.signature == "a{sa{sv}}(tt)as")
    }

    @Test(arguments: ["a", "(", "()", "a{vs}", "a{s}", "a{sss}", "h", "z", "(s", "a{s(i)}x}"])
    func rejectsInvalidSignatures(_ text: String) {
        #expect(throws: DBusError.self) { try DBusType.parse(text) }
    }

    @Test func enforcesNestingLimits() throws {
        #expect(throws: DBusError.self) { try DBusType.parse(String(repeating: "a", count: 33) + "i") }
        #expect(throws: DBusError.self) {
            try DBusType.parse(String(repeating: "(", count: 33) + "i" + String(repeating: ")", count: 33))
        }
        _ = try DBusType.parse(String(repeating: "a", count: 32) + "i")
    }
}

@Suite struct Validation {
    @Test func objectPaths() throws {
        for bad in ["", "a", "/a/", "//", "/a//b", "/a-b", "/a\u{0}b", "/ä"] {
            #expect(throws: DBusError.self, "\(bad)") { try ObjectPath(bad) }
        }
        // Through the throwing initializer: `ObjectPath("/")` with a literal is the literal's.
        for good in ["/", "/org/islet/Islet1", "/a_1/B2"] {
            #expect(try ObjectPath(good).rawValue == good)
        }
    }

    @Test func names() {
        #expect(throws: DBusError.self) { try DBusValidation.checkBusName("no-dots") }
        #expect(throws: DBusError.self) { try DBusValidation.checkBusName("org..x") }
        #expect(throws: DBusError.self) { try DBusValidation.checkInterfaceName("org.9x") }
        #expect(throws: DBusError.self) { try DBusValidation.checkMemberName("Has.Dot") }
        #expect(throws: DBusError.self) { try DBusValidation.checkMemberName("") }
        #expect(throws: DBusError.self) { try DBusValidation.checkErrorName("Error") }
        #expect(throws: DBusError.self) { try DBusValidation.checkBusName(String(repeating: "a.", count: 200) + "b") }
    }

    @Test func valuesThatLibdbusWouldAbortOn() {
        let bad: [DBusValue] = [
            .string("nul\u{0}inside"),
            .array(.int32, [.string("x")]),
            .dictionary(key: .string, value: .int32, [.init(.int32(1), .int32(2))]),
            .dictionary(key: .variant, value: .int32, []),
            .structure([]),
            .variant(.string("a\u{0}b")),
            (0..<70).reduce(DBusValue.int32(1)) { inner, _ in .variant(inner) },
            (0..<40).reduce(DBusValue.int32(1)) { inner, _ in .array(inner.type, [inner]) },
        ]
        for value in bad {
            #expect(throws: DBusError.self, "\(value.type)") { try value.validate() }
        }
    }

    @Test func messagesThatLibdbusWouldAbortOn() throws {
        let fixture = BusFixtureless()
        #expect(throws: DBusError.self) {
            try fixture.send(.methodCall(destination: "bad name", path: "/", interface: nil, member: "X"))
        }
        #expect(throws: DBusError.self) {
            try fixture.send(.methodCall(destination: nil, path: "/", interface: "no", member: "X"))
        }
        #expect(throws: DBusError.self) {
            try fixture.send(.methodCall(destination: nil, path: "/", interface: nil, member: "a.b"))
        }
        #expect(throws: DBusError.self) {
            try fixture.send(.signal(path: "/org/freedesktop/DBus/Local", interface: "a.b", member: "X"))
        }
        var error = Message(kind: .error)
        error.errorName = "bad"
        #expect(throws: DBusError.self) { try fixture.send(error) }
    }
}

/// Sends through Marshal only (no bus needed): what `DBusConnection.send` checks first.
struct BusFixtureless {
    func send(_ message: Message) throws {
        try DBusConnection.validateForSending(message)
    }
}

@Suite struct Codable {
    @Test func typedValuesCarryTheirSignatures() throws {
        #expect([String]().dbusValue.type.signature == "as")
        #expect([String: [String: DBusVariant]]().dbusValue.type.signature == "a{sa{sv}}")
        #expect([[UInt8]]().dbusValue.type.signature == "aay")
        let nested: [String: [String: DBusVariant]] = ["a": ["b": DBusVariant(UInt32(7))]]
        #expect(try [String: [String: DBusVariant]](dbusValue: nested.dbusValue) == nested)
        #expect(throws: DBusError.self) { try [Int32](dbusValue: [UInt32(1)].dbusValue) }
        #expect(try DBusValue.variant(.uint64(5)).decode(UInt64.self) == 5)
    }
}

@Suite struct TypeChecks {
    /// `hasType` answers as building the type and comparing would, for every pair of samples.
    @Test func hasTypeAgreesWithType() {
        let values =
            RoundTrip.samples + [
                .structure([.int32(1), .string("x")]), .structure([.int32(1), .int32(2)]),
                .array(.structure([.int32, .string]), []),
            ]
        let types = values.map(\.type) + [.structure([.int32]), .array(.int32), .dictionary(key: .string, value: .string)]
        for value in values {
            for type in types {
                #expect(value.hasType(type) == (value.type == type), "\(value) against \(type.signature)")
            }
        }
    }
}
