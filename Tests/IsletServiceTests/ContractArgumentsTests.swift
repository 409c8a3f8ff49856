import DBus
import Foundation
import IsletBus
import TestSupport
import Testing

/// Issue 54: the contract's arguments are Swift types with named fields (``DBusArguments``),
/// used by isletd's handlers, the client and islet-notify alike. The XML is the published
/// contract: each member's `<arg>`s there are, name for name and type for type, its type's.
@Suite(.startsProcesses) struct ContractArgumentsTests {
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

    typealias LiveActivity = IsletBus.LiveActivity

    /// Each method with its input's and reply's types, as the handlers and the client use them.
    static let methods: [(interface: String, name: String, input: [DBusArgument], output: [DBusArgument])] = [
        (Fasting.name, "StartFast", [], Fasting.FastRunning.arguments),
        (Fasting.name, "StartFastAt", Fasting.StartAt.arguments, Fasting.FastRunning.arguments),
        (Fasting.name, "StopFast", [], Fasting.FastSpan.arguments),
        (Fasting.name, "StopFastAt", Fasting.EndAt.arguments, Fasting.FastSpan.arguments),
        (Fasting.name, "UndoStopFast", [], Fasting.FastRunning.arguments),
        (Fasting.name, "SetGoal", Fasting.Goal.arguments, []),
        (Fasting.name, "ClearGoal", [], []),
        (Fasting.name, "SetActiveFastGoal", Fasting.Goal.arguments, []),
        (Fasting.name, "ListPresets", [], Fasting.Presets.arguments),
        (Fasting.name, "ListFasts", Fasting.Page.arguments, Fasting.Fasts.arguments),
        (Fasting.name, "EditFast", Fasting.FastSpan.arguments, []),
        (Fasting.name, "AddFast", Fasting.NewFast.arguments, Fasting.FastID.arguments),
        (Fasting.name, "DeleteFast", Fasting.FastID.arguments, []),
        (Fasting.name, "GetStats", [], Fasting.Stats.arguments),
        (Fasting.name, "ListFastRecords", Fasting.Page.arguments, Fasting.Records.arguments),
        (Fasting.name, "SetFastNote", Fasting.Note.arguments, []),
        (Fasting.name, "ImportFasts", Fasting.Import.arguments, Fasting.ImportVerdict.arguments),
        (Fasting.name, "ListDays", Fasting.DayRange.arguments, Fasting.Days.arguments),
        (Fasting.name, "SetFastStart", Fasting.StartAt.arguments, Fasting.FastRunning.arguments),
        (Fasting.name, "SetSchedule", Fasting.ScheduleChange.arguments, []),
        (Timers.name, "Start", Timers.Countdown.arguments, []),
        (Timers.name, "StartIntervals", Timers.Intervals.arguments, []),
        (Timers.name, "Pause", Timers.Owner.arguments, []),
        (Timers.name, "Resume", Timers.Owner.arguments, []),
        (Timers.name, "Stop", Timers.Owner.arguments, []),
        (Timers.name, "Extend", Timers.MoreTime.arguments, []),
        (Timers.name, "List", [], Timers.TimerList.arguments),
        (LiveActivity.name, "Get", [], LiveActivity.Activity.arguments),
        (LiveActivity.name, "Start", LiveActivity.Start.arguments, LiveActivity.Started.arguments),
        (LiveActivity.name, "Update", LiveActivity.Update.arguments, []),
        (LiveActivity.name, "End", LiveActivity.Owner.arguments, []),
        (LiveActivity.name, "Finish", LiveActivity.Finish.arguments, []),
        (LiveActivity.name, "Act", LiveActivity.Action.arguments, []),
    ]

    /// Each signal with its arguments' type, as isletd emits it and listeners read it.
    static let signals: [String: [DBusArgument]] = [
        "\(Fasting.name).FastStarted": Fasting.FastRunning.arguments,
        "\(Fasting.name).FastStopped": Fasting.FastSpan.arguments,
        "\(Fasting.name).GoalReached": Fasting.GoalPassed.arguments,
        "\(Fasting.name).FastStartChanged": Fasting.FastRunning.arguments,
        "\(Fasting.name).Reminder": Fasting.ReminderDue.arguments,
        "\(Fasting.name).StageReached": Fasting.StageReached.arguments,
        "\(Fasting.name).HistoryChanged": [],
        "\(Timers.name).TimerChanged": Timers.TimerState.arguments,
        "\(Timers.name).PhaseChanged": Timers.PhaseBegan.arguments,
        "\(Timers.name).TimerFinished": Timers.Finished.arguments,
        "\(Timers.name).TimerRemoved": Timers.Removed.arguments,
        "\(LiveActivity.name).ActivityStarted": LiveActivity.Activity.arguments,
        "\(LiveActivity.name).ActivityUpdated": LiveActivity.Changed.arguments,
        "\(LiveActivity.name).ActivityEnded": LiveActivity.Ended.arguments,
        "\(LiveActivity.name).ActionInvoked": LiveActivity.Invoked.arguments,
    ]

