import DBus
import IdleLoop
import IsletClient
import IsletCore
import Platform

#if canImport(Glibc)
    import Glibc
#endif

/// The live notification: one notification kept in step with the live activity, updated in
/// place (the expanded view of the island). Every input (the activity, the server's signals,
/// the server coming and going, the countdown's next change, replies to our own calls) is an
/// event handled in turn; at most one live Notify is in flight, so nothing waits on a slow
/// server. What to show is ``LiveNotificationLogic``'s and ``Presenter``'s; the moments it finds (a
/// goal reached, a timer's end) are posted by ``Announcements``.
public actor LiveNotification: Surface {
    public nonisolated let name = "live notification"

    enum Event: Sendable {
        case feed(FeedUpdate)
        case serverSignal(Message)
        case serverOwner(String?)
        case server(ServerProfile, generation: Int)
        case tick(generation: Int)
        case notified(Result<UInt32, DBusError>)
        case liveElsewhere(String, Bool)
        case expand
    }

    public nonisolated let parts: SurfaceParts
    let server: NotificationServer
    let announcements: Announcements
    var desk: SurfaceDesk?
    let warn: @Sendable (String) -> Void
    let memory: MemoryStore
    var logic: LiveNotificationLogic
    var activity: ActivitySnapshot?
    var inFlight = false
    /// Notify found no server and none could be started: wait for one to appear.
    var serverMissing = false
    /// Nothing is posted before the server is known: at start (the name watch reports the
    /// owner first, or none), and when a new server appears until it has said who it is. A post
    /// before that went out with the unknown profile and was posted again a moment later.
    var awaitingServer = true
    /// A Notify sent while no server owned the name (the bus starts one for it), and the id
    /// its answer gave: that notification is on the server whose name appears next, and is
    /// replaced once the server has said who it is, not left behind beside a new one.
    var sentWithoutServer = false
    var postedWithoutServer: UInt32 = 0
    var renderAgain = false
    var tickGeneration = 0
    var serverGeneration = 0
    var refresh: Task<Void, Never>?
    /// The server's unique name, and the bus's id (for the memory file).
    var serverOwner: String?
    var busID = ""
    /// What the memory file said at start: a notification a killed islet-notify left behind.
    var leftBehind: NotifyMemory?
    /// What the memory file holds now: written only when this changes, never on a tick.
    var saved: NotifyMemory?
    var warnedAboutCrashes = false
    /// Closes we asked for: their NotificationClosed is not a dismissal, whatever its reason.
    var closing: Set<UInt32> = []
    /// The surfaces that show the live activity now, in the notification's stead.
    var elsewhere: Set<String> = []
    let events: AsyncStream<Event>
    let input: AsyncStream<Event>.Continuation

    public init(
        _ parts: SurfaceParts, server: NotificationServer, announcements: Announcements, settings: NotifySettings, memory: MemoryStore = .none,
        warn: (@Sendable (String) -> Void)? = nil
    ) {
        self.parts = parts
        self.server = server
        self.announcements = announcements
        self.warn = warn ?? parts.log
        self.memory = memory
        logic = LiveNotificationLogic(settings: settings)
        (events, input) = AsyncStream.makeStream(of: Event.self)
    }

    /// How long an ended activity's notification waits for a successor before it closes.
    static let settleUSec: USec = 250_000

    /// Runs until the feed ends (the connection closed) or islet-notify stops.
    public func run(_ updates: AsyncStream<FeedUpdate>, desk: SurfaceDesk) async throws {
        self.desk = desk
        let input = self.input
        let bus = DBusProxy(
            connection: islet.connection, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus")
        busID = (try? await bus.call("GetId").first?.decode(String.self)) ?? ""
        if !busID.isEmpty, let remembered = memory.load(busID) {
            leftBehind = remembered
            logic.restore(announced: remembered.announced)
        }
        if await AppLink.isAvailable(on: islet.connection) {
            logic.settings.openApp = logic.settings.style == .standard
            log("islet's app is here: a click on the notification opens it")
        }
        let serverSignals = try await server.signals()
        let owners = try await islet.connection.watchNameOwner(NotificationServer.busName)
        let tasks = [
            Task {
                for await update in updates { input.yield(.feed(update)) }
                input.finish()
            },
            Task { for await message in serverSignals { input.yield(.serverSignal(message)) } },
            Task { for await owner in owners { input.yield(.serverOwner(owner)) } },
        ]
        defer { for task in tasks { task.cancel() } }
        for await event in events { await handle(event) }
        refresh?.cancel()
    }

    /// `islet expand`: the live notification again, even if it was dismissed.
    public nonisolated func expand() { input.yield(.expand) }

    /// Another surface (a KDE job, the lock screen's notice) shows the live activity, or
    /// stopped showing it: the notification then carries only its moments.
    public func otherSurface(_ name: String, showsActivity: Bool) { input.yield(.liveElsewhere(name, showsActivity)) }

    /// Closes the notification on the way out (SIGTERM, SIGINT).
    public func shutdown() async {
        refresh?.cancel()
        // A Notify on its way: its id is needed to close what it showed.
        for _ in 0..<200 where inFlight { try? await EventLoop.sleep(for: .milliseconds(10)) }
        let id = logic.shownID
        if id != 0 {
            log("CloseNotification \(id) (shutting down)")
            try? await server.close(id: id)
            logic.closed(id: id, reason: 3)
        }
        saveMemory()
        input.finish()
    }

    func handle(_ event: Event) async {
        switch event {
        case .feed(let update):
            activity = update.activity
            switch update.cause {
            case .serviceGone: log("isletd left the bus; waiting for it to return")
            case .serviceAbsent: log("isletd is not on the bus yet; waiting for it to start")
            case .synced: log("in step with isletd: " + (update.activity.map { "activity \($0.id) (\($0.owner))" } ?? "no activity"))
            case .ended:
                // The next activity usually starts in the same breath (newest wins, hand-back):
                // show it in place rather than closing and popping a new notification.
                let now = clock()
                schedule(now + LiveNotification.settleUSec, now: now)
                return
            default: break
            }
            render()
        case .serverOwner(let owner):
            serverGeneration += 1
            logic.serverChanged(.unknown)
            serverMissing = false
            closing = []
            await announcements.serverReplaced()
            let now = clock()
            if owner == nil, let left = serverOwner, let guardian = server.crashes.change({ $0.serverLeft(at: now) ? $0 : nil }) {
                let wait = (guardian.notBefore - now) / usecPerSecond
                log(
                    "the notification server (\(left)) left the bus right after our notification (\(guardian.strikes) in a row); next notification in \(wait) s at the earliest"
                )
            }
            // A server that appears after islet's Notify started it holds that notification.
            if owner == nil || serverOwner != nil { postedWithoutServer = 0 }
            serverOwner = owner
            if owner == nil {
                awaitingServer = false
                log("no notification server on the bus; the next notification will start one if it can")
                render()
            } else {
                // Ask the new server who it is and what it can do before showing it anything.
                awaitingServer = true
                identifyServer()
            }
        case .server(var profile, let generation):
            guard generation == serverGeneration else { return }
            awaitingServer = false
            let guardian = server.crashes.read { $0 }
            if guardian.wantsSafest {
                profile = profile.safe
                if !warnedAboutCrashes {
                    warnedAboutCrashes = true
                    warn(
                        "the notification server \(profile.label) left the bus right after islet's notification \(guardian.strikes) times in a row; it may be crashing on it. islet-notify now sends it only the safest hints and waits longer between notifications (up to 5 minutes)."
                    )
                }
            }
            if postedWithoutServer != 0 { log("notification \(postedWithoutServer) went to this server as it started: replaced, not posted again") }
            logic.serverChanged(profile, keeping: postedWithoutServer)
            postedWithoutServer = 0
            await announcements.serverIdentified(profile)
            closeLeftBehind()
            render()
        case .serverSignal(let message):
            handleServerSignal(message)
        case .tick(let generation):
            if generation == tickGeneration { render() }
        case .notified(let result):
            inFlight = false
            switch result {
            case .success(let id):
                log("Notify answered: id \(id)")
                if sentWithoutServer { postedWithoutServer = id }
                logic.notified(id: id)
                saveMemory()
            case .failure(let error):
                logic.notifyFailed()
                log("Notify failed: \(error.name): \(error.message)")
                if error.meansServiceUnavailable, error.name != DBusError.noReplyName, error.name != DBusError.timeoutName {
                    serverMissing = true
                }
                // Only an answer (or the server's return) prompts the next try, never a loop.
                if error.name != DBusError.noReplyName, error.name != DBusError.timeoutName, activity != nil {
                    renderAgain = false
                    return
                }
            }
            if renderAgain {
                renderAgain = false
                render()
            }
        case .expand:
            log("asked to show the activity again")
            logic.expand()
            render()
        case .liveElsewhere(let surface, let on):
            if on { elsewhere.insert(surface) } else { elsewhere.remove(surface) }
            guard logic.liveElsewhere != !elsewhere.isEmpty else { return }
            logic.liveElsewhere = !elsewhere.isEmpty
            log(logic.liveElsewhere ? "the activity shows on the \(surface): notifications carry only its moments" : "the live notification is back")
            render()
        }
    }

    /// The notification a killed islet-notify left on this server, closed once.
    func closeLeftBehind() {
        guard let left = leftBehind else { return }
        leftBehind = nil
        guard left.liveID != 0, left.busID == busID, left.server == serverOwner else { return }
        log("CloseNotification \(left.liveID) (left behind by an earlier islet-notify)")
        close(left.liveID)
    }

    /// Writes down the live notification's id and what was announced, when either changed.
    func saveMemory() {
        guard !busID.isEmpty else { return }
        let now = NotifyMemory(busID: busID, server: serverOwner ?? "", liveID: logic.shownID, announced: logic.announced)
        guard now != saved else { return }
        saved = now
        memory.save(now)
    }

    func handleServerSignal(_ message: Message) {
        switch (message.member, message.body.first, message.body.dropFirst().first) {
        case ("NotificationClosed", .uint32(let id)?, .uint32(let reason)?):
            let asked = closing.remove(id) != nil
            guard id != 0, id == logic.shownID || asked else { return }
            let why = asked ? "closed as islet asked" : Presenter.closeReason(reason)
            log("NotificationClosed \(id), reason \(reason): \(why)")
            let wasLive = id == logic.shownID
            logic.closed(id: id, reason: reason, askedByUs: asked)
            saveMemory()
            if wasLive, !asked, reason != 3 { log("quiet until the next change") }
        case ("ActionInvoked", .uint32(let id)?, .string(let key)?):
            guard id != 0 else { return }
            guard id == logic.shownID, let activity else { return }
            logic.buttonPressed(id: id)
            invoke(key, on: activity)
        default:
            break
        }
    }

    /// A button on the live notification: its key is a command's verb ("default", the click
    /// on the notification itself, opens islet's app).
    func invoke(_ key: String, on activity: ActivitySnapshot) {
        log("button \(key.prefix(40)) pressed on \(activity.kind.rawValue) \(activity.id)")
        let verb = key == "default" ? .open : IsletCommand.Verb(rawValue: key)
        guard let desk, let command = verb.flatMap({ IsletCommand($0, on: activity) }) else {
            log("ignored action \"\(key.prefix(40))\" for a \(activity.kind.rawValue)")
            return
        }
        let name = self.name
        Task { await desk.perform(command, from: name) }
    }

    func identifyServer() {
        let server = self.server
        let input = self.input
        let generation = serverGeneration
        let log = self.log
        Task {
            let capabilities: ServerCapabilities
            do {
                capabilities = try await server.capabilities()
            } catch {
                log("GetCapabilities failed (\(error)); assuming body text only")
                input.yield(.server(.unknown, generation: generation))
                return
            }
            let info = (try? await server.information()) ?? []
            let profile = ServerProfile(
                name: info.first ?? "", version: info.count > 2 ? info[2] : "", capabilities: capabilities)
            let known = ServerProfile.known[profile.name] != nil
            log(
                "notification server: \(info.prefix(3).joined(separator: " ")), capabilities: \(capabilities.names.sorted().joined(separator: " ")); profile: \(known ? profile.name : "unknown server, safest hints")"
            )
            input.yield(.server(profile, generation: generation))
        }
    }

    /// Closes `id`; after `announcing` has been posted, where one has to come first.
    func close(_ id: UInt32, after announcing: Task<Void, Never>? = nil) {
        closing.insert(id)
        let server = self.server
        Task {
            await announcing?.value
            try? await server.close(id: id)
        }
    }

    func render() {
        if awaitingServer { return }
        if inFlight {
            renderAgain = true
            return
        }
        if serverMissing, activity != nil {
            schedule(nil, now: 0)
            return
        }
        let now = clock()
        // A server that crashed right after our notifications waits its turn.
        let notBefore = server.crashes.read(\.notBefore)
        if activity != nil, now < notBefore {
            schedule(notBefore, now: now)
            return
        }
        let (actions, next) = logic.render(activity, now: now)
        schedule(next, now: now)
        let server = self.server
        let input = self.input
        // An announcement is posted before the live notification it follows is closed, and the
        // close waits for the server's answer to it: a server never sees its popups all go
        // away with one more on its way (swaync 0.7.3 then drew the new one nowhere).
        var announcing: Task<Void, Never>?
        for action in actions {
            switch action {
            case .close(let id):
                log("CloseNotification \(id)" + (announcing == nil ? "" : " (once the announcement is posted)"))
                close(id, after: announcing)
            case .notify(let live, let replacesID):
                let content = Presenter.lockScreenScope(live, settings: logic.settings, server: logic.server)
                inFlight = true
                sentWithoutServer = serverOwner == nil
                log("Notify replaces \(replacesID): \(Presenter.describe(content))")
                Task {
                    do {
                        input.yield(.notified(.success(try await server.notify(content, replacesID: replacesID))))
                    } catch let error as DBusError {
                        input.yield(.notified(.failure(error)))
                    } catch {
                        input.yield(.notified(.failure(.failed("\(error)"))))
                    }
                }
            case .announce(let announcement):
                let announcements = self.announcements
                announcing = Task {
                    await announcements.post(
                        announcement.content, kind: .moment(fastStartedAt: announcement.fastStartedAt), what: announcement.key)
                }
            }
        }
        saveMemory()
    }

    /// One wake-up, at the moment the displayed text next changes; none when it never does.
    func schedule(_ next: USec?, now: USec) {
        tickGeneration += 1
        refresh?.cancel()
        let generation = tickGeneration
        let input = self.input
        refresh = wakeUp(at: next, now: now) { input.yield(.tick(generation: generation)) }
    }
}
