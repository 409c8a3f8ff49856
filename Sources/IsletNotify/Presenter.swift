import IsletBus
import IsletClient
import IsletCore
import Platform
import Translation

/// What a notification is about, for "has anything meaningful changed?": the user's dismissal
/// holds until this changes (status, phase, round, or a new activity), never on a clock tick.
public struct Milestone: Equatable, Sendable {
    public var activityID: String
    public var status: DisplayStatus
    public var phaseIndex: UInt32
    public var round: UInt32
}

/// One rendering of the live activity.
public struct Presentation: Equatable, Sendable {
    /// The live notification, updated in place.
    public var content: NotificationContent
    public var milestone: Milestone
    /// Goal reached or completed: the one moment a sound and normal urgency are allowed.
    public var isAlert: Bool
    /// Said once, as a notification of its own: "Goal Reached!", a timer's end (standard style).
    public var announcement: Announcement?
    /// When the text next changes by itself; nil when it never does.
    public var nextChange: USec?
}

/// A moment announced as a notification of its own, left in the server's history.
public struct Announcement: Equatable, Sendable {
    /// What it announces, so that it is said once: a fast's goal (start and goal), a timer's end.
    public var key: String
    public var content: NotificationContent
    /// The start of the fast whose goal it announces (0: not a fast's): its Stop Fast stops that
    /// fast and no other, also when the announcement is pressed after a new fast began (DI-005).
    public var fastStartedAt: USec = 0
}

/// Pure: (activity, now, settings, server) -> notification.
public enum Presenter {
    public static let stackTag = "islet-activity"
    public static let desktopEntry = NotifyBus.desktopEntry
    /// The app_name islet's notifications carry (where the style names one).
    public static let appName = "islet"
    /// A timer's "+1 min" (Timers.Extend), between Pause or Resume and Stop.
    static var extendAction: (key: String, label: String) { button(.extend, tr("+1 min")) }

    /// A button that performs a command: its action key is the command's verb, read back by
    /// the live notification (``LiveNotification``) with ``IsletCommand/init(_:on:)``.
    static func button(_ verb: IsletCommand.Verb, _ label: String) -> (key: String, label: String) { (verb.rawValue, label) }

    /// A program's button's words (contract 1.4's `actions`).
    static func label(of verb: IsletCommand.Verb) -> String {
        switch verb {
        case .pause: tr("Pause")
        case .resume: tr("Resume")
        case .next: tr("Next")
        case .skip: tr("Skip")
        default: tr("Stop")
        }
    }
    static let minimalPalette: [String: Hint] = [
        "bgcolor": .string("#0a0a0a"), "fgcolor": .string("#888888"), "frcolor": .string("#444444"),
    ]

    public static func present(
        _ activity: ActivitySnapshot, now: USec, settings: NotifySettings, server: ServerProfile,
        localTime: LocalTime = .system
    ) -> Presentation {
        // Fasts last hours: minutes in a notification (a change a minute). Timers show seconds
        // where the server takes a replacement a second; elsewhere (GNOME, whose banners lose
        // their buttons when replaced) their end and the minutes left. The minimal style has no
        // buttons to lose: its "5:00" counts down each second everywhere (PRD-02).
        let byTheMinute = !server.traits.everySecond && settings.style == .standard
        let unit: DisplayUnit = activity.kind == .fast || byTheMinute ? .minutes : .seconds
        let view = ActivityView(activity, now: now, unit: unit)
        let milestone = Milestone(
            activityID: activity.id, status: view.status,
            phaseIndex: activity.state["phase_index"]?.uint32 ?? 0, round: activity.state["round"]?.uint32 ?? 0)
        let isAlert = view.status == .goalReached || view.status == .completed
        var content: NotificationContent
        var announcement: Announcement?
        if settings.style == .minimal {
            content = minimal(view, server: server)
            content.expireTimeout = expireTimeout(view, settings: settings, server: server)
        } else {
            content = standard(view, activity: activity, settings: settings, server: server, localTime: localTime, now: now)
            if isAlert, let key = announcementKey(activity, view) {
                announcement = Announcement(
                    key: key, content: announce(view, activity: activity, settings: settings, server: server),
                    fastStartedAt: activity.kind == .fast ? activity.state["started_at_usec"]?.uint64 ?? 0 : 0)
            }
        }
        return Presentation(
            content: content, milestone: milestone, isAlert: isAlert, announcement: announcement, nextChange: view.nextChange)
    }

    /// A fast's goal is reached once per fast and goal; a timer ends once.
    static func announcementKey(_ activity: ActivitySnapshot, _ view: ActivityView) -> String? {
        switch (activity.kind, view.status) {
        case (.fast, .goalReached):
            let start = activity.state["started_at_usec"]?.uint64 ?? 0
            return "goal:\(start):\(activity.state["goal_usec"]?.uint64 ?? 0)"
        case (.timer, .completed), (.custom, .completed):
            return "done:\(activity.id)"
        default:
            return nil
        }
    }