    /// Every member of the three interfaces is in the tables above: none is left positional.
    @Test func everyMemberHasItsTypes() {
        let methods = Set(Self.methods.map { "\($0.interface).\($0.name)" })
        let signals = Set(Self.signals.keys)
        let allMethods =
            Fasting.Method.allCases.map { "\(Fasting.name).\($0.name)" } + Timers.Method.allCases.map { "\(Timers.name).\($0.name)" }
            + LiveActivity.Method.allCases.map { "\(LiveActivity.name).\($0.name)" }
        let allSignals =
            Fasting.Signal.allCases.map { "\(Fasting.name).\($0.name)" } + Timers.Signal.allCases.map { "\(Timers.name).\($0.name)" }
            + LiveActivity.Signal.allCases.map { "\(LiveActivity.name).\($0.name)" }
        #expect(methods == Set(allMethods), "\(Set(allMethods).symmetricDifference(methods))")
        #expect(signals == Set(allSignals), "\(Set(allSignals).symmetricDifference(signals))")
    }

    @Test func thePublishedXMLIsTheSwiftTypes() throws {
        for method in Self.methods {
            let args = try Self.published("method", method.name, in: method.interface)
            #expect(Self.same(args.filter { $0.direction == "in" }, method.input), "\(method.name)'s inputs: \(args)")
            #expect(Self.same(args.filter { $0.direction == "out" }, method.output), "\(method.name)'s reply: \(args)")
        }
        for (member, arguments) in Self.signals {
            guard let dot = member.lastIndex(of: ".") else { continue }
            let (interface, name) = (String(member[..<dot]), String(member[member.index(after: dot)...]))
            let args = try Self.published("signal", name, in: interface)
            #expect(Self.same(args, arguments), "\(name): \(args)")
        }
    }

