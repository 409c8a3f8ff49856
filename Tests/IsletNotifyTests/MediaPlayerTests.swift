import DBus
import Foundation
import TestSupport
import Testing

/// islet-notify's MPRIS player driven and read by playerctl, a client nobody here wrote.
@Suite(.serialized, .startsProcesses) struct MediaPlayerTests {
    func playerctl(_ bus: PrivateBus, _ arguments: String...) async throws -> CommandResult {
        try await Command.run(["playerctl", "--player=islet"] + arguments, environment: bus.environment)
    }

    func islet(_ d: Daemon, _ arguments: String...) async throws -> CommandResult {
        try await Command.run([builtProduct("islet")] + arguments + ["--address", d.bus.address])
    }

    @Test func playerctlReadsAndDrivesTheLiveActivity() async throws {
        let d = try await Daemon()
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address])
        #expect(await eventually { notify.stderr.contains("in step with isletd") })
        // No activity: no player.
        var r = try await Command.run(["playerctl", "--list-all"], environment: d.bus.environment)
        #expect(!r.stdout.contains("islet"), "\(r)")

        try await d.timers.call(
            "StartIntervals",
            [
                .string("gym"), .string("Workout"), .array(.string, [.string("Work"), .string("Rest")]),
                .array(.uint64, [.uint64(40), .uint64(20)]), .uint32(8),
            ])
        #expect(await eventually { (try? await playerctl(d.bus, "status"))?.stdout == "Playing\n" })
        r = try await playerctl(d.bus, "metadata", "--format", "{{title}}|{{artist}}|{{mpris:length}}")
        #expect(r.stdout.hasPrefix("Workout|00:") && r.stdout.hasSuffix(" · Work 1/8|40000000\n"), "\(r)")
        r = try await playerctl(d.bus, "position")
        #expect((Double(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1) >= 0, "\(r)")
        // Issue 43: islet's icon as the art where it is installed beside the program (make
        // test-installed), none in a build tree (a music note is what widgets draw then).
        let program = URL(fileURLWithPath: builtProduct("islet-notify")).resolvingSymlinksInPath()
        let icon = program.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/icons/hicolor/scalable/apps/org.islet.Islet.App.svg").path
        r = try await playerctl(d.bus, "metadata", "mpris:artUrl")
        if FileManager.default.fileExists(atPath: icon) {
            #expect(r.stdout == "file://\(icon)\n", "\(r)")
        } else {
            #expect(r.stdout.isEmpty, "no icon at \(icon): \(r)")
        }

        // play-pause pauses the timer, whoever owns it; the widget says Paused.
        r = try await playerctl(d.bus, "play-pause")
        #expect(r.status == 0, "\(r)")
        #expect(await eventually { (try? await islet(d, "timer", "list"))?.stdout.contains("Paused") == true })
        #expect(await eventually { (try? await playerctl(d.bus, "status"))?.stdout == "Paused\n" })
        r = try await playerctl(d.bus, "metadata", "xesam:artist")
        #expect(r.stdout.hasPrefix("❚❚ 00:"), "\(r)")
        r = try await playerctl(d.bus, "play")
        #expect(await eventually { (try? await playerctl(d.bus, "status"))?.stdout == "Playing\n" })

        // stop stops the timer; the player leaves with the activity.
        r = try await playerctl(d.bus, "stop")
        #expect(r.status == 0, "\(r)")
        #expect(await eventually { (try? await islet(d, "timer", "list"))?.stdout.hasPrefix("No timers") == true })
        #expect(
            await eventually {
                (try? await Command.run(["playerctl", "--list-all"], environment: d.bus.environment))?.stdout.contains("islet") == false
            })
        #expect(notify.isRunning)
    }

    /// One activity following another (a timer over a fast, the fast again after it) keeps the
    /// player's name: released and owned again a moment apart, it made GNOME Shell 43's media
    /// list throw (`make desktops`, gnome-app). With no activity left the name goes.
    @Test func theNameStaysWhileOneActivityFollowsAnother() async throws {
        let d = try await Daemon()
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address])
        #expect(await eventually { notify.stderr.contains("in step with isletd") })
        try await d.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        try await d.fasting.call("StartFast")
        #expect(await eventually { (try? await playerctl(d.bus, "metadata", "title"))?.stdout == "Fasting Goal\n" })
        // Every change of the name's owner from here on, as dbus-monitor (a client nobody here
        // wrote) sees it; it says its own name first.
        let player = "org.mpris.MediaPlayer2.islet"
        let monitor = try Background([
            "dbus-monitor", "--address", d.bus.address, "type='signal',member='NameOwnerChanged',arg0='\(player)'",
        ])
        #expect(await eventually { monitor.stdout.contains("NameAcquired") })

        try await d.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(300)])
        #expect(await eventually { (try? await playerctl(d.bus, "metadata", "title"))?.stdout == "Tea\n" })
        try await d.timers.call("Stop", [.string("tea")])
        #expect(await eventually { (try? await playerctl(d.bus, "metadata", "title"))?.stdout == "Fasting Goal\n" })
        #expect(await eventually { (try? await playerctl(d.bus, "status"))?.stdout == "Playing\n" })
        #expect(!monitor.stdout.contains(player), "the name changed hands: \(monitor.stdout)")
        #expect(!notify.stderr.contains("releasing"), "\(notify.stderr)")

        try await d.fasting.call("StopFast")
        #expect(await eventually { monitor.stdout.contains(player) })
        #expect(
            await eventually {
                (try? await Command.run(["playerctl", "--list-all"], environment: d.bus.environment))?.stdout.contains("islet") == false
            })
        monitor.kill()
        #expect(notify.isRunning)
    }

    /// Nothing is said between the activity's end and the name going: GNOME 48's media list
    /// drops a player whose CanPlay turns false, then again when its name goes, and throws
    /// ("Impossible to remove untracked message"); so CanPlay never turns false on the bus.
    @Test func canPlayNeverTurnsFalseBeforeTheNameGoes() async throws {
        let d = try await Daemon()
        let notify = try Background([builtProduct("islet-notify"), "--address", d.bus.address])
        try await d.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(300)])
        #expect(await eventually { (try? await playerctl(d.bus, "metadata", "title"))?.stdout == "Tea\n" })
        let player = "org.mpris.MediaPlayer2.islet"
        let monitor = try Background([
            "dbus-monitor", "--address", d.bus.address,
            "type='signal',member='NameOwnerChanged',arg0='\(player)'",
            "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='/org/mpris/MediaPlayer2'",
        ])
        #expect(await eventually { monitor.stdout.contains("NameAcquired") })

        try await d.timers.call("Stop", [.string("tea")])
        #expect(await eventually { monitor.stdout.contains("string \"\(player)\"") }, "the name goes once no activity follows: \(monitor.stdout)")
        let said = monitor.stdout.components(separatedBy: "string \"\(player)\"")[0]
        #expect(!said.contains("member=PropertiesChanged"), "nothing said before the name went: \(said)")
        monitor.kill()
        #expect(notify.isRunning)
    }

    @Test func aFastIsShownButNoMediaKeyStopsIt() async throws {
        let d = try await Daemon()
        let notify = try Background([builtProduct("islet-notify"), "--address", d.bus.address])
        try await d.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        try await d.fasting.call("StartFast")
        #expect(await eventually { (try? await playerctl(d.bus, "metadata", "title"))?.stdout == "Fasting Goal\n" })
        _ = try await playerctl(d.bus, "stop")
        _ = try await Command.run(
            [
                "dbus-send", "--session", "--dest=org.mpris.MediaPlayer2.islet", "/org/mpris/MediaPlayer2",
                "org.mpris.MediaPlayer2.Player.Stop",
            ], environment: d.bus.environment)
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await d.fasting.get("Fasting") == .boolean(true), "the fast runs on")
        #expect(notify.isRunning)
    }

    @Test func minimalIsTheTimeAloneAndMediaPlayerOffMeansNoPlayer() async throws {
        let d = try await Daemon()
        let minimal = try Background([builtProduct("islet-notify"), "--style", "minimal", "--address", d.bus.address])
        try await d.timers.call("Start", [.string("focus"), .string("Focus"), .uint64(300)])
        #expect(
            await eventually {
                let title = (try? await playerctl(d.bus, "metadata", "title"))?.stdout ?? ""
                return title == "5:00\n" || title == "4:59\n"
            })
        var r = try await playerctl(d.bus, "metadata", "artist")
        #expect(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "AR-06: \(r)")
        // No artist, said as an empty list: left out, GNOME's media card writes "Unknown artist"
        // under the time (seen on GNOME 48.7).
        r = try await Command.run(
            [
                "gdbus", "call", "--address", d.bus.address, "--dest", "org.mpris.MediaPlayer2.islet", "--object-path", "/org/mpris/MediaPlayer2",
                "--method", "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player", "Metadata",
            ])
        #expect(r.stdout.contains("'xesam:artist': <@as []>"), "\(r)")
        _ = try await playerctl(d.bus, "pause")
        try await Task.sleep(for: .milliseconds(300))
        r = try await islet(d, "timer", "list")
        #expect(!r.stdout.contains("Paused"), "AR-05: nothing to tap: \(r)")
        minimal.kill()

        // media_player = false: no player at all.
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("islet-media-\(UUID().uuidString).toml").path
        try "media_player = false\n".write(toFile: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let off = try Background([builtProduct("islet-notify"), "--verbose", "--config", config, "--address", d.bus.address])
        #expect(await eventually { off.stderr.contains("in step with isletd") })
        try await Task.sleep(for: .milliseconds(300))
        r = try await Command.run(["playerctl", "--list-all"], environment: d.bus.environment)
        #expect(!r.stdout.contains("islet"), "\(r)")
    }
}