    /// GNOME's lock screen shows the text of a source's notifications only when every one of
    /// them says `x-gnome-privacy-scope: system`: with `lock_screen` on, all of islet's do (the
    /// live one, the announcements), or the one posted for the lock screen would show as
    /// "islet" alone. With it off, none does.
    public static func lockScreenScope(
        _ content: NotificationContent, settings: NotifySettings, server: ServerProfile
    ) -> NotificationContent {
        guard settings.lockScreen, server.name == "gnome-shell" else { return content }
        var scoped = content
        scoped.hints["x-gnome-privacy-scope"] = .string("system")
        return scoped
    }

    /// The live notification's stack tags, where the server takes them beside replaces_id.
    static func liveHints(_ server: ServerProfile) -> [String: Hint] {
        guard server.traits.stackTags else { return [:] }
        return ["x-dunst-stack-tag": .string(stackTag), "x-canonical-private-synchronous": .string(stackTag)]
    }

    static func minimal(_ view: ActivityView, server: ServerProfile) -> NotificationContent {
        var hints = liveHints(server)
        hints["suppress-sound"] = .bool(true)
        let text = view.hasTime ? view.minimalText : view.title
        guard server.traits.colourHints else {
            let appName = server.traits.needsAppName ? Self.appName : ""
            return NotificationContent(appName: appName, icon: "", summary: text, body: "", actions: [], hints: hints)
        }
        // dunst: grey on black by hint. Its format makes the summary bold and escapes markup
        // in it (a span showed as text), so the time goes in the body, which is plain: PRD-02's
        // one size, no emphasis.
        hints.merge(minimalPalette) { a, _ in a }
        let body = server.capabilities.bodyMarkup ? Markup.escape(text) : text
        return NotificationContent(appName: "", icon: "", summary: "", body: body, actions: [], hints: hints)
    }

    static func standard(
        _ view: ActivityView, activity: ActivitySnapshot, settings: NotifySettings, server: ServerProfile,
        localTime: LocalTime, now: USec
    ) -> NotificationContent {
        let capabilities = server.capabilities
        var summary: String
        var lines: [String] = []
        var icon: String
        var actions: [(key: String, label: String)] = []
        let percent = view.percent.map { min(100, max(0, $0)) }
        let progress =
            server.traits.progress == .text && view.status != .goalReached && view.status != .completed
            ? percent.map { "\($0)%" } : nil

        switch view.kind {
        case .fast:
            let goal = view.goalSeconds > 0 ? Format.goal(seconds: view.goalSeconds) : nil
            // DI-003: the title, the time left, the time fasted and the goal, by the minute
            // with their units ("Goal in 3 h 12 min"): a notification changes once a minute,
            // and "3:12" would read as a timer's minutes and seconds.
            if view.status == .goalReached {
                summary = tr("Goal Reached!")
                lines.append(tr("Fasted %s", view.elapsedText))
                icon = settings.icons.goalReached
            } else {
                summary = tr("Fasting Goal")
                lines.append(tr("Goal in %s", view.timeText))
                lines.append(tr("Fasted %s", view.elapsedText))
                icon = settings.icons.fast
            }
            if let goal { lines.append(([goal] + (progress.map { [$0] } ?? [])).joined(separator: " · ")) }
            if let at = view.goalAtLine(localTime, now: now) { lines.append(at) }
            actions = [button(.stopFast, tr("Stop Fast"))]
        case .timer, .custom:
            // A timer's buttons are islet's; a program's activity has those it offers (below).
            summary = view.title
            let time = view.hasTime ? countdown(view, localTime: localTime, now: now, activity: activity) : nil
            var detail: [String] = []
            switch view.status {
            case .paused:
                // One line on servers that join the lines: "Tea ❚❚ Paused · 00:40 left".
                let left = view.hasTime ? tr("%s left", Format.timer(seconds: pausedSeconds(activity))) : nil
                lines.append((["❚❚ " + tr("Paused")] + (left.map { [$0] } ?? [])).joined(separator: " · "))
                icon = settings.icons.paused
                if view.kind == .timer { actions = [button(.resume, tr("Resume")), Presenter.extendAction, button(.stop, tr("Stop"))] }
            case .completed:
                lines.append(time ?? tr("Done"))
                // A program's activity says how it ended in its phase ("Done in 3:12").
                if time != nil, !(view.kind == .custom && view.phaseLabel != nil) { detail.append(tr("Done")) }
                icon = activity.state["outcome"]?.string == "failure" ? settings.icons.failed : settings.icons.completed
            case .goalReached:
                lines.append(time ?? tr("Goal reached"))
                icon = settings.icons.completed
            case .running:
                if let time { lines.append(time) }
                icon = view.kind == .timer ? settings.icons.timer : settings.icons.custom
                // Contract 1.4: whose it is. A program's activity that names its desktop entry
                // has that program's icon while it runs (icon themes name apps by the entry's
                // id), as the top-bar island shows it; where icons are off, none.
                if view.kind == .custom, let appID = activity.appID, !icon.isEmpty { icon = appID }
                if view.kind == .timer { actions = [button(.pause, tr("Pause")), Presenter.extendAction, button(.stop, tr("Stop"))] }
            }
            // And its name, where the program gave one beside the title ("Build", "mpv").
            if let program = view.program { detail.append(program) }
            // Contract 1.4: a program's activity has the buttons it offers now (its state's
            // `actions`); a press reaches the program (LiveActivity.Act).
            if view.kind == .custom {
                actions = view.actions.compactMap(IsletCommand.Verb.init(rawValue:)).map { button($0, Presenter.label(of: $0)) }
            }
            if let label = view.phaseLabel { detail.append(label) }
            if let progress, view.status == .running || view.status == .paused { detail.append(progress) }
            if !detail.isEmpty { lines.append(detail.joined(separator: " · ")) }
            // Contract 1.2: content its program says is out of date is marked so.
            if let stale = view.staleLine(localTime, now: now) { lines.append(stale) }
        }

        var hints = liveHints(server)
        hints["desktop-entry"] = .string(desktopEntry)
        if server.traits.progress == .hint, let percent { hints["value"] = .int32(Int32(percent)) }
        if !(settings.buttons && capabilities.actions) { actions = [] }
        let expire = expireTimeout(view, settings: settings, server: server)
        if expire == 0, !actions.isEmpty { hints["resident"] = .bool(true) }
        // A click opens the app on the activity's page (servers take `default` as the click on
        // the notification itself, not a button); a program's own activity has no page there.
        if settings.openApp, capabilities.actions, AppLink.Page(showing: view.kind) != nil {
            actions.insert(("default", tr("Open islet")), at: 0)
        }
        var content = text(summary: summary, lines: lines, icon: icon, actions: actions, hints: hints, capabilities: capabilities)
        content.expireTimeout = expire
        return content
    }

