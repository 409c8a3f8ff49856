import DBus
import IsletBus
import IsletClient
import IsletCore

/// The Goal page's own link to isletd (made when the page is first shown): the goal presets,
/// the daily goal and the schedule, followed through Fasting's PropertiesChanged and isletd's
/// coming back, and the page's two calls. What it learns goes to the page on GTK's main thread.
final class GoalLink: Sendable {
    enum News: Sendable {
        /// The presets (in the session's language), the daily goal and the schedule.
        case goal(presets: [Preset], dailyGoalSeconds: UInt64, schedule: FastingSchedule)
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

    /// Subscribes first, then reads: no change is missed in between.
    func start() {
        following.start(client) { feed in
            await withDiscardingTaskGroup { group in
                // The fast's own signals say nothing the page shows.
                group.addTask { for await _ in feed.signals {} }
                group.addTask { for await _ in feed.properties { await self.load() } }
                // isletd there (or started for the read), and each time it comes back.
                group.addTask {
                    var first = true
                    for await owner in feed.owners {
                        if owner != nil || first { await self.load() }
                        first = false
                    }
                }
            }
        }
    }

    /// The presets, the daily goal and the schedule as isletd has them now.
    func load() async {
        do {
            let presets = try await client.presets()
            let status = try await client.fastStatus()
            deliver(.goal(presets: presets, dailyGoalSeconds: status.dailyGoalSeconds, schedule: status.schedule))
        } catch let error as DBusError where error.meansServiceUnavailable {
            // The window says isletd is not running.
        } catch {
            deliver(.failed(ServiceLink.words(error)))
        }
    }

    /// The daily goal (DFG-002, DFG-003): seconds, or 0 for none.
    func setGoal(_ seconds: UInt64) {
        call { client in
            if seconds == 0 { try await client.clearGoal() } else { try await client.setGoal(seconds: seconds) }
        }
    }

    /// The schedule as a whole (SetSchedule); the page follows from PropertiesChanged.
    func setSchedule(_ schedule: FastingSchedule) { call { try await $0.setSchedule(schedule) } }

    private func call(_ body: @escaping @Sendable (IsletClient) async throws -> Void) {
        client.call(failed: { self.deliver(.failed($0)) }, body)
    }
}
