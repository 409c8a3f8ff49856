import DBus
import IsletClient
import IsletCore
import Platform
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The live activity as an MPRIS player, `org.mpris.MediaPlayer2.islet`, owned only while an
/// activity exists: media widgets and lock screens that show players show it, and playerctl
/// drives it. The view is ``MediaPresenter``'s; this is the plumbing: the name, the two
/// interfaces, PropertiesChanged only when the view changes, Seeked when the position jumps,
/// and a wake-up only when the text next changes (none while paused or with nothing shown).
public actor MediaPlayer: Surface {
    public nonisolated let name = "media player"
    public static let busName = "org.mpris.MediaPlayer2.islet"
    public static let path: ObjectPath = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"

    /// What the property getters read: they run on the connection's loop, not on the actor.
    struct Published: Sendable {
        var view: MediaView?
        var at: USec = 0
    }

    final class Shared: Sendable {
        let state = Mutex(Published())
        func read<T>(_ body: (Published) -> T) -> T { state.withLock { body($0) } }
        func write(_ value: Published) { state.withLock { $0 = value } }
        var view: MediaView? { read(\.view) }
    }

    public nonisolated let parts: SurfaceParts
    let style: NotifySettings.Style
    let published = Shared()
    var activity: ActivitySnapshot?
    var shown: MediaView?
    var owned = false
    /// When the name was last taken.
    var ownedAt: USec = 0
    /// When the name goes, with no activity since (``releaseDue(endedAt:ownedAt:)``).
    var releaseDue: USec?
    var tick: Task<Void, Never>?
    var input: AsyncStream<FeedUpdate?>.Continuation?
    var desk: SurfaceDesk?

    public init(_ parts: SurfaceParts, style: NotifySettings.Style) {
        self.parts = parts
        self.style = style
    }

    /// Runs until its updates end; ``shutdown()`` lets the name go.
    public func run(_ updates: AsyncStream<FeedUpdate>, desk: SurfaceDesk) async throws {
        self.desk = desk
        try islet.connection.export(Self.path, interfaces: interfaces())
        let (inputs, input) = AsyncStream.makeStream(of: FeedUpdate?.self)
        self.input = input
        let forward = Task {
            for await update in updates { input.yield(update) }
            input.finish()
        }
        defer { forward.cancel() }
        // A feed update, or nil: the text's next change is due.
        for await update in inputs {
            if let update { activity = update.activity }
            await render()
        }
        tick?.cancel()
    }

    /// How long the name stays once no activity is left: an activity ending as another starts
    /// (a timer over a fast, the fast again after it) reaches the surfaces as none, then the new
    /// one, a moment apart (isletd says both in one breath; the live notification waits as long
    /// for the same reason). The name released and owned again that fast made GNOME Shell 43's
    /// media list throw (mpris.js: "this._playerProxy is null": its proxy for the name made, the
    /// name gone before the proxy was ready), seen by `make desktops` (gnome-app).
    static let releaseSettle: USec = 250_000
    /// The least time the name is held, for the same reason: a timer stopped the moment it
    /// started must not take the name away before a shell's proxy for it is ready.
    static let leastHold: USec = 1_000_000

    /// When the name goes after the last activity ended at `endedAt`: as soon as a following
    /// activity would have come (issue 72: a lock screen showed an ended timer for 2 s).
    static func releaseDue(endedAt: USec, ownedAt: USec) -> USec {
        max(endedAt + releaseSettle, ownedAt + leastHold)
    }

    /// The position now: extrapolated from the view while playing.
    static func position(_ published: Published, now: USec) -> Int64 {
        guard let view = published.view else { return 0 }
        guard view.status == .playing, view.length > 0 else { return view.position }
        let moved = Int64(clamping: now > published.at ? now - published.at : 0)
        return min(view.length, view.position + moved)
    }

    /// The player leaves the bus on the way out (SIGTERM, or the media player turned off):
    /// its name released, its object withdrawn.
    public func shutdown() async {
        tick?.cancel()
        input?.finish()
        islet.connection.unexport(Self.path)
        guard owned else { return }
        owned = false
        log("media player: shutting down; releasing \(Self.busName)")
        _ = try? await islet.connection.releaseName(Self.busName)
    }

    func render() async {
        tick?.cancel()
        tick = nil
        let now = clock()
        guard let activity else {
            shown = nil
            published.write(Published())
            guard owned else { return }
            // Nothing is said until the name goes: GNOME 48's media list drops a player whose
            // CanPlay turns false and drops it again when its name goes, which throws
            // ("Impossible to remove untracked message", messageList.js), seen by `make
            // desktops DEBIAN=13` (gnome-island); GNOME 51's mpris.js removes it once. The card
            // shows the ended activity until then.
            let due = releaseDue ?? Self.releaseDue(endedAt: now, ownedAt: ownedAt)
            if now >= due {
                releaseDue = nil
                owned = false
                log("media player: no activity; releasing \(Self.busName)")
                _ = try? await islet.connection.releaseName(Self.busName)
            } else {
                releaseDue = due
                let input = self.input
                tick = wakeUp(at: due, now: now) { input?.yield(nil) }
            }
            return
        }
        releaseDue = nil
        let view = MediaPresenter.present(activity, now: now, style: style)
        let previous = shown
        let expected = published.read { Self.position($0, now: now) }
        published.write(Published(view: view, at: now))
        shown = view

        if !owned {
            do {
                let reply = try await islet.connection.requestName(Self.busName)
                owned = reply == .primaryOwner || reply == .alreadyOwner
                ownedAt = clock()
                log("media player: \(Self.busName) \(owned ? "owned" : "held by another program (\(reply))")")
            } catch {
                log("media player: cannot own \(Self.busName): \(error)")
            }
        } else {
            // (No previous view: an activity back before the name went, the name kept: all changed.)
            var changed: [String] = []
            if previous?.metadataKey != view.metadataKey { changed.append("Metadata") }
            if previous?.status != view.status { changed.append("PlaybackStatus") }
            if previous?.canPlay != view.canPlay { changed.append("CanPlay") }
            if previous?.canPause != view.canPause { changed.append("CanPause") }
            if !changed.isEmpty {
                islet.connection.propertiesChanged(path: Self.path, interface: Self.playerInterface, changed)
            }
            // Same track, but not where it would have got to by itself: say so.
            if let previous, previous.track == view.track, view.length > 0, abs(view.position - expected) > 1_000_000 {
                try? islet.connection.emit(path: Self.path, interface: Self.playerInterface, signal: "Seeked", [.int64(view.position)])
            }
        }
        let input = self.input
        tick = wakeUp(at: view.nextChange, now: now) { input?.yield(nil) }
    }

    /// Play, Pause, PlayPause, Stop.
    func control(_ name: String) async {
        guard let command = MediaPresenter.command(name, activity: activity, style: style) else {
            log("media player: \(name) means nothing now")
            return
        }
        log("media player: \(name) -> \(command.verb.rawValue)")
        await desk?.perform(command, from: self.name)
    }

    nonisolated func interfaces() -> [DBusInterface] {
        let published = self.published
        let clock = self.clock
        let control: @Sendable (String) -> DBusMethod = { name in
            DBusMethod(name) { [weak self] _ in
                if let self { Task { await self.control(name) } }
                return []
            }
        }
        let nothing: @Sendable (String, [DBusArgument]) -> DBusMethod = { name, inputs in
            DBusMethod(name, in: inputs) { _ in [] }
        }
        let root = DBusInterface(
            Self.rootInterface,
            methods: [nothing("Raise", []), nothing("Quit", [])],
            properties: [
                .typed("CanQuit", Bool.self, changeSignal: .constant) { false },
                .typed("CanRaise", Bool.self, changeSignal: .constant) { false },
                .typed("HasTrackList", Bool.self, changeSignal: .constant) { false },
                .typed("Identity", String.self, changeSignal: .constant) { "islet" },
                .typed("DesktopEntry", String.self, changeSignal: .constant) { Presenter.desktopEntry },
                .typed("SupportedUriSchemes", [String].self, changeSignal: .constant) { [] },
                .typed("SupportedMimeTypes", [String].self, changeSignal: .constant) { [] },
            ])
        let player = DBusInterface(
            Self.playerInterface,
            methods: [
                control("Play"), control("Pause"), control("PlayPause"), control("Stop"),
                nothing("Next", []), nothing("Previous", []),
                nothing("Seek", [DBusArgument("Offset", .int64)]),
                nothing("SetPosition", [DBusArgument("TrackId", .objectPath), DBusArgument("Position", .int64)]),
                nothing("OpenUri", [DBusArgument("Uri", .string)]),
            ],
            properties: [
                .typed("PlaybackStatus", String.self) { published.view?.status.rawValue ?? MediaView.Status.stopped.rawValue },
                .typed("Rate", Double.self, get: { 1.0 }, set: { _, _ in }),
                .typed("MinimumRate", Double.self, changeSignal: .constant) { 1.0 },
                .typed("MaximumRate", Double.self, changeSignal: .constant) { 1.0 },
                .typed("Volume", Double.self, get: { 1.0 }, set: { _, _ in }),
                DBusProperty("Metadata", type: .dictionary(key: .string, value: .variant)) {
                    MediaPlayer.metadata(published.view)
                },
                .typed("Position", Int64.self, changeSignal: .none) {
                    published.read { MediaPlayer.position($0, now: clock()) }
                },
                .typed("CanGoNext", Bool.self) { false },
                .typed("CanGoPrevious", Bool.self) { false },
                .typed("CanPlay", Bool.self) { published.view?.canPlay ?? false },
                .typed("CanPause", Bool.self) { published.view?.canPause ?? false },
                .typed("CanSeek", Bool.self) { false },
                .typed("CanControl", Bool.self, changeSignal: .none) { published.view?.canControl ?? false },
            ],
            signals: [DBusSignal("Seeked", [DBusArgument("Position", .int64)])])
        return [root, player]
    }

    /// The MPRIS metadata of a view: trackid, length, title, artist and art.
    static func metadata(_ view: MediaView?) -> DBusValue {
        guard let view else { return .stringVariantDictionary(["mpris:trackid": .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack")]) }
        var entries: [String: DBusValue] = [
            "mpris:trackid": .objectPath((try? ObjectPath("/org/islet/Islet1/activity/" + view.track)) ?? "/org/islet/Islet1/activity"),
            "xesam:title": .string(view.title),
        ]
        // Always said, empty in the minimal style: GNOME's media card writes "Unknown artist"
        // under a player that leaves it out.
        entries["xesam:artist"] = .array(.string, view.artist.isEmpty ? [] : [.string(view.artist)])
        if view.length > 0 { entries["mpris:length"] = .int64(view.length) }
        // islet's icon, not a music note; none in the minimal style (no icon: PRD-02 AR-02).
        if view.showsArt, let art = MediaArt.url { entries["mpris:artUrl"] = .string(art) }
        return .stringVariantDictionary(entries)
    }
}
