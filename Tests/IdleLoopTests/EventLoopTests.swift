import Foundation
import Synchronization
import Testing

@testable import IdleLoop

/// Values gathered on a loop's thread and read by the test.
final class Recorder<T: Sendable>: Sendable {
    private let values = Mutex<[T]>([])
    func add(_ value: T) { values.withLock { $0.append(value) } }
    var all: [T] { values.withLock { $0 } }
}

/// Waits (politely, on the test's thread) until `condition` holds, or 90 seconds pass: a safety
/// net for a condition that never comes, not a measure of speed.
func waitFor(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(90)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// The voluntary context switches of one thread of this process.
func voluntarySwitches(thread: Int32) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/task/\(thread)/status", encoding: .utf8) else { return nil }
    let line = text.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
    return line.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
}

struct EventLoopTests {
    @Test func postedWorkRunsInOrderOnTheLoopThread() async throws {
        let loop = try EventLoop.startThread(name: "test-order")
        defer { loop.stop() }
        let seen = Recorder<Int>()
        let onLoop = Recorder<Bool>()
        for number in 0..<1000 {
            loop.execute {
                seen.add(number)
                onLoop.add(loop.inLoop && EventLoop.current === loop)
            }
        }
        #expect(await waitFor { seen.all.count == 1000 })
        #expect(seen.all == Array(0..<1000))
        #expect(onLoop.all.allSatisfy { $0 })
        #expect(!loop.inLoop)
        #expect(EventLoop.current == nil)
    }

