import Foundation
import JSONCoding
import Testing

/// Every shape Swift's synthesized Codable produces: nested structs, optionals present and
/// absent, an enum with a raw value and one with associated values (nested keyed containers),
/// arrays, dictionaries by String and by Int, and the number types at their limits.
private struct Sample: Codable, Equatable {
    enum Kind: String, Codable { case fast, timer }
    enum Value: Codable, Equatable {
        case number(Double)
        case words(String, count: UInt32)
        case none
    }
    struct Part: Codable, Equatable {
        var name: String
        var seconds: UInt64
    }
    var kind: Kind
    var title: String
    var note: String?
    var missing: Int?
    var parts: [Part]
    var values: [String: Value]
    var byDay: [Int: [Bool]]
    var optionals: [Int8?]
    var small: Int16
    var big: UInt64
    var negative: Int64
    var ratio: Double
    var tiny: Float
}

private let sample = Sample(
    kind: .timer, title: "Tea \"green\" / \\ é \u{1} \n\t 🍵", note: "", missing: nil,
    parts: [.init(name: "A", seconds: 30), .init(name: "", seconds: 0)],
    values: ["progress": .number(0.1), "status": .words("ok", count: 3), "nothing": .none, "": .number(-5e-324)],
    byDay: [-3: [true, false], 20_000: []], optionals: [1, nil, -128], small: .min, big: .max, negative: .min,
    ratio: 1.0 / 3.0, tiny: 1.5e-7)

@Suite struct JSONCodingTests {
    @Test func whatIsWrittenReadsBackExactly() throws {
        let text = try JSONEncoding.text(sample)
        #expect(try JSONDecoding.value(Sample.self, from: text) == sample)
        #expect(!text.contains(" : "))
        #expect(text.hasPrefix("{\"kind\":\"timer\",\"title\":\"Tea \\\"green\\\" / \\\\ é \\u0001 \\n\\t 🍵\",\"note\":\"\",\"parts\":["))
        #expect(text.contains("\"big\":18446744073709551615,\"negative\":-9223372036854775808"))
    }

    @Test func foundationReadsItAndItReadsFoundation() throws {
        let ours = try JSONEncoding.text(sample)
        #expect(try JSONDecoder().decode(Sample.self, from: Data(ours.utf8)) == sample)
        let theirs = String(decoding: try JSONEncoder().encode(sample), as: UTF8.self)
        #expect(theirs.contains("\\/"))
        #expect(try JSONDecoding.value(Sample.self, from: theirs) == sample)
    }

    @Test func scalarsAtTheTopLevel() throws {
        #expect(try JSONEncoding.text("a") == "\"a\"")
        #expect(try JSONEncoding.text(UInt64.max) == "18446744073709551615")
        #expect(try JSONEncoding.text([Int?.none, 2]) == "[null,2]")
        #expect(try JSONDecoding.value([String: Int].self, from: " { \"a\" : 1 , \"b\":2e0 } ") == ["a": 1, "b": 2])
        #expect(try JSONDecoding.value(Double.self, from: "1e-05") == 0.00001)
        #expect(try JSONDecoding.value(Int?.self, from: "null") == nil)
    }

    @Test func aDoubleThatJSONCannotHoldIsRefused() {
        #expect(throws: EncodingError.self) { try JSONEncoding.text([Double.nan]) }
        #expect(throws: EncodingError.self) { try JSONEncoding.text(["x": Double.infinity]) }
    }

    @Test func badInputIsANamedError() {
        // What the error says, from its context (how a DecodingError prints differs between
        // Swift 6.2 and 6.3).
        func failure(_ text: String, as type: (some Decodable).Type) -> String {
            do {
                _ = try JSONDecoding.value(type, from: text)
                return "read"
            } catch {
                guard let error = error as? DecodingError else { return "\(error)" }
                switch error {
                case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
                    return context.debugDescription
                @unknown default: return "\(error)"
                }
            }
        }
        #expect(failure("{\"kind\":\"timer\"", as: Sample.self).contains("line 1: the JSON ends too early"))
        #expect(failure("{\n\"a\": tru}", as: [String: Bool].self).contains("line 2"))
        #expect(failure("{\"name\":\"A\"}", as: Sample.Part.self).contains("no member \"seconds\""))
        #expect(failure("{\"name\":\"A\",\"seconds\":-1}", as: Sample.Part.self).contains("found the number -1"))
        #expect(failure("{\"name\":\"A\",\"seconds\":1.5}", as: Sample.Part.self).contains("expected UInt64"))
        #expect(failure("{\"name\":7,\"seconds\":1}", as: Sample.Part.self).contains("expected String, found the number 7"))
        #expect(failure("{\"kind\":\"lunch\"}", as: [String: Sample.Kind].self).contains("lunch"))
        #expect(failure("[1,2]", as: Sample.Part.self).contains("expected an object, found an array"))
        #expect(failure(String(repeating: "[", count: 100), as: [Int].self).contains("nested too deeply"))
        // Objects and arrays: what stands between and after their elements.
        #expect(failure("[1 2]", as: [Int].self).contains("expected , or ] in an array"))
        #expect(failure("{\"a\": 1 \"b\": 2}", as: [String: Int].self).contains("expected , or } in an object"))
        #expect(failure("{a: 1}", as: [String: Int].self).contains("expected a key in quotes"))
        #expect(failure("{\"a\" 1}", as: [String: Int].self).contains("expected : after a key"))
        #expect(failure("[1,", as: [Int].self).contains("the JSON ends too early"))
        #expect((try? JSONDecoding.value([String: [Int]].self, from: " { \"a\" : [ 1 , 2 ] , \"b\" : [ ] } ")) == ["a": [1, 2], "b": []])
    }

    @Test func theErrorSaysWhereTheValueIs() {
        do {
            _ = try JSONDecoding.value([Sample.Part].self, from: "[{\"name\":\"A\",\"seconds\":1},{\"name\":\"B\",\"seconds\":\"1\"}]")
            Issue.record("a string read as a number")
        } catch {
            guard case DecodingError.typeMismatch(_, let context) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(context.codingPath.map { $0.intValue.map { "\($0)" } ?? $0.stringValue } == ["1", "seconds"])
        }
    }
}
