import DBus
import Foundation
import TestSupport
import Testing

/// Issue 70: the song that plays, on the island, with no program changed. A real mpv with
/// Debian's mpv-mpris plays; islet-notify's players source shows it as a source's activity
/// (contract 1.4) below what the user starts; playerctl, a client nobody here wrote, drives mpv.
@Suite(.serialized, .startsProcesses) struct PlayersSourceTests {
    func get(_ d: Daemon) async -> String { await SourceFixtures.island(d) }

    @Test(.enabled(if: SourceFixtures.mpvInstalled))
    func aSongShowsWaitsForATimerAndLeavesWithItsPlayer() async throws {
        let d = try await Daemon()
        let (notify, _) = try await SourceFixtures.notify(d)
        // A title with markup and a control character: kept as the characters it is, bounded.
        let player = try SourceFixtures.mpv(d, title: "Tea <b>Song</b> &amp;\u{7}")
        defer { player.kill() }
        #expect(
            await eventually {
                let got = await get(d)
                return got.contains("'mpris:mpv'") && got.contains("'title': <'Tea <b>Song</b> &amp;'>") && got.contains("'status': <'running'>")
            })
        var got = await get(d)
        #expect(got.contains("'source': <true>") && got.contains("'app_id': <'mpv'>"), "\(got)")
        // Nothing twice: no notification and no MPRIS player of islet's own for it.
        #expect(!notify.stderr.contains("Notify replaces"), "\(notify.stderr)")
        var r = try await Command.run(["playerctl", "--list-all"], environment: d.bus.environment)
        #expect(r.stdout == "mpv\n", "\(r)")

        #expect(got.contains("'actions': <'pause"), "the player's buttons, as it offers them: \(got)")

        // Pause pressed on the island (a panel's click: islet activity toggle) reaches mpv
        // (LiveActivity.Act, ActionInvoked to the source, Pause on the player); paused as paused.
        r = try await Command.run([builtProduct("islet"), "activity", "toggle", "--address", d.bus.address])
        #expect(r.status == 0 && r.stdout.contains("Asked mpris:mpv to pause"), "\(r)")
        #expect(
            await eventually { (try? await Command.run(["playerctl", "--player=mpv", "status"], environment: d.bus.environment))?.stdout == "Paused\n" })
        #expect(
            await eventually {
                let got = await get(d)
                return got.contains("'status': <'paused'>") && got.contains("'actions': <'resume")
            })

        // A timer started over the song takes the island; the song waits, and is back after it.
        try await d.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(180)])
        #expect(await eventually { await get(d).contains("'kind': <'timer'>") })
        try await d.timers.call("Stop", [.string("tea")])
        #expect(await eventually { await get(d).contains("'mpris:mpv'") })
        got = await get(d)
        #expect(got.contains("'status': <'paused'>"), "\(got)")

        // Played again from the island, then gone with its player.
        r = try await Command.run([builtProduct("islet"), "activity", "toggle", "--address", d.bus.address])
        #expect(r.status == 0, "\(r)")
        #expect(
            await eventually { (try? await Command.run(["playerctl", "--player=mpv", "status"], environment: d.bus.environment))?.stdout == "Playing\n" })
        #expect(await eventually { await get(d).contains("'status': <'running'>") })
        player.kill()
        #expect(await eventually { await get(d).hasPrefix("('', '',") })
        #expect(notify.isRunning)
    }

    /// Two players: the one that plays shows over one paused, and of two that play the earlier
    /// keeps the island (producers.md: ActivityKit's tie), so they never take turns.
    @Test(.enabled(if: SourceFixtures.mpvInstalled))
    func theSongThatPlaysShowsAndTwoThatPlayDoNotTakeTurns() async throws {
        let d = try await Daemon()
        let (notify, _) = try await SourceFixtures.notify(d)
        let first = try SourceFixtures.mpv(d, title: "First song")
        defer { first.kill() }
        #expect(await eventually { await get(d).contains("'title': <'First song'>") })
        let second = try SourceFixtures.mpv(d, title: "Second song")
        defer { second.kill() }
        func playerctl(_ arguments: String...) async -> String {
            (try? await Command.run(["playerctl"] + arguments, environment: d.bus.environment))?.stdout ?? ""
        }
        #expect(await eventually { await playerctl("--list-all").split(separator: "\n").count == 2 })
        // The first pauses (asked by its exact name: playerctl's --player=mpv also matches the
        // second, mpv.instance<pid>): the second, which plays, takes the island.
        func askFirst(_ method: String) async {
            _ = try? await Command.run(
                [
                    "dbus-send", "--session", "--print-reply", "--dest=org.mpris.MediaPlayer2.mpv", "/org/mpris/MediaPlayer2",
                    "org.mpris.MediaPlayer2.Player.\(method)",
                ], environment: d.bus.environment)
        }
        await askFirst("Pause")
        #expect(await eventually { await get(d).contains("'title': <'Second song'>") })
        // The first plays again: both play, and the earlier has the island back.
        await askFirst("Play")
        #expect(
            await eventually {
                let got = await get(d)
                return got.contains("'title': <'First song'>") && got.contains("'status': <'running'>")
            })
        second.kill()
        first.kill()
        #expect(await eventually { await get(d).hasPrefix("('', '',") })
        #expect(notify.isRunning)
    }

    /// The user decides: Players off (a Set on islet-notify, which owns the setting) takes the
    /// song off the island and follows no player; on again, it is back.
    @Test(.enabled(if: SourceFixtures.mpvInstalled))
    func playersOffTakesTheSongAwayAndOnBringsItBack() async throws {
        let d = try await Daemon()
        let (notify, home) = try await SourceFixtures.notify(d)
        let player = try SourceFixtures.mpv(d, title: "Song")
        defer { player.kill() }
        #expect(await eventually { await get(d).contains("'mpris:mpv'") })
        // From the command line, which asks islet-notify (the owner of the setting) over the bus.
        func islet(_ arguments: String...) async throws -> CommandResult {
            try await Command.run([builtProduct("islet")] + arguments + ["--address", d.bus.address])
        }
        var r = try await islet("settings", "players", "off")
        #expect(r.status == 0 && r.stdout == "Media players are not followed.\n", "\(r)")
        #expect(await eventually { await get(d).hasPrefix("('', '',") })
        let config = try String(contentsOf: home.appendingPathComponent("islet/config.toml"), encoding: .utf8)
        #expect(config.contains("players = false"), "\(config)")
        r = try await islet("settings")
        #expect(r.stdout.contains("Media players on the island: off") && r.stdout.contains("Pomodoro apps on the island: on"), "\(r)")
        // Over the bus as any client would: on again.
        let notifyControl = DBusProxy(connection: d.client, destination: "org.islet.Notify1", path: "/org/islet/Notify1", interface: "org.islet.Notify1")
        try await notifyControl.set("Players", .boolean(true))
        #expect(await eventually { await get(d).contains("'mpris:mpv'") })
        #expect(notify.isRunning, "the surfaces were left alone: no restart")
        // Without islet-notify, nothing keeps the setting: said, with what to do.
        notify.kill()
        _ = await notify.waitForExit()
        r = try await islet("settings", "pomodoro", "off")
        #expect(r.status == 1 && r.stderr.contains("islet-notify is not running") && r.stderr.contains("pomodoro = false"), "\(r)")
    }
}
