import IsletCore

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
    public var content: NotificationContent
    public var milestone: Milestone
    /// Goal reached or completed: the one moment a sound and normal urgency are allowed.
    public var isAlert: Bool
    /// When the text next changes by itself; nil when it never does.
    public var nextChange: USec?
}

/// Pure: (activity, now, settings, server capabilities) -> notification.
public enum Presenter {
    public static let stackTag = "islet-activity"
    static let minimalPalette: [String: Hint] = [
        "bgcolor": .string("#0a0a0a"), "fgcolor": .string("#888888"), "frcolor": .string("#444444"),
    ]

    public static func present(
        _ activity: ActivitySnapshot, now: USec, settings: BridgeSettings, capabilities: ServerCapabilities
    ) -> Presentation {
        // Fasts last hours: minutes in a notification (a change a minute); timers show seconds.
        let unit: DisplayUnit = activity.kind == .fast ? .minutes : .seconds
        let view = ActivityView(activity, now: now, unit: unit)
        let milestone = Milestone(
            activityID: activity.id, status: view.status,
            phaseIndex: activity.state["phase_index"]?.uint32 ?? 0, round: activity.state["round"]?.uint32 ?? 0)
        let content =
            settings.style == .minimal
            ? minimal(view) : standard(view, activity: activity, settings: settings, capabilities: capabilities)
        return Presentation(
            content: content, milestone: milestone, isAlert: view.status == .goalReached || view.status == .completed,
            nextChange: view.nextChange)
    }

    static func minimal(_ view: ActivityView) -> NotificationContent {
        var hints: [String: Hint] = [
            "x-dunst-stack-tag": .string(stackTag), "x-canonical-private-synchronous": .string(stackTag),
            "suppress-sound": .bool(true),
        ]
        hints.merge(minimalPalette) { a, _ in a }
        let text = view.hasTime ? view.minimalText : view.title
        return NotificationContent(appName: "", icon: "", summary: text, body: "", actions: [], hints: hints)
    }

    static func standard(
        _ view: ActivityView, activity: ActivitySnapshot, settings: BridgeSettings, capabilities: ServerCapabilities
    ) -> NotificationContent {
        let markup = capabilities.bodyMarkup
        func escape(_ text: String) -> String { markup ? Markup.escape(text) : text }
        var summary: String
        var lines: [String] = []
        var icon: String
        var actions: [(key: String, label: String)] = []

        switch view.kind {
        case .fast:
            let goal = view.goalSeconds > 0 ? Format.goal(seconds: view.goalSeconds) : nil
            if view.status == .goalReached {
                summary = "Goal Reached!"
                lines.append("Fasted " + view.timeText)
                icon = settings.icons.goalReached
            } else {
                summary = "Fasting Goal"
                lines.append("Goal in " + view.timeText)
                icon = settings.icons.fast
            }
            if let goal { lines.append(goal) }
            actions = [("stop-fast", "Stop Fast")]
        case .timer, .custom:
            // Buttons for timers only: a program's own activity is driven by its owner.
            summary = view.title
            let time = view.hasTime ? view.timeText : nil
            var detail: [String] = []
            switch view.status {
            case .paused:
                lines.append("❚❚ " + (time ?? "Paused"))
                if time != nil { detail.append("Paused") }
                icon = settings.icons.paused
                if view.kind == .timer { actions = [("resume", "Resume"), ("stop", "Stop")] }
            case .completed:
                lines.append(time ?? "Done")
                if time != nil { detail.append("Done") }
                icon = settings.icons.completed
            case .goalReached:
                lines.append(time ?? "Goal reached")
                icon = settings.icons.completed
            case .running:
                if let time { lines.append(time) }
                icon = view.kind == .timer ? settings.icons.timer : settings.icons.custom
                if view.kind == .timer { actions = [("pause", "Pause"), ("stop", "Stop")] }
            }
            if let label = view.phaseLabel { detail.append(label) }
            if !detail.isEmpty { lines.append(detail.joined(separator: " · ")) }
        }

        var hints: [String: Hint] = [
            "x-dunst-stack-tag": .string(stackTag), "x-canonical-private-synchronous": .string(stackTag),
            "desktop-entry": .string("islet-notify"),
        ]
        if let percent = view.percent { hints["value"] = .int32(Int32(clamping: min(100, max(0, percent)))) }
        if !(settings.buttons && capabilities.actions) { actions = [] }
        if !actions.isEmpty { hints["resident"] = .bool(true) }

        var shownLines = lines.map(escape)
        if markup, let first = shownLines.first { shownLines[0] = "<b>" + first + "</b>" }
        var body = shownLines.joined(separator: "\n")
        if !capabilities.body {
            summary = ([summary] + lines).joined(separator: " · ")
            body = ""
        }
        return NotificationContent(
            appName: "islet", icon: icon, summary: summary, body: body, actions: actions, hints: hints)
    }
}
