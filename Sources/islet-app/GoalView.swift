import CAdw
import IsletAppModel
import IsletCore
import Translation

/// The Goal page's widgets: the daily goal; the presets as a group of toggle buttons (each
/// named by its preset, its description below), a custom duration typed as islet reads one
/// ("15h30m", "15:30"), and no goal. Choosing calls `choose` with the goal in seconds (0: none);
/// `show` marks the current one. Toggle buttons, not check buttons: GTK 4.8 gives check buttons
/// no action a screen reader can invoke.
final class GoalView {
    let root: UnsafeMutablePointer<GtkWidget>
    private let current: UnsafeMutablePointer<GtkWidget>
    private let choices: UnsafeMutablePointer<GtkWidget>
    private var presetButtons: [(button: UnsafeMutablePointer<GtkWidget>, seconds: UInt64)] = []
    private var presetKey: [String] = []
    private let custom: UnsafeMutablePointer<GtkWidget>
    private let customEntry: UnsafeMutablePointer<GtkWidget>
    private let noGoal: UnsafeMutablePointer<GtkWidget>
    private var updating = false
    private let choose: (UInt64) -> Void
    private let invalid: (String) -> Void
    /// The schedule, below the goals (issue 45).
    let schedule: ScheduleView

    init(choose: @escaping (UInt64) -> Void, invalid: @escaping (String) -> Void, schedule: ScheduleView) {
        self.choose = choose
        self.invalid = invalid
        self.schedule = schedule
        let (page, content) = scrollingPage(spacing: 12)
        root = page
        current = gtk_label_new("")
        gtk_widget_add_css_class(current, "title-3")
        choices = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        custom = GoalView.choiceButton(title: tr("Custom"), detail: nil)
        noGoal = GoalView.choiceButton(title: tr("No goal"), detail: nil)
        customEntry = gtk_entry_new()
        gtk_entry_set_placeholder_text(cast(customEntry), tr("e.g. 15h30m"))
        setAccessibleLabel(customEntry, tr("Custom goal"))
        gtk_toggle_button_set_group(cast(noGoal), cast(custom))
        gtk_box_append(cast(content), current)
        gtk_box_append(cast(content), choices)
        let customRow: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        let set = gtk_button_new_with_label(tr("Set"))
        gtk_widget_set_hexpand(customEntry, 1)
        gtk_box_append(cast(customRow), customEntry)
        gtk_box_append(cast(customRow), set)
        gtk_box_append(cast(content), customRow)
        gtk_box_append(cast(content), noGoal)
        gtk_widget_set_margin_top(schedule.root, 18)
        gtk_box_append(cast(content), schedule.root)
        gtk_box_prepend(cast(customRow), custom)
        connect(set, "clicked") { [weak self] in self?.setCustom() }
        connect(customEntry, "activate") { [weak self] in self?.setCustom() }
        connect(custom, "toggled") { [weak self] in
            guard let self, !self.updating, gtk_toggle_button_get_active(cast(self.custom)) != 0 else { return }
            self.setCustom()
        }
        connect(noGoal, "toggled") { [weak self] in
            guard let self, !self.updating, gtk_toggle_button_get_active(cast(self.noGoal)) != 0 else { return }
            self.choose(0)
        }
    }

    /// A flat toggle button: the title, and under it the detail, dim.
    private static func choiceButton(title: String, detail: String?) -> UnsafeMutablePointer<GtkWidget> {
        let button: UnsafeMutablePointer<GtkWidget> = gtk_toggle_button_new()
        gtk_widget_add_css_class(button, "flat")
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 3)
        let heading = gtk_label_new(title)
        gtk_label_set_xalign(opaque(heading), 0)
        gtk_widget_add_css_class(heading, "heading")
        gtk_box_append(cast(box), heading)
        if let detail {
            let text = gtk_label_new(detail)
            gtk_label_set_wrap(opaque(text), 1)
            gtk_label_set_xalign(opaque(text), 0)
            gtk_widget_add_css_class(text, "dim-label")
            gtk_box_append(cast(box), text)
        }
        gtk_button_set_child(cast(button), box)
        setAccessibleLabel(button, title)
        return button
    }

    private func setCustom() {
        let text = String(cString: gtk_editable_get_text(opaque(customEntry)))
        guard let seconds = Format.parseDuration(text), Limits.goalSeconds.contains(seconds) else {
            invalid(tr("A goal is 1 minute to 7 days: write it like 16h, 15h30m or 15:30."))
            return
        }
        choose(seconds)
    }

    func show(_ page: GoalPage) {
        updating = true
        defer { updating = false }
        gtk_label_set_text(opaque(current), page.current)
        let key = page.presets.map { $0.title + $0.subtitle }
        if key != presetKey { rebuild(page) }
        for (choice, entry) in zip(page.presets, presetButtons) where choice.selected {
            gtk_toggle_button_set_active(cast(entry.button), 1)
        }
        if page.customSelected {
            gtk_toggle_button_set_active(cast(custom), 1)
            gtk_editable_set_text(opaque(customEntry), Format.hoursMinutes(seconds: page.customHours * 3600 + page.customMinutes * 60))
        }
        if page.noGoalSelected { gtk_toggle_button_set_active(cast(noGoal), 1) }
    }

    /// The presets anew, as isletd lists them (in the user's language).
    private func rebuild(_ page: GoalPage) {
        for entry in presetButtons { gtk_box_remove(cast(choices), entry.button) }
        presetButtons = []
        presetKey = page.presets.map { $0.title + $0.subtitle }
        for choice in page.presets {
            let button = GoalView.choiceButton(title: choice.title, detail: choice.subtitle)
            gtk_toggle_button_set_group(cast(button), cast(custom))
            gtk_box_append(cast(choices), button)
            let seconds = choice.goalSeconds
            connect(button, "toggled") { [weak self] in
                guard let self, !self.updating, gtk_toggle_button_get_active(cast(button)) != 0 else { return }
                self.choose(seconds)
            }
            presetButtons.append((button, seconds))
        }
    }
}
