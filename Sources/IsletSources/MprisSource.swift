import DBus
import IdleLoop
import IsletBus
import IsletClient
import IsletCore
import Platform

/// The MPRIS 2 source (producers.md): every media player on the session bus as a source's
/// activity of its own while it plays or is paused; ``IslandRule`` shows one that plays over
/// one paused, of two alike the earlier, below what the user started. It follows the players' names, their
/// PropertiesChanged and Seeked, and never polls: the position is read when the player says
/// something changed and counted on every surface from the state's timestamps. A player's
/// flood of changes reaches isletd as ``SourceOutlet`` sends it; a player that never answers
/// holds up only itself; one that leaves takes its activity with it.
public actor MprisSource {
    private let connection: DBusConnection
    private let islet: IsletClient
    private let log: @Sendable (String) -> Void
    /// Per player's bus name: what it said, its way to isletd, its watch.
    private var players: [String: Watched] = [:]

    private struct Watched {
        var player: MprisPlayer
        let outlet: SourceOutlet
        var task: Task<Void, Never>?
        /// The art URL last checked and what the check said: a file is looked at once a track.
        var art: (url: String, cheap: String?) = ("", nil)
    }

    public init(connection: DBusConnection, log: @escaping @Sendable (String) -> Void) {
        self.connection = connection
        islet = IsletClient(connection: connection, timeout: .seconds(5))
        self.log = log
    }

    /// Follows the players until the task is cancelled or the connection closes.
    public func run() async {
        let bus = DBusProxy(
            connection: connection, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            timeout: .seconds(5))
        guard
            let names = try? await connection.signals(
                matching: MatchRule(
                    sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
                    path: "/org/freedesktop/DBus", arg0Namespace: "org.mpris.MediaPlayer2"))
        else { return log("cannot follow the bus's names") }
        let service = Task { await self.followIsletd() }
        let presses = Task { await self.followPresses() }
        defer {
            service.cancel()
            presses.cancel()
        }
        if case .array(_, let listed)? = try? await bus.call("ListNames").first {
            for case .string(let name) in listed where MprisPlayer.isSource(name) { appeared(name) }
        }
        for await message in names {
            guard message.body.count == 3, case .string(let name) = message.body[0], case .string(let newOwner) = message.body[2],
                MprisPlayer.isSource(name)
            else { continue }
            if newOwner.isEmpty { await vanished(name) } else { appeared(name) }
        }
        for name in Array(players.keys) { await vanished(name) }
    }

    /// isletd back on the bus (restarted): every player's activity told again.
    private func followIsletd() async {
        await IsletdLink.returns(on: connection) {
            for watched in players.values { await watched.outlet.forgotten() }
        }
    }

    /// A button of a player's activity pressed anywhere: the player is asked.
    private func followPresses() async {
        await IsletdLink.presses(on: connection) { invoked in
            guard let method = MprisActivity.method(for: invoked.action),
                let name = players.first(where: { $0.value.outlet.owner == invoked.owner })?.key
            else { return }
            let player = DBusProxy(
                connection: connection, destination: name, path: "/org/mpris/MediaPlayer2", interface: "org.mpris.MediaPlayer2.Player",
                timeout: .seconds(5), autoStart: false)
            IsletdLink.press(player, method, log: log)
        }
    }

    private func appeared(_ name: String) {
        guard players[name] == nil else { return }
        // Started once; pausing and playing again are Updates, whose relevance says which player
        // shows (``MprisActivity/pausedRelevance``): a player keeps its place in the order.
        let outlet = SourceOutlet(owner: MprisActivity.owner(of: name), islet: islet, log: log)
        players[name] = Watched(player: MprisPlayer(busName: name), outlet: outlet)
        players[name]?.task = Task { await self.watch(name) }
    }

    private func vanished(_ name: String) async {
        guard let watched = players.removeValue(forKey: name) else { return }
        watched.task?.cancel()
        await watched.outlet.end()
    }

    /// One player: its signals, then what it says now; each change applied and offered.
    private func watch(_ name: String) async {
        let player = DBusProxy(
            connection: connection, destination: name, path: "/org/mpris/MediaPlayer2", interface: "org.mpris.MediaPlayer2.Player",
            timeout: .seconds(5), autoStart: false)
        guard let owner = try? await connection.nameOwner(name) else { return }
        guard
            let changes = try? await connection.signals(
                matching: MatchRule(
                    sender: owner, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                    path: "/org/mpris/MediaPlayer2", arg0: "org.mpris.MediaPlayer2.Player")),
            let seeks = try? await connection.signals(
                matching: MatchRule(sender: owner, interface: "org.mpris.MediaPlayer2.Player", member: "Seeked", path: "/org/mpris/MediaPlayer2"))
        else { return }
        let root = DBusProxy(
            connection: connection, destination: name, path: "/org/mpris/MediaPlayer2", interface: "org.mpris.MediaPlayer2",
            timeout: .seconds(5), autoStart: false)
        if let about = try? await root.getAll() { await update(name) { $0.apply(about) } }
        if let now = try? await player.getAll() {
            await update(name) { $0.apply(now) }
            await readPosition(name, player)
        }
        let (events, input) = AsyncStream.makeStream(of: Message.self, bufferingPolicy: .bufferingNewest(64))
        let forwards = [changes, seeks].map { stream in
            Task {
                for await message in stream { input.yield(message) }
                input.finish()
            }
        }
        defer { for forward in forwards { forward.cancel() } }
        for await message in events {
            if message.member == "Seeked", case .int64(let position)? = message.body.first {
                await update(name) { $0.positioned(position, at: WallClock.now()) }
            } else if message.body.count >= 2, let changed = message.body[1].stringVariantEntries {
                await update(name) { $0.apply(changed) }
                // What the position is now, read once for the change (never polled).
                if changed["PlaybackStatus"] != nil || changed["Metadata"] != nil || changed["Rate"] != nil {
                    await readPosition(name, player)
                }
            }
        }
    }

    private func readPosition(_ name: String, _ player: DBusProxy) async {
        guard case .int64(let position)? = try? await player.get("Position").unwrappingVariants else { return }
        await update(name) { $0.positioned(position, at: WallClock.now()) }
    }

    /// A change applied to what the player said, and what it now shows offered to isletd.
    private func update(_ name: String, _ change: (inout MprisPlayer) -> Void) async {
        guard var watched = players[name] else { return }
        change(&watched.player)
        let player = watched.player
        if watched.art.url != player.artURL { watched.art = (player.artURL, MprisArt.cheap(player.artURL)) }
        players[name]?.player = player
        players[name]?.art = watched.art
        await watched.outlet.offer(
            attributes: MprisActivity.attributes(player), state: MprisActivity.state(player, art: watched.art.cheap, at: WallClock.now()),
            key: player.status)
    }
}
