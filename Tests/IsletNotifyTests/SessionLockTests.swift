import DBus
import Foundation
import TestSupport
import Testing

@testable import IsletNotify

/// logind's LockedHint as the lock where the screen saver means "blanked" (Phosh). logind
/// cannot run in a test, so a stand-in serves its three objects on a private system bus; the
/// real Phosh is `make desktops DEBIAN=13 SERVERS=phosh`.
final class FakeLogind: @unchecked Sendable {
    let bus: PrivateBus
    let connection: DBusConnection
    private let lock = NSLock()
    private var locked = false
    static let session: ObjectPath = "/org/freedesktop/login1/session/c7"
    static let user: ObjectPath = "/org/freedesktop/login1/user/_1000"

    init() async throws {
        bus = try PrivateBus()
        connection = try DBusConnection(bus: .address(bus.address), label: "fake-logind")
        let manager = DBusInterface(
            "org.freedesktop.login1.Manager",
            methods: [
                DBusMethod("GetSession", in: [DBusArgument("session_id", .string)], out: [DBusArgument("object_path", .objectPath)]) { call in
                    let id: String = try call.argument(0)
                    guard id == "c7" else { throw DBusError("org.freedesktop.login1.NoSuchSession", "No session '\(id)' known") }
                    return [.objectPath(Self.session)]
                },
                DBusMethod("GetUser", in: [DBusArgument("uid", .uint32)], out: [DBusArgument("object_path", .objectPath)]) { _ in
                    [.objectPath(Self.user)]
                },
            ])
        let user = DBusInterface(
            "org.freedesktop.login1.User",
            properties: [
                DBusProperty("Display", type: .structure([.string, .objectPath])) { .structure([.string("c7"), .objectPath(Self.session)]) }
            ])
        let session = DBusInterface(
            "org.freedesktop.login1.Session",
            properties: [.typed("LockedHint", Bool.self) { [weak self] in self?.isLocked ?? false }])
        try connection.export("/org/freedesktop/login1", interfaces: [manager])
        try connection.export(Self.user, interfaces: [user])
        try connection.export(Self.session, interfaces: [session])
        guard try await connection.requestName("org.freedesktop.login1") == .primaryOwner else { throw TestFailure("login1 taken") }
    }

    var isLocked: Bool { lock.withLock { locked } }

    /// What a shell does when it locks or unlocks: LockedHint set, PropertiesChanged sent.
    func setLocked(_ value: Bool) {
        lock.withLock { locked = value }
        connection.propertiesChanged(path: Self.session, interface: "org.freedesktop.login1.Session", ["LockedHint"])
    }
}

@Suite(.startsProcesses) struct SessionLockTests {
    func blank(_ connection: DBusConnection, _ active: Bool) throws {
        try connection.send(
            .signal(path: "/org/gnome/ScreenSaver", interface: "org.gnome.ScreenSaver", member: "ActiveChanged", body: [.boolean(active)]))
    }

