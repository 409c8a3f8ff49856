import DBus
import Foundation
import TestSupport
import Testing

/// How often the bridge talks to the server: when the text changes, and only then. Each test
/// runs minutes of real time (in parallel with the others, on a machine they load), counted at
/// the server; what they count is what the bridge promises per turn of its own clock.
@Suite(.inRealMinutes) struct NotifyCounts {
    @Test func inRealMinutes_aFastShowingMinutesSendsAboutOneAMinute() async throws {
        let rig = try await Rig(.fake(.normal, capabilities: ["body", "actions"]))
        let fake = try #require(rig.fake)
        try await rig.daemon.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        try await rig.daemon.fasting.call("StartFast")
        #expect(await eventually { fake.posted.count == 1 })
        // The first post, then one per minute turned: the third turn falls at the very end of
        // three minutes, so it is waited for (a fixed 180 s missed it by a moment, once, in a
        // fresh clone's make test), and no more came with it.
        #expect(
            await eventually(within: .seconds(180) + Patience.deadline) { fake.posted.count - 1 >= 3 },
            "\(fake.posted.count) Notify calls in 3 minutes")
        #expect((3...4).contains(fake.posted.count - 1), "\(fake.posted.count) Notify calls in 3 minutes")
        let gaps = zip(fake.posted.dropFirst(), fake.posted.dropFirst(2)).map { $1.at - $0.at }
        #expect(gaps.allSatisfy { $0 > .seconds(59) && $0 < .seconds(61) }, "\(gaps)")
    }

    @Test("Timer Progress Update") func inRealMinutes_aTwoMinuteTimerSendsAboutOneASecond() async throws {
        let rig = try await Rig(.fake(.normal, capabilities: ["body", "actions"]))
        let fake = try #require(rig.fake)
        try await rig.daemon.live.set("LingerSeconds", .uint32(0))
        try await rig.daemon.timers.call("Start", [.string("eggs"), .string("Eggs"), .uint64(120)])
        // The live one closed and the completion announced (either may reach the server first).
        #expect(
            await eventually(within: .seconds(120) + Patience.deadline) {
                fake.closed.count == 1 && fake.posted.contains { $0.body == "00:00 · Done · 2 minutes" }
            })
        let bodies = fake.posted.map(\.body)
        // 02:00, 01:59 ... 00:01, then the completion announced on its own: 121 different
        // texts, each sent once.
        #expect((119...122).contains(fake.posted.count), "\(fake.posted.count) Notify calls")
        #expect(Set(bodies).count == bodies.count, "no text sent twice")
        #expect(bodies.first?.hasPrefix("02:00") == true, "\(bodies.first ?? "")")
        #expect(bodies.last == "00:00 · Done · 2 minutes", "Timer Format: 00:00 at completion")
    }

    @Test func inRealMinutes_aPausedTimerSendsNothing() async throws {
        let rig = try await Rig(.fake(.normal, capabilities: ["body", "actions"]))
        let fake = try #require(rig.fake)
        try await rig.daemon.timers.call("Start", [.string("tea"), .string("Tea"), .uint64(600)])
        try await rig.daemon.timers.call("Pause", [.string("tea")])
        #expect(await eventually { fake.posted.last?.body.hasPrefix("❚❚") == true })
        let count = fake.posted.count
        let bridge = try #require(rig.bridge)
        // The countdown's last tick before the pause was already scheduled (a sleep of up to a
        // second that the pause cancels; its timer still fires once): start counting after it,
        // once both have gone to sleep.
        #expect(await settled([bridge.pid, rig.daemon.pid], quiet: .milliseconds(1500)))
        let bridgeBefore = try #require(voluntaryContextSwitches(pid: bridge.pid))
        let daemonBefore = try #require(voluntaryContextSwitches(pid: rig.daemon.pid))
        try await Task.sleep(for: .seconds(60))
        #expect(fake.posted.count == count, "\(fake.posted.count - count) Notify calls while paused")
        // Nothing ticks while paused: neither process is woken in the whole minute.
        let bridgeWakes = try #require(voluntaryContextSwitches(pid: bridge.pid)) - bridgeBefore
        let daemonWakes = try #require(voluntaryContextSwitches(pid: rig.daemon.pid)) - daemonBefore
        #expect(bridgeWakes == 0, "islet-notify woke \(bridgeWakes) times")
        #expect(daemonWakes == 0, "isletd woke \(daemonWakes) times")
    }
}
