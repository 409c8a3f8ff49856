import IsletCore
import Testing

/// Which activity the island shows (contract 1.4, producers.md): the user's over what merely
/// runs; among the user's the newest; among sources the more relevant, then the earlier; a
/// source that gives way waits.
@Suite struct IslandRuleTests {
    typealias Candidate = IslandRule.Candidate

    @Test("No Concurrent Activities: exactly one is chosen, or none") func oneOrNone() {
        #expect(IslandRule.choose([]) == nil)
        let song = Candidate(.source("mpris:mpv"), sequence: 1, relevance: 0.3)
        #expect(IslandRule.choose([song]) == song)
    }

    @Test("New Activity Wins: among the user's, the newest") func newestUsersWins() {
        let fast = Candidate(.fast, sequence: 1)
        let tea = Candidate(.timer("tea"), sequence: 2)
        #expect(IslandRule.choose([fast, tea]) == tea)
        #expect(IslandRule.choose([tea, fast]) == tea, "the order they are listed in does not matter")
    }

    @Test func whatTheUserStartedOutranksWhatMerelyRuns() {
        let fast = Candidate(.fast, sequence: 1)
        let newerSong = Candidate(.source("mpris:mpv"), sequence: 9, relevance: 1)
        #expect(IslandRule.choose([fast, newerSong]) == fast, "a newer, most relevant source still gives way")
        #expect(IslandRule.outranks(fast, newerSong))
        #expect(!IslandRule.outranks(newerSong, fast))
        let program = Candidate(.program("build"), sequence: .max)
        #expect(IslandRule.outranks(program, newerSong) && !IslandRule.outranks(newerSong, program))
    }

    @Test func amongSourcesTheMoreRelevantThenTheEarlier() {
        let pomodoro = Candidate(.source("focus-timer"), sequence: 1, relevance: 0.6)
        let song = Candidate(.source("mpris:mpv"), sequence: 2, relevance: 0.3)
        #expect(IslandRule.choose([pomodoro, song]) == pomodoro, "a Pomodoro's countdown over a newer song")
        let otherSong = Candidate(.source("mpris:vlc"), sequence: 3, relevance: 0.3)
        #expect(IslandRule.choose([song, otherSong]) == song, "equal relevance: the earlier keeps the island (ActivityKit's tie)")
        #expect(IslandRule.choose([otherSong, song]) == song, "whatever the order they are listed in")
        #expect(!IslandRule.outranks(otherSong, song) && IslandRule.outranks(song, otherSong))
        let paused = Candidate(.source("mpris:mpv"), sequence: 2, relevance: 0.2)
        #expect(IslandRule.choose([paused, otherSong]) == otherSong, "a song that plays over an earlier one paused")
    }
}

@Suite struct SourcesOnTheIsland {
    func song(_ e: inout Engine, owner: String = "mpris:mpv", title: String = "Song", relevance: Double = 0.3, now: USec = t0) throws
        -> String
    {
        try e.startCustomActivity(
            owner: owner,
            attributes: ["title": .string(title), "source": .bool(true), "relevance": .double(relevance), "app_id": .string("mpv")],
            state: ["status": .string("running")], sender: ":1.40", now: now)
    }

    @Test("First-Come Priority: a source takes an empty island") func aSourceTakesAnEmptyIsland() throws {
        var e = engine()
        let id = try song(&e)
        #expect(!id.isEmpty && e.state.activity?.id == id)
        #expect(e.state.activity?.isSource == true && e.state.activity?.endsWithOwner == true)
        #expect(e.state.activity?.attributes["app_id"] == .string("mpv"))
    }

