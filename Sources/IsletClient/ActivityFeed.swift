import DBus
import IsletBus
import IsletCore

/// One step of the live activity as a listener follows it.
public struct FeedUpdate: Sendable, Equatable {
    public enum Cause: Sendable, Equatable {
        /// Read afresh with `LiveActivity.Get` (at start, and when the service comes back).
        case synced
        case started
        case updated
        case ended(reason: String)
        /// The service left the bus; nothing is known until it returns.
        case serviceGone
        /// The service has not been on the bus since the feed began (not started yet, or its
        /// start failed); nothing is known until it appears.
        case serviceAbsent
    }

    public var activity: ActivitySnapshot?
    public var cause: Cause

    public init(activity: ActivitySnapshot?, cause: Cause) {
        self.activity = activity
        self.cause = cause
    }
}

extension IsletClient {
    /// The live activity now, then after every change: ActivityStarted / Updated / Ended, and
    /// a fresh `LiveActivity.Get` whenever the service (re)appears on the bus. Nothing polls:
    /// the stream waits on signals. It ends when the connection closes.
    ///
    /// The first `Get` may start the service by D-Bus activation; later ones only follow an
    /// owner that appeared by itself, so a stopped service stays stopped.
    public func followActivity() async throws -> AsyncStream<FeedUpdate> {
        enum Input: Sendable {
            case signal(Message)
            case owner(String?)
        }
        let (inputs, feed) = AsyncStream.makeStream(of: Input.self)
        let signals = try await activity.signals()
        let owners = try await connection.watchNameOwner(IsletBus.name)
        let forwardSignals = Task {
            for await message in signals { feed.yield(.signal(message)) }
            feed.finish()
        }
        let forwardOwners = Task {
            for await owner in owners { feed.yield(.owner(owner)) }
            feed.finish()
        }
        let (stream, output) = AsyncStream.makeStream(of: FeedUpdate.self)
        let client = self
        let run = Task {
            var current: ActivitySnapshot?
            var first = true
            // Whether the service has ever answered: until it has, its absence is not a leaving.
            var seen = false
            for await input in inputs {
                switch input {
                case .owner(let owner):
                    if owner == nil, !first {
                        current = nil
                        output.yield(FeedUpdate(activity: nil, cause: seen ? .serviceGone : .serviceAbsent))
                        continue
                    }
                    first = false
                    do {
                        current = try await client.currentActivity()
                        seen = true
                        output.yield(FeedUpdate(activity: current, cause: .synced))
                    } catch {
                        current = nil
                        output.yield(FeedUpdate(activity: nil, cause: seen ? .serviceGone : .serviceAbsent))
                    }
                case .signal(let message):
                    guard let update = FeedUpdate.apply(message, to: current) else { continue }
                    current = update.activity
                    output.yield(update)
                }
            }
            output.finish()
        }
        output.onTermination = { _ in
            run.cancel()
            forwardSignals.cancel()
            forwardOwners.cancel()
        }
        return stream
    }
}

extension FeedUpdate {
    /// What a LiveActivity signal does to the activity known so far; nil when it changes
    /// nothing (another activity's update, a malformed signal, an update older than the state).
    static func apply(_ message: Message, to current: ActivitySnapshot?) -> FeedUpdate? {
        typealias LiveActivity = IsletBus.LiveActivity
        let body = message.body
        switch LiveActivity.Signal.named(message.member) {
        case .activityStarted:
            guard let started = try? LiveActivity.Activity(values: body), let snapshot = try? IsletClient.snapshot(started), snapshot != current
            else { return nil }
            return FeedUpdate(activity: snapshot, cause: .started)
        case .activityUpdated:
            guard let changed = try? LiveActivity.Changed(values: body), var snapshot = current, snapshot.id == changed.activityID,
                let state = try? ActivityCoding.received(changed.state)
            else { return nil }
            // A signal sent before the Get that read `current` may arrive after it.
            if let old = snapshot.state["updated_at_usec"]?.uint64, let new = state["updated_at_usec"]?.uint64, new < old {
                return nil
            }
            snapshot.state = state
            return FeedUpdate(activity: snapshot, cause: .updated)
        case .activityEnded:
            guard let ended = try? LiveActivity.Ended(values: body), current?.id == ended.activityID else { return nil }
            return FeedUpdate(activity: nil, cause: .ended(reason: ended.reason))
        case .actionInvoked, nil:
            return nil
        }
    }
}
