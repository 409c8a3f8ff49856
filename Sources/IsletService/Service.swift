import DBus
import IdleLoop
import IsletCore
import IsletStore
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// isletd's heart: the state, the store and the bus, all on the connection's loop.
///
/// A call becomes a core command; the core returns the new state and its events; the store
/// commits them in one transaction; then the events go out as signals, the reply follows, and
/// the single wall-clock wake-up is re-armed for the next deadline. Nothing is announced that
/// is not stored.
public final class IsletService: @unchecked Sendable {
    public static let busName = "org.islet.Islet1"
    public static let objectPath: ObjectPath = "/org/islet/Islet1"
    static let fastingInterface = "org.islet.Islet1.Fasting"
    static let timersInterface = "org.islet.Islet1.Timers"
    static let activityInterface = "org.islet.Islet1.LiveActivity"

    let connection: DBusConnection
    let store: Store
    let logger: Logger
    let clock: @Sendable () -> USec
    private(set) var state: IsletState
    private var wakeTimer: WallTimer?
    /// ListFasts replies of the first pages, marshalled once: panels and `islet history` ask
    /// for the same page again and again. Valid for one history generation of the store.
    /// A few pages at most, so they are searched in turn (no hashing per call).
    private var pageReplies: (generation: UInt64, replies: [(key: PageKey, reply: DBusPreparedReply)]) = (0, [])
    private struct PageKey: Equatable { var offset, limit: UInt32 }
    static let preparedPages = 16
    private var watchedSender: String?
    private var senderWatch: Task<Void, Never>?

    public init(connection: DBusConnection, store: Store, logger: Logger, clock: @escaping @Sendable () -> USec = IsletService.wallClock) throws {
        self.connection = connection
        self.store = store
        self.logger = logger
        self.clock = clock
        self.state = try store.loadState()
    }

    public static let wallClock: @Sendable () -> USec = {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    }

    /// Restores the state (finishing what ran out while the service was down), exports the
    /// object, and re-arms the wake-up. Call before requesting the name.
    public func export() throws {
        let timer = try WallTimer(loop: connection.loop) { [weak self] in self?.wake() }
        try connection.loop.sync {
            wakeTimer = timer
            try perform { engine, now in engine.advance(to: now) }
            try connection.export(IsletService.objectPath, interfaces: interfaces())
        }
    }

    // MARK: Commands

    /// Runs a core command against a copy of the state, stores the outcome, then announces it.
    /// Must run on the connection's loop.
    @discardableResult
    func perform<T>(_ body: (inout Engine, USec) throws -> T) throws -> T {
        let now = clock()
        var engine = Engine(state: state)
        let result: T
        do {
            result = try body(&engine, now)
        } catch let error as IsletError {
            throw Convert.error(error)
        }
        if engine.state != state || !engine.history.isEmpty {
            do {
                try store.commit(state: engine.state, history: engine.history)
            } catch {
                logger.error("could not store a change: \(error)")
                throw DBusError("org.islet.Islet1.Error.StorageFailed", "\(error)")
            }
        }
        let old = state
        state = engine.state
        announce(engine.events)
        announceProperties(old: old, new: state)
        watchCustomSender()
        rearm(now: now)
        return result
    }