    @Test func aTimerStartedOverASongTakesTheIslandAndGivesItBack() throws {
        var e = engine()
        _ = try song(&e)
        try e.startTimer(owner: "tea", title: "Tea", phases: [.init(name: "Tea", seconds: 180)], rounds: 1, now: t0 + s)
        #expect(e.state.activity?.owner == "tea")
        #expect(e.ended == [.replaced])
        #expect(e.state.sources["mpris:mpv"] != nil, "waiting is not ending")
        // The song changed while it waited: it comes back as it is now, with no signal meanwhile.
        let before = e.events.count
        try e.updateCustomActivity(owner: "mpris:mpv", state: ["status": .string("paused"), "title": .string("Next")], now: t0 + 2 * s)
        #expect(e.events.count == before, "a waiting source's update is kept, not announced")
        try e.stopTimer(owner: "tea", now: t0 + 3 * s)
        #expect(e.state.activity?.owner == "mpris:mpv")
        #expect(e.state.activity?.customState["status"] == .string("paused"))
        #expect(e.startedOwners == ["mpris:mpv", "tea", "mpris:mpv"])
    }

    @Test func aSourceStartedWhileTheUsersShowsWaits() throws {
        var e = engine(goal: 57600)
        try e.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        #expect(try song(&e, now: t0 + s) == "", "not shown: no id")
        #expect(e.state.activity?.owner == "fasting")
        #expect(e.ended.isEmpty)
        _ = try e.stopFast(at: nil, now: t0 + 2 * s)
        #expect(e.state.activity?.owner == "mpris:mpv", "the fast ended: the song is shown")
    }

    @Test func aProgramsOwnActivityOutranksASourceAndTheSourceReturns() throws {
        var e = engine()
        _ = try song(&e)
        _ = try e.startCustomActivity(owner: "build", attributes: ["title": .string("make")], state: [:], sender: ":1.7", now: t0 + s)
        #expect(e.state.activity?.owner == "build")
        try e.endActivity(owner: "build", now: t0 + 2 * s)
        #expect(e.state.activity?.owner == "mpris:mpv")
    }

    @Test func aPomodoroOutranksASongAndTheSongReturnsAfterIt() throws {
        var e = engine()
        _ = try song(&e)
        _ = try song(&e, owner: "focus-timer", title: "Pomodoro", relevance: 0.6, now: t0 + s)
        #expect(e.state.activity?.owner == "focus-timer")
        _ = try song(&e, owner: "mpris:vlc", title: "Other song", now: t0 + 2 * s)
        #expect(e.state.activity?.owner == "focus-timer", "a newer song does not take the Pomodoro's place")
        try e.endActivity(owner: "focus-timer", now: t0 + 3 * s)
        #expect(e.state.activity?.owner == "mpris:mpv", "the earlier of two songs alike")
        try e.endActivity(owner: "mpris:mpv", now: t0 + 4 * s)
        #expect(e.state.activity?.owner == "mpris:vlc")
    }

    @Test func aSourceWhoseRelevanceChangesIsWeighedAgain() throws {
        var e = engine()
        _ = try song(&e)
        _ = try song(&e, owner: "mpris:vlc", title: "Other song", now: t0 + s)
        #expect(e.state.activity?.owner == "mpris:mpv", "two songs alike: the earlier shows")
        // mpv pauses: a paused player is less relevant, so the one that plays takes the island.
        try e.updateCustomActivity(owner: "mpris:mpv", state: ["status": .string("paused"), "relevance": .double(0.2)], now: t0 + 2 * s)
        #expect(e.state.activity?.owner == "mpris:vlc")
        #expect(e.ended.last == .replaced && e.state.sources["mpris:mpv"] != nil, "mpv waits, it did not end")
        // mpv plays again: a tie, and vlc is now the one shown, but mpv started first.
        try e.updateCustomActivity(owner: "mpris:mpv", state: ["status": .string("running"), "relevance": .double(0.3)], now: t0 + 3 * s)
        #expect(e.state.activity?.owner == "mpris:mpv", "equal again: the earlier")
        #expect(e.state.activity?.customState["status"] == .string("running"), "back as it is now")
        // A relevance said again changes nothing; neither does a timer's being weighed.
        let before = e.events.count
        try e.updateCustomActivity(owner: "mpris:mpv", state: ["status": .string("running"), "relevance": .double(0.3)], now: t0 + 4 * s)
        #expect(e.events.count == before + 1 && e.state.activity?.owner == "mpris:mpv", "an update, no change of hands")
        try e.startTimer(owner: "tea", title: "Tea", phases: [.init(name: "Tea", seconds: 180)], rounds: 1, now: t0 + 5 * s)
        try e.updateCustomActivity(owner: "mpris:vlc", state: ["relevance": .double(1)], now: t0 + 6 * s)
        #expect(e.state.activity?.owner == "tea", "no relevance takes the island from what the user started")
        try e.stopTimer(owner: "tea", now: t0 + 7 * s)
        #expect(e.state.activity?.owner == "mpris:vlc", "the most relevant of those waiting")
    }

