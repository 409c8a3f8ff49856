import DBus
import IsletCore
import Testing

@testable import IsletSources

/// The sources' pure parts: what another program's properties mean as a source's activity.
@Suite struct SourcesPureTests {
    let s: UInt64 = 1_000_000
    let now: USec = 1_790_000_000 * 1_000_000

    @Test func anotherProgramsTextIsBoundedAndWithoutControlCharacters() {
        #expect(SourceText.clean("  Tea\u{7} <b>Song</b>\n\n&amp;  ", limit: 100) == "Tea <b>Song</b> &amp;")
        let long = SourceText.clean(String(repeating: "ab ", count: 2000), limit: 120)
        #expect(long.unicodeScalars.count == 120 && long.hasSuffix("…"))
        #expect(SourceText.clean("\u{1b}[31m\u{9f}", limit: 10) == "[31m")
    }

    @Test func artIsALocalFilesURLAndNothingElse() {
        #expect(MprisArt.path(of: "file:///home/me/Music/cover%20art.png") == "/home/me/Music/cover art.png")
        #expect(MprisArt.path(of: "file:///home/me/%C3%A9t%C3%A9.jpg") == "/home/me/été.jpg")
        for url in [
            "http://example.org/a.png", "https://x/y", "data:image/png;base64,AAAA", "file://host/share/a.png", "file:///a/../etc/passwd",
            "file:///a/%2E%2e/b", "file:///a%00b", "file:///a%zz", "file:///a?x=1", "file:///a\u{7}b", "/home/me/a.png", "",
        ] {
            #expect(MprisArt.path(of: url) == nil, "\(url)")
        }
        #expect(CustomDictionary.isLocalFileURL("file:///tmp/a.png") && !CustomDictionary.isLocalFileURL("file:///tmp/../a.png"))
        #expect(MprisArt.cheap("file:///dev/null") == nil, "not a regular file")
        var player = MprisPlayer(busName: "org.mpris.MediaPlayer2.mpv")
        player.apply([
            "PlaybackStatus": .string("Playing"),
            "Metadata": .dictionary(
                key: .string, value: .variant,
                [
                    .init(.string("xesam:title"), .variant(.string("Song"))), .init(.string("mpris:artUrl"), .variant(.string("file:///c.png"))),
                ]),
        ])
        #expect(player.artURL == "file:///c.png")
        #expect(MprisActivity.state(player, art: "file:///c.png", at: now)?["art_url"] == .string("file:///c.png"))
        #expect(MprisActivity.state(player, art: nil, at: now)?["art_url"] == nil)
        player.apply(["Metadata": .dictionary(key: .string, value: .variant, [.init(.string("xesam:title"), .variant(.string("Next")))])])
        #expect(player.artURL == "", "the next track without art has none")
    }

    @Test func aPlayersPositionIsCountedFromItsReadingAtItsRate() {
        var player = MprisPlayer(busName: "org.mpris.MediaPlayer2.mpv")
        player.apply([
            "PlaybackStatus": .variant(.string("Playing")), "Rate": .variant(.double(2)), "CanPause": .variant(.boolean(true)),
            "Metadata": .variant(
                .dictionary(
                    key: .string, value: .variant,
                    [
                        .init(.string("xesam:title"), .variant(.string("Song"))),
                        .init(.string("xesam:artist"), .variant(.array(.string, [.string("A"), .string("B")]))),
                        .init(.string("mpris:length"), .variant(.int64(200_000_000))),
                    ])),
        ])
        player.positioned(10_000_000, at: now)
        #expect(player.position(at: now + 5 * s) == 20_000_000, "five seconds at twice the speed")
        #expect(player.position(at: now + 500 * s) == 200_000_000, "never past the end")
        let state = MprisActivity.state(player, at: now + 5 * s)
        #expect(state?["title"] == .string("Song") && state?["phase_name"] == .string("A, B"))
        #expect(state?["ends_at_usec"] == .uint64(now + 5 * s + 90 * s), "180 s left at twice the speed")
        #expect(state?["actions"] == .string("pause"))
        player.apply(["Rate": .variant(.double(.nan)), "PlaybackStatus": .variant(.string("Dancing"))])
        #expect(player.rate == 2 && player.status == "Playing", "values a player may not give are ignored")
        for rate in [1e300, 1e-300, -1, 0] {
            player.apply(["Rate": .variant(.double(rate))])
            #expect(player.rate == 2, "a rate of \(rate) is not believed")
        }
        player.positioned(.max, at: now)
        #expect(MprisActivity.state(player, at: now + 5 * s) != nil, "a position past the end is the end, no trap")
        var endless = MprisPlayer(busName: "org.mpris.MediaPlayer2.x")
        endless.apply([
            "PlaybackStatus": .variant(.string("Playing")), "Rate": .variant(.double(0.01)),
            "Metadata": .variant(.dictionary(key: .string, value: .variant, [.init(.string("mpris:length"), .variant(.int64(.max)))])),
        ])
        endless.positioned(.max, at: now)
        #expect(endless.length == 0, "a length past a year is not known")
        #expect(MprisActivity.state(endless, at: now + 5 * s)?["ends_at_usec"] == nil, "no end, no trap")
        player.apply(["PlaybackStatus": .variant(.string("Stopped"))])
        #expect(MprisActivity.state(player, at: now) == nil, "a stopped player has no activity")
        #expect(!MprisPlayer.isSource("org.mpris.MediaPlayer2.islet") && !MprisPlayer.isSource("org.mpris.MediaPlayer2.islet.instance2"))
        #expect(MprisPlayer.isSource("org.mpris.MediaPlayer2.isletter") && !MprisPlayer.isSource("org.mpris.MediaPlayer2."))
    }

