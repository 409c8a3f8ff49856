import IsletCore

/// The live activity as panel text: one line per format, computed from the state's
/// timestamps at `now` (panels count down locally; nothing polls the bus).
enum PanelFormat: String, CaseIterable {
    case waybar, polybar, i3blocks, genmon, json, plain
}

enum PanelStyle: String, CaseIterable {
    case standard, minimal
}

enum Panel {
    struct Line: Equatable {
        var text: String
        /// When the line next changes by itself (nil: only on a bus event).
        var nextChange: USec?
    }

    static func line(_ activity: ActivitySnapshot?, now: USec, format: PanelFormat, style: PanelStyle) -> Line {
        guard let activity else { return Line(text: idle(format), nextChange: nil) }
        let view = ActivityView(activity, now: now, unit: .seconds)
        let time = view.kind == .fast && view.status == .running ? Format.goalIn(seconds: view.remaining ?? 0) : view.timeText
        let text: String
        switch style {
        case .minimal:
            text = view.hasTime ? view.minimalText : view.title
        case .standard:
            let mark = view.status == .paused ? "❚❚ " : ""
            switch view.kind {
            case .fast:
                text = view.status == .goalReached ? "Goal Reached! " + view.timeText : time
            case .timer, .custom:
                text = view.title + " " + mark + (view.hasTime ? view.timeText : view.status.label)
            }
        }
        let tooltip = tooltipLines(view).joined(separator: "\n")
        let percent = view.percent ?? 0
        let output: String
        switch format {
        case .waybar:
            output = "{\"text\":\(JSON.string(text)),\"alt\":\(JSON.string(view.kind.rawValue)),\"tooltip\":\(JSON.string(tooltip)),"
                + "\"class\":\(JSON.string(view.status.rawValue)),\"percentage\":\(percent)}"
        case .polybar:
            let clean = Panel.polybarSafe(text)
            output = style == .minimal ? "%{F#888888}" + clean + "%{F-}" : clean
        case .i3blocks:
            output = text
        case .genmon:
            output = "<txt>\(xml(text))</txt><tool>\(xml(tooltip))</tool>"
                + (view.percent != nil && style == .standard ? "<bar>\(percent)</bar>" : "")
        case .json:
            var fields = [
                ("activity_id", JSON.string(activity.id)), ("owner", JSON.string(activity.owner)),
                ("kind", JSON.string(view.kind.rawValue)), ("title", JSON.string(view.title)),
                ("status", JSON.string(view.status.rawValue)), ("text", JSON.string(text)),
                ("percentage", "\(percent)"),
            ]
            if let remaining = view.remaining { fields.append(("remaining_seconds", "\(remaining)")) }
            if let label = view.phaseLabel { fields.append(("phase", JSON.string(label))) }
            output = "{" + fields.map { JSON.string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
        case .plain:
            output = text
        }
        return Line(text: output, nextChange: view.nextChange)
    }

    static func idle(_ format: PanelFormat) -> String {
        switch format {
        case .waybar: "{\"text\":\"\",\"alt\":\"idle\",\"tooltip\":\"No live activity\",\"class\":\"idle\",\"percentage\":0}"
        case .polybar, .i3blocks: ""
        case .genmon: "<txt></txt><tool>No live activity</tool>"
        case .json: "{\"status\":\"idle\"}"
        case .plain: "No live activity"
        }
    }

    static func tooltipLines(_ view: ActivityView) -> [String] {
        var lines = [view.status == .goalReached && view.kind == .fast ? "Goal Reached!" : view.title]
        switch view.kind {
        case .fast:
            if view.status == .running { lines.append(Format.goalIn(seconds: view.remaining ?? 0)) }
            lines.append("Fasted " + Format.hms(seconds: view.elapsed))
            if view.goalSeconds > 0 { lines.append(Format.goal(seconds: view.goalSeconds)) }
        case .timer, .custom:
            if view.hasTime { lines.append(view.timeText) }
            var detail: [String] = []
            if view.status != .running { detail.append(view.status.label) }
            if let label = view.phaseLabel { detail.append(label) }
            if !detail.isEmpty { lines.append(detail.joined(separator: " · ")) }
        }
        return lines
    }

    static func xml(_ text: String) -> String { Format.escapeMarkup(text) }

    /// polybar reads %{...} as formatting tags: a title from a caller must not inject any.
    static func polybarSafe(_ text: String) -> String {
        var out = ""
        var afterPercent = false
        for c in text where c != "\n" {
            if afterPercent && c == "{" { out.append(" ") }
            out.append(c)
            afterPercent = c == "%"
        }
        return out
    }
}

extension DisplayStatus {
    var label: String {
        switch self {
        case .running: "Running"
        case .paused: "Paused"
        case .goalReached: "Goal reached"
        case .completed: "Done"
        }
    }
}
