import IsletCore
import Platform

/// The bridge's decisions, pure: given what the server shows and what the user did, what to
/// send for the activity now. The I/O around it (``LiveNotification``) only carries these out.
public struct LiveNotificationLogic: Sendable {
    public enum Action: Equatable, Sendable {
        /// The live notification, posted or replaced in place.
        case notify(NotificationContent, replacesID: UInt32)
        /// A moment announced as a notification of its own (goal reached, a timer's end).
        case announce(Announcement)
        case close(id: UInt32)
    }

    public var settings: NotifySettings
    public var server = ServerProfile.unknown
    public var localTime: LocalTime = .system
    /// Another surface shows the live activity (a KDE job in Plasma's progress area): the
    /// notifications carry only the moments (goal reached, completion), so nothing shows twice.
    public var liveElsewhere = false
    /// The server's id for our notification; 0 when it shows none (or it is being posted).
    public private(set) var shownID: UInt32 = 0
    /// What was last sent (nil: nothing on screen, or the last send failed).
    public private(set) var shown: NotificationContent?
    /// The urgency it was sent at.
    private var shownUrgency: Urgency?
    /// The user closed the notification, or it expired, at this milestone: nothing until it changes.
    public private(set) var dismissedAt: Milestone?
    private var lastMilestone: Milestone?
    /// The live notification whose button was just pressed: its close is not a dismissal.
    private var pressedID: UInt32 = 0
    /// The user asked to see the activity (`islet expand`): the next render posts it afresh.
    private var expandRequested = false
    /// What was announced already (a fast's goal, a timer's end), oldest first: each once.
    public private(set) var announced: [String] = []
    static let announcedLimit = 32

    public init(settings: NotifySettings) { self.settings = settings }

    /// What to do for `activity` at `now`, and when to look again (nil: only on the next event).
    public mutating func render(_ activity: ActivitySnapshot?, now: USec) -> (actions: [Action], nextChange: USec?) {
        guard let activity else {
            lastMilestone = nil
            dismissedAt = nil
            shown = nil
            defer { shownID = 0 }
            return (shownID != 0 ? [.close(id: shownID)] : [], nil)
        }
        let presentation = Presenter.present(activity, now: now, settings: settings, server: server, localTime: localTime)
        let previous = lastMilestone
        lastMilestone = presentation.milestone
        var actions: [Action] = []

        // Goal reached, a timer's end (standard style): said once, in a notification of its
        // own that every server banners; the live one closes, and stays closed until the next
        // change, also when the island returns to a fast whose goal was announced already.
        if let announcement = presentation.announcement {
            if !announced.contains(announcement.key) {
                remember(announcement.key)
                actions.append(.announce(announcement))
            }
            if shownID != 0 { actions.append(.close(id: shownID)) }
            shownID = 0
            shown = nil
            dismissedAt = presentation.milestone
            return (actions, nil)
        }

        // Contract 1.2: an update that asks for the user's attention (`alert`) is shown afresh,
        // at normal urgency, with a sound where the server plays one: once (its key is kept
        // with the announced ones, so that a later render or a restart does not say it again).
        var alert = false
        if let key = Self.alertKey(activity), !announced.contains(key) {
            remember(key)
            alert = settings.style == .standard
            if alert { dismissedAt = nil }
        }

        if liveElsewhere {
            if shownID != 0 { actions.append(.close(id: shownID)) }
            shownID = 0
            shown = nil
            // Another surface shows the activity (a KDE job, the lock screen's notice); an
            // alert still deserves its banner and sound: a notification of its own.
            if alert, let key = Self.alertKey(activity) {
                var content = alerted(presentation.content)
                content.actions = []
                content.expireTimeout = -1
                actions.append(.announce(Announcement(key: key, content: content)))
            }
            return (actions, nil)
        }

        if let dismissedAt {
            if dismissedAt == presentation.milestone { return ([], nil) }
            self.dismissedAt = nil
        }
        let nextChange = presentation.nextChange
        let expand = expandRequested || alert
        expandRequested = false
        if shown == presentation.content, !expand { return ([], nextChange) }

        var content = presentation.content
        // A new activity shown in place of the last one is news too.
        let fresh = shownID == 0 || previous?.activityID != presentation.milestone.activityID
        let changed = previous != presentation.milestone
        let seen = fresh || expand || (changed && server.traits.freshOnChange)
        let urgency: Urgency = seen || alert ? .normal : settings.updateUrgency
        // Posted afresh rather than replaced: when asked for (every server pops it up again);
        // where low-urgency updates are never seen, a pause, a resume or a phase (so that it
        // banners); where an urgency changed in place hides it (GNOME 48+'s message list).
        let afresh =
            expand || (server.traits.freshOnChange && !fresh && changed)
            || (server.traits.keepsUrgency && shownUrgency != urgency)
        var replaces = shownID
        if afresh, shownID != 0 {
            actions.append(.close(id: shownID))
            replaces = 0
            shownID = 0
        }
        content.hints["urgency"] = .byte(urgency.rawValue)
        content.hints["suppress-sound"] = .bool(true)
        if alert { content = alerted(content) }
        shown = presentation.content
        shownUrgency = urgency
        actions.append(.notify(content, replacesID: replaces))
        return (actions, nextChange)
    }

