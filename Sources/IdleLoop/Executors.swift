import CIdleLoop

#if canImport(Glibc)
    import Glibc
#endif

// Swift concurrency's global executor, as an ``EventLoop``: tasks, child tasks and every hop
// between them run on the loop's thread instead of libdispatch's worker pool, whose monitor
// wakes once a second for as long as the process lives.
//
// The concurrency runtime hands the loop each job through its enqueue hook (CIdleLoop), which
// every Swift from 5.5 to 6.3 consults: islet builds and behaves the same with Debian's
// swiftlang (6.0, 6.2) as with Swift 6.3, whose custom-executor API is an experimental SPI that
// the older runtimes lack (docs/PACKAGING.md). Two things stay the runtime's own, so islet's
// programs use neither: `Task.sleep` (libdispatch's timer threads, from Swift 6.2 on whatever
// the hooks say; ``EventLoop/sleep(for:)`` is the loop's own) and the main actor (libdispatch's
// main queue; the programs run nothing on it, the app's widgets are reached through GTK's own
// main loop).

extension EventLoop {
    /// The loop that runs the process's tasks, once ``runMain(_:)`` or
    /// ``installExecutors(tasksOn:)`` has installed it.
    public nonisolated(unsafe) private(set) static var main: EventLoop?

    /// For a program whose main thread runs another loop (GTK's): Swift concurrency's tasks
    /// run on `loop` (a thread of its own, ``startThread(name:)``) instead of libdispatch's
    /// worker pool. Call it before any task exists.
    public static func installExecutors(tasksOn loop: EventLoop) {
        install(loop)
    }

    /// Makes the calling (main) thread an ``EventLoop`` that is Swift concurrency's global
    /// executor, runs `body` as the first task, and exits with status 0 when it returns.
    ///
    /// Call it first thing in a synchronous `static func main()`, before any task exists.
    /// Everything (actors, tasks, ``sleep(for:)``, connections made on this loop) then shares
    /// one thread that sleeps in `poll` while nothing is due.
    public static func runMain(_ body: @escaping @Sendable () async -> Void) -> Never {
        let loop: EventLoop
        do {
            loop = try EventLoop(name: "main")
        } catch {
            let text = "cannot start the event loop: \(error)\n"
            _ = text.withCString { write(2, $0, strlen($0)) }
            exit(71)
        }
        install(loop)
        Task {
            await body()
            exit(0)
        }
        loop.run()
        exit(0)
    }

    private static func install(_ loop: EventLoop) {
        main = loop
        idle_loop_install_hooks { job, delay in
            guard let loop = EventLoop.main else { return }
            if delay == 0 {
                loop.post(.globalJob(job))
            } else {
                _ = loop.schedule(at: EventLoop.deadline(after: delay), .globalJob(job))
            }
        }
    }
}
