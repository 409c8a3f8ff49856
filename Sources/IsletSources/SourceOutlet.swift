import IdleLoop
import IsletBus
import IsletClient
import IsletCore
import Platform

/// One source's activity as isletd hears of it, the same for every source: `Start` when it
/// first has something to show (or when its `key` says it began anew: a song played again, the
/// next Pomodoro block), `Update` when what it shows changed (``worthSending(_:_:)``), `End` when
/// it has nothing. A flood of changes from the program reaches isletd at most once per
/// ``minimumGap``, as its latest state; the same state read again sends nothing.
actor SourceOutlet {
    /// The least time between two calls for one activity, in microseconds.
    static let minimumGap: UInt64 = 250_000
    /// How long a change waits for the ones sent with it (Focus Timer says its new block's name
    /// and, in a second message, its times: sent at once, the break showed the Pomodoro's time
    /// for a moment), in microseconds.
    static let settle: UInt64 = 30_000

    let owner: String
    private let islet: IsletClient
    private let log: @Sendable (String) -> Void
    /// When a change of `key` starts the activity anew: given the key last sent (nil: none
    /// sent) and the new one.
    private let startsAnew: @Sendable (_ sent: String?, _ new: String) -> Bool
    private var latest: (attributes: ActivityState, state: ActivityState?, key: String)?
    /// What isletd was last told: nil while it has no activity of this owner.
    private var sent: (state: ActivityState, key: String)?
    private var lastSend: USec = 0
    private var pending = false
    private var sending = false

    /// The keys every surface counts on its own (a change of them alone is not worth a call).
    static let moving: Set<String> = ["elapsed_usec", "remaining_usec", "progress", "updated_at_usec", "started_at_usec", "ends_at_usec"]
    private let movingKeys: Set<String>

    init(
        owner: String, islet: IsletClient, log: @escaping @Sendable (String) -> Void, moving: Set<String> = SourceOutlet.moving,
        startsAnew: @escaping @Sendable (_ sent: String?, _ new: String) -> Bool = { sent, _ in sent == nil }
    ) {
        self.owner = owner
        self.islet = islet
        self.log = log
        self.startsAnew = startsAnew
        movingKeys = moving
    }

    /// What the activity is now (nil: nothing to show): sent soon, once.
    func offer(attributes: ActivityState, state: ActivityState?, key: String) {
        latest = (attributes, state, key)
        guard !pending else { return }
        // Nothing new (gnome-pomodoro's Elapsed, said each second): no call, and no wake-up for one.
        guard (state != nil && startsAnew(sent?.key, key)) || Self.worthSending(sent?.state, state, moving: movingKeys) else { return }
        pending = true
        let now = WallClock.now()
        let wait = max(Self.settle, lastSend + Self.minimumGap > now ? lastSend + Self.minimumGap - now : 0)
        Task {
            try? await EventLoop.sleep(for: .microseconds(wait))
            await self.flush()
        }
    }

    /// isletd came back (restarted): it knows nothing of this activity; told again.
    func forgotten() {
        sent = nil
        if let latest { offer(attributes: latest.attributes, state: latest.state, key: latest.key) }
    }

    /// The program left: its activity ends (isletd would end it with its connection only).
    func end() async {
        latest = nil
        // A call on its way: the flush that made it ends the activity once isletd has answered.
        guard sent != nil, !sending else { return }
        sent = nil
        try? await islet.endActivity(owner: owner)
    }

    private func flush() async {
        pending = false
        guard let latest else { return }
        let anew = latest.state != nil && startsAnew(sent?.key, latest.key)
        guard anew || Self.worthSending(sent?.state, latest.state, moving: movingKeys) else { return }
        lastSend = WallClock.now()
        sending = true
        defer { sending = false }
        do {
            if let state = latest.state {
                let values = state.mapValues(ActivityCoding.value)
                if anew {
                    _ = try await islet.startActivity(owner: owner, attributes: latest.attributes.mapValues(ActivityCoding.value), state: values)
                } else {
                    try await islet.updateActivity(owner: owner, state: values)
                }
                sent = (state, latest.key)
                // The program left while isletd answered (``end()`` ran meanwhile and left the
                // end to this call): what was just shown ends now.
                if self.latest == nil {
                    sent = nil
                    try await islet.endActivity(owner: owner)
                }
            } else {
                try await islet.endActivity(owner: owner)
                sent = nil
            }
        } catch {
            log("\(owner): \(error)")
        }
    }

    /// Whether `new` says something `old` did not, to the second: the same state read again,
    /// or a position that only moved as counted, is not worth a call.
    static func worthSending(_ old: ActivityState?, _ new: ActivityState?, moving: Set<String> = SourceOutlet.moving) -> Bool {
        guard let old, let new else { return (old == nil) != (new == nil) }
        if Set(old.keys) != Set(new.keys) { return true }
        for (key, value) in new where !moving.contains(key) && old[key] != value { return true }
        func seconds(_ state: ActivityState, _ key: String) -> UInt64 { (state[key]?.uint64 ?? 0) / 1_000_000 }
        for key in ["started_at_usec", "ends_at_usec"] {
            let (a, b) = (seconds(old, key), seconds(new, key))
            if (a > b ? a - b : b - a) > 1 { return true }
        }
        return false
    }
}
