import DBus
import IsletBus
import IsletClient
import Synchronization

/// What a page's link follows of isletd's fast: Fasting's signals, its PropertiesChanged (the
/// daily goal, the schedule, neutral mode) and isletd's name (its first owner, then each change).
/// The three are asked for at once, not each after the last one's answer, so that a link's first
/// read is two round trips after the connection.
struct FastingFeed: Sendable {
    let signals: AsyncStream<Message>
    let properties: AsyncStream<Message>
    let owners: AsyncStream<String?>
}

/// The task a page's link follows isletd with, from its ``FastingFeed``; cancelled with the link.
final class Following: Sendable {
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// Subscribes first, then runs `body` on what comes: no change is missed in between.
    func start(_ client: IsletClient, _ body: @escaping @Sendable (FastingFeed) async -> Void) {
        let following = Task {
            guard let feed = try? await client.fastingFeed() else { return }
            await body(feed)
        }
        task.withLock { $0 = following }
    }

    deinit { task.withLock { $0?.cancel() } }
}

extension IsletClient {
    func fastingFeed() async throws -> FastingFeed {
        async let signals = fasting.signals()
        async let properties = connection.signals(
            matching: MatchRule(
                interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: IsletBus.path, arg0: IsletBus.Fasting.name))
        async let owners = connection.watchNameOwner(IsletBus.name)
        return try await FastingFeed(signals: signals, properties: properties, owners: owners)
    }

    /// A page's call to isletd, off the main thread; a refusal is said in isletd's own words
    /// (``ServiceLink/words(_:)``) to `failed`.
    func call(failed: @escaping @Sendable (String) -> Void, _ body: @escaping @Sendable (IsletClient) async throws -> Void) {
        Task {
            do {
                try await body(self)
            } catch {
                failed(ServiceLink.words(error))
            }
        }
    }
}