    /// The loop's own sleep (what islet's programs use instead of `Task.sleep`, which is
    /// libdispatch's): it ends by the loop's timer, not before, and at once when cancelled,
    /// whether the task was cancelled before it began or while it slept.
    @Test func aSleepEndsByTheLoopsTimerOrAtOnceWhenCancelled() async throws {
        let loop = try EventLoop.startThread(name: "test-sleep")
        defer { loop.stop() }
        let started = EventLoop.now()
        try await loop.sleep(for: .milliseconds(200))
        #expect(EventLoop.now() - started >= 200_000_000)

        // Cancelled, the hour's sleep ends with its timer taken off the loop: it ended by the
        // cancellation, not by the timer (which would still be pending), however slow the
        // machine is to run the task.
        let sleeping = Task { try await loop.sleep(for: .seconds(3600)) }
        #expect(await waitFor { loop.pendingTimers == 1 }, "the sleep is on the loop's timer")
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }
        #expect(loop.pendingTimers == 0, "a cancelled sleep leaves no timer for the hour behind")

        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await loop.sleep(for: .seconds(3600))
        }
        await #expect(throws: CancellationError.self) { try await early.value }
    }

    @Test func syncReturnsThrowsAndNestsWithoutDeadlock() throws {
        let loop = try EventLoop.startThread(name: "test-sync")
        defer { loop.stop() }
        struct Refused: Error, Equatable {}
        let value = loop.sync { loop.sync { 6 * 7 } }
        #expect(value == 42)
        #expect(throws: Refused.self) { try loop.sync { () throws(Refused) -> Int in throw Refused() } }
        // Many threads at once.
        let total = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let got = loop.sync { index }
            total.withLock { $0 += got }
        }
        #expect(total.withLock { $0 } == (0..<200).reduce(0, +))
    }

    @Test func timersFireInDeadlineOrderAndCancelledOnesNever() async throws {
        let loop = try EventLoop.startThread(name: "test-timers")
        defer { loop.stop() }
        let fired = Recorder<String>()
        let start = EventLoop.now()
        let late = Recorder<UInt64>()
        loop.schedule(after: .milliseconds(60)) {
            fired.add("c")
            late.add(EventLoop.now() - start)
        }
        loop.schedule(after: .milliseconds(20)) { fired.add("a") }
        let cancelled = loop.schedule(after: .milliseconds(40)) { fired.add("never") }
        loop.schedule(after: .milliseconds(40)) { fired.add("b") }
        cancelled.cancel()
        #expect(await waitFor { fired.all.count == 3 })
        try await Task.sleep(for: .milliseconds(100))
        #expect(fired.all == ["a", "b", "c"])
        // Never early.
        #expect(try #require(late.all.first) >= 60_000_000)
    }

    @Test func watchesReportReadinessOnlyWhileEnabled() async throws {
        let loop = try EventLoop.startThread(name: "test-watch")
        defer { loop.stop() }
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let reads = Recorder<UInt8>()
        let reader = fds[0]
        let watch = loop.watch(fd: reader, events: Int16(POLLIN), enabled: false) { revents in
            guard revents & Int16(POLLIN) != 0 else { return }
            var byte: UInt8 = 0
            if read(reader, &byte, 1) == 1 { reads.add(byte) }
        }
        var byte: UInt8 = 7
        #expect(write(fds[1], &byte, 1) == 1)
        try await Task.sleep(for: .milliseconds(100))
        #expect(reads.all.isEmpty)
        watch.setEnabled(true)
        #expect(await waitFor { reads.all == [7] })
        watch.cancel()
        byte = 8
        #expect(write(fds[1], &byte, 1) == 1)
        try await Task.sleep(for: .milliseconds(100))
        #expect(reads.all == [7])
    }

    @Test func wallTimerFiresAtItsTimeOfDay() async throws {
        let loop = try EventLoop.startThread(name: "test-wall")
        defer { loop.stop() }
        let fired = Recorder<UInt64>()
        @Sendable func microsecondsNow() -> UInt64 {
            var spec = timespec()
            clock_gettime(CLOCK_REALTIME, &spec)
            return UInt64(spec.tv_sec) * 1_000_000 + UInt64(spec.tv_nsec) / 1000
        }
        let timer = try WallTimer(loop: loop) { fired.add(microsecondsNow()) }
        let due = microsecondsNow() + 50_000
        timer.arm(atMicroseconds: due)
        #expect(await waitFor { fired.all.count == 1 })
        #expect(try #require(fired.all.first) >= due)
        // Disarmed: nothing more.
        timer.arm(atMicroseconds: microsecondsNow() + 50_000)
        timer.disarm()
        try await Task.sleep(for: .milliseconds(150))
        #expect(fired.all.count == 1)
        _ = timer
    }

    /// A loop's thread takes no process signals (a SIGCHLD it took would be lost to whoever
    /// waits for it, as Foundation's Process does through libdispatch).
    @Test func aLoopThreadBlocksEverySignal() throws {
        // Started from a thread that blocks nothing (the worst case of the creator's mask).
        var none = sigset_t()
        var previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        let started = Result { try EventLoop.startThread(name: "test-signals") }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        let loop = try started.get()
        defer { loop.stop() }
        let status = loop.sync { try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8) }
        let line = try #require(status?.split(separator: "\n").first { $0.hasPrefix("SigBlk:") })
        let mask = try #require(UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16))
        for signal in [SIGCHLD, SIGTERM, SIGINT, SIGHUP, SIGUSR1] {
            #expect(mask & (1 << UInt64(signal - 1)) != 0, "signal \(signal) is not blocked: \(line)")
        }
    }

    /// The point of the loop: parked with a watch and no timer, its thread is never scheduled.
    @Test func anIdleLoopWakesForNothing() async throws {
        let loop = try EventLoop.startThread(name: "test-idle")
        defer { loop.stop() }
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let watch = loop.watch(fd: fds[0], events: Int16(POLLIN)) { _ in }
        // A timer that ran and one that was cancelled leave nothing armed.
        let ran = Recorder<Bool>()
        loop.schedule(after: .milliseconds(1)) { ran.add(true) }
        loop.schedule(after: .seconds(1)).cancel()
        let link = loop.sync { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self") }
        let thread = try #require(link.flatMap { $0.split(separator: "/").last }.flatMap { Int32($0) })
        #expect(await waitFor { !ran.all.isEmpty })
        // Counted from the moment the thread has gone back to sleep after that work (it stayed
        // asleep for 300 ms; at most 90 s of tries), not from a fixed time after it.
        var quiet = false
        for _ in 0..<300 where !quiet {
            let now = voluntarySwitches(thread: thread)
            try await Task.sleep(for: .milliseconds(300))
            quiet = now != nil && voluntarySwitches(thread: thread) == now
        }
        #expect(quiet, "the loop's thread did not go to sleep")
        let before = try #require(voluntarySwitches(thread: thread))
        try await Task.sleep(for: .seconds(3))
        let after = try #require(voluntarySwitches(thread: thread))
        #expect(after - before == 0)
        _ = watch
    }
}

extension EventLoop {
    /// A timer with nothing to do, for the idle test.
    fileprivate func schedule(after delay: Duration) -> LoopTimer {
        schedule(after: delay) {}
    }
}
