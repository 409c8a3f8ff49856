import DBus
import Foundation
import TestSupport
import Testing

/// Contract 1.3 (FR-005 grown): a note and a rating per fast, an import that adds all or
/// nothing, and the fasting of each local day, through real clients.
@Suite(.startsProcesses) struct HistoryNotesAndImport {
    let hour: UInt64 = 3_600_000_000

    func records(_ daemon: Daemon) async throws -> [(id: UInt64, note: String, rating: UInt8)] {
        let reply = try await daemon.fasting.call("ListFastRecords", [.uint32(0), .uint32(100)])
        guard case .array(_, let items)? = reply.first else { return [] }
        return items.compactMap { item in
            guard case .structure(let f) = item, case .uint64(let id) = f[0], case .string(let note) = f[4], case .byte(let rating) = f[5] else {
                return nil
            }
            return (id, note, rating)
        }
    }

    @Test func FR005_aNoteAndARatingAreKeptAcrossARestart() async throws {
        let daemon = try await Daemon()
        let now = nowUSec()
        try await daemon.fasting.call("AddFast", [.uint64(now - 30 * hour), .uint64(now - 14 * hour), .uint64(57600)])
        let sent = try await daemon.dbusSend("Fasting.SetFastNote", "uint64:1", "string:Easy; coffee at 10.", "byte:5")
        #expect(sent.status == 0, "\(sent)")
        await expectError("org.islet.Islet1.Error.UnknownFast") {
            try await daemon.fasting.call("SetFastNote", [.uint64(2), .string("x"), .byte(1)])
        }
        await expectError("org.islet.Islet1.Error.InvalidArgument") {
            try await daemon.fasting.call("SetFastNote", [.uint64(1), .string("x"), .byte(6)])
        }
        await expectError("org.islet.Islet1.Error.InvalidArgument") {
            try await daemon.fasting.call("SetFastNote", [.uint64(1), .string(String(repeating: "é", count: 1001)), .byte(1)])
        }
        daemon.stop()
        try await daemon.start()
        let kept = try await records(daemon)
        #expect(kept.count == 1 && kept[0].id == 1 && kept[0].note == "Easy; coffee at 10." && kept[0].rating == 5)
        // An edit of the times keeps the note.
        try await daemon.fasting.call("EditFast", [.uint64(1), .uint64(now - 31 * hour), .uint64(now - 14 * hour)])
        #expect(try await records(daemon).first?.note == "Easy; coffee at 10.")
    }