    /// Phosh: the screen blanked is not the session locked; logind's LockedHint is, found by
    /// XDG_SESSION_ID or, for a bridge outside any session (a systemd user service), by the
    /// user's Display session.
    @Test(arguments: [true, false]) func onPhoshTheLockIsLogindsNotTheScreenSavers(sessionID: Bool) async throws {
        let d = try await Daemon()
        let logind = try await FakeLogind()
        let phosh = try await FakeNotificationServer(
            address: d.bus.address, capabilities: ["actions", "body", "body-markup", "icon-static", "sound"], name: "Phosh Notify Daemon")
        var env = d.bus.environment
        env["DBUS_SYSTEM_BUS_ADDRESS"] = logind.bus.address
        env["XDG_SESSION_ID"] = sessionID ? "c7" : nil
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address], environment: env)
        #expect(await eventually { notify.stderr.contains("in step with isletd") })
        try await d.timers.call("Start", [.string("kitchen"), .string("Tea"), .uint64(600)])
        #expect(await eventually { phosh.posted.contains { $0.summary == "Tea" } })

        // The screen blanks: nothing about a lock.
        try blank(phosh.connection, true)
        try await Task.sleep(for: .milliseconds(600))
        #expect(!notify.stderr.contains("the session is locked"), "\(notify.stderr)")
        // The shell locks: logind says so.
        logind.setLocked(true)
        #expect(await eventually { notify.stderr.contains("the session is locked") }, "\(notify.stderr)")
        // No notice of islet's own on Phosh's lock screen (it shows the live notification).
        try await Task.sleep(for: .milliseconds(300))
        #expect(!notify.stderr.contains("lock screen: posted"))
        // The screen lights up while still locked: still locked.
        try blank(phosh.connection, false)
        try await Task.sleep(for: .milliseconds(400))
        #expect(!notify.stderr.contains("the session is unlocked"))
        logind.setLocked(false)
        #expect(await eventually { notify.stderr.contains("the session is unlocked") }, "\(notify.stderr)")
        #expect(notify.isRunning)
    }

    /// GNOME: the screen saver's Active is the lock, as before; logind agreeing changes nothing.
    @Test func onGnomeTheScreenSaverIsTheLock() async throws {
        let d = try await Daemon()
        let logind = try await FakeLogind()
        let shell = try await FakeNotificationServer(
            address: d.bus.address, capabilities: ["body", "actions", "persistence", "sound"], name: "gnome-shell")
        var env = d.bus.environment
        env["DBUS_SYSTEM_BUS_ADDRESS"] = logind.bus.address
        env["XDG_SESSION_ID"] = "c7"
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address], environment: env)
        #expect(await eventually { notify.stderr.contains("in step with isletd") })
        try await d.timers.call("Start", [.string("kitchen"), .string("Tea"), .uint64(600)])
        #expect(await eventually { shell.posted.contains { $0.summary == "Tea" } })
        try blank(shell.connection, true)
        #expect(await eventually { notify.stderr.contains("the session is locked") && notify.stderr.contains("lock screen: posted") })
        try blank(shell.connection, false)
        #expect(await eventually { notify.stderr.contains("the session is unlocked") })
    }

    @Test func theRule() {
        let phosh = ServerProfile(name: "Phosh Notify Daemon", version: "0.46.0", capabilities: ServerCapabilities([]))
        let gnome = ServerProfile(name: "gnome-shell", version: "48.7", capabilities: ServerCapabilities([]))
        #expect(!LockScreenNotice.isLocked(screenSaver: true, lockedHint: nil, profile: phosh), "blanked is not locked")
        #expect(!LockScreenNotice.isLocked(screenSaver: true, lockedHint: false, profile: phosh))
        #expect(LockScreenNotice.isLocked(screenSaver: false, lockedHint: true, profile: phosh))
        #expect(LockScreenNotice.isLocked(screenSaver: true, lockedHint: nil, profile: gnome))
        #expect(LockScreenNotice.isLocked(screenSaver: false, lockedHint: true, profile: gnome))
        #expect(!LockScreenNotice.isLocked(screenSaver: false, lockedHint: nil, profile: nil))
    }

    @Test func logindsValuesReadAndNonsenseIgnored() {
        let changed: [DBusValue] = [
            .string("org.freedesktop.login1.Session"),
            .dictionary(
                key: .string, value: .variant,
                [.init(.string("IdleHint"), .variant(.boolean(false))), .init(.string("LockedHint"), .variant(.boolean(true)))]),
            .array(.string, []),
        ]
        #expect(SessionLock.lockedHint(fromChange: changed) == true)
        #expect(SessionLock.lockedHint(fromChange: [.string("org.freedesktop.login1.User")] + changed.dropFirst()) == nil)
        #expect(SessionLock.lockedHint(fromChange: [.string("org.freedesktop.login1.Session")]) == nil)
        #expect(SessionLock.lockedHint(fromGet: .variant(.boolean(false))) == false)
        #expect(SessionLock.lockedHint(fromGet: .variant(.string("yes"))) == nil)
        #expect(SessionLock.displayPath(.variant(.structure([.string("c7"), .objectPath(FakeLogind.session)]))) == FakeLogind.session)
        #expect(SessionLock.displayPath(.variant(.structure([.string(""), .objectPath("/")]))) == nil, "no graphical session")
        #expect(SessionLock.displayPath(.variant(.string("c7"))) == nil)
    }
}
