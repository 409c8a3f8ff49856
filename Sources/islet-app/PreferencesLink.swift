import DBus
import IsletAppModel
import IsletBus
import IsletClient
import Synchronization

/// The Preferences window's own link to the programs whose settings it shows: isletd's (Live
/// Display, the linger times, the fasting switches) and islet-notify's (org.islet.Notify1: its
/// style and surfaces). Each setting is changed by a call to the program that owns it, never by
/// writing another program's file; what the window shows is read when it opens and again at
/// each PropertiesChanged of either program (an edit of config.toml by hand, the command line,
/// another window), for as long as the window is open.
final class PreferencesLink: Sendable {
    private let client: IsletClient
    private let notify: DBusProxy
    private let show: @Sendable (PreferencesModel.Facts) -> Void
    private let failed: @Sendable (String) -> Void
    private let following = Mutex<[Task<Void, Never>]>([])

    /// `show` and `failed` are called off the main thread.
    init(client: IsletClient, show: @escaping @Sendable (PreferencesModel.Facts) -> Void, failed: @escaping @Sendable (String) -> Void) {
        self.client = client
        notify = DBusProxy(connection: client.connection, destination: NotifyBus.busName, path: NotifyBus.path, interface: NotifyBus.name, autoStart: false)
        self.show = show
        self.failed = failed
    }

    /// Reads the settings, then again whenever either program says one changed or comes and goes.
    func start() {
        let connection = client.connection
        let task = Task {
            async let islet = connection.signals(
                matching: MatchRule(interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: IsletBus.path))
            async let notifier = connection.signals(
                matching: MatchRule(interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: NotifyBus.path))
            async let owners = connection.watchNameOwner(NotifyBus.busName)
            guard let (isletChanges, notifyChanges, notifyOwners) = try? await (islet, notifier, owners) else { return await load() }
            await withDiscardingTaskGroup { group in
                group.addTask { for await _ in isletChanges { await self.load() } }
                group.addTask { for await _ in notifyChanges { await self.load() } }
                // The first owner (or none) reads it all the first time.
                group.addTask { for await _ in notifyOwners { await self.load() } }
            }
        }
        following.withLock { $0.append(task) }
    }

    /// The window closed: nothing more is followed.
    func stop() {
        let tasks = following.withLock { tasks in
            let all = tasks
            tasks = []
            return all
        }
        for task in tasks { task.cancel() }
    }

    func load() async {
        do {
            let enabled = try await client.activitiesEnabled()
            let linger = try await client.activity.get(IsletBus.LiveActivity.Property.lingerSeconds, as: UInt32.self)
            let goalLinger = try await client.activity.get(IsletBus.LiveActivity.Property.goalReachedLingerSeconds, as: UInt32.self)
            let status = try await client.fastStatus()
            var facts = PreferencesModel.Facts(
                activitiesEnabled: enabled, lingerSeconds: linger, goalReachedLingerSeconds: goalLinger, notify: await notifySettings())
            facts.showStages = status.showStages
            facts.announceStages = status.announceStages
            facts.neutralMode = status.neutralMode
            show(facts)
        } catch let error as DBusError where error.meansServiceUnavailable {
            // The main window says isletd is not running.
        } catch {
            failed(ServiceLink.words(error))
        }
    }

    /// islet-notify's settings; nil when it is not on the bus (or answers nothing that reads).
    private func notifySettings() async -> PreferencesModel.Notify? {
        guard let values = try? await notify.getAll(), case .string(let style)? = values[NotifyBus.Property.style.name] else { return nil }
        var switches: [PreferencesModel.Switch: Bool] = [:]
        for item in PreferencesModel.Switch.allCases {
            if case .boolean(let on)? = values[item.rawValue] { switches[item] = on }
        }
        var problem = ""
        if case .string(let text)? = values[NotifyBus.Property.configProblem.name] { problem = text }
        return PreferencesModel.Notify(minimalStyle: style == "minimal", switches: switches, problem: problem)
    }

    /// Live activities on or off (isletd's Enabled: the seed's authorization).
    func setActivitiesEnabled(_ on: Bool) { call { try await $0.client.setActivitiesEnabled(on) } }

    /// isletd's linger settings (islet-notify keeps config.toml's lines, where it has them, in step).
    func setLinger(seconds: UInt32?, goalReached: UInt32?) {
        call { link in
            if let seconds { try await link.client.activity.set(IsletBus.LiveActivity.Property.lingerSeconds, .uint32(seconds)) }
            if let goalReached { try await link.client.activity.set(IsletBus.LiveActivity.Property.goalReachedLingerSeconds, .uint32(goalReached)) }
        }
    }

    /// isletd's ShowStages, AnnounceStages or NeutralMode.
    func setFastingSwitch(_ property: IsletBus.Fasting.Property, _ on: Bool) { call { try await $0.client.setFastingSwitch(property, on) } }

    /// islet-notify's Style.
    func setMinimalStyle(_ minimal: Bool) { call { try await $0.notify.set(NotifyBus.Property.style.name, .string(minimal ? "minimal" : "standard")) } }

    /// One of islet-notify's surfaces on or off.
    func setSurface(_ item: PreferencesModel.Switch, _ on: Bool) { call { try await $0.notify.set(item.rawValue, .boolean(on)) } }

    /// A change; refused, it is said in the owner's words and the window shows what is true.
    private func call(_ body: @escaping @Sendable (PreferencesLink) async throws -> Void) {
        Task {
            do {
                try await body(self)
            } catch {
                failed(ServiceLink.words(error))
                await load()
            }
        }
    }
}
