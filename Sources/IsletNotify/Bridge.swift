import DBus
import IdleLoop
import IsletClient
import IsletCore
import Platform

#if canImport(Glibc)
    import Glibc
#endif

/// The bridge at work: follows the live activity on `org.islet.Islet1` and keeps one
/// notification in step with it. Every input (the activity feed, the server's signals, the
/// server coming and going, the countdown's next change, replies to our own calls) is an event
/// handled in turn; at most one live Notify is in flight, so nothing waits on a slow server.
public actor Bridge {
    enum Event: Sendable {
        case feed(FeedUpdate)
        case serverSignal(Message)
        case serverOwner(String?)
        case server(ServerProfile, generation: Int)
        case tick(generation: Int)
        case notified(Result<UInt32, DBusError>)
        case announced(UInt32, kind: AnnouncedKind)
        case liveElsewhere(Surface, Bool)
        case expand
        /// A Fasting signal: Reminder, StageReached.
        case fastingSignal(Message)
        case reminderShown(UInt32)
    }

    /// A surface that shows the live activity in the notification's stead.
    public enum Surface: Sendable, Hashable {
        /// A KDE job in Plasma's progress area.
        case kdeJob
        /// The notice GNOME's lock screen shows while the session is locked.
        case lockScreen
    }

    /// What an announcement's buttons act on: a moment (a fast's goal reached: that fast,
    /// by its start; a timer's end), or a stopped fast (Undo).
    enum AnnouncedKind: Sendable { case moment(fastStartedAt: USec), stoppedFast, reminder, stage }

    let islet: IsletClient
    let server: NotificationServer
    let log: @Sendable (String) -> Void
    let warn: @Sendable (String) -> Void
    let clock: @Sendable () -> USec
    let memory: MemoryStore
    var logic: BridgeLogic
    var activity: ActivitySnapshot?
    var inFlight = false
    /// Notify found no server and none could be started: wait for one to appear.
    var serverMissing = false
    /// Nothing is posted before the server is known: at start (the name watch reports the
    /// owner first, or none), and when a new server appears until it has said who it is. A post
    /// before that went out with the unknown profile and was posted again a moment later.
    var awaitingServer = true
    var renderAgain = false
    var tickGeneration = 0
    var serverGeneration = 0
    var refresh: Task<Void, Never>?
    /// The server's unique name, and the bus's id (for the memory file).
    var serverOwner: String?
    var busID = ""
    /// What the memory file said at start: a notification a killed islet-notify left behind.
    var leftBehind: BridgeMemory?
    /// What the memory file holds now: written only when this changes, never on a tick.
    var saved: BridgeMemory?
    var guardian = CrashGuard()
    var warnedAboutCrashes = false
    /// Closes we asked for: their NotificationClosed is not a dismissal, whatever its reason.
    var closing: Set<UInt32> = []
    /// The surfaces that show the live activity now, in the notification's stead.
    var elsewhere: Set<Surface> = []
    /// Our announcements on screen, for their buttons.
    var announcements: [UInt32: AnnouncedKind] = [:]
    /// The schedule's reminder on screen: the next replaces it ("time to start" after "left
    /// to eat").
    var reminderID: UInt32 = 0
    let events: AsyncStream<Event>
    let input: AsyncStream<Event>.Continuation

    public init(
        islet: IsletClient, server: NotificationServer, settings: BridgeSettings, memory: MemoryStore = .none,
        clock: @escaping @Sendable () -> USec = WallClock.clock, log: @escaping @Sendable (String) -> Void,
        warn: (@Sendable (String) -> Void)? = nil
    ) {
        self.islet = islet
        self.server = server
        self.clock = clock
        self.log = log
        self.warn = warn ?? log
        self.memory = memory
        logic = BridgeLogic(settings: settings)
        (events, input) = AsyncStream.makeStream(of: Event.self)
    }

    /// How long an ended activity's notification waits for a successor before it closes.
    static let settleUSec: USec = 250_000

    /// Runs until the connection closes.
    public func run() async throws {
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
        let feed = try await islet.followActivity()
        let fastingSignals = try await islet.fasting.signals()
        let serverSignals = try await server.signals()
        let owners = try await islet.connection.watchNameOwner(NotificationServer.busName)
        let tasks = [
            Task {
                for await update in feed { input.yield(.feed(update)) }
                input.finish()
            },
            Task { for await message in serverSignals { input.yield(.serverSignal(message)) } },
            Task {
                for await message in fastingSignals where message.member == "Reminder" || message.member == "StageReached" {
                    input.yield(.fastingSignal(message))
                }
            },
            Task { for await owner in owners { input.yield(.serverOwner(owner)) } },
        ]
        defer { for task in tasks { task.cancel() } }
        for await event in events { await handle(event) }
        refresh?.cancel()
    }

    /// `islet expand`: the live notification again, even if it was dismissed.
    public nonisolated func expand() { input.yield(.expand) }

    /// Another surface (a KDE job, the lock screen's notice) shows the live activity, or
    /// stopped showing it.
    public nonisolated func setLiveElsewhere(_ surface: Surface, _ on: Bool) { input.yield(.liveElsewhere(surface, on)) }

    /// Set by ``shutdown()``: `run()` then returns because it was asked to.
    public private(set) var isShuttingDown = false

    /// Closes the notification on the way out (SIGTERM, SIGINT).
    public func shutdown() async {
        isShuttingDown = true
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
            case .synced: log("in step with isletd: " + (update.activity.map { "activity \($0.id) (\($0.owner))" } ?? "no activity"))
            case .ended:
                // The next activity usually starts in the same breath (newest wins, hand-back):
                // show it in place rather than closing and popping a new notification.
                let now = clock()
                schedule(now + Bridge.settleUSec, now: now)
                return
            default: break
            }
            render()
        case .serverOwner(let owner):
            serverGeneration += 1
            logic.serverChanged(.unknown)
            serverMissing = false
            closing = []
            announcements = [:]
            reminderID = 0
            if owner == nil, let left = serverOwner, guardian.serverLeft(at: clock()) {
                let wait = (guardian.notBefore - clock()) / usecPerSecond
                log(
                    "the notification server (\(left)) left the bus right after our notification (\(guardian.strikes) in a row); next notification in \(wait) s at the earliest"
                )
            }
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
            if guardian.wantsSafest {
                profile = profile.safe
                if !warnedAboutCrashes {
                    warnedAboutCrashes = true
                    warn(
                        "the notification server \(profile.label) left the bus right after islet's notification \(guardian.strikes) times in a row; it may be crashing on it. islet-notify now sends it only the safest hints and waits longer between notifications (up to 5 minutes)."
                    )
                }
            }
            logic.serverChanged(profile)
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
                guardian.notifyAnswered(at: clock())
                log("Notify answered: id \(id)")
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
        case .announced(let id, let kind):
            log("announcement posted: id \(id)")
            announcements[id] = kind
        case .expand:
            log("asked to show the activity again")
            logic.expand()
            render()
        case .fastingSignal(let message):
            handleFastingSignal(message)
        case .reminderShown(let id):
            log("reminder posted: id \(id)")
            reminderID = id
            announcements[id] = .reminder
        case .liveElsewhere(let surface, let on):
            if on { elsewhere.insert(surface) } else { elsewhere.remove(surface) }
            guard logic.liveElsewhere != !elsewhere.isEmpty else { return }
            logic.liveElsewhere = !elsewhere.isEmpty
            let shownBy = surface == .kdeJob ? "as a KDE job" : "on the lock screen"
            log(logic.liveElsewhere ? "the activity shows \(shownBy): notifications carry only its moments" : "the live notification is back")
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
        let now = BridgeMemory(busID: busID, server: serverOwner ?? "", liveID: logic.shownID, announced: logic.announced)
        guard now != saved else { return }
        saved = now
        memory.save(now)
    }

    func handleServerSignal(_ message: Message) {
        switch (message.member, message.body.first, message.body.dropFirst().first) {
        case ("NotificationClosed", .uint32(let id)?, .uint32(let reason)?):
            let asked = closing.remove(id) != nil
            let ours = id != 0 && (id == logic.shownID || asked || announcements[id] != nil)
            announcements[id] = nil
            if id == reminderID { reminderID = 0 }
            guard ours else { return }
            let why = asked ? "closed as islet asked" : ["", "expired", "dismissed by the user", "closed by a call", "undefined"][min(Int(reason), 4)]
            log("NotificationClosed \(id), reason \(reason): \(why)")
            let wasLive = id == logic.shownID
            logic.closed(id: id, reason: reason, askedByUs: asked)
            saveMemory()
            if wasLive, !asked, reason != 3 { log("quiet until the next change") }
        case ("ActionInvoked", .uint32(let id)?, .string(let key)?):
            guard id != 0 else { return }
            if id == logic.shownID, let activity {
                logic.buttonPressed(id: id)
                invoke(key, on: activity)
            } else if let kind = announcements[id] {
                invokeAnnounced(key, kind)
            }
        default:
            break
        }
    }

    func invoke(_ key: String, on activity: ActivitySnapshot) {
        let islet = self.islet
        let owner = activity.owner
        log("button \(key.prefix(40)) pressed on \(activity.kind.rawValue) \(activity.id)")
        switch (key, activity.kind) {
        case ("default", _):
            guard let page = AppLink.Page(showing: activity.kind) else { return }
            let connection = islet.connection
            call(key) { try await AppLink.open(page, on: connection) }
        case ("stop-fast", .fast): stopFast()
        case ("pause", .timer): call(key) { try await islet.pauseTimer(owner: owner) }
        case ("resume", .timer): call(key) { try await islet.resumeTimer(owner: owner) }
        case ("stop", .timer): call(key) { try await islet.stopTimer(owner: owner) }
        case ("extend", .timer): call(key) { try await islet.extendTimer(owner: owner, seconds: Presenter.extendSeconds) }
        default: log("ignored action \"\(key.prefix(40))\" for a \(activity.kind.rawValue)")
        }
    }

    func invokeAnnounced(_ key: String, _ kind: AnnouncedKind) {
        let islet = self.islet
        log("button \(key.prefix(40)) pressed on an announcement")
        switch (key, kind) {
        case ("stop-fast", .moment(let startedAt)) where startedAt != 0: stopFast(startedAt: startedAt)
        case ("undo", .stoppedFast): call(key) { _ = try await islet.undoStopFast() }
        case ("dismiss", _): break  // OK: the server closes the notification itself
        case ("start-fast", .reminder): call(key) { _ = try await islet.startFast() }
        default: log("ignored action \"\(key.prefix(40))\" on an announcement")
        }
    }

    /// The schedule's Reminder (replacing the one before it) and a stage's StageReached
    /// (announced quietly), from isletd's signals.
    func handleFastingSignal(_ message: Message) {
        let islet = self.islet
        let settings = logic.settings
        let server = logic.server
        let localTime = logic.localTime
        let clock = self.clock
        let input = self.input
        let log = self.log
        let notifications = self.server
        switch (message.member, message.body.count) {
        case ("Reminder", 3):
            guard case .string(let kindName) = message.body[0], let kind = FastingSchedule.Reminder.Kind(rawValue: kindName),
                case .uint64(let due) = message.body[1], case .uint64(let starts) = message.body[2]
            else { return }
            let reminder = FastingSchedule.Reminder(kind: kind, at: due, fastStartsAt: starts)
            let replaces = reminderID
            Task {
                let goal = (try? await islet.fastStatus().dailyGoalSeconds) ?? 0
                let content = Presenter.reminder(reminder, goalSeconds: goal, now: clock(), localTime: localTime, settings: settings, server: server)
                log("Notify (reminder \(kindName)) replaces \(replaces): \"\(content.summary)\"")
                do {
                    input.yield(.reminderShown(try await notifications.notify(content, replacesID: replaces)))
                } catch {
                    log("reminder failed: \(error)")
                }
            }
        case ("StageReached", 3):
            guard case .uint32(let index) = message.body[1], let content = Presenter.stage(Int(index), settings: settings, server: server) else {
                return
            }
            announce(content, kind: .stage, what: "stage \(index)")
        default:
            break
        }
    }

    /// Stop Fast, then a notification with Undo (a 16-hour fast is one click from gone). With
    /// `startedAt`, only the fast that began then: a kept "Goal Reached!" pressed after its
    /// fast ended leaves the next fast alone.
    func stopFast(startedAt: USec? = nil) {
        let islet = self.islet
        let bridge = self
        let log = self.log
        call("stop-fast") {
            if let startedAt {
                let status = try await islet.fastStatus()
                guard status.fasting, status.startedAt == startedAt else {
                    log("Stop Fast on the announcement of a fast that has ended: nothing to stop")
                    return
                }
            }
            let fast = try await islet.stopFast()
            await bridge.announceStop(fast)
        }
    }

    func announceStop(_ fast: CompletedFast) {
        guard logic.settings.style == .standard else { return }
        announce(Presenter.stopped(fast, settings: logic.settings, server: logic.server), kind: .stoppedFast, what: "the stop, with Undo")
    }

    /// Posts a notification of its own (never replacing the live one); its id comes back as
    /// `.announced`, for its buttons.
    func announce(_ announced: NotificationContent, kind: AnnouncedKind, what: String) {
        let content = Presenter.lockScreenScope(announced, settings: logic.settings, server: logic.server)
        guardian.notifySent(at: clock())
        log("Notify (announcing \(what)): \(describe(content))")
        let server = self.server
        let input = self.input
        let log = self.log
        Task {
            do {
                input.yield(.announced(try await server.notify(content, replacesID: 0), kind: kind))
            } catch {
                log("announcement failed: \(error)")
            }
        }
    }

    func call(_ key: String, _ body: @escaping @Sendable () async throws -> Void) {
        let log = self.log
        Task {
            do { try await body() } catch let error as DBusError {
                log("action \(key) failed: \(error.name): \(error.message)")
            } catch {
                log("action \(key) failed: \(error)")
            }
        }
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

    func close(_ id: UInt32) {
        closing.insert(id)
        let server = self.server
        Task { try? await server.close(id: id) }
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
        if activity != nil, now < guardian.notBefore {
            schedule(guardian.notBefore, now: now)
            return
        }
        let (actions, next) = logic.render(activity, now: now)
        schedule(next, now: now)
        let server = self.server
        let input = self.input
        for action in actions {
            switch action {
            case .close(let id):
                log("CloseNotification \(id)")
                close(id)
            case .notify(let live, let replacesID):
                let content = Presenter.lockScreenScope(live, settings: logic.settings, server: logic.server)
                inFlight = true
                guardian.notifySent(at: now)
                log("Notify replaces \(replacesID): \(describe(content))")
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
                announce(announcement.content, kind: .moment(fastStartedAt: announcement.fastStartedAt), what: announcement.key)
            }
        }
        saveMemory()
    }

    func describe(_ content: NotificationContent) -> String {
        let urgency: String =
            switch content.hints["urgency"] {
            case .byte(0)?: "low"
            case .byte(2)?: "critical"
            default: "normal"
            }
        let body = content.body.split(separator: "\n").joined(separator: " / ")
        return "\"\(content.summary)\" \"\(body)\", urgency \(urgency), expires \(content.expireTimeout)"
            + (content.hints["sound-name"].flatMap { if case .string(let name) = $0 { ", sound " + name } else { nil } } ?? "")
    }

    /// One wake-up, at the moment the displayed text next changes; none when it never does.
    func schedule(_ next: USec?, now: USec) {
        tickGeneration += 1
        refresh?.cancel()
        refresh = nil
        guard let next else { return }
        let generation = tickGeneration
        let input = self.input
        let delay = next > now ? next - now : 0
        refresh = Task {
            // A millisecond late rather than early: the text has surely changed by then.
            try? await EventLoop.sleep(for: .microseconds(delay + 1000))
            guard !Task.isCancelled else { return }
            input.yield(.tick(generation: generation))
        }
    }
}
