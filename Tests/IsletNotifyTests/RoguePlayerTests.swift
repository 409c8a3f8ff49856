import DBus
import Foundation
import TestSupport
import Testing

/// Issue 70, item 5: what a player says is contained. Fakes where no real player can be made to
/// misbehave (Tests/Fixtures/rogue-player.py, Python's GLib): one that floods PropertiesChanged
/// a hundred times a second with 4 KiB titles of markup and control characters, and one that
/// never answers a call.
@Suite(.serialized, .startsProcesses) struct RoguePlayerTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/rogue-player.py").path

    @Test func aFloodIsCoalescedAndAMutePlayerHoldsUpNothing() async throws {
        let d = try await Daemon()
        let (notify, _) = try await SourceFixtures.notify(d)
        // The mute one first: islet-notify's calls to it wait out their time and fail.
        let mute = try Background(["/usr/bin/python3", Self.script, "mute"], environment: d.bus.environment)
        defer { mute.kill() }
        let monitor = try Background(
            ["dbus-monitor", "--session", "type='signal',interface='org.islet.Islet1.LiveActivity'"], environment: d.bus.environment)
        defer { monitor.kill() }
        #expect(await eventually { monitor.stdout.contains("NameAcquired") })
        let flood = try Background(["/usr/bin/python3", Self.script, "flood", "3"], environment: d.bus.environment)
        defer { flood.kill() }
        // Shown while the mute player still holds its calls: one player holds up no other.
        #expect(await eventually { await SourceFixtures.island(d).contains("'mpris:rogueflood'") })
        #expect(await eventually { await SourceFixtures.island(d).contains("'title': <'Last title <b>&amp;") })
        let got = await SourceFixtures.island(d)
        // The title as the characters it is, bounded (200 characters), without control characters.
        if let range = got.range(of: "'title': <'Last title") {
            let title = got[range.lowerBound...].dropFirst("'title': <'".count).prefix(while: { $0 != "'" })
            #expect(title.count <= 200 && !title.contains("\u{1}") && !title.contains("\\x01") && !title.contains("\u{1b}"), "\(title)")
        }
        // Three seconds of a hundred changes a second reached isletd as at most four a second.
        let updates = monitor.stdout.components(separatedBy: "member=ActivityUpdated").count - 1
        #expect(updates >= 1 && updates <= 3 * 4 + 4, "\(updates) updates for 300 changes")
        #expect(!got.contains("'mpris:roguemute'"), "a player that never answered shows nothing")
        #expect(notify.isRunning)
        // Gone mid-song: its activity with it.
        flood.kill()
        #expect(await eventually { !(await SourceFixtures.island(d)).contains("rogueflood") })
        #expect(notify.isRunning)
    }

    /// A player's art is shown where it is cheap: a small local file. A 50 MB file, a device, a
    /// host that never answers and a data: URL are no art (nothing is fetched or read), the song
    /// shows all the same, at once; art that goes away goes from the island.
    @Test func artIsALocalFileOfAFewMegabytesAtMost() async throws {
        let d = try await Daemon()
        let (notify, _) = try await SourceFixtures.notify(d)
        let folder = try TemporaryDirectory.make(prefix: "art")
        let big = folder.appendingPathComponent("big.png")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 50 * 1024 * 1024)
        try handle.close()
        let small = folder.appendingPathComponent("cover art.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 200)).write(to: small)
        let refused = [
            big.absoluteString, "file:///dev/zero", "http://192.0.2.1/cover.png", "data:image/png;base64,iVBORw0KGgo=",
            folder.appendingPathComponent("missing.png").absoluteString, "file:///tmp/../etc/passwd",
        ]
        for url in refused {
            let player = try Background(["/usr/bin/python3", Self.script, "art", url], environment: d.bus.environment)
            defer { player.kill() }
            #expect(await eventually { await SourceFixtures.island(d).contains("'mpris:rogueart'") }, "\(url)")
            let got = await SourceFixtures.island(d)
            #expect(got.contains("'title': <'First title'>") && !got.contains("art_url"), "\(url): \(got)")
            player.kill()
            #expect(await eventually { !(await SourceFixtures.island(d)).contains("rogueart") })
        }
        let player = try Background(["/usr/bin/python3", Self.script, "art", small.absoluteString], environment: d.bus.environment)
        defer { player.kill() }
        let shown = await eventually { await SourceFixtures.island(d).contains("'art_url': <'\(small.absoluteString)'>") }
        let island = await SourceFixtures.island(d)
        #expect(shown, "a small local file is the song's art: \(island)")
        kill(player.pid, SIGUSR1)
        #expect(
            await eventually {
                let got = await SourceFixtures.island(d)
                return got.contains("'title': <'No art'>") && !got.contains("art_url")
            })
        #expect(notify.isRunning)
    }
}
