import DBus
import Foundation
import IsletBus
import IsletClient
import IsletCore
import TestSupport
import Testing

/// Issue 54: the commands are defined once, in IsletClient's ``IsletCommand``. The GNOME
/// extension and the Plasma applet are JavaScript and cannot import it: their one table
/// (`islandCall` in island.js, which the applet loads too) is read here and held to it.
@Suite struct CommandTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func source(_ path: String) throws -> String { try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }

    /// `case 'pause': return ['org.islet.Islet1.Timers', 'Pause', '(s)', [owner]];`, each row.
    static func islandCalls() throws -> [(verb: String, interface: String, method: String, signature: String, arguments: [String])] {
        let text = try source("packaging/gnome-shell/island.js")
        guard let start = text.range(of: "function islandCall("), let end = text.range(of: "\n}\n", range: start.upperBound..<text.endIndex) else {
            throw TestFailure("island.js has no islandCall")
        }
        let pattern = try NSRegularExpression(pattern: #"case '([a-z-]+)': return \['([^']+)', '([^']+)', (null|'\(([^']*)\)'), \[([^\]]*)\]\];"#)
        let body = String(text[start.lowerBound..<end.upperBound])
        return pattern.matches(in: body, range: NSRange(body.startIndex..., in: body)).map { match in
            func group(_ index: Int) -> String { Range(match.range(at: index), in: body).map { String(body[$0]) } ?? "" }
            let arguments = group(6).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return (group(1), group(2), group(3), group(5), arguments)
        }
    }

    static let timer = ActivitySnapshot(id: "t", owner: "islet", attributes: ["kind": .string("timer")], state: [:])
    static let fast = ActivitySnapshot(id: "f", owner: "fasting", attributes: ["kind": .string("fast")], state: [:])

    @Test func theIslandsCallsAreIsletCommands() throws {
        let rows = try Self.islandCalls()
        #expect(rows.count == 5, "islandCall's rows: \(rows.map(\.verb))")
        for row in rows {
            guard let verb = IsletCommand.Verb(rawValue: row.verb) else {
                Issue.record("island.js's \(row.verb) is no IsletCommand verb")
                continue
            }
            guard let command = IsletCommand(verb, on: Self.timer) ?? IsletCommand(verb, on: Self.fast), let call = command.call else {
                Issue.record("\(row.verb) means no call in Swift")
                continue
            }
            #expect(call.interface == row.interface && call.method == row.method, "\(row.verb): \(call.interface).\(call.method)")
            #expect(call.arguments.map(\.type).signature == row.signature, "\(row.verb): (\(call.arguments.map(\.type).signature))")
            // The JavaScript's values: the activity's owner, and numbers as they are.
            let values: [DBusValue] = row.arguments.map { $0 == "owner" ? .string("islet") : .uint64(UInt64($0) ?? 0) }
            #expect(call.arguments == values, "\(row.verb): \(row.arguments)")
        }
    }

    /// Every button the island and the applet show performs a command Swift knows, and every
    /// command a live activity's button can mean has its row.
    @Test func everyButtonIsACommand() throws {
        let island = try Self.source("packaging/gnome-shell/island.js")
        let actions = Set(
            try NSRegularExpression(pattern: #"action: '([a-z-]+)'"#).matches(in: island, range: NSRange(island.startIndex..., in: island)).compactMap {
                Range($0.range(at: 1), in: island).map { String(island[$0]) }
            })
        #expect(actions == ["stop-fast", "pause", "resume", "extend", "stop", "open-app"], "\(actions)")
        for action in actions { #expect(IsletCommand.Verb(rawValue: action) != nil, "\(action)") }
        let rows = Set(try Self.islandCalls().map(\.verb))
        #expect(rows == actions.subtracting([IsletCommand.Verb.open.rawValue]))
        // The applet presses through the same table.
        #expect(try Self.source("packaging/plasma/applet.js").contains("Island.islandPress(action"))
        #expect(try Self.source("packaging/gnome-shell/panel.js").contains("Island.islandPress(action"))
        // A program's activity's buttons (contract 1.4) are IsletCommand's act, through Act.
        #expect(island.contains("['org.islet.Islet1.LiveActivity', 'Act', '(ss)', [activity.id, action]]"))
        #expect(IsletBus.LiveActivity.Method.act.name == "Act")
    }

    /// The verbs mean what they say, on what they apply to.
    @Test func aVerbMeansACommandOnlyWhereItApplies() {
        #expect(IsletCommand(.pause, on: Self.timer) == .pauseTimer(owner: "islet"))
        #expect(IsletCommand(.pause, on: Self.fast) == nil)
        #expect(IsletCommand(.stopFast, on: Self.fast) == .stopFast)
        #expect(IsletCommand(.stopFast, on: Self.timer) == nil)
        #expect(IsletCommand(.extend, on: Self.timer) == .extendTimer(owner: "islet", seconds: 60))
        #expect(IsletCommand(.open, on: Self.fast) == .open(.fast))
        let custom = ActivitySnapshot(id: "c", owner: "org.example", attributes: ["kind": .string("custom")], state: [:])
        #expect(IsletCommand(.open, on: custom) == nil)
        #expect(IsletCommand(.stop, on: custom) == nil)
        // Contract 1.4: a program's activity has the buttons it offers now, pressed through Act.
        let song = ActivitySnapshot(
            id: "s", owner: "mpris:mpv", attributes: ["kind": .string("custom")], state: ["actions": .string("pause next")])
        #expect(IsletCommand(.next, on: song) == .act(activityID: "s", .next))
        #expect(IsletCommand(.pause, on: song)?.call?.method == "Act")
        #expect(IsletCommand(.pause, on: song)?.call?.arguments == [.string("s"), .string("pause")])
        #expect(IsletCommand(.resume, on: song) == nil && IsletCommand(.skip, on: song) == nil)
        for verb in IsletCommand.Verb.allCases {
            for activity in [Self.timer, Self.fast] { if let command = IsletCommand(verb, on: activity) { #expect(command.verb == verb) } }
        }
    }
}