    @Test func focusTimersTimestampsAreItsCountdown() {
        func read(_ values: [String: DBusValue]) -> [String: ReadValue] { values.mapValues { ReadValue($0, at: now) } }
        let started = Int64(now) - 60_000_000
        let running = read([
            "State": .string("pomodoro"), "Duration": .int64(1_500_000_000), "Offset": .int64(5_000_000), "StartedTime": .int64(started),
            "PausedTime": .int64(-1), "FinishedTime": .int64(-1),
        ])
        let block = FocusTimer.block(running, at: now)
        #expect(block == PomodoroBlock(kind: .pomodoro, duration: 1_500_000_000, elapsed: 55_000_000, paused: false))
        let state = block.map { PomodoroActivity.state($0, at: now) }
        #expect(state?["ends_at_usec"] == .uint64(now + 1_445_000_000) && state?["title"] == .string("Pomodoro"))
        #expect(state?["actions"] == .string("pause skip"))
        var paused = running
        paused["PausedTime"] = ReadValue(.int64(started + 30_000_000), at: now)
        #expect(FocusTimer.block(paused, at: now)?.elapsed == 25_000_000 && FocusTimer.block(paused, at: now)?.paused == true)
        var stopped = running
        stopped["State"] = ReadValue(.string("stopped"), at: now)
        #expect(FocusTimer.block(stopped, at: now) == nil)
        var hostile = running
        hostile["StartedTime"] = ReadValue(.int64(.max), at: now)
        hostile["Offset"] = ReadValue(.int64(.max), at: now)
        #expect(FocusTimer.block(hostile, at: now) == nil, "numbers no timer has: no block, no trap")
        var finished = running
        finished["FinishedTime"] = ReadValue(.int64(started + 1_505_000_000), at: now)
        #expect(FocusTimer.block(finished, at: now + 3_000_000_000)?.finished == true)
    }

    @Test func gnomePomodorosElapsedIsCountedFromWhenItWasSent() {
        let properties: [String: ReadValue] = [
            "State": ReadValue(.string("short-break"), at: now), "StateDuration": ReadValue(.double(300), at: now),
            "Elapsed": ReadValue(.double(10), at: now - 2 * s), "IsPaused": ReadValue(.boolean(false), at: now),
        ]
        #expect(GnomePomodoro.block(properties, at: now)?.elapsed == 12 * s)
        #expect(GnomePomodoro.block(properties, at: now).map { PomodoroActivity.state($0, at: now)["title"] } == .string("Short Break"))
        var bad = properties
        bad["StateDuration"] = ReadValue(.double(.infinity), at: now)
        #expect(GnomePomodoro.block(bad, at: now) == nil)
        bad["State"] = ReadValue(.string("null"), at: now)
        #expect(GnomePomodoro.block(bad, at: now) == nil)
    }

    @Test func onlyAChangeToTheSecondIsWorthACall() {
        let a: ActivityState = ["status": .string("running"), "title": .string("T"), "ends_at_usec": .uint64(now), "updated_at_usec": .uint64(1)]
        var b = a
        b["updated_at_usec"] = .uint64(2)
        b["ends_at_usec"] = .uint64(now + 900_000)
        #expect(!SourceOutlet.worthSending(a, b), "the same, read again")
        b["ends_at_usec"] = .uint64(now + 3 * s)
        #expect(SourceOutlet.worthSending(a, b), "moved by a seek")
        #expect(SourceOutlet.worthSending(a, nil) && SourceOutlet.worthSending(nil, a) && !SourceOutlet.worthSending(nil, nil))
        var c = a
        c["status"] = .string("paused")
        #expect(SourceOutlet.worthSending(a, c))
    }
}
