import IsletCore
import Translation

/// The schedule's reminders and the stages' announcements as notifications (issue 45): their
/// own notifications, never the live one. Normal urgency and no sound for a reminder, low for
/// a stage ("quietly"); buttons only in the standard style, where the server has them.
extension Presenter {
    /// "1 h left to eat" (Your fast starts at 20:00.), or "Time to start your fast" with Start
    /// Fast (For 16 hours, until 12:00 tomorrow.).
    public static func reminder(
        _ reminder: FastingSchedule.Reminder, goalSeconds: UInt64, now: USec, localTime: LocalTime, settings: NotifySettings,
        server: ServerProfile
    ) -> NotificationContent {
        let hints: [String: Hint] = [
            "desktop-entry": .string(desktopEntry), "urgency": .byte(Urgency.normal.rawValue), "suppress-sound": .bool(true),
            "category": .string("x-islet.reminder"),
        ]
        let summary: String
        var lines: [String] = []
        var actions: [(key: String, label: String)] = []
        // Worded for the moment it is due (when it is read), whatever the delivery's delay.
        let now = max(now, reminder.at)
        let starts = GoalTime.clock(reminder.fastStartsAt, now: now, in: localTime)
        switch reminder.kind {
        case .eatingEnds:
            // The lead the schedule set, whenever it arrives ("1 h left to eat").
            let lead = reminder.fastStartsAt > reminder.at ? (reminder.fastStartsAt - reminder.at) / usecPerSecond : 0
            summary = tr("%s left to eat", Format.hoursMinutes(seconds: lead))
            lines.append(tr("Your fast starts at %s.", starts))
        case .fastStarts:
            summary = tr("Time to start your fast")
            if goalSeconds > 0 {
                let end = GoalTime.clock(reminder.fastStartsAt &+ goalSeconds &* usecPerSecond, now: now, in: localTime)
                lines.append(tr("For %1$s, until %2$s.", Format.duration(seconds: goalSeconds), end))
            }
            actions = [Presenter.button(.startFast, tr("Start Fast"))]
        }
        if actions.isEmpty, server.traits.lockScreenBodyNeedsAction { actions = [Presenter.dismissAction] }
        if settings.style == .minimal || !(settings.buttons && server.capabilities.actions) { actions = [] }
        var content = text(
            summary: summary, lines: lines, icon: settings.style == .minimal ? "" : settings.icons.fast, actions: actions, hints: hints,
            capabilities: server.capabilities)
        content.expireTimeout = -1
        return content
    }

    /// "Fat burning" (A stage of your fast from 16 hours, as a rule of thumb.): low urgency,
    /// no sound, gone by itself.
    public static func stage(_ index: Int, settings: NotifySettings, server: ServerProfile) -> NotificationContent? {
        let stages = FastingStages.all
        guard stages.indices.contains(index) else { return nil }
        let stage = stages[index]
        let hints: [String: Hint] = [
            "desktop-entry": .string(desktopEntry), "urgency": .byte(Urgency.low.rawValue), "suppress-sound": .bool(true),
            "transient": .bool(true), "category": .string("x-islet.stage"),
        ]
        let lines = [
            tr("From %1$s into your fast: %2$s", Format.duration(seconds: stage.startSeconds), stage.description), FastingStages.caveat,
        ]
        var content = text(
            summary: stage.name, lines: lines, icon: settings.style == .minimal ? "" : settings.icons.fast, actions: [], hints: hints,
            capabilities: server.capabilities)
        content.expireTimeout = -1
        return content
    }
}
