import DBus
import Foundation
import IsletBus
import TestSupport
import Testing

/// Issue 54: the contract's arguments are Swift types with named fields (``DBusArguments``),
/// used by isletd's handlers, the client and islet-notify alike. The XML is the published
/// contract: each member's `<arg>`s there are, name for name and type for type, its type's.
@Suite struct ContractArgumentsTests {
    typealias Fasting = IsletBus.Fasting
    typealias Timers = IsletBus.Timers

    /// The `<arg>`s of a member in dbus/org.islet.Islet1.xml: (name, type, direction).
    static func published(_ kind: String, _ member: String, in interface: String) throws -> [(name: String, type: String, direction: String)] {
        let file = try String(contentsOfFile: "dbus/org.islet.Islet1.xml", encoding: .utf8)
        guard let start = file.range(of: "<interface name=\"\(interface)\">"),
            let open = file.range(of: "<\(kind) name=\"\(member)\"", range: start.upperBound..<file.endIndex),
            let close = file.range(of: "</\(kind)>", range: open.upperBound..<file.endIndex)
        else { throw TestFailure("no \(kind) \(member) in \(interface)") }
        let body = String(file[open.upperBound..<close.lowerBound])
        let pattern = try NSRegularExpression(pattern: #"<arg name="([a-z_]+)" type="([^"]+)"(?: direction="(in|out)")?/>"#)
        return pattern.matches(in: body, range: NSRange(body.startIndex..., in: body)).map { match in
            func group(_ i: Int) -> String { Range(match.range(at: i), in: body).map { String(body[$0]) } ?? "" }
            return (group(1), group(2), group(3))
        }
    }

    static func same(_ published: [(name: String, type: String, direction: String)], _ arguments: [DBusArgument]) -> Bool {
        published.map(\.name) == arguments.map(\.name) && published.map(\.type) == arguments.map(\.type.signature)
    }

    /// Each method with its input's and reply's types, as the handlers and the client use them.
    static let methods: [(interface: String, name: String, input: [DBusArgument], output: [DBusArgument])] = [
        (Fasting.name, "StartFast", [], Fasting.FastRunning.arguments),
        (Fasting.name, "StartFastAt", Fasting.StartAt.arguments, Fasting.FastRunning.arguments),
        (Fasting.name, "StopFast", [], Fasting.FastSpan.arguments),
        (Fasting.name, "StopFastAt", Fasting.EndAt.arguments, Fasting.FastSpan.arguments),
        (Fasting.name, "UndoStopFast", [], Fasting.FastRunning.arguments),
        (Fasting.name, "SetFastStart", Fasting.StartAt.arguments, Fasting.FastRunning.arguments),
        (Fasting.name, "SetGoal", Fasting.Goal.arguments, []),
        (Fasting.name, "SetActiveFastGoal", Fasting.Goal.arguments, []),
        (Fasting.name, "EditFast", Fasting.FastSpan.arguments, []),
        (Fasting.name, "AddFast", Fasting.NewFast.arguments, Fasting.FastID.arguments),
        (Fasting.name, "DeleteFast", Fasting.FastID.arguments, []),
        (Timers.name, "Start", Timers.Countdown.arguments, []),
        (Timers.name, "Pause", Timers.Owner.arguments, []),
        (Timers.name, "Resume", Timers.Owner.arguments, []),
        (Timers.name, "Stop", Timers.Owner.arguments, []),
        (Timers.name, "Extend", Timers.MoreTime.arguments, []),
    ]

    static let signals: [(interface: String, name: String, arguments: [DBusArgument])] = [
        (Fasting.name, "FastStarted", Fasting.FastRunning.arguments),
        (Fasting.name, "FastStopped", Fasting.FastSpan.arguments),
        (Fasting.name, "FastStartChanged", Fasting.FastRunning.arguments),
        (Fasting.name, "Reminder", Fasting.ReminderDue.arguments),
        (Fasting.name, "StageReached", Fasting.StageReached.arguments),
    ]

    @Test func thePublishedXMLIsTheSwiftTypes() throws {
        for method in Self.methods {
            let args = try Self.published("method", method.name, in: method.interface)
            #expect(Self.same(args.filter { $0.direction == "in" }, method.input), "\(method.name)'s inputs: \(args)")
            #expect(Self.same(args.filter { $0.direction == "out" }, method.output), "\(method.name)'s reply: \(args)")
        }
        for signal in Self.signals {
            let args = try Self.published("signal", signal.name, in: signal.interface)
            #expect(Self.same(args, signal.arguments), "\(signal.name): \(args)")
        }
    }

    /// Each type encodes in its published order and types, and reads back what it wrote.
    @Test func eachTypeReadsBackWhatItWrote() throws {
        func check<T: DBusArguments>(_ value: T) throws {
            #expect(value.values.map(\.type) == T.arguments.map(\.type), "\(T.self)")
            #expect(try T(values: value.values) == value, "\(T.self)")
        }
        try check(Fasting.FastRunning(fastID: 7, startedAt: 1_800_000_000_000_000))
        try check(Fasting.FastSpan(fastID: 7, startedAt: 1, endedAt: 2))
        try check(Fasting.StartAt(startedAt: 3))
        try check(Fasting.EndAt(endedAt: 4))
        try check(Fasting.Goal(goalSeconds: 57_600))
        try check(Fasting.FastID(fastID: 9))
        try check(Fasting.NewFast(startedAt: 1, endedAt: 2, goalSeconds: 3))
        try check(Fasting.ReminderDue(kind: "fast-starts", dueAt: 5, fastStartsAt: 6))
        try check(Fasting.StageReached(fastID: 7, stage: 2, reachedAt: 8))
        try check(Timers.Owner(owner: "kitchen"))
        try check(Timers.Countdown(owner: "kitchen", title: "Tea", seconds: 180))
        try check(Timers.MoreTime(owner: "kitchen", seconds: 60))
        try check(NoArguments())
    }

    /// What does not fit is refused in words that name the argument; too few or too many, by
    /// the signature.
    @Test func aMismatchNamesTheArgument() {
        #expect(throws: DBusError.self) { try Fasting.FastRunning(values: [.uint64(1)]) }
        #expect(throws: DBusError.self) { try NoArguments(values: [.uint64(1)]) }
        do {
            _ = try Fasting.FastRunning(values: [.string("7"), .uint64(1)])
            Issue.record("a string read as fast_id")
        } catch {
            #expect(error.message.contains("fast_id") && error.message.contains("expected"), "\(error.message)")
        }
    }
}
