import DBus
import Foundation
import TestSupport
import Testing

/// Contract 1.4 on a real notification server: a program's own activity (not a source's, which
/// the notification leaves to the program's own card) carries the buttons it offers, and a
/// button pressed in dunst's context menu reaches the program as ActionInvoked.
@Suite(.startsProcesses) struct ProgramButtonsTests {
    @Test func aProgramsButtonsAreTheNotificationsAndAPressReachesTheProgram() async throws {
        let daemon = try await Daemon()
        let (config, pick) = try Rig.dunstWithPicker()
        let rig = try await Rig(.dunst, daemon: daemon, dunstrc: config)
        let signals = try await daemon.signals()
        func dict(_ pairs: [(String, DBusValue)]) -> DBusValue {
            .dictionary(key: .string, value: .variant, pairs.map { .init(.string($0.0), .variant($0.1)) })
        }
        // Started by this test's connection: the program that hears the presses.
        let started = try await daemon.live.call(
            "Start",
            [
                .string("build"), dict([("title", .string("Build")), ("app_id", .string("org.gnome.Terminal"))]),
                dict([("status", .string("running")), ("title", .string("Compiling")), ("actions", .string("pause stop"))]),
            ])
        let id = try #require(started.first.flatMap { if case .string(let s) = $0 { s } else { nil } })
        let shown = try await rig.waitForNotify { $0.summary == "Compiling" }
        #expect(shown.strings.contains("pause") && shown.strings.contains("Pause"), "\(shown.strings)")
        #expect(shown.strings.contains("stop") && !shown.strings.contains("extend"), "its own buttons, no timer's: \(shown.strings)")
        // Whose it is: the program's own icon (its desktop entry's id) while it runs, its name in the body.
        #expect(shown.strings.contains("org.gnome.Terminal") && shown.body.contains("Build"), "\(shown.strings) \(shown.body)")
        try "Pause".write(to: pick, atomically: true, encoding: .utf8)
        _ = try await rig.dunstctl("context")
        let heard = await collect(signals) { messages in messages.contains { $0.member == "ActionInvoked" } }
        let invoked = try #require(heard.first { $0.member == "ActionInvoked" })
        #expect(invoked.body == [.string(id), .string("build"), .string("pause")], "\(invoked.body)")
        // Paused, it offers Resume: the notification follows.
        try await daemon.live.call(
            "Update", [.string("build"), dict([("status", .string("paused")), ("title", .string("Compiling")), ("actions", .string("resume stop"))])])
        #expect(await eventually { rig.notifies.last?.strings.contains("resume") == true }, "\(rig.notifies.last?.strings ?? [])")
    }
}