    /// Each type encodes in its published order and types, and reads back what it wrote.
    @Test func eachTypeReadsBackWhatItWrote() throws {
        func check<T: DBusArguments>(_ value: T) throws {
            #expect(value.values.map(\.type) == T.arguments.map(\.type), "\(T.self)")
            #expect(try T(values: value.values).values == value.values, "\(T.self)")
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
        try check(Fasting.GoalPassed(fastID: 7, reachedAt: 9))
        try check(Fasting.Page(offset: 0, limit: 1000))
        try check(Fasting.Note(fastID: 7, note: "fine", rating: 4))
        try check(Fasting.DayRange(from: 1, count: 7))
        try check(Fasting.Stats(stats: .stringVariantDictionary(["count": .uint64(3)])))
        try check(Fasting.ScheduleChange(schedule: .stringVariantDictionary(["enabled": .boolean(true)])))
        try check(Fasting.Presets(presets: [.init(goalSeconds: 57_600, schedule: "16:8", description: "Leangains")]))
        try check(Fasting.Fasts(fasts: [.init(fastID: 1, startedAt: 2, endedAt: 3, goalSeconds: 4)]))
        try check(Fasting.Fasts(fasts: []))
        try check(Fasting.Records(fasts: [.init(fast: .init(fastID: 1, startedAt: 2, endedAt: 3, goalSeconds: 4), note: "n", rating: 5)]))
        try check(Fasting.Import(fasts: [.init(fast: .init(startedAt: 1, endedAt: 2, goalSeconds: 3), note: "", rating: 0)], dryRun: true))
        try check(Fasting.ImportVerdict(added: 1, duplicates: [2], refused: [.init(index: 3, reason: "overlaps", otherEntry: 1)]))
        try check(Fasting.Days(days: [.init(startsAt: 1, fasted: 2, goalMet: true)]))
        try check(Timers.Intervals(owner: "gym", title: "HIIT", phaseNames: ["Work", "Rest"], phaseSeconds: [40, 20], rounds: 8))
        try check(Timers.TimerList(timers: [.init(owner: "gym", state: .stringVariantDictionary(["status": .string("running")]))]))
        try check(Timers.PhaseBegan(owner: "gym", index: 1, name: "Rest"))
        try check(Timers.Finished(owner: "gym", finishedAt: 5))
        try check(Timers.Removed(owner: "gym", reason: "stopped"))
        let empty = DBusValue.stringVariantDictionary([:])
        try check(LiveActivity.Activity(activityID: "a", owner: "o", attributes: empty, state: empty))
        try check(LiveActivity.Start(owner: "o", attributes: empty, state: empty))
        try check(LiveActivity.Started(activityID: "a"))
        try check(LiveActivity.Update(owner: "o", state: empty))
        try check(LiveActivity.Finish(owner: "o", state: empty, dismissal: "default", dismissAt: 0))
        try check(LiveActivity.Changed(activityID: "a", state: empty))
        try check(LiveActivity.Ended(activityID: "a", reason: "stopped"))
    }

    /// What does not fit is refused in words that name the argument; too few or too many, by
    /// the signature.
    @Test func aMismatchNamesTheArgument() {
        #expect(throws: DBusError.self) { try Fasting.FastRunning(values: [.uint64(1)]) }
        #expect(throws: DBusError.self) { try NoArguments(values: [.uint64(1)]) }
        // A dictionary where the contract has one, and nothing else.
        #expect(throws: DBusError.self) { try LiveActivity.Changed(values: [.string("a"), .string("not a dictionary")]) }
        do {
            _ = try Fasting.FastRunning(values: [.string("7"), .uint64(1)])
            Issue.record("a string read as fast_id")
        } catch {
            #expect(error.message.contains("fast_id") && error.message.contains("expected"), "\(error.message)")
        }
    }

    /// The types are written at build time from Sources/IsletBus/*.arguments by contract-arguments:
    /// a mistake in such a file stops the build with the file, the line and what is wrong.
    @Test func aMistakeInAnArgumentsFileIsNamedWithItsLine() async throws {
        let directory = try TemporaryDirectory.make(prefix: "islet-arguments")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(text: String, line: Int, says: String)] = [
            ("arguments Early\n    owner: String\n", 1, "before the extension line"),
            ("extension IsletBus.Timers\n\n    owner: String\n", 3, "a field before any type"),
            ("extension IsletBus.Timers\narguments Owner\n    owner: Strin\n", 3, "'Strin' is not a type"),
            ("extension IsletBus.Timers\narguments Owner\n    Owner owner: String\n", 3, "a published name is lower case"),
            ("extension IsletBus.Timers\nentry Owner\n    ...owner: Missing\n", 3, "a type written above it"),
            ("extension IsletBus.Timers\narguments Owner\narguments Owner\n", 3, "not a new type name"),
            ("extension IsletBus.Timers\nstruct Owner\n", 2, "expected 'extension NAME'"),
            ("extension IsletBus.Timers\narguments Owner\n\narguments Empty\n    # none\n", 2, "Owner has no fields"),
        ]
        for (index, example) in cases.enumerated() {
            let input = directory.appendingPathComponent("case\(index).arguments")
            try example.text.write(to: input, atomically: true, encoding: .utf8)
            let output = directory.appendingPathComponent("case\(index).swift")
            let result = try await Command.run([builtProduct("contract-arguments"), input.path, output.path])
            #expect(result.status == 1, "\(example.text): \(result)")
            #expect(result.stderr.hasPrefix("\(input.path):\(example.line): error: "), "\(result.stderr)")
            #expect(result.stderr.contains(example.says), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output.path), "written despite the mistake")
        }
        // A good file: each field once in the type, its <arg>, its encoding and its decoding.
        let input = directory.appendingPathComponent("Good.arguments")
        try "extension IsletBus.Timers\n/// A doc.\narguments Named\n    owner_name owner: String\n    seconds: UInt64\n".write(
            to: input, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("Good.swift")
        let result = try await Command.run([builtProduct("contract-arguments"), input.path, output.path])
        #expect(result.status == 0, "\(result)")
        let swift = try String(contentsOf: output, encoding: .utf8)
        for line in [
            "    /// A doc.", "public struct Named: DBusArguments {", "public var owner: String", "public var seconds: UInt64",
            #"[arg("owner_name", .string), arg("seconds", .uint64)]"#, "{ [.string(owner), .uint64(seconds)] }",
            "self.init(owner: try reader.next(), seconds: try reader.next())",
        ] {
            #expect(swift.contains(line), "\(line) in:\n\(swift)")
        }
    }
}
