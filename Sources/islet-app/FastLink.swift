import DBus
import IsletAppModel
import IsletBus
import IsletClient
import IsletCore
import Platform
import Translation

/// The Fast page's own link to isletd (made with the page, at the window's start): the fast as
/// ``FastModel/Facts``, followed through Fasting's signals and PropertiesChanged (never polled)
/// and isletd's coming and going, and the calls the page makes. What it learns goes to the page
/// on GTK's main thread.
final class FastLink: Sendable {
    enum News: Sendable {
        /// The fast as isletd says it now; nil while isletd is not there.
        case facts(FastModel.Facts?)
        /// A fast stopped here (Undo offers it back).
        case stopped(CompletedFast)
        /// Something done or refused, said in a toast.
        case done(String)
        case failed(String)
    }

    private let client: IsletClient
    private let deliver: @Sendable (News) -> Void
    private let following = Following()

    /// `deliver` is called off the main thread.
    init(client: IsletClient, deliver: @escaping @Sendable (News) -> Void) {
        self.client = client
        self.deliver = deliver
    }

    /// Subscribes first (``FastingFeed``), then reads: no change is missed in between, and the
    /// first read is made while GTK maps and draws the window.
    func start() {
        following.start(client) { feed in
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await message in feed.signals where message.member != IsletBus.Fasting.Signal.historyChanged.rawValue {
                        await self.load()
                    }
                }
                group.addTask { for await _ in feed.properties { await self.load() } }
                // The first owner (none: D-Bus starts isletd for the read), then isletd started,
                // stopped, crashed or restarted while the app is open.
                group.addTask {
                    var first = true
                    for await owner in feed.owners {
                        if owner != nil || first { await self.load() } else { self.deliver(.facts(nil)) }
                        first = false
                    }
                }
            }
        }
    }

    /// Reads the fast (D-Bus starts isletd when it is installed and not running).
    func load() async {
        do {
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
            deliver(.facts(nil))
        } catch {
            deliver(.failed(ServiceLink.words(error)))
        }
    }

    /// A fast from now, or from `start` (one begun earlier).
    func startFast(at start: USec? = nil) { call { _ = try await $0.startFast(at: start) } }

    /// The running fast's goal (DI-006 B), 0: none.
    func setFastGoal(_ seconds: UInt64) { call { try await $0.setActiveFastGoal(seconds: seconds) } }

    func stopFast() { call { client in self.deliver(.stopped(try await client.stopFast())) } }

    func undoStop() { call { _ = try await $0.undoStopFast() } }

    /// The running fast began at another time (SetFastStart); isletd's words when it refuses.
    func moveStart(to start: USec) {
        call { client in
            _ = try await client.setFastStart(start)
            self.deliver(.done(tr("Fast started at %s", LocalTime.system.describe(start, now: WallClock.now()))))
        }
    }

    /// "I ate at 11:30": the fast ends then (StopFastAt), with Undo as for a stop.
    func stopFast(at end: USec) { call { client in self.deliver(.stopped(try await client.stopFast(at: end))) } }

    private func call(_ body: @escaping @Sendable (IsletClient) async throws -> Void) {
        client.call(failed: { self.deliver(.failed($0)) }, body)
    }
}
