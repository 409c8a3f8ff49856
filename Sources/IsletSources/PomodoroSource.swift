import DBus
import IsletBus
import IsletClient
import IsletCore
import Platform

/// A Pomodoro app's source (producers.md): while the app is on the bus and a block runs or is
/// paused, that block as a source's activity (contract 1.4), above a song, below what the user
/// started in islet. It follows the app's name, reads its properties once when it appears and
/// then follows its PropertiesChanged, never polling; the block's name, its countdown from the
/// app's own numbers (to the second, as the app shows it), paused as paused; Pause, Resume and
/// Skip pressed anywhere reach the app. One actor per app (``FocusTimer``, ``GnomePomodoro``).
public actor PomodoroSource<App: PomodoroApp> {
    private let connection: DBusConnection
    private let log: @Sendable (String) -> Void
    private let outlet: SourceOutlet
    private var properties: [String: ReadValue] = [:]
    private var watch: Task<Void, Never>?

    public init(connection: DBusConnection, log: @escaping @Sendable (String) -> Void) {
        self.connection = connection
        self.log = log
        // A new block (a break after the Pomodoro) is a new activity: the newest among sources.
        outlet = SourceOutlet(owner: App.owner, islet: IsletClient(connection: connection, timeout: .seconds(5)), log: log) { sent, key in
            sent != key
        }
    }

    /// Follows the app until the task is cancelled or the connection closes.
    public func run() async {
        guard let owners = try? await connection.watchNameOwner(App.busName) else {
            return log("\(App.owner): cannot follow \(App.busName)")
        }
        let service = Task { await self.followIsletd() }
        let presses = Task { await self.followPresses() }
        defer {
            service.cancel()
            presses.cancel()
            watch?.cancel()
        }
        for await owner in owners {
            watch?.cancel()
            properties = [:]
            if let owner {
                watch = Task { await self.follow(owner) }
            } else {
                await outlet.end()
            }
        }
        await outlet.end()
    }

    /// The app at `owner`: its changes subscribed to first, then its properties read.
    private func follow(_ owner: String) async {
        guard
            let changes = try? await connection.signals(
                matching: MatchRule(
                    sender: owner, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: App.path, arg0: App.interface))
        else { return }
        let app = DBusProxy(connection: connection, destination: owner, path: App.path, interface: App.interface, timeout: .seconds(5), autoStart: false)
        if let all = try? await app.getAll() { await apply(all) }
        for await message in changes {
            guard message.body.count >= 2, let changed = message.body[1].stringVariantEntries else { continue }
            await apply(changed)
        }
    }

    private func apply(_ changed: [String: DBusValue]) async {
        let now = WallClock.now()
        for (name, value) in changed { properties[name] = ReadValue(value, at: now) }
        let block = App.block(properties, at: now)
        await outlet.offer(
            attributes: PomodoroActivity.attributes(appName: App.appName, appID: App.appID),
            state: block.map { PomodoroActivity.state($0, at: now) }, key: block?.kind.rawValue ?? "")
    }

    /// isletd back on the bus (restarted): the block told again.
    private func followIsletd() async {
        await IsletdLink.returns(on: connection) { await outlet.forgotten() }
    }

    /// Pause, Resume or Skip pressed anywhere: the app is asked.
    private func followPresses() async {
        await IsletdLink.presses(on: connection) { invoked in
            guard invoked.owner == App.owner, let method = App.method(for: invoked.action) else { return }
            IsletdLink.press(
                DBusProxy(
                    connection: connection, destination: App.busName, path: App.path, interface: App.interface, timeout: .seconds(5),
                    autoStart: false), method, log: log)
        }
    }
}
