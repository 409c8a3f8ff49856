import DBus
import Foundation
import IsletBus

/// isletd and islet-notify on a private bus, with a notification server of the benchmark's
/// own and a client connection: what the front-end and soak benchmarks stand on.
final class BenchIslet {
    let bin: URL
    let bus: BenchBus
    let env: [String: String]
    let directory: URL
    let server: FrontEndBench.Server
    let isletd: Child
    let client: DBusConnection
    let notify: Child

    /// `programs`: where isletd, islet-notify and islet are (the installed form, statically
    /// linked, from `make release`); by default beside this benchmark.
    init(programs: String?, label: String) async throws {
        bin = programs.map { URL(fileURLWithPath: $0) } ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // All three first: a program missing half-way left isletd and the bus running.
        for name in ["isletd", "islet-notify", "islet"] where !FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent(name).path) {
            throw BenchError("\(bin.appendingPathComponent(name).path) is missing: make release builds it")
        }
        bus = try BenchBus()
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        // The defaults, unless ISLET_BENCH_CONFIG_HOME names a folder with an islet/config.toml.
        env["XDG_CONFIG_HOME"] = ProcessInfo.processInfo.environment["ISLET_BENCH_CONFIG_HOME"] ?? "/nonexistent"
        self.env = env
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("islet-\(label)-\(UUID().uuidString.prefix(6))")
        server = try await FrontEndBench.Server(address: bus.address)
        isletd = try Child(
            [
                bin.appendingPathComponent("isletd").path, "--address", bus.address, "--database",
                directory.appendingPathComponent("islet.sqlite").path, "--log-level", "error",
            ], env: env)
        client = try DBusConnection(bus: .address(bus.address))
        while try await client.nameOwner(IsletBus.name) == nil { try await Task.sleep(for: .milliseconds(5)) }
        notify = try Child([bin.appendingPathComponent("islet-notify").path, "--address", bus.address], env: env)
    }

    func program(_ name: String) -> String { bin.appendingPathComponent(name).path }

    func proxy(_ interface: String) -> DBusProxy {
        DBusProxy(connection: client, destination: IsletBus.name, path: IsletBus.path, interface: IsletBus.name + "." + interface)
    }

    func stop() {
        notify.stop()
        client.close()
        isletd.stop()
        bus.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