    /// A fast lasts hours: its notification expires like any other, in either style, and comes
    /// back only on a meaningful change. A timer may stay on screen until it ends
    /// (timer_on_screen): 0, never expires; -1, the server's own timeout, also on a server
    /// whose banner would then cover the screen for the whole timer (Phosh).
    static func expireTimeout(_ view: ActivityView, settings: NotifySettings, server: ServerProfile) -> Int32 {
        view.kind == .timer && settings.timerOnScreen && !server.traits.bannerStaysWhileReplaced ? 0 : -1
    }

    /// A running timer's time: "14:32" where the server takes a change a second, else its end
    /// and the minutes left ("Until 14:32 · 15 min left"), a change a minute.
    static func countdown(_ view: ActivityView, localTime: LocalTime, now: USec, activity: ActivitySnapshot) -> String {
        guard view.unit == .minutes, view.kind != .fast else { return view.timeText }
        // A program's time that counts up, by the minute: "3 min".
        if view.countsUp { return Format.hoursMinutes(seconds: view.elapsed * 60) }
        switch view.status {
        case .running:
            let minutes = view.remaining ?? 0
            let endsAt = activity.state["ends_at_usec"]?.uint64 ?? 0
            let left = tr("%d min left", "\(minutes)")
            return endsAt > 0 ? tr("Until %s", localTime.describe(endsAt, now: now)) + " · " + left : left
        case .completed, .goalReached: return "00:00"
        case .paused: return Format.timer(seconds: pausedSeconds(activity))
        }
    }

    /// A paused timer's time left, in seconds rounded up (it does not move while paused).
    static func pausedSeconds(_ activity: ActivitySnapshot) -> UInt64 {
        Format.countdownSeconds(activity.state["remaining_usec"]?.uint64 ?? 0)
    }

