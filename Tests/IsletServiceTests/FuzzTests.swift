import DBus
import Foundation
import TestSupport
import Testing

/// SplitMix64: a small seeded generator, so that a failing run can be replayed.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random calls to isletd: every member of the contract with arguments of the right types and
/// hostile values, wrong signatures, unknown members and interfaces.
struct Fuzzer {
    var random: SeededRandom
    let now = UInt64(Date().timeIntervalSince1970 * 1_000_000)
    static let hour: UInt64 = 3_600_000_000

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }

    mutating func u64() -> UInt64 {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: 0
        case 1: pick([1, 59, 60, 61, 3600, 57600, 604_800, 604_801])
        case 2: UInt64.max
        case 3: UInt64.random(in: 0...UInt64.max, using: &random)
        case 4, 5: now - UInt64.random(in: 0...(200 * Self.hour), using: &random)
        case 6: now + UInt64.random(in: 0...Self.hour, using: &random)
        default: UInt64.random(in: 1...200_000, using: &random)
        }
    }

    mutating func u32() -> UInt32 { pick([0, 1, 2, 8, 100, 101, 1000, 1001, UInt32.max, UInt32.random(in: 0...50, using: &random)]) }

    mutating func string() -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: ""
        case 1: String(repeating: "x", count: pick([63, 64, 65, 128, 129, 1024, 1025, 100_000]))
        case 2: pick(["fasting", "islet", "tea", "gym", "ümlaut·ß", "🍵🍵", "a\tb", "\u{7F}", "line\nbreak", "<b>&amp;</b>"])
        case 3: String(repeating: "🍵", count: pick([64, 65, 200]))
        default: pick(["tea", "gym", "focus", "app", "x"])
        }
    }

    mutating func basic() -> DBusValue {
        switch Int.random(in: 0..<11, using: &random) {
        case 0: .byte(UInt8.random(in: 0...255, using: &random))
        case 1: .boolean(chance(0.5))
        case 2: .int16(Int16.random(in: .min ... .max, using: &random))
        case 3: .uint16(UInt16.random(in: 0 ... .max, using: &random))
        case 4: .int32(Int32.random(in: .min ... .max, using: &random))
        case 5: .uint32(u32())
        case 6: .int64(Int64.random(in: .min ... .max, using: &random))
        case 7: .uint64(u64())
        case 8: .double(pick([Double.nan, .infinity, -.infinity, 0, -0.0, 0.5, 1, 1.0000001, -1, 1e308]))
        case 9: .string(string())
        default: .objectPath("/a/b")
        }
    }

    mutating func value(depth: Int = 0) -> DBusValue {
        guard depth < 40, chance(0.15) else { return basic() }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return .variant(value(depth: depth + 1))
        case 1: return .array(.string, (0..<Int.random(in: 0...3, using: &random)).map { _ in .string(string()) })
        default: return dictionary(depth: depth + 1)
        }
    }

    mutating func dictionary(depth: Int = 0) -> DBusValue {
        let keys = [
            "status", "title", "progress", "ends_at_usec", "phase_index", "kind", "ends_with_owner", "round",
            "", "bad key", String(repeating: "k", count: 65), "custom_1", "remaining_usec",
            // Contract 1.2's keys.
            "stale_at_usec", "stale", "alert", "outcome",
        ]
        let count = chance(0.1) ? Int.random(in: 30...40, using: &random) : Int.random(in: 0...6, using: &random)
        var entries: [String: DBusValue] = [:]
        for i in 0..<count {
            let key = chance(0.7) ? pick(keys) : "k\(i)"
            entries[key] = chance(0.3) && key == "status" ? .string(pick(["running", "paused", "goal-reached", "completed", "nope"])) : value(depth: depth)
        }
        if chance(0.5) { entries["title"] = .string(string()) }
        return .stringVariantDictionary(entries)
    }

    /// One call: (interface, member, arguments).
    mutating func call() -> (String, String, [DBusValue]) {
        let f = "org.islet.Islet1.Fasting"
        let t = "org.islet.Islet1.Timers"
        let l = "org.islet.Islet1.LiveActivity"
        let p = "org.freedesktop.DBus.Properties"
        let owner = chance(0.8) ? pick(["tea", "gym", "app", "fasting"]) : string()
        switch Int.random(in: 0..<31, using: &random) {
        case 0: return (f, "StartFast", [])
        case 1: return (f, "StartFastAt", [.uint64(u64())])
        case 2: return (f, "StopFast", [])
        case 3: return (f, "StopFastAt", [.uint64(u64())])
        case 4: return (f, "SetGoal", [.uint64(u64())])
        case 5: return (f, "ClearGoal", [])
        case 6: return (f, "SetActiveFastGoal", [.uint64(u64())])
        case 7: return (f, "ListPresets", [])
        case 8: return (f, "ListFasts", [.uint32(u32()), .uint32(u32())])
        case 9: return (f, "EditFast", [.uint64(UInt64.random(in: 0...50, using: &random)), .uint64(u64()), .uint64(u64())])
        case 10: return (f, "DeleteFast", [.uint64(UInt64.random(in: 0...50, using: &random))])
        case 11: return (f, "AddFast", [.uint64(u64()), .uint64(u64()), .uint64(u64())])
        case 12: return (f, "GetStats", [])
        case 13: return (t, "Start", [.string(owner), .string(string()), .uint64(u64() % 100_000)])
        case 14:
            let n = chance(0.1) ? Int.random(in: 30...40, using: &random) : Int.random(in: 0...4, using: &random)
            let m = chance(0.1) ? n + 1 : n
            return (
                t, "StartIntervals",
                [
                    .string(owner), .string(string()), .array(.string, (0..<n).map { _ in .string(string()) }),
                    .array(.uint64, (0..<m).map { _ in .uint64(u64() % 1000) }), .uint32(u32()),
                ]
            )
        case 15: return (t, "Pause", [.string(owner)])
        case 16: return (t, "Resume", [.string(owner)])
        case 17: return (t, "Stop", [.string(owner)])
        case 18: return (t, "List", [])
        case 19: return (l, "Get", [])
        case 20: return (l, "Start", [.string(owner), dictionary(), dictionary()])
        case 21: return (l, "Update", [.string(owner), dictionary()])
        case 22: return (l, "End", [.string(owner)])
        case 23: return (p, "Get", [.string(pick([f, t, l, "x.y"])), .string(pick(["Fasting", "GoalSeconds", "Enabled", "LingerSeconds", "Nope"]))])
        case 24: return (p, "GetAll", [.string(pick([f, t, l, "x.y"]))])
        case 25:
            let property = pick([(f, "GoalSeconds"), (l, "Enabled"), (l, "LingerSeconds"), (l, "GoalReachedLingerSeconds"), (f, "Fasting"), (l, "ActivityId")])
            return (
                p, "Set",
                [.string(property.0), .string(property.1), .variant(chance(0.7) ? pick([.uint64(u64()), .uint32(u32()), .boolean(chance(0.8))]) : basic())]
            )
        case 26:  // a real member with wrong arguments
            return (
                pick([f, t, l]), pick(["StartFast", "SetGoal", "Start", "Pause", "Update", "ListFasts", "Finish"]),
                (0..<Int.random(in: 0...3, using: &random)).map { _ in basic() }
            )
        case 27: return (pick([f, t, l]), pick(["Frobnicate", "startfast", "Get "]), [])
        case 28: return ("org.islet.Islet1.Nope", "StartFast", [])
        case 29:
            let dismissal = chance(0.8) ? pick(["default", "immediate", "at"]) : string()
            return (l, "Finish", [.string(owner), dictionary(), .string(dismissal), .uint64(chance(0.5) ? 0 : u64())])
        default: return ("org.freedesktop.DBus.Peer", "Ping", [])
        }
    }
}