    @Test func aWaitingSourceEndsWithoutAWordAndItsProgramsLeavingTakesAllOfIt() throws {
        var e = engine()
        _ = try song(&e)
        try e.startTimer(owner: "tea", title: "Tea", phases: [.init(name: "Tea", seconds: 180)], rounds: 1, now: t0 + s)
        let before = e.events.count
        try e.endActivity(owner: "mpris:mpv", now: t0 + 2 * s)
        #expect(e.events.count == before && e.state.sources.isEmpty)
        _ = try song(&e, now: t0 + 3 * s)
        _ = try song(&e, owner: "mpris:vlc", now: t0 + 3 * s)
        e.senderVanished(":1.40", now: t0 + 4 * s)
        #expect(e.state.sources.isEmpty)
        try e.stopTimer(owner: "tea", now: t0 + 5 * s)
        #expect(e.state.activity == nil, "nothing of a program that left comes back")
    }

    @Test("Activity End (App Termination): a shown source ends with its program") func aShownSourceEndsWithItsProgram() throws {
        var e = engine()
        _ = try e.startCustomActivity(
            owner: "mpris:mpv", attributes: ["title": .string("Song"), "source": .bool(true), "ends_with_owner": .bool(false)],
            state: [:], sender: ":1.40", now: t0)
        e.senderVanished(":1.40", now: t0 + s)
        #expect(e.ended == [.ownerVanished] && e.state.activity == nil, "a source's activity always ends with its program")
    }

    @Test func startedAgainTheOldOneIsGone() throws {
        var e = engine()
        let first = try song(&e, title: "One")
        let second = try song(&e, title: "Two", now: t0 + s)
        #expect(first != second && e.ended == [.replaced] && e.state.sources.count == 1)
        #expect(e.state.activity?.attributes["title"] == .string("Two"))
    }

    @Test("Not Authorized: a source is kept while live activities are off, shown when they are on")
    func sourcesWhileDisabled() throws {
        var e = engine()
        e.setEnabled(false, now: t0)
        #expect(try song(&e) == "")
        #expect(e.state.activity == nil)
        e.setEnabled(true, now: t0 + s)
        #expect(e.state.activity?.owner == "mpris:mpv")
    }

