import DBus
import Foundation
import IdleLoop

// islet-bench dbus: method-call round trips of this library's object server against the C
// reference (`dbus-test-tool echo`), measured side by side in one run with the same client,
// plus the CPU time and context switches of an idle connection.
//
// islet-bench serve ADDRESS NAME: the no-op server (run as a child process by `dbus`).

let arguments = CommandLine.arguments
let benchPath: ObjectPath = "/org/example/Bench"
let benchInterface = "org.example.Bench"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

@main
enum BenchMain {
    static func main() {
        if arguments.dropFirst().first == "serve" {
            // The server runs as isletd does: everything on the main thread's event loop.
            EventLoop.runMain { await serve() }
        }
        Task {
            do {
                try await bench()
            } catch {
                fail("islet-bench: \(error)")
            }
            exit(0)
        }
        dispatchMain()
    }

    static func serve() async {
        guard arguments.count == 4 else { fail("usage: islet-bench serve ADDRESS NAME") }
        do {
            let connection = try DBusConnection(bus: .address(arguments[2]))
            try connection.export(benchPath, interfaces: [DBusInterface(benchInterface, methods: [DBusMethod("Noop") { _ in [] }])])
            connection.onDisconnect {
                FileHandle.standardError.write(Data("serve: the bus connection was lost\n".utf8))
                exit(3)
            }
            _ = try await connection.requestName(arguments[3])
            FileHandle.standardOutput.write(Data("ready\n".utf8))
            while true { try await Task.sleep(for: .seconds(3600)) }
        } catch {
            fail("serve: \(error)")
        }
    }

    static func bench() async throws {
        switch arguments.dropFirst().first {
        case "isletd":
            try await ServiceBench.run(
                idleSeconds: Int(arguments.dropFirst(2).first ?? "60") ?? 60, installed: arguments.dropFirst(3).first)
        case "isletd-calls":
            try await ServiceBench.runCalls(program: arguments.dropFirst(2).first)
        case "frontends":
            try await FrontEndBench.run(
                idleSeconds: Int(arguments.dropFirst(2).first ?? "60") ?? 60, programs: arguments.dropFirst(3).first)
        case "run":
            try await RunBench.run(rounds: Int(arguments.dropFirst(2).first ?? "31") ?? 31, programs: arguments.dropFirst(3).first)
        case "panel":
            try await PanelBench.run(rounds: Int(arguments.dropFirst(2).first ?? "31") ?? 31, programs: arguments.dropFirst(3).first)
        case "soak":
            try await SoakBench.run(minutes: Double(arguments.dropFirst(2).first ?? "10") ?? 10, programs: arguments.dropFirst(3).first)
        case "fill":
            guard arguments.count == 4, let count = Int(arguments[3]) else { fail("usage: islet-bench fill PATH COUNT") }
            try StoreBench.fill(path: arguments[2], count: count)
        case "load":
            try await LoadBench.run()
        case "store":
            try StoreBench.run(sizes: [1_000, 10_000, 100_000, 1_000_000])
        case "dbus":
            try await DBusBench.run(idleSeconds: Int(arguments.dropFirst(2).first ?? "30") ?? 30)
        default:
            fail(
                "usage: islet-bench dbus [IDLE_SECONDS] | isletd [IDLE_SECONDS [PROGRAM_DIR]] | isletd-calls [ISLETD] | frontends [SECONDS [PROGRAM_DIR]] | panel [ROUNDS [PROGRAM_DIR]] | run [ROUNDS [PROGRAM_DIR]] | load | soak [MINUTES [PROGRAM_DIR]] | store | fill PATH COUNT | serve ADDRESS NAME"
            )
        }
    }
}
