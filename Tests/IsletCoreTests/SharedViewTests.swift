import Foundation
import Testing

@testable import IsletCore

/// Tests/Fixtures/activity-views.json through islet's own view of an activity: the same table
/// runs through island.js (the GNOME Shell extension and the Plasma widget), so the rules of
/// what a surface shows (the count-up, the mark, the label, paused, stale, a goal reached) are
/// written twice but cannot drift apart (issue 72).
@Suite struct SharedViews {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let activity: ActivitySnapshot
        let expect: Expect
        var testDescription: String { name }
    }

    /// What the table expects: texts and numbers as it writes them (nil for null).
    struct Expect: Sendable {
        let kind, status, title, program, art, time, minimal, mark, label: String?
        let remaining, elapsed, percent: Int64?
        /// Seconds from now.
        let next: Double?
        let countsUp, stale: Bool?

        init(_ e: [String: Any]) {
            func text(_ key: String) -> String? { e[key] as? String }
            func number(_ key: String) -> Int64? { (e[key] as? NSNumber)?.int64Value }
            (kind, status, title, time, minimal) = (text("kind"), text("status"), text("title"), text("time"), text("minimal"))
            (program, art) = (text("program"), text("art"))
            (mark, label) = (text("mark"), text("label"))
            (remaining, elapsed, percent) = (number("remaining"), number("elapsed"), number("percent"))
            next = (e["next"] as? NSNumber)?.doubleValue
            (countsUp, stale) = (e["counts_up"] as? Bool, e["stale"] as? Bool)
        }
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/activity-views.json")

    static func load() throws -> (now: USec, cases: [Case]) {
        let data = try Data(contentsOf: fixture)
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let now = (root["now_usec"] as? NSNumber)?.uint64Value, let cases = root["cases"] as? [[String: Any]]
        else { throw TableError("\(fixture.path): not the table's shape") }
        return (
            now,
            try cases.map { entry in
                guard let name = entry["name"] as? String, let id = entry["id"] as? String, let owner = entry["owner"] as? String,
                    let attributes = entry["attributes"] as? [String: Any], let state = entry["state"] as? [String: Any],
                    let expect = entry["expect"] as? [String: Any]
                else { throw TableError("\(fixture.path): a case without name, id, owner, attributes, state or expect") }
                return Case(
                    name: name,
                    activity: ActivitySnapshot(
                        id: id, owner: owner, attributes: try values(attributes, now: now), state: try values(state, now: now)),
                    expect: Expect(expect))
            }
        )
    }

    /// The table's values as the contract types them: `_at_usec` seconds from now, other
    /// `_usec` keys seconds, the rest by CustomDictionary's key types.
    static func values(_ dictionary: [String: Any], now: USec) throws -> ActivityState {
        var state: ActivityState = [:]
        for (key, value) in dictionary {
            if let text = value as? String {
                state[key] = .string(text)
                continue
            }
            guard let number = value as? NSNumber else { throw TableError("\(key): neither a text nor a number") }
            if key.hasSuffix("_usec") {
                let usec = Int64((number.doubleValue * 1_000_000).rounded())
                state[key] = .uint64(UInt64(key.hasSuffix("_at_usec") ? Int64(now) + usec : usec))
                continue
            }
            switch CustomDictionary.typedKeys[key] {
            case "u": state[key] = .uint32(number.uint32Value)
            case "d": state[key] = .double(number.doubleValue)
            case "b": state[key] = .bool(number.boolValue)
            default: throw TableError("\(key): a number under a key the contract does not type")
            }
        }
        return state
    }

    static let cases: [Case] = (try? load().cases) ?? []

    @Test func theTableIsRead() throws {
        let (_, cases) = try Self.load()
        #expect(cases.count >= 15, "\(Self.fixture.path)")
    }

    @Test(arguments: cases) func swiftShowsWhatTheTableSays(_ c: Case) throws {
        let now = try Self.load().now
        let view = ActivityView(c.activity, now: now, unit: .seconds)
        let e = c.expect
        #expect(view.kind.rawValue == e.kind)
        #expect(view.status.rawValue == e.status)
        #expect(view.title == e.title)
        #expect(view.program == e.program)
        #expect(view.art == e.art)
        #expect((view.hasTime ? view.timeText : nil) == e.time)
        #expect((view.hasTime ? view.minimalText : nil) == e.minimal)
        #expect(view.remaining.map(Int64.init) == e.remaining)
        #expect(Int64(view.elapsed) == e.elapsed)
        #expect(view.compactMark == e.mark)
        #expect(view.phaseLabel == e.label)
        #expect(view.percent.map(Int64.init) == e.percent)
        #expect(view.nextChange == e.next.map { now + UInt64(($0 * 1_000_000).rounded()) })
        #expect(view.countsUp == e.countsUp)
        #expect(view.isStale == e.stale)
    }
}

struct TableError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
