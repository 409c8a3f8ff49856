import DBus
import IsletBus
import IsletClient
import IsletCore
import Platform

/// Apps' progress (producers.md): every `com.canonical.Unity.LauncherEntry.Update` on the
/// session bus, from any sender, followed as Dash to Dock and Plasma's task manager follow it; an
/// app whose progress is visible shows as that app's activity (a source's: its desktop entry's
/// name and icon, its progress), ended when `progress-visible` goes false or the app that sent
/// it leaves the bus. Owns no name (never `com.canonical.Unity`, which a dock may hold). A flood
/// reaches isletd as one call per ``SourceOutlet/minimumGap`` at most; at most
/// ``LauncherEntry/limit`` apps are followed.
public actor LauncherSource {
    private struct Followed {
        var entry: LauncherEntry
        var sender: String
        let outlet: SourceOutlet
        var name: String
    }

    private let connection: DBusConnection
    private let islet: IsletClient
    private let log: @Sendable (String) -> Void
    private let names: @Sendable (String) -> String
    private var apps: [String: Followed] = [:]
    private var senders: [String: Task<Void, Never>] = [:]

    /// `names`: an app id's name as people know it (its desktop entry's `Name`).
    public init(
        connection: DBusConnection, log: @escaping @Sendable (String) -> Void, names: @escaping @Sendable (String) -> String = LauncherSource.desktopName
    ) {
        self.connection = connection
        islet = IsletClient(connection: connection, timeout: .seconds(5))
        self.log = log
        self.names = names
    }

    /// Follows the broadcasts until the task is cancelled or the connection closes.
    public func run() async {
        guard
            let updates = try? await connection.signals(
                matching: MatchRule(interface: "com.canonical.Unity.LauncherEntry", member: "Update"))
        else { return log("apps: cannot follow com.canonical.Unity.LauncherEntry") }
        let service = Task { await self.followIsletd() }
        defer {
            service.cancel()
            for task in senders.values { task.cancel() }
        }
        for await message in updates {
            guard message.body.count == 2, case .string(let uri) = message.body[0], let properties = message.body[1].stringVariantEntries,
                let sender = message.sender
            else { continue }
            await update(uri, properties, from: sender)
        }
        for id in Array(apps.keys) { await forget(id) }
    }

    private func update(_ uri: String, _ properties: [String: DBusValue], from sender: String) async {
        guard let fresh = LauncherEntry(appURI: uri) else { return }
        var entry = apps[fresh.appID]?.entry ?? fresh
        var progress: Double?
        if case .double(let value)? = properties["progress"] { progress = value }
        var visible: Bool?
        if case .boolean(let value)? = properties["progress-visible"] { visible = value }
        guard progress != nil || visible != nil else { return }
        entry.apply(progress: progress, visible: visible)
        if apps[entry.appID] == nil {
            guard entry.shown, apps.count < LauncherEntry.limit else { return }
            // Its progress is what it says: each percent is worth a call (within the outlet's gap).
            let outlet = SourceOutlet(owner: entry.owner, islet: islet, log: log, moving: SourceOutlet.moving.subtracting(["progress"]))
            apps[entry.appID] = Followed(entry: entry, sender: sender, outlet: outlet, name: names(entry.appID))
        }
        apps[entry.appID]?.entry = entry
        apps[entry.appID]?.sender = sender
        follow(sender)
        guard let followed = apps[entry.appID] else { return }
        // Hidden, it stays followed (its outlet ends the activity): shown again, it is updated, not
        // started beside an End still on its way.
        await followed.outlet.offer(attributes: entry.attributes(name: followed.name), state: entry.state(at: WallClock.now()), key: "")
    }

    /// The sender watched until it leaves the bus; then its apps' activities end.
    private func follow(_ sender: String) {
        guard senders[sender] == nil else { return }
        senders[sender] = Task {
            guard let owners = try? await connection.watchNameOwner(sender) else { return }
            for await owner in owners where owner == nil {
                await self.left(sender)
                return
            }
        }
    }

    private func left(_ sender: String) async {
        senders[sender] = nil
        for (id, followed) in apps where followed.sender == sender { await forget(id) }
    }

    private func forget(_ id: String) async {
        guard let followed = apps.removeValue(forKey: id) else { return }
        await followed.outlet.end()
    }

    /// isletd back on the bus (restarted): every app's progress told again.
    private func followIsletd() async {
        await IsletdLink.returns(on: connection) {
            for followed in apps.values { await followed.outlet.forgotten() }
        }
    }

    /// An app id's `Name` from its desktop entry in the XDG data folders, else the id's last part.
    public static let desktopName: @Sendable (String) -> String = { id in
        let environment = Environment.current
        let home = environment["XDG_DATA_HOME"] ?? environment["HOME"].map { $0 + "/.local/share" }
        let folders = [home].compactMap { $0 } + (environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init)
        for folder in folders where folder.hasPrefix("/") {
            if case .success(let text) = TextFile.read(folder + "/applications/" + id + ".desktop", limit: 65536),
                let name = LauncherEntry.name(inDesktopEntry: text)
            {
                return name
            }
        }
        return id.split(separator: ".").last.map(String.init) ?? id
    }
}
