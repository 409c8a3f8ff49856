import IsletCore

/// The bridge's decisions, pure: given what the server shows and what the user did, what to
/// send for the activity now. The I/O around it (``Bridge``) only carries these out.
public struct BridgeLogic: Sendable {
    public enum Action: Equatable, Sendable {
        case notify(NotificationContent, replacesID: UInt32)
        case close(id: UInt32)
    }

    public var settings: BridgeSettings
    public var capabilities = ServerCapabilities.unknown
    /// The server's id for our notification; 0 when it shows none (or it is being posted).
    public private(set) var shownID: UInt32 = 0
    /// What was last sent (nil: nothing on screen, or the last send failed).
    public private(set) var shown: NotificationContent?
    /// The user closed the notification at this milestone: nothing until it changes.
    public private(set) var dismissedAt: Milestone?
    private var lastMilestone: Milestone?

    public init(settings: BridgeSettings) { self.settings = settings }

    /// What to do for `activity` at `now`, and when to look again (nil: only on the next event).
    public mutating func render(_ activity: ActivitySnapshot?, now: USec) -> (action: Action?, nextChange: USec?) {
        guard let activity else {
            lastMilestone = nil
            dismissedAt = nil
            shown = nil
            defer { shownID = 0 }
            return (shownID != 0 ? .close(id: shownID) : nil, nil)
        }
        let presentation = Presenter.present(activity, now: now, settings: settings, capabilities: capabilities)
        let previous = lastMilestone
        lastMilestone = presentation.milestone
        if let dismissedAt {
            if dismissedAt == presentation.milestone { return (nil, nil) }
            self.dismissedAt = nil
        }
        let nextChange = presentation.nextChange
        if shown == presentation.content { return (nil, nextChange) }

        var content = presentation.content
        // A new activity shown in place of the last one is news too.
        let fresh = shownID == 0 || previous?.activityID != presentation.milestone.activityID
        let alert =
            presentation.isAlert && settings.style == .standard
            && previous.map { $0.activityID == presentation.milestone.activityID && $0.status != presentation.milestone.status } ?? false
        let urgency: Urgency = fresh || alert ? .normal : settings.updateUrgency
        content.hints["urgency"] = .byte(urgency.rawValue)
        content.hints["suppress-sound"] = .bool(!(alert && settings.sound))
        shown = presentation.content
        return (.notify(content, replacesID: shownID), nextChange)
    }

    /// The server answered Notify with `id`.
    public mutating func notified(id: UInt32) { shownID = id }

    /// Notify failed (server gone, hanging, or an error): send again on the next render.
    public mutating func notifyFailed() { shown = nil }

    /// NotificationClosed(id, reason): 1 expired, 2 dismissed by the user, 3 closed by a call.
    public mutating func closed(id: UInt32, reason: UInt32) {
        guard id != 0, id == shownID else { return }
        shownID = 0
        shown = nil
        if reason != 3 { dismissedAt = lastMilestone }
    }

    /// A new server instance (or none): its ids mean nothing to the next one.
    public mutating func serverChanged(capabilities: ServerCapabilities) {
        self.capabilities = capabilities
        shownID = 0
        shown = nil
    }
}
