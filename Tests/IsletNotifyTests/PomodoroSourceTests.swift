import DBus
import Foundation
import TestSupport
import Testing

/// Issue 70: the Pomodoro that counts, on the island, with no program changed. Debian 12's real
/// gnome-pomodoro (0.22) runs on the test's bus; islet-notify's Pomodoro source shows its block
/// as a source's activity (contract 1.4), to the second as the app counts it, above a song.
@Suite(.serialized, .startsProcesses) struct PomodoroSourceTests {
    static var installed: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/gnome-pomodoro") }

    func gdbus(_ d: Daemon, _ arguments: String...) async -> String {
        (try? await Command.run(["gdbus", "call", "--session"] + arguments, environment: d.bus.environment))?.stdout ?? ""
    }

    func island(_ d: Daemon) async -> String { await SourceFixtures.island(d) }

    func pomodoro(_ d: Daemon, _ method: String) async -> String {
        await gdbus(d, "--dest", "org.gnome.Pomodoro", "--object-path", "/org/gnome/Pomodoro", "--method", "org.gnome.Pomodoro.\(method)")
    }

    func pomodoroProperties(_ d: Daemon) async -> String {
        await gdbus(
            d, "--dest", "org.gnome.Pomodoro", "--object-path", "/org/gnome/Pomodoro", "--method", "org.freedesktop.DBus.Properties.GetAll",
            "org.gnome.Pomodoro")
    }

    /// A number out of gdbus's text: `'Key': <12.5>` or `'key': <uint64 12>`.
    func number(_ key: String, in text: String) -> Double? {
        guard let range = text.range(of: "'\(key)': <") else { return nil }
        var rest = text[range.upperBound...]
        // A type before the number: `uint64 12`.
        if rest.first?.isLetter == true, let space = rest.firstIndex(of: " ") { rest = rest[rest.index(after: space)...] }
        return Double(rest.prefix(while: { $0.isNumber || $0 == "." }))
    }

    @Test(.enabled(if: installed)) func aPomodoroShowsToTheSecondPausesSkipsAndOutranksASong() async throws {
        let d = try await Daemon()
        let display = try VirtualDisplay()
        let (notify, home) = try await SourceFixtures.notify(d)
        var environment = d.bus.environment
        environment["HOME"] = home.path
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["DISPLAY"] = display.name
        let app = try Background(["gnome-pomodoro", "--no-default-window"], environment: environment)
        defer { app.kill() }
        #expect(await eventually { await pomodoro(d, "Start").hasPrefix("()") })
        #expect(
            await eventually {
                let got = await island(d)
                return got.contains("'gnome-pomodoro'") && got.contains("'title': <'Pomodoro'>") && got.contains("'status': <'running'>")
            })
        var got = await island(d)
        #expect(got.contains("'app_id': <'org.gnome.Pomodoro'>") && got.contains("'actions': <'pause skip'>"), "\(got)")
        // To the second: the island's end is the app's own (its StateDuration less its Elapsed).
        let properties = await pomodoroProperties(d)
        let now = Double(UInt64(Date().timeIntervalSince1970 * 1_000_000))
        got = await island(d)
        if let duration = number("StateDuration", in: properties), let elapsed = number("Elapsed", in: properties),
            let endsAt = number("ends_at_usec", in: got)
        {
            let expected = now + (duration - elapsed) * 1_000_000
            #expect(abs(endsAt - expected) < 1_500_000, "island ends at \(endsAt), the app at about \(expected): \(properties)")
        } else {
            Issue.record("no numbers to compare: \(properties) / \(got)")
        }
        // The app says Elapsed each second; the island hears nothing of it (counted on every surface).
        let monitor = try Background(
            ["dbus-monitor", "--session", "type='signal',interface='org.islet.Islet1.LiveActivity'"], environment: d.bus.environment)
        #expect(await eventually { monitor.stdout.contains("NameAcquired") })
        let seconds = try await Command.run(["sleep", "3"])
        #expect(seconds.status == 0)
        #expect(!monitor.stdout.contains("member=ActivityUpdated"), "\(monitor.stdout.suffix(400))")
        monitor.kill()

        // Pause pressed on the island reaches the app; paused as paused.
        var r = try await Command.run([builtProduct("islet"), "activity", "toggle", "--address", d.bus.address])
        #expect(r.status == 0, "\(r)")
        #expect(await eventually { await pomodoroProperties(d).contains("'IsPaused': <true>") })
        #expect(await eventually { await island(d).contains("'status': <'paused'>") })
        r = try await Command.run([builtProduct("islet"), "activity", "toggle", "--address", d.bus.address])
        #expect(await eventually { await pomodoroProperties(d).contains("'IsPaused': <false>") })

        // A song that starts over the Pomodoro waits: the Pomodoro matters more.
        let song = try SourceFixtures.mpv(d, title: "Song")
        defer { song.kill() }
        #expect(
            await eventually {
                (try? await Command.run(["playerctl", "--player=mpv", "status"], environment: d.bus.environment))?.stdout == "Playing\n"
            })
        _ = try await Command.run(["sleep", "1"])
        #expect(await island(d).contains("'gnome-pomodoro'"), "the Pomodoro keeps the island")

        // Skip pressed (LiveActivity.Act) reaches the app: the break is the island's.
        let current = await island(d)
        let currentID = current.split(separator: "'").dropFirst().first.map(String.init) ?? ""
        _ = await gdbus(
            d, "--dest", "org.islet.Islet1", "--object-path", "/org/islet/Islet1", "--method", "org.islet.Islet1.LiveActivity.Act", currentID, "skip")
        #expect(await eventually { await pomodoroProperties(d).contains("'State': <'short-break'>") })
        #expect(await eventually { await island(d).contains("'title': <'Short Break'>") })

        // The app quits: the song it kept waiting is shown.
        _ = await pomodoro(d, "Quit")
        #expect(await eventually { await island(d).contains("'mpris:mpv'") })
        #expect(notify.isRunning)
    }
}
