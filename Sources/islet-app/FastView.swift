import CAdw
import IsletAppModel
import Translation

/// What the Fast page asks for, besides Start / Stop.
enum FastRequest {
    /// Not fasting: "I started 2 hours ago".
    case startEarlier(String)
    /// This fast's goal (DI-006 B), 0: none.
    case goal(UInt64)
    /// Fasting: the start was another time ("19:30", "2h ago").
    case moveStart(String)
    /// Fasting: stop at an earlier time ("I ate at 11:30").
    case stopAt(String)
}

/// The Fast page's widgets: the ring (``FastRing``) with the time fasted and the goal line
/// inside; the goal as a clock time, the goal, the stage when stages are shown, the eating
/// window while not fasting; the one prominent Start / Stop button; "Fix Times" for a running
/// fast (its start moved, a stop at an earlier time). `show` puts a ``FastPage`` on them.
final class FastView {
    let root: UnsafeMutablePointer<GtkWidget>
    private let ring = FastRing()
    private let elapsed: UnsafeMutablePointer<GtkWidget>
    private let goalLine: UnsafeMutablePointer<GtkWidget>
    private let goalAt: UnsafeMutablePointer<GtkWidget>
    private let goalLabel: UnsafeMutablePointer<GtkWidget>
    private let stageLine: UnsafeMutablePointer<GtkWidget>
    private let stageCaveat: UnsafeMutablePointer<GtkWidget>
    private let eatingLine: UnsafeMutablePointer<GtkWidget>
    private let hint: UnsafeMutablePointer<GtkWidget>
    let button: UnsafeMutablePointer<GtkWidget>
    /// Not fasting: "I started earlier" (how long ago, and a button).
    private let earlierRow: UnsafeMutablePointer<GtkWidget>
    private let earlierEntry: UnsafeMutablePointer<GtkWidget>
    /// Fasting: this fast's goal, changed at once (DI-006 B).
    private let goalRow: UnsafeMutablePointer<GtkWidget>
    private var goalButtons: [(button: UnsafeMutablePointer<GtkWidget>, seconds: UInt64)] = []
    /// Fasting: "Fix Times" opens the start and stop fields.
    private let fixToggle: UnsafeMutablePointer<GtkWidget>
    private let fixBox: UnsafeMutablePointer<GtkWidget>
    private let startEntry: UnsafeMutablePointer<GtkWidget>
    private let stopEntry: UnsafeMutablePointer<GtkWidget>
    private var updating = false
    private let request: (FastRequest) -> Void