    /// Reads facts from the store, as a D-Bus error on failure.
    func read<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch {
            throw DBusError("org.islet.Islet1.Error.StorageFailed", "\(error)")
        }
    }

    /// The ListFasts reply for a page: kept, for the first pages, until the history changes.
    func historyPage(offset: UInt32, limit: UInt32) throws -> DBusPreparedReply {
        let key = PageKey(offset: offset, limit: limit)
        let generation = store.historyGeneration
        if let generation, pageReplies.generation == generation,
            let kept = pageReplies.replies.first(where: { $0.key == key })
        {
            return kept.reply
        }
        let page = try read { try store.page(offset: offset, limit: limit) }
        let reply = try DBusPreparedReply([
            .array(.structure([.uint64, .uint64, .uint64, .uint64]), page.map {
                .structure([.uint64($0.id), .uint64($0.startedAt), .uint64($0.endedAt), .uint64($0.goalSeconds)])
            })
        ])
        if let generation, Int(offset) + Int(limit) <= Store.recentWindow {
            if pageReplies.generation != generation || pageReplies.replies.count >= IsletService.preparedPages {
                pageReplies = (generation, [])
            }
            pageReplies.replies.append((key, reply))
        }
        return reply
    }

    // MARK: Signals

    private func announce(_ events: [Event]) {
        let path = IsletService.objectPath
        for event in events {
            let (interface, member, body): (String, String, [DBusValue])
            switch event {
            case .fastStarted(let id, let at):
                (interface, member, body) = (IsletService.fastingInterface, "FastStarted", [.uint64(id), .uint64(at)])
            case .fastStopped(let fast):
                (interface, member, body) = (
                    IsletService.fastingInterface, "FastStopped", [.uint64(fast.id), .uint64(fast.startedAt), .uint64(fast.endedAt)]
                )
            case .goalReached(let id, let at):
                (interface, member, body) = (IsletService.fastingInterface, "GoalReached", [.uint64(id), .uint64(at)])
            case .timerChanged(let owner, let timerState):
                (interface, member, body) = (IsletService.timersInterface, "TimerChanged", [.string(owner), Convert.dictionary(timerState)])
            case .phaseChanged(let owner, let index, let name):
                (interface, member, body) = (IsletService.timersInterface, "PhaseChanged", [.string(owner), .uint32(index), .string(name)])
            case .timerFinished(let owner, let at):
                (interface, member, body) = (IsletService.timersInterface, "TimerFinished", [.string(owner), .uint64(at)])
            case .timerRemoved(let owner, let reason):
                (interface, member, body) = (IsletService.timersInterface, "TimerRemoved", [.string(owner), .string(reason)])
            case .activityStarted(let activity, let activityState):
                (interface, member, body) = (
                    IsletService.activityInterface, "ActivityStarted",
                    [.string(activity.id), .string(activity.owner), Convert.dictionary(activity.attributes), Convert.dictionary(activityState)]
                )
            case .activityUpdated(let id, let activityState):
                (interface, member, body) = (IsletService.activityInterface, "ActivityUpdated", [.string(id), Convert.dictionary(activityState)])
            case .activityEnded(let id, let reason):
                (interface, member, body) = (IsletService.activityInterface, "ActivityEnded", [.string(id), .string(reason.rawValue)])
            }
            do {
                try connection.emit(path: path, interface: interface, signal: member, body)
            } catch {
                logger.error("could not emit \(member): \(error)")
            }
        }
    }

    private func announceProperties(old: IsletState, new: IsletState) {
        var fasting: [String] = []
        if (old.fast == nil) != (new.fast == nil) { fasting += ["Fasting"] }
        if old.fast?.id != new.fast?.id { fasting += ["FastId"] }
        if old.fast?.startedAt != new.fast?.startedAt { fasting += ["StartedAtUSec"] }
        if old.settings.goalSeconds != new.settings.goalSeconds { fasting += ["GoalSeconds"] }
        if old.fast?.goalSeconds != new.fast?.goalSeconds { fasting += ["ActiveFastGoalSeconds"] }
        if old.fast?.goalReached != new.fast?.goalReached { fasting += ["GoalReached"] }
        if !fasting.isEmpty { connection.propertiesChanged(path: IsletService.objectPath, interface: IsletService.fastingInterface, fasting) }
        var live: [String] = []
        if old.settings.enabled != new.settings.enabled { live += ["Enabled"] }
        if old.activity?.id != new.activity?.id { live += ["ActivityId", "Owner"] }
        if old.settings.lingerSeconds != new.settings.lingerSeconds { live += ["LingerSeconds"] }
        if old.settings.goalReachedLingerSeconds != new.settings.goalReachedLingerSeconds { live += ["GoalReachedLingerSeconds"] }
        if !live.isEmpty { connection.propertiesChanged(path: IsletService.objectPath, interface: IsletService.activityInterface, live) }
    }

    // MARK: Wake-ups

    /// One wall-clock deadline for the next due thing; none when nothing is due, so an idle
    /// service sleeps. Wall-clock, so a suspend or a clock change is caught up on waking.
    private func rearm(now: USec) {
        guard let deadline = Engine(state: state).nextDeadline(now: now) else {
            wakeTimer?.disarm()
            return
        }
        wakeTimer?.arm(atMicroseconds: max(deadline, now))
    }

    /// The deadline passed, or someone set the clock: catch up with the time it is now.
    private func wake() {
        do {
            try perform { engine, now in engine.advance(to: now) }
        } catch {
            logger.error("a scheduled update failed: \(error); retrying in 5 s")
            wakeTimer?.arm(after: .seconds(5))
        }
    }

    // MARK: Custom activities whose program leaves the bus

    private func watchCustomSender() {
        let sender: String? = {
            guard let activity = state.activity, activity.kind == .custom, activity.endsWithOwner, !activity.sender.isEmpty
            else { return nil }
            return activity.sender
        }()
        guard sender != watchedSender else { return }
        senderWatch?.cancel()
        watchedSender = sender
        guard let sender else { return }
        let connection = connection
        senderWatch = Task { [weak self] in
            guard let owners = try? await connection.watchNameOwner(sender) else { return }
            for await owner in owners where owner == nil {
                let service = self
                connection.loop.execute {
                    _ = try? service?.perform { engine, now in engine.senderVanished(sender, now: now) }
                }
                return
            }
        }
    }
}
