import IsletCore

/// A player as a source's activity (contract 1.4): pure, from ``MprisPlayer`` and the moment.
/// A stopped player has none. Its position is in the state as timestamps (started, ends), so
/// every surface counts it itself: nothing is sent as the song plays.
public enum MprisActivity {
    /// Below a Pomodoro's (0.6): a countdown that ends matters more than a song that plays.
    public static let relevance = 0.3
    /// A paused player gives way to one that plays (the one playing most recently shows); two
    /// alike, the earlier keeps the island (``IslandRule``).
    public static let pausedRelevance = 0.2

    /// The owner of a player's activity: `mpris:` and its name after `org.mpris.MediaPlayer2.`
    /// (at most 64 characters, the contract's bound).
    public static func owner(of busName: String) -> String {
        let name = busName.hasPrefix("org.mpris.MediaPlayer2.") ? String(busName.dropFirst("org.mpris.MediaPlayer2.".count)) : busName
        return String(("mpris:" + name).unicodeScalars.prefix(64))
    }

    public static func attributes(_ player: MprisPlayer) -> ActivityState {
        var attributes: ActivityState = [
            "title": .string(SourceText.clean(player.identity.isEmpty ? player.busName : player.identity, limit: 120)),
            "source": .bool(true), "relevance": .double(relevance),
        ]
        // The player's own desktop entry, when it names one the contract takes.
        let entry = player.desktopEntry.hasSuffix(".desktop") ? String(player.desktopEntry.dropLast(8)) : player.desktopEntry
        if CustomDictionary.isDesktopEntryID(entry) {
            attributes["app_id"] = .string(entry)
        }
        return attributes
    }

    /// The player's method for a button of its activity: pause and resume as Pause and Play
    /// (not PlayPause: a press acts as the island said, whatever the player did meanwhile).
    public static func method(for action: String) -> String? {
        switch action {
        case "pause": "Pause"
        case "resume": "Play"
        case "next": "Next"
        default: nil
        }
    }

    /// What it shows at `now`; nil for a stopped player. `art`: the track's art where it is
    /// cheap (``MprisArt/cheap(_:)``), nil for none.
    public static func state(_ player: MprisPlayer, art: String? = nil, at now: USec) -> ActivityState? {
        guard player.status != "Stopped" else { return nil }
        let playing = player.status == "Playing"
        let elapsed = player.position(at: now)
        var state: ActivityState = [
            "status": .string(playing ? "running" : "paused"),
            "relevance": .double(playing ? relevance : pausedRelevance),
            "title": .string(SourceText.clean(player.title.isEmpty ? player.identity : player.title, limit: 200)),
            "elapsed_usec": .uint64(elapsed),
            "started_at_usec": .uint64(now > elapsed ? now - elapsed : 0),
            "updated_at_usec": .uint64(now),
        ]
        // Its buttons, as the player offers them now: pressed anywhere, they reach the player.
        let actions = [
            playing && player.canPause ? "pause" : nil, !playing && player.canPlay ? "resume" : nil, player.canGoNext ? "next" : nil,
        ].compactMap { $0 }
        if !actions.isEmpty { state["actions"] = .string(actions.joined(separator: " ")) }
        let artists = SourceText.clean(player.artists.joined(separator: ", "), limit: 200)
        if !artists.isEmpty { state["phase_name"] = .string(artists) }
        if let art { state["art_url"] = .string(art) }
        if player.length > 0 {
            let remaining = player.length > elapsed ? player.length - elapsed : 0
            state["total_usec"] = .uint64(player.length)
            state["remaining_usec"] = .uint64(remaining)
            state["progress"] = .double(min(1, Double(elapsed) / Double(player.length)))
            state["ends_at_usec"] = .uint64(playing ? now + UInt64(Double(remaining) / player.rate) : 0)
        }
        return state
    }
}
