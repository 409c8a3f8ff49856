import CAdw
import IsletAppModel
import IsletCore
import Translation

/// The Goal page's widgets: the daily goal, then the goals to choose from as a boxed list with
/// radio marks, each row titled by its preset with its description under it; Custom, its
/// duration typed in the row as islet reads one ("15h30m", "15:30"); and No Goal. A row
/// activates its mark (pointer, keyboard, Space); choosing calls `choose` with the goal in
/// seconds (0: none); `show` marks the current one without echoing it back.
final class GoalView {
    let root: UnsafeMutablePointer<GtkWidget>
    private let current: UnsafeMutablePointer<GtkWidget>
    private let presets: UnsafeMutablePointer<GtkWidget>
    private var presetRows: [(row: UnsafeMutablePointer<GtkWidget>, mark: UnsafeMutablePointer<GtkWidget>, seconds: UInt64)] = []
    private var presetKey: [String] = []
    private let custom: UnsafeMutablePointer<GtkWidget>
    private let customEntry: UnsafeMutablePointer<GtkWidget>
    private let noGoal: UnsafeMutablePointer<GtkWidget>
    private let updating = Updating()
    private let choose: (UInt64) -> Void
    private let invalid: (String) -> Void
    /// The schedule, below the goals (issue 45).
    let schedule: ScheduleView

    init(choose: @escaping (UInt64) -> Void, invalid: @escaping (String) -> Void, schedule: ScheduleView) {
        self.choose = choose
        self.invalid = invalid
        self.schedule = schedule
        let (page, content) = scrollingPage(spacing: 18)
        root = page
        current = gtk_label_new("")
        gtk_widget_add_css_class(current, "title-3")
        presets = adw_preferences_group_new()
        adw_preferences_group_set_title(cast(presets), tr("Daily Goal"))
        let other: UnsafeMutablePointer<GtkWidget> = adw_preferences_group_new()
        // Custom: its mark, and the duration typed in the row (Enter or the row's apply button).
        customEntry = Rows.entryRow(tr("Custom"), in: other)
        custom = gtk_check_button_new()
        gtk_widget_set_valign(custom, GTK_ALIGN_CENTER)
        setAccessibleLabel(custom, tr("Custom"))
        adw_entry_row_add_prefix(cast(customEntry), custom)
        let (noGoalRow, noGoalMark) = GoalView.choiceRow(title: tr("No Goal"), detail: nil, group: custom)
        noGoal = noGoalMark
        adw_preferences_group_add(cast(other), noGoalRow)
        for widget in [current, presets, other, schedule.root] { gtk_box_append(cast(content), widget) }
        Rows.onApply(customEntry) { [weak self] _ in self?.setCustom() }
        onChosen(custom) { [weak self] in self?.setCustom() }
        onChosen(noGoal) { [weak self] in self?.choose(0) }
    }

    /// An activatable row with a radio mark at its start: the title, the detail under it. The
    /// row names the mark for a screen reader (named again, GTK 4.8 would say the title twice).
    private static func choiceRow(title: String, detail: String?, group: UnsafeMutablePointer<GtkWidget>) -> (
        row: UnsafeMutablePointer<GtkWidget>, mark: UnsafeMutablePointer<GtkWidget>
    ) {
        let row: UnsafeMutablePointer<GtkWidget> = adw_action_row_new()
        adw_preferences_row_set_title(cast(row), title)
        if let detail { adw_action_row_set_subtitle(cast(row), detail) }
        let mark: UnsafeMutablePointer<GtkWidget> = gtk_check_button_new()
        gtk_check_button_set_group(cast(mark), cast(group))
        gtk_widget_set_valign(mark, GTK_ALIGN_CENTER)
        adw_action_row_add_prefix(cast(row), mark)
        adw_action_row_set_activatable_widget(cast(row), mark)
        return (row, mark)
    }

    /// Calls `chosen` when the person marks `mark` (not when `show` does).
    private func onChosen(_ mark: UnsafeMutablePointer<GtkWidget>, _ chosen: @escaping () -> Void) {
        let updating = updating
        connect(mark, "toggled") {
            guard !updating.now, gtk_check_button_get_active(cast(mark)) != 0 else { return }
            chosen()
        }
    }

    private func setCustom() {
        let text = String(cString: gtk_editable_get_text(opaque(customEntry)))
        guard let seconds = Format.parseDuration(text), Limits.goalSeconds.contains(seconds) else {
            invalid(tr("A goal is 1 minute to 7 days: write it like 16h, 15h30m or 15:30."))
            return
        }
        choose(seconds)
    }

    func show(_ page: GoalModel) {
        updating.now = true
        defer { updating.now = false }
        gtk_label_set_text(opaque(current), page.current)
        let key = page.presets.map { $0.title + $0.subtitle }
        if key != presetKey { rebuild(page) }
        for (choice, entry) in zip(page.presets, presetRows) where choice.selected {
            gtk_check_button_set_active(cast(entry.mark), 1)
        }
        if page.customSelected {
            gtk_check_button_set_active(cast(custom), 1)
            Rows.setText(customEntry, Format.hoursMinutes(seconds: page.customHours * 3600 + page.customMinutes * 60))
        }
        if page.noGoalSelected { gtk_check_button_set_active(cast(noGoal), 1) }
    }

    /// The presets anew, as isletd lists them (in the user's language).
    private func rebuild(_ page: GoalModel) {
        for entry in presetRows { adw_preferences_group_remove(cast(presets), entry.row) }
        presetRows = []
        presetKey = page.presets.map { $0.title + $0.subtitle }
        for choice in page.presets {
            let (row, mark) = GoalView.choiceRow(title: choice.title, detail: choice.subtitle, group: custom)
            adw_preferences_group_add(cast(presets), row)
            let seconds = choice.goalSeconds
            onChosen(mark) { [weak self] in self?.choose(seconds) }
            presetRows.append((row, mark, seconds))
        }
    }
}