    /// HistoryChanged (contract 1.3), as dbus-monitor hears it: once for each call that changed
    /// the completed history other than a stop; nothing for a dry run, a refused import, a
    /// failed call or a stop (FastStopped says that one).
    @Test func FR005_everyChangeOfTheHistoryButAStopIsAnnounced() async throws {
        let daemon = try await Daemon()
        let monitor = try await BusMonitor(address: daemon.bus.address, rules: ["type='signal',interface='org.islet.Islet1.Fasting'"])
        let now = nowUSec()
        func heard() -> [String] { monitor.messages.filter { $0.kind == "signal" }.map(\.member) }
        func count(_ member: String) -> Int { heard().filter { $0 == member }.count }
        /// Waits for `total` HistoryChanged, then (a stop's FastStopped heard last) checks that
        /// no other came.
        func expectHeard(_ total: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            #expect(await eventually({ count("HistoryChanged") >= total }), "\(heard())", sourceLocation: sourceLocation)
            try await daemon.fasting.call("StartFast")
            try await daemon.fasting.call("StopFast")
            try await daemon.fasting.call("DeleteFast", [.uint64(try await lastID())])
            #expect(await eventually({ count("HistoryChanged") >= total + 1 }), "\(heard())", sourceLocation: sourceLocation)
            #expect(count("HistoryChanged") == total + 1, "\(heard())", sourceLocation: sourceLocation)
        }
        func lastID() async throws -> UInt64 {
            let reply = try await daemon.fasting.call("ListFasts", [.uint32(0), .uint32(1)])
            guard case .array(_, let rows)? = reply.first, case .structure(let fields)? = rows.first, case .uint64(let id)? = fields.first else { return 0 }
            return id
        }
        try await daemon.fasting.call("AddFast", [.uint64(now - 100 * hour), .uint64(now - 84 * hour), .uint64(0)])
        try await expectHeard(1)  // AddFast (the stop's DeleteFast makes 2)
        try await daemon.fasting.call("EditFast", [.uint64(1), .uint64(now - 101 * hour), .uint64(now - 84 * hour)])
        try await daemon.fasting.call("SetFastNote", [.uint64(1), .string("fine"), .byte(3)])
        try await expectHeard(4)
        await expectError("org.islet.Islet1.Error.UnknownFast") { try await daemon.fasting.call("DeleteFast", [.uint64(999)]) }
        await expectError("org.islet.Islet1.Error.InvalidArgument") {
            try await daemon.fasting.call("EditFast", [.uint64(1), .uint64(now - 80 * hour), .uint64(now - 90 * hour)])
        }
        let dry = try await Command.run([
            "gdbus", "call", "--address", daemon.bus.address, "--dest", Daemon.name, "--object-path", Daemon.path.rawValue,
            "--method", "org.islet.Islet1.Fasting.ImportFasts", "[(uint64 \(now - 60 * hour), uint64 \(now - 44 * hour), uint64 0, '', byte 0)]", "true",
        ])
        #expect(dry.status == 0, "\(dry)")
        try await expectHeard(5)  // nothing for the failures and the dry run
        let real = try await Command.run([
            "gdbus", "call", "--address", daemon.bus.address, "--dest", Daemon.name, "--object-path", Daemon.path.rawValue,
            "--method", "org.islet.Islet1.Fasting.ImportFasts",
            "[(uint64 \(now - 60 * hour), uint64 \(now - 44 * hour), uint64 0, 'a', byte 1), (uint64 \(now - 40 * hour), uint64 \(now - 30 * hour), uint64 0, '', byte 0)]",
            "false",
        ])
        #expect(real.status == 0, "\(real)")
        try await daemon.fasting.call("DeleteFast", [.uint64(1)])
        try await expectHeard(8)  // the import once for its two fasts, the delete
        // A stop undone: its fast leaves the history to run again.
        try await daemon.fasting.call("StartFast")
        try await daemon.fasting.call("StopFast")
        try await daemon.fasting.call("UndoStopFast")
        // The undo says HistoryChanged, then FastStarted: waited for until the last has come.
        #expect(await eventually({ count("HistoryChanged") == 10 && heard().last == "FastStarted" }), "\(heard())")
        let order = heard()
        #expect(order.suffix(3) == ["FastStopped", "HistoryChanged", "FastStarted"], "\(order)")
        // Every stop was FastStopped alone.
        #expect(count("FastStopped") == 5, "\(order)")
    }

