import DBus
import Foundation
import TestSupport
import Testing

/// The same object server, driven by clients that nobody here wrote.
@Suite(.startsProcesses) struct Interop {
    func dbusSend(_ fixture: BusFixture, _ member: String, _ args: [String]) async throws -> CommandResult {
        try await Command.run(
            [
                "dbus-send", "--bus=\(fixture.bus.address)", "--print-reply", "--dest=\(BusFixture.name)",
                BusFixture.path.rawValue, "\(BusFixture.echoInterface).\(member)",
            ] + args)
    }

    func gdbus(_ fixture: BusFixture, _ member: String, _ args: [String]) async throws -> CommandResult {
        try await Command.run(
            [
                "gdbus", "call", "--address", fixture.bus.address, "--dest", BusFixture.name,
                "--object-path", BusFixture.path.rawValue, "--method", "\(BusFixture.echoInterface).\(member)",
            ] + args)
    }

    func busctl(_ fixture: BusFixture, _ member: String, _ args: [String]) async throws -> CommandResult {
        try await Command.run(
            [
                "busctl", "--address=\(fixture.bus.address)", "call", "--", BusFixture.name, BusFixture.path.rawValue,
                BusFixture.echoInterface, member,
            ] + args)
    }

    @Test func basicTypesWithDbusSend() async throws {
        let fixture = try await BusFixture()
        let cases: [(String, String, String)] = [
            ("y", "byte:7", "byte 7"), ("b", "boolean:true", "boolean true"), ("n", "int16:-3", "int16 -3"),
            ("q", "uint16:65535", "uint16 65535"), ("i", "int32:-5", "int32 -5"),
            ("u", "uint32:4294967295", "uint32 4294967295"),
            ("x", "int64:-9223372036854775808", "int64 -9223372036854775808"),
            ("t", "uint64:18446744073709551615", "uint64 18446744073709551615"), ("d", "double:1.5", "double 1.5"),
            ("s", "string:héllo wörld", "string \"héllo wörld\""), ("o", "objpath:/a/b", "object path \"/a/b\""),
            ("v", "variant:int32:5", "int32 5"),
        ]
        for (signature, argument, expected) in cases {
            let result = try await dbusSend(fixture, BusFixture.echoMember(signature), [argument])
            #expect(result.status == 0, "\(signature): \(result)")
            #expect(result.stdout.contains(expected), "\(signature): \(result.stdout)")
        }
        let array = try await dbusSend(fixture, BusFixture.echoMember("as"), ["array:string:a,b"])
        #expect(array.stdout.contains("string \"a\"") && array.stdout.contains("string \"b\""), "\(array)")
        let empty = try await dbusSend(fixture, BusFixture.echoMember("ai"), ["array:int32:"])
        #expect(empty.status == 0 && empty.stdout.contains("array ["), "\(empty)")
    }

    @Test func containersWithGdbus() async throws {
        let fixture = try await BusFixture()
        let cases: [(String, String, String)] = [
            ("a{sa{sv}}", "{'outer': {'inner': <'x'>, 'n': <uint64 7>}}", "({'outer': {'inner': <'x'>, 'n': <uint64 7>}},)"),
            ("a{sa{sv}}", "@a{sa{sv}} {}", "(@a{sa{sv}} {},)"),
            ("(ist)", "(-1, 'two', 3)", "((-1, 'two', uint64 3),)"),
            ("a(tss)", "[(57600, '16:8', 'popular')]", "([(uint64 57600, '16:8', 'popular')],)"),
            ("g", "'a{sv}'", "(signature 'a{sv}',)"),
            ("aay", "[[1, 2], []]", "([[byte 0x01, 0x02], []],)"),
            ("v", "<<'nested'>>", "(<<'nested'>>,)"),
            ("ad", "[1.5, -0.25]", "([1.5, -0.25],)"),
            ("a{ua(sv)}", "{7: [('k', <true>)]}", "({uint32 7: [('k', <true>)]},)"),
        ]
        for (signature, argument, expected) in cases {
            let result = try await gdbus(fixture, BusFixture.echoMember(signature), [argument])
            #expect(result.status == 0, "\(signature): \(result)")
            #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(signature): \(result)")
        }
    }

    @Test func containersWithBusctl() async throws {
        let fixture = try await BusFixture()
        let cases: [(String, [String], String)] = [
            ("a{sv}", ["a{sv}", "2", "a", "s", "x", "b", "u", "7"], "a{sv} 2 \"a\" s \"x\" \"b\" u 7"),
            ("a{sv}", ["a{sv}", "0"], "a{sv} 0"),
            ("(ist)", ["(ist)", "-1", "two", "3"], "(ist) -1 \"two\" 3"),
            ("a{sa{sv}}", ["a{sa{sv}}", "1", "o", "1", "i", "t", "9"], "a{sa{sv}} 1 \"o\" 1 \"i\" t 9"),
            ("aas", ["aas", "2", "0", "1", "z"], "aas 2 0 1 \"z\""),
            ("t", ["t", "18446744073709551615"], "t 18446744073709551615"),
        ]
        for (signature, args, expected) in cases {
            let result = try await busctl(fixture, BusFixture.echoMember(signature), args)
            #expect(result.status == 0, "\(signature): \(result)")
            #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(signature): \(result)")
        }
    }

    @Test func introspectionParsedByOutsideTools() async throws {
        let fixture = try await BusFixture()
        let gdbus = try await Command.run(
            [
                "gdbus", "introspect", "--address", fixture.bus.address, "--dest", BusFixture.name,
                "--object-path", BusFixture.path.rawValue,
            ])
        #expect(gdbus.status == 0, "\(gdbus)")
        #expect(gdbus.stdout.contains("interface org.example.Echo"))
        #expect(gdbus.stdout.contains("Echo17(in  a{sv} value,"))
        #expect(gdbus.stdout.contains("readwrite u Volume"))
        #expect(gdbus.stdout.contains("signal Pinged") || gdbus.stdout.contains("Pinged(u count)"))
        #expect(gdbus.stdout.contains("node child"))
        let busctl = try await Command.run(
            [
                "busctl", "--address=\(fixture.bus.address)", "introspect", "--no-pager", BusFixture.name,
                BusFixture.path.rawValue,
            ])
        #expect(busctl.status == 0, "\(busctl)")
        #expect(busctl.stdout.contains(".Echo17"))
        #expect(busctl.stdout.contains(".Volume"))
        #expect(busctl.stdout.contains("org.freedesktop.DBus.Properties"))
        let tree = try await Command.run(
            ["busctl", "--address=\(fixture.bus.address)", "tree", "--list", BusFixture.name])
        #expect(tree.stdout.contains("/org/example/Test/child/grandchild"), "\(tree)")
    }

    @Test func peerInterface() async throws {
        let fixture = try await BusFixture()
        let ping = try await Command.run(
            [
                "dbus-send", "--bus=\(fixture.bus.address)", "--print-reply", "--dest=\(BusFixture.name)",
                "/any/path", "org.freedesktop.DBus.Peer.Ping",
            ])
        #expect(ping.status == 0, "\(ping)")
        let id = try await Command.run(
            [
                "gdbus", "call", "--address", fixture.bus.address, "--dest", BusFixture.name,
                "--object-path", "/", "--method", "org.freedesktop.DBus.Peer.GetMachineId",
            ])
        let machineID =
            (try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
        #expect(id.stdout.contains(machineID), "\(id)")
    }
}
