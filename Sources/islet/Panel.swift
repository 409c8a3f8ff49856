import HistoryFiles
import IsletCore
import JSONCoding
import Platform
import Translation

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

    /// The line for `activity`; with none, a running fast without a goal (`fastStartedAt`)
    /// still shows its elapsed time counting (FR-003: an app view, not a live activity).
    static func line(
        _ activity: ActivitySnapshot?, fastStartedAt: USec? = nil, now: USec, format: PanelFormat, style: PanelStyle
    ) -> Line {
        guard let activity = activity ?? fastStartedAt.map(Panel.fastWithoutGoal(startedAt:)) else {
            return Line(text: idle(format), nextChange: nil)
        }
        let isApp = activity.id.isEmpty
        let view = ActivityView(activity, now: now, unit: .seconds)
        let text = compact(view, style: style)
        // The expanded view, where a panel has one (a tooltip); the minimal style has nothing
        // more to show than the time (AR-07).
        // Made only for the formats that show it (the goal's clock time reads the local zone).
        var tooltip: String { style == .minimal ? text : tooltipLines(view, now: now).joinedText(separator: "\n") }
        let percent = style == .minimal ? 0 : view.percent ?? 0
        // The minimal style never changes class, so no stylesheet can recolour it (AR-03).
        let cssClass = style == .minimal ? "minimal" : isApp ? "fasting" : view.isStale ? "stale" : view.status.rawValue
        let output: String
        switch format {
        case .waybar:
            let alt = style == .minimal ? "minimal" : view.kind.rawValue
            output =
                "{\"text\":\(JSONValue.quoted(text)),\"alt\":\(JSONValue.quoted(alt)),\"tooltip\":\(JSONValue.quoted(tooltip)),"
                + "\"class\":\(JSONValue.quoted(cssClass)),\"percentage\":\(percent)}"
        case .polybar:
            let clean = Panel.polybarSafe(text)
            output = style == .minimal ? "%{F#888888}" + clean + "%{F-}" : clean
        case .i3blocks:
            output = text
        case .genmon:
            output =
                "<txt>\(xml(text))</txt><tool>\(xml(tooltip))</tool>"
                + (view.percent != nil && style == .standard ? "<bar>\(percent)</bar>" : "")
        case .json:
            var fields = [
                ("activity_id", JSONValue.quoted(activity.id)), ("owner", JSONValue.quoted(activity.owner)),
                ("kind", JSONValue.quoted(view.kind.rawValue)), ("title", JSONValue.quoted(view.title)),
                ("status", JSONValue.quoted(isApp ? "fasting" : view.status.rawValue)), ("text", JSONValue.quoted(text)),
                ("percentage", "\(percent)"),
            ]
            if let remaining = view.remaining { fields.append(("remaining_seconds", "\(remaining)")) }
            if view.kind == .fast { fields.append(("elapsed_seconds", "\(view.elapsed)")) }
            if let label = view.phaseLabel { fields.append(("phase", JSONValue.quoted(label))) }
            if let program = view.program { fields.append(("program", JSONValue.quoted(program))) }
            if let appID = activity.appID { fields.append(("app_id", JSONValue.quoted(appID))) }
            if let art = view.art { fields.append(("art_url", JSONValue.quoted(art))) }
            output = "{" + fields.map { JSONValue.quoted($0.0) + ":" + $0.1 }.joinedText(separator: ",") + "}"
        case .plain:
            output = text
        }
        return Line(text: output, nextChange: view.nextChange)
    }

    /// The compact view: "Goal in 03:12:09", "Workout ❚❚ 00:40 · Work 1/8", "Fasted 1:02:03";
    /// in the minimal style the time alone.
    static func compact(_ view: ActivityView, style: PanelStyle) -> String {
        if style == .minimal { return view.hasTime ? view.minimalText : view.title }
        switch view.kind {
        case .fast:
            switch view.status {
            case .goalReached: return tr("Goal Reached!") + " " + view.timeText
            case .running where view.remaining == nil: return tr("Fasted %s", view.timeText)
            default: return Format.goalIn(seconds: view.remaining ?? 0)
            }
        case .timer, .custom:
            let mark = view.status == .paused ? "❚❚ " : ""
            var text = view.title + " " + mark + (view.hasTime ? view.timeText : view.status.label)
            // A program's activity says how it ended ("Done in 3:12").
            if let phase = view.compactMark { text += " · " + phase }
            // Contract 1.2: out-of-date content says so, where a panel has no colour for it.
            if view.isStale { text += " " + tr("(stale)") }
            return text
        }
    }

    /// A running fast that has no goal, and so no live activity, as a view can show it.
    static func fastWithoutGoal(startedAt: USec) -> ActivitySnapshot {
        ActivitySnapshot(
            id: "", owner: "fasting", attributes: ["kind": .string("fast"), "title": .string("Fasting")],
            state: ["status": .string("running"), "started_at_usec": .uint64(startedAt)])
    }

    static func idle(_ format: PanelFormat) -> String {
        switch format {
        case .waybar: "{\"text\":\"\",\"alt\":\"idle\",\"tooltip\":" + JSONValue.quoted(tr("No live activity")) + ",\"class\":\"idle\",\"percentage\":0}"
        case .polybar, .i3blocks: ""
        case .genmon: "<txt></txt><tool>" + Format.escapeMarkup(tr("No live activity")) + "</tool>"
        case .json: "{\"status\":\"idle\"}"
        case .plain: tr("No live activity")
        }
    }

    /// The expanded view: title, time, phase and progress; for a fast, also the time fasted,
    /// the goal and when it is reached ("Goal at 08:00 tomorrow").
    static func tooltipLines(_ view: ActivityView, now: USec) -> [String] {
        let progress = view.status == .running || view.status == .paused ? view.percent.map { "\($0)%" } : nil
        var lines = [view.status == .goalReached && view.kind == .fast ? tr("Goal Reached!") : view.title]
        switch view.kind {
        case .fast:
            if view.status == .running, let remaining = view.remaining { lines.append(Format.goalIn(seconds: remaining)) }
            lines.append(tr("Fasted %s", Format.hms(seconds: view.elapsed)))
            if view.goalSeconds > 0 {
                lines.append(([Format.goal(seconds: view.goalSeconds)] + (progress.map { [$0] } ?? [])).joinedText(separator: " · "))
                if let at = view.goalAtLine(.system, now: now) { lines.append(at) }
            } else {
                lines.append(tr("No goal set"))
            }
        case .timer, .custom:
            // Whose it is first, as a notification names its app (contract 1.4).
            if let program = view.program { lines.insert(program, at: 0) }
            if view.hasTime { lines.append(view.timeText) }
            var detail: [String] = []
            if view.status != .running { detail.append(view.status.label) }
            if let label = view.phaseLabel { detail.append(label) }
            if let progress { detail.append(progress) }
            if !detail.isEmpty { lines.append(detail.joinedText(separator: " · ")) }
            // Only then the local zone (LocalTime.system reads it): `islet status` runs often.
            if view.isStale, let stale = view.staleLine(.system, now: Times.now()) { lines.append(stale) }
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
