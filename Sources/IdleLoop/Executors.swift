@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

#if canImport(Glibc)
    import Glibc
#endif

/// Swift concurrency's global executor, as an ``EventLoop``: tasks, child tasks and
/// `Task.sleep` run on the loop's thread instead of libdispatch's worker pool.
final class LoopTaskExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    let loop: EventLoop

    init(loop: EventLoop) { self.loop = loop }

    public func enqueue(_ job: consuming ExecutorJob) {
        loop.post(.job(UnownedJob(job), asUnownedTaskExecutor()))
    }

    public func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        let job = UnownedJob(job)
        // The standard clocks measure in Duration; another clock's delay is asked of the clock.
        let nanoseconds: UInt64
        if let delay = delay as? Duration {
            nanoseconds = EventLoop.nanoseconds(delay)
        } else {
            nanoseconds = EventLoop.nanoseconds(clock.now.duration(to: clock.now.advanced(by: delay)) as? Duration ?? .zero)
        }
        _ = loop.schedule(at: EventLoop.deadline(after: nanoseconds), .job(job, asUnownedTaskExecutor()))
    }
}

/// The main actor's executor, as the same ``EventLoop``.
final class LoopMainExecutor: MainExecutor, @unchecked Sendable {
    let loop: EventLoop

    init(loop: EventLoop) { self.loop = loop }

    public func enqueue(_ job: consuming ExecutorJob) {
        loop.post(.serialJob(UnownedJob(job), asUnownedSerialExecutor()))
    }

    public func run() throws { loop.run() }

    public func stop() { loop.stop() }

    public func checkIsolated() {
        precondition(loop.inLoop, "not on the main event loop's thread")
    }
}

/// The main actor's executor where another loop owns the main thread: each job is handed to
/// that loop (``EventLoop/installExecutors(tasksOn:runOnMain:)``).
final class PostingMainExecutor: MainExecutor, @unchecked Sendable {
    let post: @Sendable (@escaping @Sendable () -> Void) -> Void

    init(post: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) { self.post = post }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        post { job.runSynchronously(on: executor) }
    }

    /// The other loop runs; nothing to run here.
    public func run() throws {}

    public func stop() {}
}

/// Hands Swift concurrency the process's main loop.
enum LoopExecutorFactory: ExecutorFactory {
    static var mainExecutor: any MainExecutor { EventLoop.processExecutors.main }
    static var defaultExecutor: any TaskExecutor { EventLoop.processExecutors.global }
}

extension EventLoop {
    struct ProcessExecutors: Sendable {
        let loop: EventLoop
        let main: any MainExecutor
        let global: LoopTaskExecutor
    }

    nonisolated(unsafe) static var installed: ProcessExecutors?

    static var processExecutors: ProcessExecutors {
        if let installed { return installed }
        // Only reached if Swift concurrency asks before runMain installed the loop.
        preconditionFailure("EventLoop.runMain has not installed the process's executors")
    }

    /// The loop that runs the whole process, once ``runMain(_:)`` has started it.
    public static var main: EventLoop? { installed?.loop }

    /// Makes the calling (main) thread an ``EventLoop`` that is Swift concurrency's main and
    /// global executor, runs `body` as the first task, and exits with status 0 when it returns.
    ///
    /// Call it first thing in a synchronous `static func main()`, before any task exists.
    /// Everything (actors, tasks, `Task.sleep`, connections made on this loop) then shares one
    /// thread that sleeps in `poll` while nothing is due.
    /// For a program whose main thread runs another loop (GTK's): Swift concurrency's tasks
    /// and `Task.sleep` run on `loop` (a thread of its own, ``startThread(name:)``) instead of
    /// libdispatch's worker pool, whose monitor otherwise wakes once a second for as long as
    /// the process lives; the main actor's jobs are handed to `runOnMain`, which runs each on
    /// the program's main thread (GTK: an idle callback). Call it before any task exists.
    public static func installExecutors(tasksOn loop: EventLoop, runOnMain: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        installed = ProcessExecutors(loop: loop, main: PostingMainExecutor(post: runOnMain), global: LoopTaskExecutor(loop: loop))
        _createExecutors(factory: LoopExecutorFactory.self)
    }

    public static func runMain(_ body: @escaping @Sendable () async -> Void) -> Never {
        let loop: EventLoop
        do {
            loop = try EventLoop(name: "main")
        } catch {
            let text = "cannot start the event loop: \(error)\n"
            _ = text.withCString { write(2, $0, strlen($0)) }
            exit(71)
        }
        installed = ProcessExecutors(loop: loop, main: LoopMainExecutor(loop: loop), global: LoopTaskExecutor(loop: loop))
        _createExecutors(factory: LoopExecutorFactory.self)
        Task {
            await body()
            exit(0)
        }
        loop.run()
        exit(0)
    }
}
