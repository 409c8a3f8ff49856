import DBus
import Foundation
import TestSupport
import Testing

/// `org.islet.Islet1.Live` (contract 1.3): owned by isletd exactly while an activity is live or a
/// fast runs,
/// so a client that can only watch names (Plasma 6.3's applet) knows when to read the activity.
@Suite(.startsProcesses) struct LiveName {
    static let live = "org.islet.Islet1.Live"

    func owner(_ daemon: Daemon) async throws -> String? { try await daemon.client.nameOwner(Self.live) }

    func waitForOwner(_ daemon: Daemon, present: Bool) async throws -> Bool {
        try await eventually(every: .milliseconds(10)) { (try await owner(daemon) != nil) == present }
    }

    /// Seen from outside with dbus-monitor: the name comes after ActivityStarted and goes after
    /// ActivityEnded, and busctl sees it owned by isletd's own connection.
    @Test func ownedFromActivityStartedToActivityEnded() async throws {
        let daemon = try await Daemon()
        #expect(try await owner(daemon) == nil)
        let monitor = try await BusMonitor(
            address: daemon.bus.address,
            rules: ["type='signal',interface='org.islet.Islet1.LiveActivity'", "type='signal',member='NameOwnerChanged',arg0='\(Self.live)'"])
        let started = try await daemon.dbusSend("Timers.Start", "string:tea", "string:Tea", "uint64:600")
        #expect(started.status == 0, "\(started.stderr)")
        #expect(try await waitForOwner(daemon, present: true))
        #expect(try await owner(daemon) == daemon.client.nameOwner(Daemon.name))
        let listed = try await Command.run(["busctl", "--address=\(daemon.bus.address)", "list", "--no-pager"])
        #expect(listed.stdout.contains(Self.live))
        _ = try await daemon.dbusSend("Timers.Stop", "string:tea")
        #expect(try await waitForOwner(daemon, present: false))
        #expect(await eventually({ monitor.messages.filter { $0.member == "NameOwnerChanged" }.count == 2 }))
        let order = monitor.messages.filter { $0.kind == "signal" }.map { $0.member }
        let acquired = order.firstIndex(of: "NameOwnerChanged")
        #expect(order.firstIndex(of: "ActivityStarted").map { $0 < (acquired ?? -1) } == true, "\(order)")
        #expect(order.lastIndex(of: "ActivityEnded").map { $0 < order.lastIndex(of: "NameOwnerChanged") ?? -1 } == true, "\(order)")
    }

    /// A fast with a goal is live across a restart and a crash: the new isletd owns the name
    /// again as soon as it serves; stopping the fast frees it.
    @Test func followsTheActivityAcrossRestartsAndCrashes() async throws {
        let daemon = try await Daemon()
        try await daemon.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        try await daemon.fasting.call("StartFast")
        #expect(try await waitForOwner(daemon, present: true))
        try await daemon.crash()
        #expect(try await waitForOwner(daemon, present: false))
        try await daemon.start()
        #expect(try await waitForOwner(daemon, present: true))
        // Live activities off: no activity, but the fast still runs and panels show it.
        try await daemon.live.set("Enabled", .boolean(false))
        #expect(try await daemon.live.get("ActivityId") == .string(""))
        #expect(try await owner(daemon) != nil)
        try await daemon.live.set("Enabled", .boolean(true))
        try await daemon.fasting.call("StopFast")
        #expect(try await waitForOwner(daemon, present: false))
        // A fast without a goal has no activity, but panels show it: the name is owned.
        try await daemon.fasting.call("ClearGoal")
        try await daemon.fasting.call("StartFast")
        #expect(try await waitForOwner(daemon, present: true))
        #expect(try await daemon.live.get("ActivityId") == .string(""))
        try await daemon.fasting.call("StopFast")
        #expect(try await waitForOwner(daemon, present: false))
    }
}