    @Test func boundsOnSources() throws {
        var e = engine()
        for i in 0..<Limits.maxSources { _ = try song(&e, owner: "s\(i)", now: t0 + UInt64(i) * s) }
        #expect(throws: IsletError.invalidArgument("at most 16 sources' activities are kept at once; end one first")) {
            try song(&e, owner: "one more")
        }
        _ = try song(&e, owner: "s3", title: "again")  // the same owner again is no more
        for bad: ActivityValue in [.double(.nan), .double(1.5), .double(-0.1)] {
            #expect(throws: IsletError.invalidArgument("relevance must be within 0 ... 1")) {
                try e.startCustomActivity(
                    owner: "x", attributes: ["title": .string("X"), "source": .bool(true), "relevance": bad], state: [:], sender: ":1.1", now: t0)
            }
        }
        for bad in ["", "mpv.desktop", "../etc/passwd", "a b", String(repeating: "a", count: 256), ".hidden"] {
            #expect(throws: IsletError.self, "app_id \(bad)") {
                try e.startCustomActivity(owner: "x", attributes: ["title": .string("X"), "app_id": .string(bad)], state: [:], sender: ":1.1", now: t0)
            }
        }
        #expect(throws: IsletError.self) {
            try e.startCustomActivity(owner: "x", attributes: ["title": .string("X"), "source": .string("yes")], state: [:], sender: ":1.1", now: t0)
        }
        // An image is a local file's URL: nothing a surface would fetch, nothing outside a path.
        for bad in ["http://example.org/a.png", "data:image/png;base64,AA", "file:///a/../b.png", "file:///a.png?x", "file://host/a.png", "/a.png"] {
            #expect(throws: IsletError.invalidArgument("art_url must be a local file's URL (file:///...), got \"\(bad)\""), "\(bad)") {
                try e.updateCustomActivity(owner: "s3", state: ["art_url": .string(bad)], now: t0)
            }
        }
        try e.updateCustomActivity(owner: "s3", state: ["art_url": .string("file:///home/me/cover%20art.png")], now: t0)
    }

    @Test func aSourcesFinishShowsItsEndOrDropsItWhileItWaits() throws {
        var e = engine()
        _ = try song(&e)
        try e.finishCustomActivity(owner: "mpris:mpv", state: [:], dismissal: "default", dismissAt: 0, now: t0 + s)
        #expect(e.state.activity?.dismissAt != 0 && e.state.sources.isEmpty)
        var waiting = engine(goal: 3600)
        try waiting.startFast(at: nil, now: t0, latestCompletedEnd: 0)
        _ = try song(&waiting, now: t0 + s)
        try waiting.finishCustomActivity(owner: "mpris:mpv", state: [:], dismissal: "default", dismissAt: 0, now: t0 + 2 * s)
        #expect(waiting.state.sources.isEmpty && waiting.state.activity?.owner == "fasting")
    }

    /// Contract 1.4: a button the activity offers, pressed on any surface, reaches its program.
    @Test func aButtonTheActivityOffersReachesItsProgramAlone() throws {
        var e = engine()
        let id = try e.startCustomActivity(
            owner: "mpris:mpv", attributes: ["title": .string("mpv"), "source": .bool(true)],
            state: ["status": .string("running"), "actions": .string("pause next")], sender: ":1.40", now: t0)
        try e.act(activityID: id, action: "next", now: t0 + s)
        #expect(e.events.last == .actionInvoked(id: id, owner: "mpris:mpv", action: "next", sender: ":1.40"))
        #expect(throws: IsletError.invalidState("the activity does not offer \"resume\" now")) {
            try e.act(activityID: id, action: "resume", now: t0 + s)
        }
        #expect(throws: IsletError.invalidArgument("an action is one of pause, resume, next, skip, stop, got \"dance\"")) {
            try e.act(activityID: id, action: "dance", now: t0 + s)
        }
        #expect(throws: IsletError.invalidState("the activity \"old\" is not the one shown")) { try e.act(activityID: "old", action: "next", now: t0 + s) }
        try e.startTimer(owner: "tea", title: "Tea", phases: [.init(name: "Tea", seconds: 180)], rounds: 1, now: t0 + 2 * s)
        let timer = try #require(e.state.activity?.id)
        #expect(throws: IsletError.invalidState("a fast's or timer's buttons are the Fasting and Timers methods")) {
            try e.act(activityID: timer, action: "pause", now: t0 + 3 * s)
        }
        // Offered buttons are words of the contract's, each once.
        for bad in ["pause dance", "pause pause"] {
            #expect(throws: IsletError.self, "\(bad)") {
                try e.updateCustomActivity(owner: "mpris:mpv", state: ["actions": .string(bad)], now: t0 + 4 * s)
            }
        }
    }
}
