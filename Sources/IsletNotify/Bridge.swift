import DBus
import IsletClient
import IsletCore

#if canImport(Glibc)
    import Glibc
#endif

/// The bridge at work: follows the live activity on `org.islet.Islet1` and keeps one
/// notification in step with it. Every input (the activity feed, the server's signals, the
/// server coming and going, the countdown's next change, replies to our own calls) is an event
/// handled in turn; at most one Notify is in flight, so nothing waits on a slow server.
public actor Bridge {
    enum Event: Sendable {
        case feed(FeedUpdate)
        case serverSignal(Message)
        case serverOwner(String?)
        case capabilities(ServerCapabilities, generation: Int)
        case tick(generation: Int)
        case notified(Result<UInt32, DBusError>)
    }

    let islet: IsletClient
    let server: NotificationServer
    let log: @Sendable (String) -> Void
    let clock: @Sendable () -> USec
    var logic: BridgeLogic
    var activity: ActivitySnapshot?
    var inFlight = false
    /// Notify found no server and none could be started: wait for one to appear.
    var serverMissing = false
    /// A new server appeared and GetCapabilities has not answered yet.
    var awaitingCapabilities = false
    var renderAgain = false
    var tickGeneration = 0
    var serverGeneration = 0
    var refresh: Task<Void, Never>?
    let events: AsyncStream<Event>
    let input: AsyncStream<Event>.Continuation

    public init(
        islet: IsletClient, server: NotificationServer, settings: BridgeSettings,
        clock: @escaping @Sendable () -> USec = Bridge.wallClock, log: @escaping @Sendable (String) -> Void
    ) {
        self.islet = islet
        self.server = server
        self.clock = clock
        self.log = log
        logic = BridgeLogic(settings: settings)
        (events, input) = AsyncStream.makeStream(of: Event.self)
    }

    /// How long an ended activity's notification waits for a successor before it closes.
    static let settleUSec: USec = 250_000

    public static let wallClock: @Sendable () -> USec = {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UInt64(now.tv_sec) * usecPerSecond + UInt64(now.tv_nsec) / 1000
    }

    /// Runs until the connection closes.
    public func run() async throws {
        let input = self.input
        let feed = try await islet.followActivity()
        let serverSignals = try await server.signals()
        let owners = try await islet.connection.watchNameOwner(NotificationServer.busName)
        let tasks = [
            Task {
                for await update in feed { input.yield(.feed(update)) }
                input.finish()
            },
            Task { for await message in serverSignals { input.yield(.serverSignal(message)) } },
            Task { for await owner in owners { input.yield(.serverOwner(owner)) } },
        ]
        defer { for task in tasks { task.cancel() } }
        for await event in events { await handle(event) }
        refresh?.cancel()
    }

    /// Set by ``shutdown()``: `run()` then returns because it was asked to.
    public private(set) var isShuttingDown = false

    /// Closes the notification on the way out (SIGTERM, SIGINT).
    public func shutdown() async {
        isShuttingDown = true
        refresh?.cancel()
        // A Notify on its way: its id is needed to close what it showed.
        for _ in 0..<200 where inFlight { try? await Task.sleep(for: .milliseconds(10)) }
        let id = logic.shownID
        if id != 0 { try? await server.close(id: id) }
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
            logic.serverChanged(capabilities: .unknown)
            serverMissing = false
            if owner == nil {
                awaitingCapabilities = false
                log("no notification server on the bus; the next notification will start one if it can")
                render()
            } else {
                // Ask the new server what it can do before showing it anything.
                awaitingCapabilities = true
                fetchCapabilities()
            }
        case .capabilities(let capabilities, let generation):
            guard generation == serverGeneration else { return }
            awaitingCapabilities = false
            logic.capabilities = capabilities
            render()
        case .serverSignal(let message):
            handleServerSignal(message)
        case .tick(let generation):
            if generation == tickGeneration { render() }
        case .notified(let result):
            inFlight = false
            switch result {
            case .success(let id): logic.notified(id: id)
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
        }
    }

    func handleServerSignal(_ message: Message) {
        switch (message.member, message.body.first, message.body.dropFirst().first) {
        case ("NotificationClosed", .uint32(let id)?, .uint32(let reason)?):
            logic.closed(id: id, reason: reason)
            if reason == 2 { log("notification \(id) dismissed; quiet until the next change") }
        case ("ActionInvoked", .uint32(let id)?, .string(let key)?):
            guard id != 0, id == logic.shownID, let activity else { return }
            invoke(key, on: activity)
        default:
            break
        }
    }

    func invoke(_ key: String, on activity: ActivitySnapshot) {
        let islet = self.islet
        let log = self.log
        let owner = activity.owner
        Task {
            do {
                switch (key, activity.kind) {
                case ("stop-fast", .fast): _ = try await islet.stopFast()
                case ("pause", .timer): try await islet.pauseTimer(owner: owner)
                case ("resume", .timer): try await islet.resumeTimer(owner: owner)
                case ("stop", .timer): try await islet.stopTimer(owner: owner)
                default: log("ignored action \"\(key.prefix(40))\" for a \(activity.kind.rawValue)")
                }
            } catch let error as DBusError {
                log("action \(key) failed: \(error.name): \(error.message)")
            } catch {
                log("action \(key) failed: \(error)")
            }
        }
    }

    func fetchCapabilities() {
        let server = self.server
        let input = self.input
        let generation = serverGeneration
        let log = self.log
        Task {
            do {
                let capabilities = try await server.capabilities()
                input.yield(.capabilities(capabilities, generation: generation))
                if let info = try? await server.information() {
                    log("notification server: \(info.prefix(3).joined(separator: " ")), capabilities: \(capabilities.names.sorted().joined(separator: " "))")
                }
            } catch {
                log("GetCapabilities failed (\(error)); assuming body text only")
                input.yield(.capabilities(.unknown, generation: generation))
            }
        }
    }

    func render() {
        if awaitingCapabilities { return }
        if inFlight {
            renderAgain = true
            return
        }
        if serverMissing, activity != nil {
            schedule(nil, now: 0)
            return
        }
        let now = clock()
        let (action, next) = logic.render(activity, now: now)
        schedule(next, now: now)
        let server = self.server
        let input = self.input
        switch action {
        case nil:
            break
        case .close(let id)?:
            Task { try? await server.close(id: id) }
        case .notify(let content, let replacesID)?:
            inFlight = true
            Task {
                do {
                    input.yield(.notified(.success(try await server.notify(content, replacesID: replacesID))))
                } catch let error as DBusError {
                    input.yield(.notified(.failure(error)))
                } catch {
                    input.yield(.notified(.failure(.failed("\(error)"))))
                }
            }
        }
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
            try? await Task.sleep(for: .microseconds(delay + 1000))
            guard !Task.isCancelled else { return }
            input.yield(.tick(generation: generation))
        }
    }
}
