import DBus
import IdleLoop
import IsletBus
import IsletCore
import IsletStore
import Logging
import Platform

/// isletd's heart: the state, the store and the bus, all on the connection's loop.
///
/// A call becomes a core command; the core returns the new state and its events; the store
/// commits them in one transaction; then the events go out as signals, the reply follows, and
/// the single wall-clock wake-up is re-armed for the next deadline. Nothing is announced that
/// is not stored.
public final class IsletService: @unchecked Sendable {
    let connection: DBusConnection
    let store: Store
    let logger: Logger
    let clock: @Sendable () -> USec
    /// How far `clock` runs ahead of the machine's wall clock (tests only), so that the wake-up
    /// is armed at the machine's moment for the service's deadline.
    let clockOffset: Int64
    /// The user's zone, for the core's messages.
    let localTime: LocalTime
    private(set) var state: IsletState
    private var wakeTimer: WallTimer?
    /// ListFasts replies of the first pages, marshalled once: panels and `islet history` ask
    /// for the same page again and again. The one copy of the history kept in memory; dropped
    /// by every commit that changes the history (this process is the database's only writer).
    /// A few pages at most, so they are searched in turn (no hashing per call).
    private var pageReplies: [(key: PageKey, reply: DBusPreparedReply)] = []
    private struct PageKey: Equatable { var offset, limit: UInt32 }
    static let preparedPages = 16
    /// Pages within the first 200 fasts are kept.
    static let preparedWindow = 200
    /// Whether `IsletBus.liveName` was last requested (true) or released.
    private var liveNameOwned = false
    /// The programs whose activities end with them (the shown one's and the sources'), each
    /// watched until it leaves the bus.
    private var senderWatches: [String: Task<Void, Never>] = [:]
    /// The state before the first change of the calls read together, while their commits are
    /// grouped (nil otherwise).
    private var groupStart: IsletState?

    public init(
        connection: DBusConnection, store: Store, logger: Logger, clockOffsetSeconds: Int64 = 0, localTime: LocalTime = .system
    ) throws {
        self.connection = connection
        self.store = store
        self.logger = logger
        let offset = clockOffsetSeconds * Int64(usecPerSecond)
        self.clockOffset = offset
        if offset == 0 {
            self.clock = WallClock.clock
        } else {
            self.clock = { @Sendable in
                let shifted: Int64 = Int64(clamping: WallClock.now()) &+ offset
                return USec(clamping: shifted)
            }
        }
        self.localTime = localTime
        self.state = try store.loadState()
    }

    /// The core, on the state as it stands.
    func engine() -> Engine { Engine(state: state, localTime: localTime) }

    /// Exports the object with its three interfaces, as the contract describes them. Call
    /// before requesting the name (activation delivers calls at once); nothing is announced
    /// yet.
    public func export() throws {
        let timer = try WallTimer(loop: connection.loop) { [weak self] in self?.wake() }
        try connection.loop.sync {
            wakeTimer = timer
            try connection.export(IsletBus.path, interfaces: [fastingInterface(), timersInterface(), liveActivityInterface()])
        }
    }

    /// Catches up with what happened while the service was down (goals reached, timers that
    /// ran out, lingers over) and arms the wake-up. Call once the name is owned, so that a
    /// listener matching `sender='org.islet.Islet1'` hears what it announces.
    public func catchUp() {
        connection.loop.execute { [self] in wake() }
    }

    // MARK: Commands

    /// Runs a core command against a copy of the state, stores the outcome, then announces it.
    /// Must run on the connection's loop.
    @discardableResult
    func perform<T>(_ body: (inout Engine, USec) throws -> T) throws -> T {
        let now = clock()
        var engine = self.engine()
        let result: T
        do {
            result = try body(&engine, now)
        } catch let error as IsletError {
            throw IsletBus.error(error)
        }
        if engine.state != state || !engine.history.isEmpty {
            do {
                try joinGroup()
                try store.commit(state: engine.state, history: engine.history)
                if !engine.history.isEmpty { pageReplies = [] }
            } catch {
                logger.error("could not store a change: \(error)")
                throw IsletBus.storageFailed("\(error)")
            }
        }
        let old = state
        state = engine.state
        announce(engine.events)
        announceProperties(old: old, new: state)
        followLiveName()
        watchSenders()
        rearm(now: now)
        return result
    }

