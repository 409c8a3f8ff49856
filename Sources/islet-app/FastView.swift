import CAdw
import IsletAppModel
import Translation

/// The Fast page's widgets: the time fasted, large; the goal line and a progress bar; the goal;
/// the hint; the one prominent Start / Stop button. `show` puts a ``FastPage`` on them.
final class FastView {
    let root: UnsafeMutablePointer<GtkWidget>
    private let elapsed: UnsafeMutablePointer<GtkWidget>
    private let goalLine: UnsafeMutablePointer<GtkWidget>
    private let progress: UnsafeMutablePointer<GtkWidget>
    private let goalLabel: UnsafeMutablePointer<GtkWidget>
    private let hint: UnsafeMutablePointer<GtkWidget>
    let button: UnsafeMutablePointer<GtkWidget>
    /// Not fasting: "I started earlier" (how long ago, and a button).
    private let earlierRow: UnsafeMutablePointer<GtkWidget>
    private let earlierEntry: UnsafeMutablePointer<GtkWidget>
    /// Fasting: this fast's goal, changed at once (DI-006 B).
    private let goalRow: UnsafeMutablePointer<GtkWidget>
    private var goalButtons: [(button: UnsafeMutablePointer<GtkWidget>, seconds: UInt64)] = []
    private var updating = false

    init(startEarlier: @escaping (String) -> Void, chooseGoal: @escaping (UInt64) -> Void) {
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        elapsed = gtk_label_new("00:00:00")
        goalLine = gtk_label_new("")
        progress = gtk_progress_bar_new()
        goalLabel = gtk_label_new("")
        hint = gtk_label_new("")
        button = gtk_button_new_with_label("")
        gtk_widget_add_css_class(elapsed, "title-1")
        gtk_widget_add_css_class(elapsed, "numeric")
        gtk_widget_add_css_class(goalLine, "title-4")
        gtk_widget_add_css_class(goalLabel, "dim-label")
        gtk_widget_add_css_class(hint, "dim-label")
        gtk_widget_add_css_class(button, "pill")
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        gtk_widget_set_size_request(progress, 240, -1)
        gtk_widget_set_halign(progress, GTK_ALIGN_CENTER)
        setMargins(root, 36)
        gtk_widget_set_valign(root, GTK_ALIGN_CENTER)
        earlierRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        earlierEntry = gtk_entry_new()
        gtk_entry_set_placeholder_text(cast(earlierEntry), tr("Began earlier? e.g. 2h"))
        setAccessibleLabel(earlierEntry, tr("How long ago the fast began"))
        gtk_editable_set_width_chars(opaque(earlierEntry), 18)
        let earlierButton = gtk_button_new_with_label(tr("Start Earlier"))
        gtk_box_append(cast(earlierRow), earlierEntry)
        gtk_box_append(cast(earlierRow), earlierButton)
        gtk_widget_set_halign(earlierRow, GTK_ALIGN_CENTER)
        goalRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        gtk_widget_add_css_class(goalRow, "linked")
        gtk_widget_set_halign(goalRow, GTK_ALIGN_CENTER)
        let box = cast(root, to: GtkBox.self)
        for widget in [elapsed, goalLine, progress, goalLabel, goalRow, hint, button, earlierRow] { gtk_box_append(box, widget) }
        let read = { [earlierEntry] in startEarlier(String(cString: gtk_editable_get_text(opaque(earlierEntry)))) }
        connect(earlierButton, "clicked", read)
        connect(earlierEntry, "activate", read)
        self.chooseGoal = chooseGoal
    }

    private let chooseGoal: (UInt64) -> Void

    /// The goal choices of a running fast, made once (their labels do not change).
    private func goalChoices(_ choices: [FastPage.GoalChoice]) {
        guard goalButtons.count != choices.count else { return }
        var first: UnsafeMutablePointer<GtkWidget>?
        for choice in choices {
            let toggle: UnsafeMutablePointer<GtkWidget> = gtk_toggle_button_new_with_label(choice.label)
            setAccessibleLabel(toggle, choice.name)
            gtk_widget_set_tooltip_text(toggle, choice.name)
            if let first { gtk_toggle_button_set_group(cast(toggle), cast(first)) } else { first = toggle }
            gtk_box_append(cast(goalRow), toggle)
            let seconds = choice.seconds
            connect(toggle, "toggled") { [weak self] in
                guard let self, !self.updating, gtk_toggle_button_get_active(cast(toggle)) != 0 else { return }
                self.chooseGoal(seconds)
            }
            goalButtons.append((toggle, seconds))
        }
    }

    func show(_ page: FastPage) {
        gtk_label_set_text(opaque(elapsed), page.elapsed)
        gtk_label_set_text(opaque(goalLine), page.goalLine ?? "")
        gtk_widget_set_visible(goalLine, page.goalLine == nil ? 0 : 1)
        gtk_progress_bar_set_fraction(opaque(progress), page.progress ?? 0)
        gtk_widget_set_visible(progress, page.progress == nil ? 0 : 1)
        gtk_label_set_text(opaque(goalLabel), page.goalLabel)
        gtk_label_set_text(opaque(hint), page.hint ?? "")
        gtk_widget_set_visible(hint, page.hint == nil ? 0 : 1)
        gtk_button_set_label(cast(button), page.buttonLabel)
        gtk_widget_remove_css_class(button, page.buttonStops ? "suggested-action" : "destructive-action")
        gtk_widget_add_css_class(button, page.buttonStops ? "destructive-action" : "suggested-action")
        gtk_widget_set_visible(earlierRow, page.buttonStops ? 0 : 1)
        gtk_widget_set_visible(goalRow, page.goalChoices.isEmpty ? 0 : 1)
        updating = true
        defer { updating = false }
        goalChoices(page.goalChoices)
        for (choice, entry) in zip(page.goalChoices, goalButtons) where choice.selected {
            gtk_toggle_button_set_active(cast(entry.button), 1)
        }
        if !page.buttonStops { gtk_editable_set_text(opaque(earlierEntry), "") }
    }
}
