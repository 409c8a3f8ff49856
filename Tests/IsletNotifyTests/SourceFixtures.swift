import DBus
import Foundation
import TestSupport
import Testing

/// What the sources' tests share: islet-notify with a config folder of its own, a real mpv
/// playing, and the island as gdbus (a client nobody here wrote) reads it.
enum SourceFixtures {
    static let mprisScript = "/etc/mpv/scripts/mpris.so"
    static var mpvInstalled: Bool { FileManager.default.fileExists(atPath: mprisScript) }

    /// islet-notify on the daemon's bus, its config.toml under a folder of its own (`home`),
    /// once it follows the sources.
    static func notify(_ d: Daemon, environment extra: [String: String] = [:]) async throws -> (notify: Background, home: URL) {
        let home = try TemporaryDirectory.make(prefix: "sources")
        var environment = d.bus.environment
        environment["XDG_CONFIG_HOME"] = home.path
        environment.merge(extra) { _, new in new }
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address], environment: environment)
        #expect(await eventually { notify.stderr.contains("players: followed") && notify.stderr.contains("pomodoro: followed") })
        return (notify, home)
    }

    /// A real mpv with Debian's mpv-mpris, playing a tone for 15 minutes under `title`.
    static func mpv(_ d: Daemon, title: String) throws -> Background {
        try Background(
            [
                "mpv", "--no-config", "--no-video", "--ao=null", "--script=\(mprisScript)", "--force-media-title=\(title)",
                "av://lavfi:sine=frequency=440:duration=900",
            ], environment: d.bus.environment)
    }

    /// `LiveActivity.Get` as gdbus prints it.
    static func island(_ d: Daemon) async -> String {
        (try? await Command.run(
            [
                "gdbus", "call", "--session", "--dest", "org.islet.Islet1", "--object-path", "/org/islet/Islet1", "--method",
                "org.islet.Islet1.LiveActivity.Get",
            ], environment: d.bus.environment))?.stdout ?? ""
    }
}
