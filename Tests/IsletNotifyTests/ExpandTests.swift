import DBus
import Foundation
import IsletBus
import TestSupport
import Testing

@testable import IsletNotify

/// `islet expand` (FR-05, the expanded view on demand): the notification again, even after the
/// user dismissed it.
@Suite(.startsProcesses) struct ExpandTests {
    func islet(_ d: Daemon, _ arguments: String...) async throws -> CommandResult {
        try await Command.run([builtProduct("islet")] + arguments + ["--address", d.bus.address])
    }

    @Test func fr05ExpandShowsADismissedNotificationAgain() async throws {
        let d = try await Daemon()
        var r = try await islet(d, "expand")
        #expect(r.status == 1 && r.stderr.contains("no live activity"), "\(r)")
        try await d.timers.call("Start", [.string("kitchen"), .string("Tea"), .uint64(600)])
        r = try await islet(d, "expand")
        #expect(r.status == 69 && r.stderr.contains("islet-notify is not running"), "\(r)")

        let server = try await FakeNotificationServer(address: d.bus.address)
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address])
        #expect(await eventually { server.posted.contains { $0.summary == "Tea" } })
        #expect(await eventually { notify.stderr.contains("Notify answered: id 1") })
        try server.dismiss(id: 1)
        #expect(await eventually { notify.stderr.contains("NotificationClosed 1") })
        try await Task.sleep(for: .milliseconds(1500))
        let afterDismissal = server.posted.count
        try await Task.sleep(for: .milliseconds(1200))
        #expect(server.posted.count == afterDismissal, "a dismissed notification stays dismissed")

        r = try await islet(d, "expand")
        #expect(r.status == 0, "\(r)")
        #expect(await eventually { server.posted.count > afterDismissal })
        // The first post after the request: the countdown's next second may follow at once.
        let again = server.posted[afterDismissal]
        #expect(again.summary == "Tea" && again.replacesID == 0, "posted afresh, so that it pops up: \(again.replacesID)")
        #expect(again.hints["urgency"] == .byte(1))
    }
}

@Suite(.startsProcesses) struct NotifyInterfaceFile {
    @Test func theCommittedXMLIsTheServedInterface() throws {
        let root = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let file = try String(contentsOfFile: root + "/dbus/org.islet.Notify1.xml", encoding: .utf8)
        #expect(file == NotifyBus.documentedXML(), "dbus/org.islet.Notify1.xml is stale; it should read:\n\(NotifyBus.documentedXML())")
    }
}
