import DBus
import IsletBus
import IsletClient
import IsletCore
import Synchronization

/// The Timers page's own link to isletd: every timer and the activity on the island, read
/// when the page is first shown and again at each of isletd's Timers and LiveActivity signals
/// and each time isletd comes back; and what the page asks (each of its timers is its own
/// owner on the bus). Nothing is followed before the page is shown.
final class TimersLink: Sendable {
    typealias Timers = [(owner: String, state: ActivityState)]
    private let client: IsletClient
    private let show: @Sendable (Timers, ActivitySnapshot?) -> Void
    private let failed: @Sendable (String) -> Void
    private let following = Mutex<Task<Void, Never>?>(nil)

    /// `show` and `failed` are called off the main thread.
    init(client: IsletClient, show: @escaping @Sendable (Timers, ActivitySnapshot?) -> Void, failed: @escaping @Sendable (String) -> Void) {
        self.client = client
        self.show = show
        self.failed = failed
    }

    /// Subscribes first, then reads: no signal is missed in between.
    func start() {
        let client = self.client
        let task = Task {
            async let timers = client.timers.signals()
            async let activity = client.activity.signals()
            async let owners = client.connection.watchNameOwner(IsletBus.name)
            guard let (timerSignals, activitySignals, isletd) = try? await (timers, activity, owners) else { return }
            await withDiscardingTaskGroup { group in
                group.addTask { for await _ in timerSignals { await self.load() } }
                group.addTask { for await _ in activitySignals { await self.load() } }
                // The first owner (or none), then isletd started, stopped or restarted.
                group.addTask {
                    for await owner in isletd {
                        if owner == nil { self.show([], nil) } else { await self.load() }
                    }
                }
            }
        }
        following.withLock { $0 = task }
    }

    func load() async {
        do {
            let timers = try await client.listTimers()
            let activity = try await client.currentActivity()
            show(timers, activity)
        } catch let error as DBusError where error.meansServiceUnavailable {
            // The window says isletd is not running.
        } catch {
            failed(ServiceLink.words(error))
        }
    }

    /// What the page asks: refused, it is said in isletd's words.
    func perform(_ request: TimerRequest) {
        let client = self.client
        Task {
            do {
                switch request {
                case .start(let plan):
                    let owner = plan.kind.owner
                    if plan.phases.count == 1, plan.rounds == 1, let phase = plan.phases.first {
                        try await client.startTimer(owner: owner, title: plan.title, seconds: phase.seconds)
                    } else {
                        try await client.startIntervals(owner: owner, title: plan.title, phases: plan.phases, rounds: plan.rounds)
                    }
                case .pause(let owner): try await client.perform(.pauseTimer(owner: owner))
                case .resume(let owner): try await client.perform(.resumeTimer(owner: owner))
                case .extend(let owner): try await client.perform(.extendTimer(owner: owner, seconds: IsletCommand.extendSeconds))
                case .stop(let owner): try await client.perform(.stopTimer(owner: owner))
                case .act(let id, let action):
                    guard let verb = IsletCommand.Verb(rawValue: action) else { return }
                    try await client.perform(.act(activityID: id, verb))
                }
            } catch {
                failed(ServiceLink.words(error))
            }
        }
    }
}
