import IdleLoop
import IsletCore

/// The one-shot wake-up every surface arms for the moment its text next changes: `fire` runs
/// a millisecond after `next` (wall clock, microseconds), unless the task is cancelled first.
/// Nothing is armed while nothing changes by itself, so an idle surface sleeps.
func wakeUp(at next: USec?, now: USec, _ fire: @escaping @Sendable () -> Void) -> Task<Void, Never>? {
    guard let next else { return nil }
    let delay = (next > now ? next - now : 0) + 1000
    return Task {
        try? await EventLoop.sleep(for: .microseconds(delay))
        if !Task.isCancelled { fire() }
    }
}