    @Test func anImportIsCheckedByADryRunThenAddedAllOrNothing() async throws {
        let daemon = try await Daemon()
        let now = nowUSec()
        try await daemon.fasting.call("AddFast", [.uint64(now - 100 * hour), .uint64(now - 84 * hour), .uint64(0)])
        func entry(_ from: UInt64, _ to: UInt64, _ note: String = "", _ rating: UInt8 = 0) -> String {
            "(uint64 \(now - from * hour), uint64 \(now - to * hour), uint64 57600, '\(note)', byte \(rating))"
        }
        func importing(_ entries: [String], dryRun: Bool) async throws -> CommandResult {
            try await Command.run([
                "gdbus", "call", "--address", daemon.bus.address, "--dest", Daemon.name, "--object-path", Daemon.path.rawValue,
                "--method", "org.islet.Islet1.Fasting.ImportFasts", "[" + entries.joined(separator: ", ") + "]", dryRun ? "true" : "false",
            ])
        }
        let file = [entry(100, 84), entry(90, 80), entry(60, 44, "felt fine", 4), entry(50, 40), entry(30, 14)]
        let dry = try await importing(file, dryRun: true)
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.stdout.hasPrefix("(uint32 2, [uint32 0], [(uint32 1, 'it overlaps the fast from "), "\(dry.stdout)")
        #expect(dry.stdout.contains("(3, 'it overlaps entry 3 of this import', 3)"), "\(dry.stdout)")
        // A real run with refusals writes nothing.
        let refused = try await importing(file, dryRun: false)
        #expect(refused.stdout.hasPrefix("(uint32 0, [uint32 0], [(uint32 1,"), "\(refused.stdout)")
        #expect(try await records(daemon).count == 1)
        // Without them: every new entry, in one transaction, notes included.
        let clean = try await importing([entry(100, 84), entry(60, 44, "felt fine", 4), entry(30, 14)], dryRun: false)
        #expect(clean.stdout == "(uint32 2, [uint32 0], @a(usu) [])\n", "\(clean)")
        let all = try await records(daemon)
        #expect(all.map(\.id) == [3, 2, 1])
        #expect(all.map(\.note) == ["", "felt fine", ""] && all.map(\.rating) == [0, 4, 0])
        // The same file again adds nothing: every entry is a duplicate.
        let again = try await importing([entry(100, 84), entry(60, 44, "felt fine", 4), entry(30, 14)], dryRun: false)
        #expect(again.stdout == "(uint32 0, [uint32 0, 1, 2], @a(usu) [])\n", "\(again)")
        let stats = try await daemon.dbusSend("Fasting.GetStats")
        #expect(stats.stdout.contains("uint64 3"), "the totals count the imported fasts: \(stats.stdout)")
    }

    @Test func listDaysSplitsAFastAcrossMidnightAndCountsTheRunningOne() async throws {
        // In UTC, so that the days are the test's own arithmetic.
        let daemon = try await Daemon(environment: ProcessInfo.processInfo.environment.merging(["TZ": "UTC"]) { $1 })
        let now = nowUSec()
        let today = now / (86400 * 1_000_000) * (86400 * 1_000_000)
        // Two days ago 20:00 to yesterday 12:00 (goal met); a fast running since today 00:00
        // (or since now - 1 s, just after midnight).
        try await daemon.fasting.call("AddFast", [.uint64(today - 28 * hour), .uint64(today - 12 * hour), .uint64(57600)])
        let since = max(today, now - 1_000_000)
        try await daemon.fasting.call("StartFastAt", [.uint64(since)])
        let reply = try await daemon.fasting.call("ListDays", [.uint64(today - 48 * hour + 5), .uint32(3)])
        guard case .array(_, let items)? = reply.first else { throw TestFailure("no days") }
        let days = items.compactMap { item -> (UInt64, UInt64, Bool)? in
            guard case .structure(let f) = item, case .uint64(let a) = f[0], case .uint64(let b) = f[1], case .boolean(let c) = f[2] else { return nil }
            return (a, b, c)
        }
        #expect(days.map(\.0) == [today - 48 * hour, today - 24 * hour, today])
        #expect(days[0].1 == 4 * hour && !days[0].2)
        #expect(days[1].1 == 12 * hour && days[1].2)
        #expect(days[2].1 > 0 && days[2].1 <= 86400 * 1_000_000 && !days[2].2, "the running fast, up to now")
        await expectError("org.islet.Islet1.Error.InvalidArgument") { try await daemon.fasting.call("ListDays", [.uint64(now), .uint32(0)]) }
        await expectError("org.islet.Islet1.Error.InvalidArgument") { try await daemon.fasting.call("ListDays", [.uint64(now), .uint32(1001)]) }
        await expectError("org.islet.Islet1.Error.InvalidArgument") {
            try await daemon.fasting.call("ListDays", [.uint64(.max), .uint32(1000)])
        }
        // From the first day on: 1970-01-01 and after, never a day before it.
        let first = try await daemon.dbusSend("Fasting.ListDays", "uint64:0", "uint32:2")
        #expect(first.status == 0 && first.stdout.contains("uint64 0") && first.stdout.contains("uint64 86400000000"), "\(first)")
    }
}
