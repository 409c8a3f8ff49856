import DBus
import Foundation
import TestSupport
import Testing

/// islet-notify under LANG=de_DE.UTF-8: what a German desktop's notification server receives.
@Suite(.startsProcesses) struct NotificationsInTheUsersLanguage {
    @Test func germanSummariesBodiesAndButtons() async throws {
        try #require(await Translations.hasLocale("de_DE.UTF-8"), "de_DE.UTF-8 is missing: packaging/install-deps --with-desktop makes it")
        let environment = Translations.environment("de_DE.UTF-8", catalogs: try await Translations.catalogs())
        let d = try await Daemon(environment: environment)
        let server = try await FakeNotificationServer(address: d.bus.address)
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address], environment: environment)
        _ = notify

        // A timer: its buttons in German; its title is the user's own.
        try await d.timers.call("Start", [.string("kitchen"), .string("Tee"), .uint64(600)])
        #expect(await eventually { server.posted.contains { $0.summary == "Tee" } })
        let timer = try #require(server.posted.last { $0.summary == "Tee" })
        #expect(timer.actions == ["pause", "Pausieren", "extend", "+1 Min.", "stop", "Stoppen"], "\(timer.actions)")
        try await d.timers.call("Pause", [.string("kitchen")])
        #expect(await eventually { server.posted.contains { $0.body.contains("❚❚ Pausiert · noch 10:00") } }, "\(server.posted.map(\.body))")
        let paused = try #require(server.posted.last)
        #expect(paused.actions == ["resume", "Fortsetzen", "extend", "+1 Min.", "stop", "Stoppen"], "\(paused.actions)")
        try await d.timers.call("Stop", [.string("kitchen")])

        // A fast with a goal (DI-003): the summary, the lines and the button in German.
        try await d.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        try await d.fasting.call("StartFast")
        #expect(await eventually { server.posted.contains { $0.summary == "Fastenziel" } }, "\(server.posted.map(\.summary))")
        let fast = try #require(server.posted.last { $0.summary == "Fastenziel" })
        #expect(fast.body.contains("Ziel in 16 Std.") || fast.body.contains("Ziel in 15 Std. 59 Min."), "\(fast.body)")
        #expect(fast.body.contains("Gefastet: 0 Min.") && fast.body.contains("Ziel: 16 Stunden"), "\(fast.body)")
        #expect(fast.actions == ["stop-fast", "Fasten beenden"], "\(fast.actions)")

        // Stop Fast pressed: "Fast Stopped" with Undo, in German.
        // The fake server numbers new notifications 1, 2, ...: the fast's is the one it answered.
        var next: UInt32 = 1
        var fastID: UInt32 = 0
        for posted in server.posted {
            let id = posted.replacesID != 0 ? posted.replacesID : next
            if posted.replacesID == 0 { next += 1 }
            if posted.summary == "Fastenziel" { fastID = id }
        }
        try server.invoke(id: fastID, action: "stop-fast")
        #expect(await eventually { server.posted.contains { $0.summary == "Fasten beendet" } }, "\(server.posted.map(\.summary))")
        let stopped = try #require(server.posted.last { $0.summary == "Fasten beendet" })
        #expect(stopped.actions == ["undo", "Rückgängig"] && stopped.body.contains("Gefastet: 0 Min."), "\(stopped)")
    }
}
