import DBus
import Foundation
import TestSupport

/// A private bus with isletd, a notification server, islet-notify and a dbus-monitor on it.
final class Rig: @unchecked Sendable {
    enum Server {
        case dunst, xfce4notifyd
        case fake(FakeNotificationServer.Mode, capabilities: [String])
        case none
    }

    let daemon: Daemon
    var bus: PrivateBus { daemon.bus }
    let display: VirtualDisplay?
    var server: Background?
    var fake: FakeNotificationServer?
    var bridge: Background?
    let monitor: BusMonitor
    /// The bridge's XDG_RUNTIME_DIR, where it remembers what it showed.
    let runtimeDirectory: String

    /// The bridge's TZ (nil: the test's own).
    let zone: String?
    /// dunst's configuration (the fixture, or a copy with more in it).
    let dunstConfiguration: String

    init(
        _ server: Server, bridgeArguments: [String] = [], startBridge: Bool = true, daemon: Daemon? = nil, dunstrc: String = Rig.dunstrc,
        zone: String? = nil
    ) async throws {
        self.zone = zone
        if let daemon { self.daemon = daemon } else { self.daemon = try await Daemon() }
        dunstConfiguration = dunstrc
        runtimeDirectory = try TemporaryDirectory.make(prefix: "islet-runtime").path
        monitor = try await BusMonitor(
            address: self.daemon.bus.address,
            rules: ["interface='org.freedesktop.Notifications'", "type='method_return'", "type='error'"])
        switch server {
        case .dunst, .xfce4notifyd:
            display = try VirtualDisplay()
        default:
            display = nil
        }
        try await startServer(server)
        if startBridge { try await self.startBridge(bridgeArguments) }
    }

    var environment: [String: String] {
        var env = bus.environment
        env["DISPLAY"] = display?.name
        env["HOME"] = NSTemporaryDirectory()
        env["XDG_CONFIG_HOME"] = "/nonexistent"  // our own config only, never the user's
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        if let zone { env["TZ"] = zone }
        return env
    }

    func startServer(_ server: Server) async throws {
        switch server {
        case .dunst:
            self.server = try Background(["dunst", "-config", dunstConfiguration], environment: environment)
        case .xfce4notifyd:
            self.server = try Background([Rig.xfce4notifyd], environment: environment)
        case .fake(let mode, let capabilities):
            fake = try await FakeNotificationServer(address: bus.address, mode: mode, capabilities: capabilities)
            return
        case .none:
            return
        }
        guard try await eventually({ try await daemon.client.nameOwner("org.freedesktop.Notifications") != nil }) else {
            throw TestFailure("the notification server did not start: \(self.server?.stderr ?? "")")
        }
    }

    func startBridge(_ arguments: [String] = []) async throws {
        let bridge = try Background(
            [builtProduct("islet-notify"), "--address", bus.address, "--verbose"] + arguments, environment: environment)
        self.bridge = bridge
        guard await eventually({ bridge.stderr.contains("in step with isletd") }) else {
            throw TestFailure("islet-notify did not start: \(bridge.stderr)")
        }
    }

    /// Notify calls seen on the bus.
    var notifies: [BusMonitor.Seen] { monitor.calls("Notify") }

    /// Waits until a Notify call satisfies `predicate`; that call, read whole: dbus-monitor's
    /// output may arrive in pieces, and a call read before its last argument (the expire
    /// timeout, an int32) has come lacks its hints (a loaded machine's `make test` saw the
    /// first Notify without its urgency).
    func waitForNotify(
        within: Duration = Patience.deadline, _ predicate: @escaping (BusMonitor.Seen) -> Bool
    ) async throws -> BusMonitor.Seen {
        var found: BusMonitor.Seen?
        _ = await eventually(within: within) {
            found = notifies.last(where: { $0.arguments.last?.hasPrefix("int32 ") == true && predicate($0) })
            return found != nil
        }
        guard let found else {
            throw TestFailure("no such Notify; saw \(notifies.map { "\($0.strings.prefix(4))" })\nbridge: \(bridge?.stderr ?? "")")
        }
        return found
    }

    func dunstctl(_ arguments: String...) async throws -> String {
        try await Command.run(["dunstctl"] + arguments, environment: environment).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static var dunstrc: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/dunstrc").path
    }

    /// Debian keeps the daemon under the architecture's library folder.
    static var xfce4notifyd: String {
        let lib = URL(fileURLWithPath: "/usr/lib")
        let arches = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        for arch in arches {
            let path = lib.appendingPathComponent(arch).appendingPathComponent("xfce4/notifyd/xfce4-notifyd").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return "xfce4-notifyd"
    }

    static var nowUSec: UInt64 { UInt64(Date().timeIntervalSince1970 * 1_000_000) }
}

extension BusMonitor.Seen {
    var summary: String { strings.count > 2 ? strings[2] : "" }
    var body: String { strings.count > 3 ? strings[3] : "" }
    var replacesID: UInt32 { uint32s.first ?? 0 }
    /// The byte after "urgency" in the hints.
    var urgency: Int? {
        guard let i = arguments.firstIndex(of: "string \"urgency\""), i + 1 < arguments.count else { return nil }
        return Int(arguments[i + 1].split(separator: " ").last ?? "")
    }
    var suppressesSound: Bool {
        guard let i = arguments.firstIndex(of: "string \"suppress-sound\""), i + 1 < arguments.count else { return false }
        return arguments[i + 1].hasSuffix("true")
    }
}

extension Rig {
    /// dunst with a context menu (dmenu) that picks the button named in `pick`.
    static func dunstWithPicker() throws -> (config: String, pick: URL) {
        let work = try TemporaryDirectory.make(prefix: "dunst-pick")
        let pick = work.appendingPathComponent("pick")
        let script = work.appendingPathComponent("pick-action")
        try "#!/bin/sh\ngrep -i \"$(cat \(pick.path))\" | head -1\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let fixture = try String(contentsOfFile: Rig.dunstrc, encoding: .utf8)
        let config = fixture.replacingOccurrences(of: "[global]", with: "[global]\n    dmenu = \(script.path)")
        let path = work.appendingPathComponent("dunstrc")
        try config.write(to: path, atomically: true, encoding: .utf8)
        return (path.path, pick)
    }
}