    init(request: @escaping (FastRequest) -> Void) {
        self.request = request
        let (page, content) = scrollingPage(spacing: 10)
        root = page
        elapsed = gtk_label_new("00:00:00")
        goalLine = gtk_label_new("")
        goalAt = gtk_label_new("")
        goalLabel = gtk_label_new("")
        stageLine = gtk_label_new("")
        stageCaveat = gtk_label_new("")
        eatingLine = gtk_label_new("")
        hint = gtk_label_new("")
        button = gtk_button_new_with_label("")
        gtk_widget_add_css_class(elapsed, "title-1")
        gtk_widget_add_css_class(elapsed, "numeric")
        gtk_widget_add_css_class(goalLine, "numeric")
        gtk_widget_add_css_class(goalAt, "title-4")
        for label in [goalLabel, hint, stageCaveat] { gtk_widget_add_css_class(label, "dim-label") }
        gtk_widget_add_css_class(stageCaveat, "caption")
        gtk_widget_add_css_class(eatingLine, "title-4")
        for label in [stageLine, stageCaveat, eatingLine, hint] {
            gtk_label_set_wrap(opaque(label), 1)
            gtk_label_set_justify(opaque(label), GTK_JUSTIFY_CENTER)
        }
        gtk_widget_add_css_class(button, "pill")
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        // The time fasted and the goal line inside the ring.
        let centre = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
        gtk_box_append(cast(centre), elapsed)
        gtk_box_append(cast(centre), goalLine)
        gtk_widget_set_halign(centre, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(centre, GTK_ALIGN_CENTER)
        let overlay = gtk_overlay_new()
        gtk_overlay_set_child(opaque(overlay), ring.root)
        gtk_overlay_add_overlay(opaque(overlay), centre)
        gtk_widget_set_halign(overlay, GTK_ALIGN_CENTER)
        earlierRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        earlierEntry = gtk_entry_new()
        gtk_entry_set_placeholder_text(cast(earlierEntry), tr("Began earlier? e.g. 2h"))
        setAccessibleLabel(earlierEntry, tr("How long ago the fast began"))
        gtk_editable_set_width_chars(opaque(earlierEntry), 18)
        let earlierButton = gtk_button_new_with_label(tr("Start Earlier"))
        gtk_box_append(cast(earlierRow), earlierEntry)
        gtk_box_append(cast(earlierRow), earlierButton)
        gtk_widget_set_halign(earlierRow, GTK_ALIGN_CENTER)
        // A flow box: at a phone's width (360 px) the five choices take two lines.
        goalRow = gtk_flow_box_new()
        gtk_flow_box_set_selection_mode(opaque(goalRow), GTK_SELECTION_NONE)
        gtk_flow_box_set_max_children_per_line(opaque(goalRow), 5)
        gtk_flow_box_set_min_children_per_line(opaque(goalRow), 3)
        gtk_flow_box_set_column_spacing(opaque(goalRow), 6)
        gtk_flow_box_set_row_spacing(opaque(goalRow), 6)
        gtk_flow_box_set_homogeneous(opaque(goalRow), 1)
        gtk_widget_set_halign(goalRow, GTK_ALIGN_CENTER)
        // Fix Times: two fields, each with its button, shown on demand.
        fixToggle = gtk_toggle_button_new_with_label(tr("Fix Times…"))
        gtk_widget_add_css_class(fixToggle, "flat")
        gtk_widget_set_halign(fixToggle, GTK_ALIGN_CENTER)
        let fixBox: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        self.fixBox = fixBox
        gtk_widget_set_halign(fixBox, GTK_ALIGN_CENTER)
        func field(_ placeholder: String, _ name: String, _ action: String) -> (UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkWidget>) {
            let row: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
            let entry: UnsafeMutablePointer<GtkWidget> = gtk_entry_new()
            gtk_entry_set_placeholder_text(cast(entry), placeholder)
            setAccessibleLabel(entry, name)
            gtk_editable_set_width_chars(opaque(entry), 16)
            let go: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label(action)
            gtk_box_append(cast(row), entry)
            gtk_box_append(cast(row), go)
            gtk_box_append(cast(fixBox), row)
            return (entry, go)
        }
        let (start, startButton) = field(tr("Started at, e.g. 19:30"), tr("When the fast really started"), tr("Change Start"))
        let (stop, stopButton) = field(tr("Ate at, e.g. 11:30"), tr("When the fast really ended"), tr("Stop at That Time"))
        startEntry = start
        stopEntry = stop
        gtk_widget_set_visible(fixBox, 0)
        for widget in [overlay, goalAt, goalLabel, stageLine, stageCaveat, eatingLine, goalRow, hint, button, earlierRow, fixToggle, fixBox] {
            gtk_box_append(cast(content), widget)
        }
        let read = { [earlierEntry] in request(.startEarlier(String(cString: gtk_editable_get_text(opaque(earlierEntry))))) }
        connect(earlierButton, "clicked", read)
        connect(earlierEntry, "activate", read)
        let move = { [startEntry] in request(.moveStart(String(cString: gtk_editable_get_text(opaque(startEntry))))) }
        connect(startButton, "clicked", move)
        connect(startEntry, "activate", move)
        let stopAt = { [stopEntry] in request(.stopAt(String(cString: gtk_editable_get_text(opaque(stopEntry))))) }
        connect(stopButton, "clicked", stopAt)
        connect(stopEntry, "activate", stopAt)
        connect(fixToggle, "toggled") { [fixToggle, fixBox] in
            gtk_widget_set_visible(fixBox, gtk_toggle_button_get_active(cast(fixToggle)))
        }
    }

    /// The goal choices of a running fast, made once (their labels do not change).
    private func goalChoices(_ choices: [FastPage.GoalChoice]) {
        guard goalButtons.count != choices.count else { return }
        var first: UnsafeMutablePointer<GtkWidget>?
        for choice in choices {
            let toggle: UnsafeMutablePointer<GtkWidget> = gtk_toggle_button_new_with_label(choice.label)
            setAccessibleLabel(toggle, choice.name)
            gtk_widget_set_tooltip_text(toggle, choice.name)
            if let first { gtk_toggle_button_set_group(cast(toggle), cast(first)) } else { first = toggle }
            gtk_flow_box_append(opaque(goalRow), toggle)
            let seconds = choice.seconds
            connect(toggle, "toggled") { [weak self] in
                guard let self, !self.updating, gtk_toggle_button_get_active(cast(toggle)) != 0 else { return }
                self.request(.goal(seconds))
            }
            goalButtons.append((toggle, seconds))
        }
    }

    func show(_ page: FastPage) {
        ring.show(page)
        func text(_ label: UnsafeMutablePointer<GtkWidget>, _ value: String?) {
            gtk_label_set_text(opaque(label), value ?? "")
            gtk_widget_set_visible(label, value == nil ? 0 : 1)
        }
        gtk_label_set_text(opaque(elapsed), page.elapsed)
        text(goalLine, page.goalLine)
        text(goalAt, page.goalAt)
        gtk_label_set_text(opaque(goalLabel), page.goalLabel)
        text(stageLine, page.stageLine)
        text(stageCaveat, page.stageCaveat)
        text(eatingLine, page.eatingLine)
        text(hint, page.hint)
        gtk_button_set_label(cast(button), page.buttonLabel)
        gtk_widget_remove_css_class(button, page.buttonStops ? "suggested-action" : "destructive-action")
        gtk_widget_add_css_class(button, page.buttonStops ? "destructive-action" : "suggested-action")
        gtk_widget_set_visible(earlierRow, page.buttonStops ? 0 : 1)
        gtk_widget_set_visible(fixToggle, page.buttonStops ? 1 : 0)
        gtk_widget_set_visible(goalRow, page.goalChoices.isEmpty ? 0 : 1)
        updating = true
        defer { updating = false }
        goalChoices(page.goalChoices)
        for (choice, entry) in zip(page.goalChoices, goalButtons) where choice.selected {
            gtk_toggle_button_set_active(cast(entry.button), 1)
        }
        if !page.buttonStops {
            gtk_editable_set_text(opaque(earlierEntry), "")
            // A fast that ended closes its fields, empty.
            gtk_toggle_button_set_active(cast(fixToggle), 0)
            gtk_editable_set_text(opaque(startEntry), "")
            gtk_editable_set_text(opaque(stopEntry), "")
        }
    }
}
