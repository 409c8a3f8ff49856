import Foundation
import Testing

/// A test that starts processes (a dbus-daemon, isletd, islet-notify, a notification server,
/// Xvfb) runs in one of a few places, as many as the machine can carry; the others wait their
/// turn before they begin. Swift Testing starts every test of the suite at once, which asked 2
/// cores to run dozens of services together (issue 69): a test's waits then measured the
/// machine, not the program. Put `.startsProcesses` on every suite whose tests start one.
///
/// The places are twice the cores (the tests spend most of their time waiting on their
/// processes), or `ISLET_TEST_PROCESS_JOBS`. A test whose place is taken begins when one is free,
/// so its own waits count only its own work.
public struct StartsProcesses: SuiteTrait, TestTrait, TestScoping {
    /// False for tests that sleep through real minutes (`.inRealMinutes`).
    public var takesAPlace: Bool
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // The suite itself holds no place: its tests (each case of them) do.
        guard testCase != nil, takesAPlace else { return try await function() }
        try await ProcessSlots.shared.withPlace(function)
    }
}

extension Trait where Self == StartsProcesses {
    /// The test, or every test of the suite, starts processes: it runs in one of the places.
    public static var startsProcesses: Self { StartsProcesses(takesAPlace: true) }

    /// The test, or every test of the suite, starts processes and then counts what they do over
    /// real minutes, idle most of that time. It takes no place: it begins at once and runs while
    /// the others run, so what it counts is bounded by what the program promises (a post per
    /// minute turned, a text once), never by a quiet machine. Its name says it takes real time.
    public static var inRealMinutes: Self { StartsProcesses(takesAPlace: false) }
}

/// The places, first come first served.
public actor ProcessSlots {
    public static let shared = ProcessSlots(width: ProcessSlots.defaultWidth)

    public static var defaultWidth: Int {
        if let text = ProcessInfo.processInfo.environment["ISLET_TEST_PROCESS_JOBS"], let jobs = Int(text), jobs > 0 { return jobs }
        return max(2, 2 * ProcessInfo.processInfo.activeProcessorCount)
    }

    public nonisolated let width: Int
    private var taken = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// The most places ever taken at once (checked by the suite's own test).
    public private(set) var mostTaken = 0

    public init(width: Int) { self.width = max(1, width) }

    public func withPlace(_ body: @Sendable () async throws -> Void) async throws {
        await take()
        defer { give() }
        try await body()
    }

    private func take() async {
        if taken < width {
            taken += 1
        } else {
            // A place handed over by `give` is already counted as taken.
            await withCheckedContinuation { waiting.append($0) }
        }
        mostTaken = max(mostTaken, taken)
    }

    private func give() {
        if waiting.isEmpty {
            taken -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
