#if canImport(Glibc)
    import Glibc
#endif

/// A thread that takes no process signals: it is born with all of them blocked (a thread
/// inherits its creator's mask), so that a signal meant for a handler, a signalfd or
/// libdispatch (which waits for SIGCHLD on behalf of Foundation's Process) is never delivered
/// to a thread that sleeps in poll, or reads a file, and drops it or dies of it.
public struct SignalFreeThread: Sendable {
    private let thread: pthread_t

    /// Starts `body` on a new thread, joinable with ``join()``.
    public init(_ body: @escaping @Sendable () -> Void) throws(EventLoop.SetupError) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard created == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw EventLoop.SetupError(call: "pthread_create", errno: created)
        }
        self.thread = thread
    }

    /// Waits for the thread to end; everything it wrote is then visible to the caller.
    public func join() { pthread_join(thread, nil) }

    /// Lets the thread end on its own, never joined.
    public func detach() { pthread_detach(thread) }
}

/// The closure, kept alive for the thread until it runs.
private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
