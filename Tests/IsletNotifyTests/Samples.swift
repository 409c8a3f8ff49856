import IsletCore

@testable import IsletNotify

/// Activities as the service states them, built with the core itself.
enum Sample {
    static let t0: USec = 1_800_000_000_000_000
    static let second = usecPerSecond

    static func fast(goal: UInt64, elapsed: UInt64, reached: Bool = false) -> ActivitySnapshot {
        var fast = RunningFast(id: 7, startedAt: t0, goalSeconds: goal)
        if reached { fast.goalReachedAt = t0 + goal * second }
        return ActivitySnapshot(
            id: "a-fast", owner: "fasting", attributes: ["kind": .string("fast"), "title": .string("Fasting Goal")],
            state: fast.state(at: t0 + elapsed * second))
    }

    static func timer(
        _ title: String = "Tea", phases: [Phase], rounds: UInt32 = 1, elapsed: UInt64, pausedFor: UInt64? = nil,
        completed: Bool = false
    ) -> (ActivitySnapshot, CountdownTimer) {
        var timer = CountdownTimer(owner: "kitchen", title: title, phases: phases, rounds: rounds, startedAt: t0, sequence: 1)
        var now = t0 + elapsed * second
        if let pausedFor {
            timer.pausedAt = now
            now += pausedFor * second
        }
        let snapshot = ActivitySnapshot(
            id: "a-timer", owner: "kitchen",
            attributes: [
                "kind": .string("timer"), "title": .string(title), "phase_count": .uint32(UInt32(phases.count)),
                "rounds": .uint32(rounds),
            ],
            state: timer.state(at: now, completed: completed))
        return (snapshot, timer)
    }
}

extension ServerProfile {
    /// A server islet knows, by the name it gives, with these capabilities.
    static func named(_ name: String, _ capabilities: ServerCapabilities) -> ServerProfile {
        ServerProfile(name: name, version: "", capabilities: capabilities)
    }
}
