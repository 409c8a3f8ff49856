import Synchronization
import TestSupport
import Testing

/// The suite's own bound on its load (issue 69): tests that start processes take places, and
/// no more of them run at once than there are places.
@Suite struct ProcessPlaces {
    final class Count: Sendable {
        let value = Mutex((now: 0, most: 0, done: 0))
        func withLock<T>(_ body: (inout (now: Int, most: Int, done: Int)) -> T) -> T { value.withLock { body(&$0) } }
    }

    @Test func noMoreRunAtOnceThanThePlacesAndEveryOneRuns() async throws {
        let places = ProcessSlots(width: 3)
        let running = Count()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    try await places.withPlace {
                        running.withLock {
                            $0.now += 1
                            $0.most = max($0.most, $0.now)
                        }
                        // Long enough for the others to queue behind it.
                        try await Task.sleep(for: .milliseconds(20))
                        running.withLock {
                            $0.now -= 1
                            $0.done += 1
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let seen = running.withLock { $0 }
        #expect(seen.done == 12 && seen.now == 0)
        #expect(seen.most <= 3, "\(seen.most) at once in 3 places")
        #expect(await places.mostTaken == seen.most)
    }

    @Test func thePlacesAreTwiceTheCoresUnlessTheRunSaysOtherwise() {
        #expect(ProcessSlots.shared.width == ProcessSlots.defaultWidth)
        #expect(ProcessSlots.defaultWidth >= 2)
    }
}
