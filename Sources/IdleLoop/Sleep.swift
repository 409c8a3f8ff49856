import Synchronization

extension EventLoop {
    /// Suspends the calling task for `duration` (suspended time included) on a timer of the
    /// loop that runs the process's tasks, so that a sleeping program wakes no other thread
    /// (`Task.sleep` is libdispatch's: Executors.swift). Without such a loop, `Task.sleep`.
    ///
    /// - Throws: `CancellationError`, at once, when the task is cancelled.
    public static func sleep(for duration: Duration) async throws {
        guard let loop = main else { return try await Task.sleep(for: duration) }
        try await loop.sleep(for: duration)
    }

    /// Suspends the calling task for `duration` on a timer of this loop.
    ///
    /// - Throws: `CancellationError`, at once, when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                guard sleeper.begin(continuation) else { return }
                sleeper.armed(schedule(after: duration) { sleeper.end(nil) })
            }
        } onCancel: {
            sleeper.end(CancellationError())
        }
    }
}

/// One sleep: resumed once, by its timer or by cancellation, whichever comes first.
private final class Sleeper: Sendable {
    private enum Phase {
        case before
        case cancelledBefore
        case sleeping(CheckedContinuation<Void, any Error>, LoopTimer?)
        case over
    }

    private let phase = Mutex(Phase.before)

    /// False when the task was cancelled before the continuation existed (then it is resumed
    /// throwing here).
    func begin(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
        let cancelled = phase.withLock { phase in
            if case .cancelledBefore = phase {
                phase = .over
                return true
            }
            phase = .sleeping(continuation, nil)
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    /// The timer, once armed: cancelled at once if the sleep already ended.
    func armed(_ timer: LoopTimer) {
        let over = phase.withLock { phase in
            guard case .sleeping(let continuation, nil) = phase else { return true }
            phase = .sleeping(continuation, timer)
            return false
        }
        if over { timer.cancel() }
    }

    /// Ends the sleep: woken (`error` nil) or cancelled.
    func end(_ error: (any Error)?) {
        let ended: (CheckedContinuation<Void, any Error>, LoopTimer?)? = phase.withLock { phase in
            switch phase {
            case .before:
                if error != nil { phase = .cancelledBefore }
                return nil
            case .sleeping(let continuation, let timer):
                phase = .over
                return (continuation, timer)
            case .cancelledBefore, .over:
                return nil
            }
        }
        guard let (continuation, timer) = ended else { return }
        if let error {
            timer?.cancel()
            continuation.resume(throwing: error)
        } else {
            continuation.resume()
        }
    }
}