    // MARK: Grouped commits

    /// Joins the commits of the calls read in this turn of the loop: their answers and
    /// announcements are held until one commit has made them all durable (``settleGroup()``).
    /// Outside a turn (a wake-up), or when the turn's calls are run again, each commits alone.
    private func joinGroup() throws {
        guard groupStart == nil else { return }
        guard connection.holdOutputUntilEndOfTurn({ [weak self] in self?.settleGroup() ?? true }) else { return }
        groupStart = state
        try store.beginGroup()
    }

    /// At the end of the turn: true when the group's changes are stored (its answers go out);
    /// false when they could not be, with the state as it was before them (the connection then
    /// runs the calls again, one commit each, so each gets its own answer).
    private func settleGroup() -> Bool {
        guard let start = groupStart else { return true }
        groupStart = nil
        do {
            try store.endGroup()
            return true
        } catch {
            logger.error("could not store the changes of the calls read together: \(error); running them one by one")
            state = start
            pageReplies = []
            followLiveName()
            watchSenders()
            rearm(now: clock())
            return false
        }
    }

    /// Reads facts from the store, as a D-Bus error on failure.
    func read<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch {
            throw IsletBus.storageFailed("\(error)")
        }
    }

    /// The ListFasts reply for a page: kept, for the first pages, until the history changes.
    func historyPage(offset: UInt32, limit: UInt32) throws -> DBusPreparedReply {
        let key = PageKey(offset: offset, limit: limit)
        if let kept = pageReplies.first(where: { $0.key == key }) { return kept.reply }
        let page = try read { try store.page(offset: offset, limit: limit) }
        let reply = try DBusPreparedReply(IsletBus.Fasting.Fasts(fasts: page.map(IsletBus.Fasting.FastEntry.init)).values)
        if Int(offset) + Int(limit) <= IsletService.preparedWindow {
            if pageReplies.count >= IsletService.preparedPages { pageReplies.removeFirst() }
            pageReplies.append((key, reply))
        }
        return reply
    }

    // MARK: Wake-ups

    /// One wall-clock deadline for the next due thing; none when nothing is due, so an idle
    /// service sleeps. Wall-clock, so a suspend or a clock change is caught up on waking.
    private func rearm(now: USec) {
        guard let deadline = engine().nextDeadline(now: now) else {
            wakeTimer?.disarm()
            return
        }
        wakeTimer?.arm(atMicroseconds: USec(clamping: Int64(clamping: max(deadline, now)) &- clockOffset))
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

    // MARK: The live name

    /// Owns `IsletBus.liveName` while an activity is live or a fast runs, after the signal that
    /// began it went out, and releases it after the one that ended it.
    private func followLiveName() {
        let live = state.activity != nil || state.fast != nil
        guard live != liveNameOwned else { return }
        liveNameOwned = live
        do {
            try connection.setNameOwned(IsletBus.liveName, live)
        } catch {
            logger.error("could not \(live ? "request" : "release") \(IsletBus.liveName): \(error)")
        }
    }

    // MARK: Activities whose program leaves the bus

    private func watchSenders() {
        var senders = Set(state.sources.values.map(\.sender))
        if let activity = state.activity, activity.endsWithOwner, !activity.sender.isEmpty { senders.insert(activity.sender) }
        senders.remove("")
        for (sender, watch) in senderWatches where !senders.contains(sender) {
            watch.cancel()
            senderWatches[sender] = nil
        }
        let connection = connection
        for sender in senders where senderWatches[sender] == nil {
            senderWatches[sender] = Task { [weak self] in
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
}
