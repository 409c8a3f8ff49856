import DBus
import Foundation
import IsletCore
import TestSupport
import Testing

@testable import IsletSources

/// Issue 71's apps' progress: `com.canonical.Unity.LauncherEntry.Update` sent exactly as
/// Electron's setProgressBar sends it (a connection of the app's own that stays while the app
/// runs), islet-notify's `apps` source, isletd, and the island as gdbus reads it.
@Suite(.serialized, .startsProcesses) struct LauncherSourceTests {
    /// An app on the bus, as Electron is: its Update signals, broadcast, from its own connection.
    struct App {
        let connection: DBusConnection
        init(_ d: Daemon) throws { connection = try DBusConnection(bus: .address(d.bus.address), label: "electron") }

        func update(_ id: String, _ properties: [String: DBusValue]) throws {
            let entries = properties.map { DBusValue.DictEntry(.string($0.key), .variant($0.value)) }
            try connection.send(
                .signal(
                    path: "/com/canonical/unity/launcherentry/2105139742", interface: "com.canonical.Unity.LauncherEntry", member: "Update",
                    body: [.string("application://\(id).desktop"), .dictionary(key: .string, value: .variant, entries)]))
        }
    }

    @Test func theEntryIsTheAppsProgressHeldToZeroToOne() {
        var entry = LauncherEntry(appURI: "application://org.gnome.Nautilus.desktop")
        #expect(entry?.appID == "org.gnome.Nautilus")
        #expect(LauncherEntry(appURI: "file:///etc/passwd") == nil)
        #expect(LauncherEntry(appURI: "application://../x.desktop") == nil)
        entry?.apply(progress: 0.25, visible: true)
        #expect(entry?.state(at: 1)?["progress"] == .double(0.25))
        entry?.apply(progress: 7.3, visible: nil)
        #expect(entry?.state(at: 1)?["progress"] == .double(1))
        entry?.apply(progress: .nan, visible: nil)
        #expect(entry?.state(at: 1) == nil)
        entry?.apply(progress: -2, visible: nil)
        #expect(entry?.state(at: 1)?["progress"] == .double(0))
        entry?.apply(progress: 0.5, visible: false)
        #expect(entry?.state(at: 1) == nil)
        #expect(entry?.attributes(name: "Files")["title"] == .string("Files"))
        #expect(entry?.attributes(name: "Files")["source"] == .bool(true))
    }

    @Test func aDesktopEntrysName() {
        #expect(LauncherEntry.name(inDesktopEntry: "[Desktop Entry]\nType=Application\nName[de]=Dateien\nName=Files\n") == "Files")
        #expect(LauncherEntry.name(inDesktopEntry: "[Desktop Action new]\nName=New Window\n") == nil)
        #expect(LauncherEntry.name(inDesktopEntry: "[Desktop Entry]\nName=\u{1B}[31mEvil\n") == "[31mEvil")
    }

    @Test func anAppsProgressShowsAsThatAppsAndEndsWhenHiddenOrGone() async throws {
        let d = try await Daemon()
        let (notify, _) = try await SourceFixtures.notify(d)
        defer { notify.kill() }
        #expect(await eventually { notify.stderr.contains("apps: followed") })
        let monitor = try await BusMonitor(address: d.bus.address, rules: ["type='method_call',interface='org.islet.Islet1.LiveActivity'"])
        var app: App? = try App(d)
        // A download at 25 %: the app's activity, a source's, with its progress.
        try app?.update("org.gnome.Nautilus", ["progress": .double(0.25), "progress-visible": .boolean(true)])
        #expect(
            await eventually {
                let island = await SourceFixtures.island(d)
                return island.contains("'app_id': <'org.gnome.Nautilus'>") && island.contains("'progress': <0.25>")
            }, "\(notify.stderr.suffix(600))")
        // A badge count is not a live activity; a progress of 7.3 is the whole bar; NaN says nothing.
        try app?.update("org.example.Chat", ["count": .int64(3), "count-visible": .boolean(true)])
        try app?.update("org.gnome.Nautilus", ["progress": .double(7.3)])
        #expect(await eventually { await SourceFixtures.island(d).contains("'progress': <1.0>") })
        try app?.update("org.gnome.Nautilus", ["progress": .double(.nan)])
        #expect(await eventually { monitor.calls("End").count == 1 })
        #expect(monitor.calls("Start").count == 1 && !(monitor.messages.description.contains("org.example.Chat")))
        // Back, then a flood: a thousand Updates in a burst reach isletd as a handful of calls.
        try app?.update("org.gnome.Nautilus", ["progress": .double(0.1), "progress-visible": .boolean(true)])
        #expect(await eventually { monitor.calls("Start").count == 2 })
        for i in 0..<1000 { try app?.update("org.gnome.Nautilus", ["progress": .double(Double(i) / 1000)]) }
        #expect(await eventually { await SourceFixtures.island(d).contains("'progress': <0.9") })
        let calls = monitor.calls("Update").count
        #expect(calls <= 12, "\(calls) Updates for 1000")
        // progress-visible false: it ends.
        try app?.update("org.gnome.Nautilus", ["progress-visible": .boolean(false)])
        #expect(await eventually { monitor.calls("End").count == 2 })
        // Shown again, then the app quits: its activity goes with it.
        try app?.update("org.gnome.Nautilus", ["progress": .double(0.5), "progress-visible": .boolean(true)])
        #expect(await eventually { monitor.calls("Start").count == 3 })
        app?.connection.close()
        app = nil
        #expect(await eventually { monitor.calls("End").count == 3 }, "\(notify.stderr.suffix(600))")
        #expect(await eventually { !(await SourceFixtures.island(d)).contains("org.gnome.Nautilus") })
    }
}