    /// `islet expand`: show the live notification again, even if it was dismissed or expired.
    /// Nothing to do when another surface shows the activity (a KDE job).
    public mutating func expand() {
        dismissedAt = nil
        expandRequested = true
    }

    /// `content` as an alert says it: normal urgency, and a sound where the server plays one.
    func alerted(_ content: NotificationContent) -> NotificationContent {
        var content = content
        let sound = settings.sound && server.sound
        content.hints["urgency"] = .byte(Urgency.normal.rawValue)
        content.hints["suppress-sound"] = .bool(!sound)
        if sound { content.hints["sound-name"] = .string("message-new-instant") }
        return content
    }

    /// The key of an update that carries `alert` true: its activity and moment.
    static func alertKey(_ activity: ActivitySnapshot) -> String? {
        guard activity.kind == .custom, activity.state["alert"]?.bool == true else { return nil }
        let moment = activity.state["updated_at_usec"]?.uint64.map { "\($0)" } ?? activity.state.keys.sorted().joinedText(separator: ",")
        return "alert:\(activity.id):\(moment)"
    }

    private mutating func remember(_ key: String) {
        announced.append(key)
        if announced.count > Self.announcedLimit { announced.removeFirst(announced.count - Self.announcedLimit) }
    }

    /// What an earlier islet-notify announced (from its memory file): not said again.
    public mutating func restore(announced keys: [String]) {
        for key in keys where !announced.contains(key) { remember(key) }
    }

    /// The server answered Notify with `id`.
    public mutating func notified(id: UInt32) { shownID = id }

    /// Notify failed (server gone, hanging, or an error): send again on the next render.
    public mutating func notifyFailed() { shown = nil }

    /// NotificationClosed(id, reason): 1 expired, 2 dismissed by the user, 3 closed by a call.
    /// `askedByUs`: islet asked for this close (some servers answer it with reason 2).
    public mutating func closed(id: UInt32, reason: UInt32, askedByUs: Bool = false) {
        guard id != 0, id == shownID else { return }
        let pressed = id == pressedID
        pressedID = 0
        shownID = 0
        shown = nil
        if reason != 3, !askedByUs, !pressed { dismissedAt = lastMilestone }
    }

    /// A button of the live notification was pressed. Servers that close a notification when
    /// one of its buttons is pressed (xfce4-notifyd) report that close as a dismissal; it is
    /// not one: the notification comes back showing what the button changed ("+1 min").
    public mutating func buttonPressed(id: UInt32) {
        if id != 0, id == shownID { pressedID = id }
    }

    /// A new server instance (or none): its ids mean nothing to the next one.
    /// `keeping`: the notification already on this server (posted before the server had said
    /// who it is: a server the bus started for that very Notify), replaced from now on rather
    /// than left behind beside a new one; 0: none.
    public mutating func serverChanged(_ server: ServerProfile, keeping id: UInt32 = 0) {
        self.server = server
        shownID = id
        shown = nil
    }
}