@Suite(.startsProcesses) struct Hostile {
    @Test func hundredThousandRandomCallsEachGetANamedAnswer() async throws {
        let daemon = try await Daemon()
        var fuzzer = Fuzzer(random: SeededRandom(seed: 20_261_122))
        let total = 100_000
        let window = 64
        var names: [String: Int] = [:]
        var samples: [String: String] = [:]
        var successes = 0
        var sent = 0
        while sent < total {
            let batch = (0..<min(window, total - sent)).map { _ in fuzzer.call() }
            sent += batch.count
            let results = await withTaskGroup(of: Result<Void, DBusError>.self) { group in
                for (interface, member, arguments) in batch {
                    group.addTask {
                        do {
                            _ = try await daemon.client.call(
                                .methodCall(destination: Daemon.name, path: Daemon.path, interface: interface, member: member, body: arguments),
                                timeout: Patience.deadline)
                            return .success(())
                        } catch let error as DBusError {
                            return .failure(error)
                        } catch {
                            return .failure(.failed("\(error)"))
                        }
                    }
                }
                var all: [Result<Void, DBusError>] = []
                for await r in group { all.append(r) }
                return all
            }
            for result in results {
                switch result {
                case .success: successes += 1
                case .failure(let error):
                    names[error.name, default: 0] += 1
                    if samples[error.name] == nil { samples[error.name] = String(error.message.prefix(200)) }
                }
            }
            if names.keys.contains(where: { [DBusError.noReplyName, DBusError.disconnectedName, DBusError.serviceUnknownName].contains($0) }) {
                break
            }
        }
        // Values nested beyond what the bus carries are refused by our own client before sending.
        let notSent = names.removeValue(forKey: DBusError.invalidValueName) ?? 0
        let allowed = names.keys.filter {
            !($0.hasPrefix("org.islet.Islet1.Error.")
                || [
                    DBusError.invalidArgsName, DBusError.unknownMethodName, DBusError.unknownInterfaceName,
                    DBusError.unknownPropertyName, DBusError.propertyReadOnlyName,
                ].contains($0))
        }
        #expect(allowed.isEmpty, "unexpected replies: \(names) \(allowed.map { samples[$0] ?? "" })")
        #expect(successes > total / 20, "too few calls succeeded to mean anything: \(successes); \(names)")
        #expect(try await daemon.client.nameOwner(Daemon.name) != nil, "isletd died")

        // The state still satisfies the core's invariants, seen from outside.
        let now = UInt64(Date().timeIntervalSince1970 * 1_000_000)
        var fasts: [(UInt64, UInt64, UInt64)] = []
        var offset: UInt32 = 0
        while true {
            let page = try await daemon.fasting.call("ListFasts", [.uint32(offset), .uint32(1000)])
            guard case .array(_, let items)? = page.first else { throw TestFailure("\(page)") }
            for item in items {
                let f = try item.structFields(count: 4)
                fasts.append((try f[0].decode(UInt64.self), try f[1].decode(UInt64.self), try f[2].decode(UInt64.self)))
            }
            if items.count < 1000 { break }
            offset += 1000
        }
        for (id, start, end) in fasts { #expect(start < end && end <= now, "fast \(id): \(start) ... \(end)") }
        let spans = fasts.map { ($0.1, $0.2) }.sorted { $0.0 < $1.0 }
        for (a, b) in zip(spans, spans.dropFirst()) { #expect(a.1 <= b.0, "overlap: \(a) and \(b)") }
        let stats = try await daemon.fasting.call("GetStats").first?.stringVariantEntries ?? [:]
        #expect(stats["count"] == .uint64(UInt64(fasts.count)))
        let fasting = try await daemon.fasting.getAll()
        if fasting["Fasting"] == .boolean(false) {
            #expect(fasting["FastId"] == .uint64(0) && fasting["StartedAtUSec"] == .uint64(0))
        } else if case .uint64(let started)? = fasting["StartedAtUSec"] {
            #expect(started <= now && spans.allSatisfy { $0.1 <= started }, "the running fast overlaps the history")
        }
        let live = try await daemon.live.call("Get")
        if try await daemon.live.get("Enabled") == .boolean(false) { #expect(live.first == .string("")) }
        if case .string(let id)? = live.first, !id.isEmpty {
            #expect(live[1] != .string("") && live[2].stringVariantEntries?["kind"] != nil, "\(live)")
        }
        let check = try await Command.run(["sqlite3", "-readonly", daemon.databasePath, "PRAGMA integrity_check"])
        #expect(check.stdout == "ok\n", "\(check)")
        #expect(notSent < total / 50, "\(samples[DBusError.invalidValueName] ?? "")")
        print(
            "fuzz: \(sent) calls (\(notSent) refused by the client as unsendable: \(samples[DBusError.invalidValueName] ?? "")), \(successes) succeeded; errors: \(names.sorted { $0.value > $1.value })"
        )
    }
}
