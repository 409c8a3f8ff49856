import DBus
import IsletClient
import IsletCore
import Platform
import Translation

/// The live activity on GNOME Shell's lock screen. GNOME shows there only notifications not
/// seen yet, with their text only when they say `x-gnome-privacy-scope: system`, and redraws
/// that list only when the number of unseen notifications changes, so an update in place is
/// not shown there (43 leaves a seen one off; 46 and later bring it back on its next update,
/// then keep that text: seen on 48.7). So while the session is locked, this
/// posts the activity afresh whenever its text changes (at a lock screen's pace, once a minute;
/// the minimal style, the time alone) and closes it when the session is unlocked. GNOME 49 and
/// later show the MPRIS player there (``MediaPlayer``), each second: there the player alone is
/// the activity on the lock screen, and no notice is posted (unless the player is turned off);
/// the live notification is withdrawn all the same while locked, since GNOME lists it under the
/// player for as long as nobody has seen it in the message list (a banner that expired is not
/// seen), and posted again on unlock. Other servers have no lock screen
/// of their own, so nothing is posted to them. While its notice is up, the bridge withdraws the
/// live notification (``Surface/otherSurface(_:showsActivity:)``): GNOME 43 would list it there as well,
/// with the text it had when the session locked (a minimal "9:59" that never moves), and
/// posts it again on unlock.
public actor LockScreenNotice: Surface {
    public nonisolated let name = "lock screen"
    static let screenSavers = ["org.gnome.ScreenSaver", "org.freedesktop.ScreenSaver"]

    public nonisolated let parts: SurfaceParts
    let server: NotificationServer
    let settings: NotifySettings
    var desk: SurfaceDesk?
    var locked = false
    /// What each source says: org.gnome.ScreenSaver's Active, logind's LockedHint (nil: no
    /// logind session to ask).
    var screenSaverActive = false
    var lockedHint: Bool?
    var activity: ActivitySnapshot?
    var shownID: UInt32 = 0
    var shownText: String?
    /// The live notification withdrawn for the lock screen's player (GNOME 49 and later).
    var withdrawnForPlayer = false
    var profile: ServerProfile?
    var tick: Task<Void, Never>?

    public init(_ parts: SurfaceParts, server: NotificationServer, settings: NotifySettings) {
        self.parts = parts
        self.server = server
        self.settings = settings
    }

    enum Input: Sendable {
        case screenSaver(Bool)
        case lockedHint(Bool)
        case feed(FeedUpdate)
        case tick
    }

    var input: AsyncStream<Input>.Continuation?

    public func run(_ updates: AsyncStream<FeedUpdate>, desk: SurfaceDesk) async throws {
        self.desk = desk
        let (inputs, input) = AsyncStream.makeStream(of: Input.self)
        self.input = input
        var tasks: [Task<Void, Never>] = []
        for name in Self.screenSavers {
            let changes = try await islet.connection.signals(matching: MatchRule(interface: name, member: "ActiveChanged"))
            tasks.append(
                Task {
                    for await message in changes {
                        if case .boolean(let active)? = message.body.first { input.yield(.screenSaver(active)) }
                    }
                })
        }
        tasks.append(
            Task {
                for await update in updates { input.yield(.feed(update)) }
                input.finish()
            })
        defer { for task in tasks { task.cancel() } }
        // Locked already when islet-notify starts (a restart while the screen is locked). Only
        // asked, never started: on a session without GNOME Shell running, the bus would
        // otherwise start GNOME's screen-saver component for the rest of the session.
        let saver = DBusProxy(
            connection: islet.connection, destination: "org.gnome.ScreenSaver", path: "/org/gnome/ScreenSaver",
            interface: "org.gnome.ScreenSaver", timeout: .seconds(2), autoStart: false)
        if case .boolean(true)? = try? await saver.call("GetActive").first { input.yield(.screenSaver(true)) }
        // logind's view of the lock, where there is a logind session (Phosh's lock is only there).
        if let hints = await SessionLock.follow() {
            tasks.append(
                Task {
                    for await hint in hints { input.yield(.lockedHint(hint)) }
                })
        }

        for await event in inputs {
            switch event {
            case .screenSaver(let active), .lockedHint(let active):
                if case .screenSaver = event { screenSaverActive = active } else { lockedHint = active }
                // The server is asked afresh at each lock (a shell may have been replaced).
                if !locked { profile = nil }
                let now = Self.isLocked(screenSaver: screenSaverActive, lockedHint: lockedHint, profile: await currentProfile())
                guard now != locked else { continue }
                locked = now
                log(now ? "the session is locked" : "the session is unlocked")
            case .feed(let update): activity = update.activity
            case .tick: break
            }
            await render()
        }
        tick?.cancel()
    }

    /// Closes its notice on the way out (SIGTERM, or the lock screen turned off).
    public func shutdown() async {
        tick?.cancel()
        await closeShown()
    }

    func render() async {
        tick?.cancel()
        tick = nil
        guard locked, let activity, let found = await currentProfile() else {
            await closeShown()
            await handBackFromPlayer()
            return
        }
        if Self.playerAlone(found, settings: settings) {
            if !withdrawnForPlayer {
                withdrawnForPlayer = true
                log("lock screen: the live notification withdrawn; the media player shows the activity there")
                await desk?.shows(name, true)
            }
            return
        }
        await handBackFromPlayer()
        guard Self.needsNotice(found, settings: settings) else {
            await closeShown()
            return
        }
        let now = clock()
        let shown = Self.text(activity, now: now, style: settings.style)
        let content = Self.content(shown, settings: settings)
        let text = content.summary + "\n" + content.body
        if text != shownText {
            // Posted afresh: the lock screen does not show an update in place. The live
            // notification stays withdrawn meanwhile.
            await closeShown(handingBack: false)
            do {
                shownID = try await server.notify(content, replacesID: 0)
                shownText = text
                log("lock screen: posted \(shownID): \"\(content.summary)\" \"\(content.body)\"")
                await desk?.shows(name, true)
            } catch {
                log("lock screen: Notify failed: \(error)")
            }
        }
        let input = self.input
        tick = wakeUp(at: shown.nextChange, now: now) { input?.yield(.tick) }
    }

    /// The notice as posted. It joins the live notification's source (the same app_name, the
    /// desktop entry only where the live one has it: not in the minimal style): GNOME 46.0 and
    /// 46.1 drew a source added while locked only after a later change of its count (fixed in
    /// 46.2), which the live notification's withdrawal makes in its own source, so a notice in
    /// a source of its own stayed hidden there (seen on Ubuntu 24.04's 46.0, minimal style).
    static func content(_ shown: (summary: String, body: String, nextChange: USec?), settings: NotifySettings) -> NotificationContent {
        let minimal = settings.style == .minimal
        var hints: [String: Hint] = [
            "x-gnome-privacy-scope": .string("system"), "urgency": .byte(Urgency.normal.rawValue), "suppress-sound": .bool(true),
        ]
        if !minimal { hints["desktop-entry"] = .string(Presenter.desktopEntry) }
        var content = NotificationContent(
            appName: Presenter.appName, icon: minimal ? "" : settings.icons.timer, summary: shown.summary, body: shown.body, actions: [],
            hints: hints)
        content.expireTimeout = -1
        return content
    }

    /// What the lock screen shows: one short line (GNOME 43 cuts it at about 30 characters),
    /// changing once a minute. "Tea" / "10 min left · 1/2"; the minimal style, the time alone.
    public static func text(
        _ activity: ActivitySnapshot, now: USec, style: NotifySettings.Style
    ) -> (summary: String, body: String, nextChange: USec?) {
        let view = ActivityView(activity, now: now, unit: .minutes)
        if style == .minimal {
            // The time alone, by the minute, with its unit: "10 min" with 9:30 left. "10:00"
            // would read as minutes and seconds, and be half a minute wrong (PRD-02 UI-01).
            // Paused or done, the time does not move: exact, as the minimal style writes it.
            let time: String =
                switch view.status {
                case .paused: Format.minimal(seconds: pausedSeconds(activity))
                case .completed: Format.minimal(seconds: 0)
                case .running, .goalReached: view.minimalText
                }
            return (view.hasTime ? time : view.title, "", view.nextChange)
        }
        var body: String
        switch (view.kind, view.status) {
        case (.fast, .goalReached): return (tr("Goal Reached!"), tr("Fasted %s", view.timeText), view.nextChange)
        case (.fast, _): return (view.title, tr("Goal in %s", view.timeText), view.nextChange)
        case (_, .paused):
            body = "❚❚ " + tr("%s left", Format.timer(seconds: pausedSeconds(activity)))
        case (_, .completed): body = tr("Done")
        case (_, _):
            // A program's time without an end counts up, by the minute: "3 min".
            let up = view.countsUp ? Format.hoursMinutes(seconds: view.elapsed * 60) : view.status.label
            body = view.remaining.map { tr("%d min left", "\($0)") } ?? up
        }
        if let mark = view.phaseMark, view.status != .completed { body += " · " + mark }
        // Contract 1.2: out-of-date content says so (one short line: no time of day).
        if view.isStale { body += " · " + tr("stale") }
        return (view.title, body, view.nextChange)
    }

    /// A paused timer's time left, exact: it does not move, so it cannot go stale.
    static func pausedSeconds(_ activity: ActivitySnapshot) -> UInt64 {
        Format.countdownSeconds(activity.state["remaining_usec"]?.uint64 ?? 0)
    }

    /// The notification server's profile, asked once per lock; nil when it does not answer.
    func currentProfile() async -> ServerProfile? {
        if let profile { return profile }
        guard let information = try? await server.information(), let name = information.first else { return nil }
        let capabilities = (try? await server.capabilities()) ?? ServerCapabilities([])
        let found = ServerProfile(name: name, version: information.count > 2 ? information[2] : "", capabilities: capabilities)
        profile = found
        if found.traits.lockScreenPlayers, settings.mediaPlayer {
            log("lock screen: \(found.label) shows islet's media player there; no notice beside it")
        }
        return found
    }

    /// The rule, pure: locked when logind says so, or when the screen saver is active where
    /// that means locked (GNOME); where it means blanked (Phosh), logind alone.
    static func isLocked(screenSaver: Bool, lockedHint: Bool?, profile: ServerProfile?) -> Bool {
        if profile?.traits.screenSaverMeansBlanked == true { return lockedHint ?? false }
        return screenSaver || (lockedHint ?? false)
    }

    /// The live notification back from the player's lock screen (unlocked, or the activity ended).
    func handBackFromPlayer() async {
        guard withdrawnForPlayer else { return }
        withdrawnForPlayer = false
        await desk?.shows(name, false)
    }

    /// The rule, pure: GNOME's lock screen shows islet's media player (49 and later, the player
    /// on), which is then the only entry for the activity there.
    static func playerAlone(_ profile: ServerProfile, settings: NotifySettings) -> Bool {
        profile.traits.lockScreenNotice && profile.traits.lockScreenPlayers && settings.mediaPlayer
    }

    /// The rule, pure: GNOME 43 to 48 need the notice; 49 and later only when the media player
    /// is off (the lock screen shows the activity once).
    static func needsNotice(_ profile: ServerProfile, settings: NotifySettings) -> Bool {
        profile.traits.lockScreenNotice && !(profile.traits.lockScreenPlayers && settings.mediaPlayer)
    }

    /// Closes the notice; `handingBack`: the live notification may show again.
    func closeShown(handingBack: Bool = true) async {
        guard shownID != 0 else { return }
        let id = shownID
        shownID = 0
        shownText = nil
        log("lock screen: CloseNotification \(id)")
        try? await server.close(id: id)
        if handingBack { await desk?.shows(name, false) }
    }
}