    /// The announcement of a goal reached or a timer's end: normal urgency, a sound where
    /// allowed, kept until the user dismisses it (keep_completion).
    static func announce(
        _ view: ActivityView, activity: ActivitySnapshot, settings: NotifySettings, server: ServerProfile
    ) -> NotificationContent {
        var hints: [String: Hint] = ["desktop-entry": .string(desktopEntry), "urgency": .byte(Urgency.normal.rawValue)]
        let summary: String
        var lines: [String]
        var actions: [(key: String, label: String)] = []
        let icon: String
        if view.kind == .fast {
            summary = tr("Goal Reached!")
            lines = [tr("Fasted %s", view.elapsedText)]
            if view.goalSeconds > 0 { lines.append(Format.goal(seconds: view.goalSeconds)) }
            actions = [button(.stopFast, tr("Stop Fast"))]
            icon = settings.icons.goalReached
            if settings.sound, server.sound { hints["sound-name"] = .string("complete") }
        } else if view.kind == .custom {
            // A program's end, in its own words ("Done in 3:12", "Failed (exit 2) after 3:12").
            summary = view.title
            lines = [view.phaseLabel ?? tr("Done")]
            let failed = activity.state["outcome"]?.string == "failure"
            icon = failed ? settings.icons.failed : settings.icons.completed
            if settings.sound, server.sound { hints["sound-name"] = .string(failed ? "dialog-warning" : "complete") }
        } else {
            summary = view.title
            let total = (activity.state["total_usec"]?.uint64 ?? 0) / usecPerSecond
            // The seed's "Timer Format": 00:00 at completion, as the island and panels show it.
            lines = ["00:00 · " + tr("Done") + (total > 0 ? " · " + Format.duration(seconds: total) : "")]
            icon = settings.icons.completed
            if settings.sound, server.sound { hints["sound-name"] = .string("alarm-clock-elapsed") }
            // A timer's end wakes a phone's screen as an alarm clock would, where only critical
            // urgency does (Phosh).
            if server.traits.wakesOnlyForCritical { hints["urgency"] = .byte(Urgency.critical.rawValue) }
        }
        hints["suppress-sound"] = .bool(hints["sound-name"] == nil)
        if actions.isEmpty, server.traits.lockScreenBodyNeedsAction { actions = [Presenter.dismissAction] }
        if !(settings.buttons && server.capabilities.actions) { actions = [] }
        var content = text(summary: summary, lines: lines, icon: icon, actions: actions, hints: hints, capabilities: server.capabilities)
        content.expireTimeout = settings.keepCompletion ? 0 : -1
        return content
    }

    /// OK: a button that only closes the notification (the server does on any button), for a
    /// lock screen that shows the body of a notification with a button only.
    static var dismissAction: (key: String, label: String) { ("dismiss", tr("OK")) }

    /// "Fast Stopped" with an Undo button, after the Stop Fast button was pressed.
    public static func stopped(_ fast: CompletedFast, settings: NotifySettings, server: ServerProfile) -> NotificationContent {
        let hours = fast.duration / usecPerSecond
        var hints: [String: Hint] = ["desktop-entry": .string(desktopEntry), "urgency": .byte(Urgency.normal.rawValue)]
        hints["suppress-sound"] = .bool(true)
        let actions: [(key: String, label: String)] = server.capabilities.actions ? [Presenter.button(.undo, tr("Undo"))] : []
        let undo = actions.isEmpty ? [tr("`islet fast undo` brings it back within %s", Format.duration(seconds: Limits.undoStopSeconds))] : []
        return text(
            summary: tr("Fast Stopped"), lines: [tr("Fasted %s", Format.hoursMinutes(seconds: hours))] + undo,
            icon: settings.icons.fast, actions: actions, hints: hints, capabilities: server.capabilities)
    }

    /// Lines into a body (first line bold where markup is allowed), or into the summary where
    /// the server shows no body.
    static func text(
        summary: String, lines: [String], icon: String, actions: [(key: String, label: String)], hints: [String: Hint],
        capabilities: ServerCapabilities
    ) -> NotificationContent {
        let markup = capabilities.bodyMarkup
        var shown = lines.map { markup ? Markup.escape($0) : $0 }
        if markup, let first = shown.first { shown[0] = "<b>" + first + "</b>" }
        var summary = summary
        var body = shown.joined(separator: "\n")
        if !capabilities.body {
            summary = ([summary] + lines).joined(separator: " · ")
            body = ""
        }
        return NotificationContent(appName: Self.appName, icon: icon, summary: summary, body: body, actions: actions, hints: hints)
    }

    /// A notification as the log says it: "summary" "body", urgency, expiry, sound.
    static func describe(_ content: NotificationContent) -> String {
        let urgency: String =
            switch content.hints["urgency"] {
            case .byte(0)?: "low"
            case .byte(2)?: "critical"
            default: "normal"
            }
        let body = content.body.split(separator: "\n").joined(separator: " / ")
        return "\"\(content.summary)\" \"\(body)\", urgency \(urgency), expires \(content.expireTimeout)"
            + (content.hints["sound-name"].flatMap { if case .string(let name) = $0 { ", sound " + name } else { nil } } ?? "")
    }

    /// NotificationClosed's reason, in words (the specification's four).
    static func closeReason(_ reason: UInt32) -> String {
        ["", "expired", "dismissed by the user", "closed by a call", "undefined"][min(Int(reason), 4)]
    }
}
