import DBus
import HistoryFiles
import IsletAppModel
import IsletBus
import IsletClient
import IsletCore
import Platform
import Synchronization
import Translation

#if canImport(Glibc)
    import Glibc
#endif

/// The app's side of the contract for the Fast and Goal pages: isletd's fast as
/// ``FastModel/Facts`` and the goal presets, followed through its signals (never polled), and
/// the calls those pages make; its connection's client is the one every page's own link
/// (``HistoryLink``, ``TimersLink``, ``PreferencesLink``) talks through. Runs on Swift's executors; what it
/// learns goes to GTK's main thread through `deliver`.
final class ServiceLink: @unchecked Sendable {
    enum Update: Sendable {
        case facts(FastModel.Facts)
        /// isletd is not on the bus (or could not be started): the window says so in its own words.
        case unavailable
        case failed(String)
        case stopped(CompletedFast)
        /// The goal presets, as isletd describes them (in the session's language).
        case presets([Preset])
        /// Something done, said in a toast ("Fast started at 08:00").
        case done(String)
    }

    private let address: String?
    private let deliver: @Sendable (Update) -> Void
    /// The client once connected, and whether the presets were read since isletd came.
    private let state = Mutex<(client: IsletClient?, havePresets: Bool)>((nil, false))
    /// The client once connected (the Preferences window's own link talks through it).
    var client: IsletClient? { state.withLock { $0.client } }

    init(address: String?, deliver: @escaping @Sendable (Update) -> Void) {
        self.address = address
        self.deliver = deliver
    }

    /// Connects and follows isletd for as long as the app runs.
    /// Connects and follows isletd for as long as the app runs. The connection is made here, so
    /// that a call asked for at once (a desktop action's Start Fast) has a client.
    func start() {
        let connection: DBusConnection
        do {
            connection = try DBusConnection(bus: address.map { .address($0) } ?? .session, label: "islet-app")
        } catch {
            deliver(.unavailable)
            return
        }
        let client = IsletClient(connection: connection)
        state.withLock { $0.client = client }
        Task { await self.follow(client, connection) }
    }

    private func follow(_ client: IsletClient, _ connection: DBusConnection) async {
        do {
            // The subscriptions asked for at once, not each after the last one's answer:
            // isletd's first read, which waits for them (no signal is missed in between), is
            // two round trips after the connection rather than four. (The Timers page and the
            // Preferences window follow what they show through links of their own.)
            async let fastSubscription = client.fasting.signals()
            async let propertiesSubscription = connection.signals(
                matching: MatchRule(
                    interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: IsletBus.path,
                    arg0: IsletBus.Fasting.name))
            async let ownersSubscription = connection.watchNameOwner(IsletBus.name)
            let (fastSignals, properties, owners) = try await (fastSubscription, propertiesSubscription, ownersSubscription)
            Task {
                for await message in fastSignals {
                    // The history's own news is the History and Progress pages' (HistoryLink).
                    if message.member == IsletBus.Fasting.Signal.historyChanged.rawValue { continue }
                    await self.refresh()
                }
            }
            Task {
                for await _ in properties { await self.refresh() }
            }
            // The first owner (nil: not running) and every change: isletd started, stopped,
            // crashed or restarted while the app is open.
            var first = true
            for await owner in owners {
                if owner != nil || first { await refresh(withPresets: first) }
                if owner == nil, !first { deliver(.unavailable) }
                first = false
            }
        } catch {
            deliver(.unavailable)
        }
    }

    /// Reads the fast (D-Bus starts isletd when it is installed and not running); with
    /// `withPresets`, or when they were never read, the presets too.
    func refresh(withPresets: Bool = false) async {
        guard let client else { return }
        do {
            if withPresets || !state.withLock({ $0.havePresets }) {
                let presets = try await client.presets()
                state.withLock { $0.havePresets = true }
                deliver(.presets(presets))
            }
            let status = try await client.fastStatus()
            var facts = FastModel.Facts(
                fasting: status.fasting, startedAt: status.startedAt, goalSeconds: status.activeGoalSeconds,
                dailyGoalSeconds: status.dailyGoalSeconds)
            facts.schedule = status.schedule
            facts.showStages = status.showStages
            facts.announceStages = status.announceStages
            facts.neutralMode = status.neutralMode
            // The eating window starts where the last fast ended.
            if !status.fasting { facts.lastFastEnd = try await client.fasts(offset: 0, limit: 1).first?.endedAt ?? 0 }
            deliver(.facts(facts))
        } catch let error as DBusError where error.meansServiceUnavailable {
            deliver(.unavailable)
        } catch {
            deliver(.failed(ServiceLink.words(error)))
        }
    }

    /// A fast from now, or from `start` (one begun earlier).
    func startFast(at start: USec? = nil) { call { _ = try await $0.startFast(at: start) } }

    /// The running fast's goal (DI-006 B), 0: none.
    func setFastGoal(_ seconds: UInt64) { call { try await $0.setActiveFastGoal(seconds: seconds) } }

    func stopFast() {
        call { client in
            let fast = try await client.stopFast()
            self.deliver(.stopped(fast))
        }
    }

    func undoStop() { call { _ = try await $0.undoStopFast() } }

    /// The running fast began at another time (SetFastStart); isletd's words when it refuses.
    func moveStart(to start: USec) {
        call { client in
            _ = try await client.setFastStart(start)
            self.deliver(.done(tr("Fast started at %s", LocalTime.system.describe(start, now: WallClock.now()))))
        }
    }

    /// "I ate at 11:30": the fast ends then (StopFastAt), with Undo as for a stop.
    func stopFast(at end: USec) {
        call { client in
            let fast = try await client.stopFast(at: end)
            self.deliver(.stopped(fast))
        }
    }

    /// The schedule as a whole (SetSchedule); the facts follow from PropertiesChanged.
    func setSchedule(_ schedule: FastingSchedule) { call { try await $0.setSchedule(schedule) } }

    /// The daily goal (DFG-002, DFG-003): seconds, or 0 for none.
    func setGoal(_ seconds: UInt64) {
        call { client in
            if seconds == 0 { try await client.clearGoal() } else { try await client.setGoal(seconds: seconds) }
        }
    }

    /// A call whose failure is said in isletd's own words.
    private func call(_ body: @escaping @Sendable (IsletClient) async throws -> Void) {
        guard let client else { return }
        Task {
            do {
                try await body(client)
            } catch {
                self.deliver(.failed(ServiceLink.words(error)))
            }
        }
    }

    struct WordsError: Error {
        var words: String
    }

    /// isletd's message for its errors ("no fast is running"); the error itself otherwise.
    static func words(_ error: Error) -> String {
        if let error = error as? WordsError { return error.words }
        if let error = error as? DBusError, !error.message.isEmpty { return error.message }
        return "\(error)"
    }
}
