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

/// The Fast page's widgets, read at a glance: the ring (``FastRing``) with one large time and
/// the goal line inside; under it, while a fast runs, when it started and when its goal is met,
/// each changed in place (the button beside it opens the field or the choices); the stage when
/// stages are shown; the eating window while not fasting; the one prominent Start / Stop, a
/// split button whose other half holds "Started Earlier…" or "Stopped Earlier…". `show` puts a
/// ``FastModel`` on them.
final class FastView {
    let root: UnsafeMutablePointer<GtkWidget>
    private let ring = FastRing()
    private let elapsed: UnsafeMutablePointer<GtkWidget>
    private let goalLine: UnsafeMutablePointer<GtkWidget>
    private let goalLabel: UnsafeMutablePointer<GtkWidget>
    private let stageLine: UnsafeMutablePointer<GtkWidget>
    private let stageCaveat: UnsafeMutablePointer<GtkWidget>
    private let eatingLine: UnsafeMutablePointer<GtkWidget>
    private let hint: UnsafeMutablePointer<GtkWidget>
    /// Start Fast / Stop Fast, and the arrow beside it.
    let button: UnsafeMutablePointer<GtkWidget>
    /// The arrow's popover: "how long ago" before a fast, "when it ended" during one. The three
    /// popovers are made when first opened (built with the page, they were 1 ms of the start:
    /// bench/RESULTS.md), and given the page shown last.
    private var dropdown: Dropdown?
    private struct Dropdown {
        let earlierStart, earlierStop, earlierEntry, stopEntry: UnsafeMutablePointer<GtkWidget>
    }
    /// Fasting: Started and Goal, each with its value and its button; the goal's length under it.
    private let times: UnsafeMutablePointer<GtkWidget>
    private let startedValue: UnsafeMutablePointer<GtkWidget>
    private let goalValue: UnsafeMutablePointer<GtkWidget>
    private let goalLength: UnsafeMutablePointer<GtkWidget>
    private var startEntry: UnsafeMutablePointer<GtkWidget>?
    /// Fasting: this fast's goal, changed at once (DI-006 B), in the Goal's popover.
    private var goalChoicesBox: UnsafeMutablePointer<GtkWidget>?
    private var goalPopover: UnsafeMutablePointer<GtkWidget>?
    private var goalButtons: [(button: UnsafeMutablePointer<GtkWidget>, seconds: UInt64)] = []
    private var updating = false
    private var shown: FastModel?
    private let request: (FastRequest) -> Void

    init(request: @escaping (FastRequest) -> Void) {
        self.request = request
        let (page, content) = scrollingPage(spacing: 12)
        root = page
        elapsed = gtk_label_new("00:00:00")
        goalLine = gtk_label_new("")
        goalLabel = gtk_label_new("")
        stageLine = gtk_label_new("")
        stageCaveat = gtk_label_new("")
        eatingLine = gtk_label_new("")
        hint = gtk_label_new("")
        gtk_widget_add_css_class(elapsed, "title-1")
        gtk_widget_add_css_class(elapsed, "numeric")
        // One large time, a third larger than a title, at any font size.
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_scale_new(1.35))
        gtk_label_set_attributes(opaque(elapsed), attributes)
        pango_attr_list_unref(attributes)
        gtk_widget_add_css_class(goalLine, "numeric")
        for label in [goalLabel, hint, stageCaveat] { gtk_widget_add_css_class(label, "dim-label") }
        gtk_widget_add_css_class(stageCaveat, "caption")
        for label in [stageLine, stageCaveat, eatingLine, hint] {
            gtk_label_set_wrap(opaque(label), 1)
            gtk_label_set_justify(opaque(label), GTK_JUSTIFY_CENTER)
        }
        // The time and the goal line inside the ring.
        let centre = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
        gtk_box_append(cast(centre), elapsed)
        gtk_box_append(cast(centre), goalLine)
        gtk_widget_set_halign(centre, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(centre, GTK_ALIGN_CENTER)
        let overlay = gtk_overlay_new()
        gtk_overlay_set_child(opaque(overlay), ring.root)
        gtk_overlay_add_overlay(opaque(overlay), centre)
        gtk_widget_set_halign(overlay, GTK_ALIGN_CENTER)

        // Started and Goal under the ring, side by side as fasting apps show them: a caption,
        // the clock time and the button that changes it, on the page itself (no card: a card's
        // shadows cost software rendering 4 MiB, bench/RESULTS.md session 38).
        let times: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 18)
        self.times = times
        gtk_widget_set_halign(times, GTK_ALIGN_CENTER)
        func timeColumn(_ title: String, _ editName: String) -> (
            value: UnsafeMutablePointer<GtkWidget>, note: UnsafeMutablePointer<GtkWidget>, edit: UnsafeMutablePointer<GtkWidget>
        ) {
            let column: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
            let caption: UnsafeMutablePointer<GtkWidget> = gtk_label_new(title)
            gtk_widget_add_css_class(caption, "caption-heading")
            let line: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2)
            gtk_widget_set_halign(line, GTK_ALIGN_CENTER)
            let value: UnsafeMutablePointer<GtkWidget> = gtk_label_new("")
            // Bold at the text's own size: "Tomorrow 10:41" and its button beside "Today
            // 18:41" and its button fit a phone's 360 px.
            gtk_widget_add_css_class(value, "heading")
            gtk_widget_add_css_class(value, "numeric")
            let edit: UnsafeMutablePointer<GtkWidget> = gtk_menu_button_new()
            gtk_menu_button_set_icon_name(opaque(edit), "document-edit-symbolic")
            gtk_widget_add_css_class(edit, "flat")
            gtk_widget_set_valign(edit, GTK_ALIGN_CENTER)
            gtk_widget_set_tooltip_text(edit, editName)
            setAccessibleLabel(edit, editName)
            gtk_box_append(cast(line), value)
            gtk_box_append(cast(line), edit)
            let note: UnsafeMutablePointer<GtkWidget> = gtk_label_new("")
            for label in [caption, note] { gtk_widget_add_css_class(label, "dim-label") }
            gtk_widget_set_visible(note, 0)
            for widget in [caption, line, note] { gtk_box_append(cast(column), widget) }
            gtk_box_append(cast(times), column)
            return (value, note, edit)
        }
        let started = timeColumn(tr("Started"), tr("Change When the Fast Started"))
        startedValue = started.value
        let goal = timeColumn(tr("Goal"), tr("Change This Fast's Goal"))
        (goalValue, goalLength) = (goal.value, goal.note)

        // Start / Stop, its arrow holding the earlier start or the earlier stop.
        button = adw_split_button_new()
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        for widget in [overlay, goalLabel, times, stageLine, stageCaveat, eatingLine, hint, button] {
            gtk_box_append(cast(content), widget)
        }
        gtk_widget_set_margin_top(button, 6)
        popoverWhenFirstOpened(started.edit) { [weak self] in self?.makeStartPopover(started.edit) }
        popoverWhenFirstOpened(goal.edit) { [weak self] in self?.makeGoalPopover(goal.edit) }
        if let arrow = descendant(of: button, type: gtk_menu_button_get_type()) {
            self.arrow = arrow
            popoverWhenFirstOpened(arrow) { [weak self] in self?.makeDropdown() }
        } else {
            makeDropdown()
        }
    }

    /// A popover's box.
    private func popoverBox(_ popover: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let box: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
        setMargins(box, 6)
        gtk_popover_set_child(cast(popover), box)
        return box
    }

    /// A field in a popover and its button: pressed (or Enter), the popover closes and the
    /// text goes to `request` as `asked` makes it.
    private func field(
        _ placeholder: String, _ name: String, _ action: String, in box: UnsafeMutablePointer<GtkWidget>,
        closing popover: UnsafeMutablePointer<GtkWidget>, _ asked: @escaping (String) -> FastRequest
    ) -> UnsafeMutablePointer<GtkWidget> {
        let entry: UnsafeMutablePointer<GtkWidget> = gtk_entry_new()
        gtk_entry_set_placeholder_text(cast(entry), placeholder)
        setAccessibleLabel(entry, name)
        gtk_editable_set_width_chars(opaque(entry), 18)
        let go: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label(action)
        gtk_widget_add_css_class(go, "suggested-action")
        gtk_box_append(cast(box), startLabel(name, heading: true))
        gtk_box_append(cast(box), entry)
        gtk_box_append(cast(box), go)
        let request = request
        let send = {
            gtk_popover_popdown(cast(popover))
            request(asked(String(cString: gtk_editable_get_text(opaque(entry)))))
        }
        connect(go, "clicked", send)
        connect(entry, "activate", send)
        return entry
    }

    /// Started's popover: when the fast really started.
    private func makeStartPopover(_ edit: UnsafeMutablePointer<GtkWidget>) {
        let popover: UnsafeMutablePointer<GtkWidget> = gtk_popover_new()
        startEntry = field(
            tr("19:30 or 2h ago"), tr("When the fast really started"), tr("Change Start"), in: popoverBox(popover), closing: popover
        ) { .moveStart($0) }
        if let shown { showPopovers(shown) }
        gtk_menu_button_set_popover(opaque(edit), popover)
    }

    /// Goal's popover: this fast's goal, one of the choices.
    private func makeGoalPopover(_ edit: UnsafeMutablePointer<GtkWidget>) {
        let popover: UnsafeMutablePointer<GtkWidget> = gtk_popover_new()
        goalPopover = popover
        let box = popoverBox(popover)
        gtk_box_append(cast(box), startLabel(tr("This Fast's Goal"), heading: true))
        // A flow box: at a phone's width the five choices take two lines.
        let choices: UnsafeMutablePointer<GtkWidget> = gtk_flow_box_new()
        goalChoicesBox = choices
        gtk_flow_box_set_selection_mode(opaque(choices), GTK_SELECTION_NONE)
        gtk_flow_box_set_max_children_per_line(opaque(choices), 5)
        gtk_flow_box_set_min_children_per_line(opaque(choices), 3)
        gtk_flow_box_set_column_spacing(opaque(choices), 6)
        gtk_flow_box_set_row_spacing(opaque(choices), 6)
        gtk_flow_box_set_homogeneous(opaque(choices), 1)
        gtk_box_append(cast(box), choices)
        if let shown { showPopovers(shown) }
        gtk_menu_button_set_popover(opaque(edit), popover)
    }

    /// The split button's popover: the earlier start before a fast, the earlier stop during one.
    private func makeDropdown() {
        let popover: UnsafeMutablePointer<GtkWidget> = gtk_popover_new()
        let box = popoverBox(popover)
        let earlierStart: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
        let earlierStop: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
        gtk_box_append(cast(box), earlierStart)
        gtk_box_append(cast(box), earlierStop)
        let earlierEntry = field(
            tr("2h or 1h30m"), tr("How long ago the fast began"), tr("Start Earlier"), in: earlierStart, closing: popover
        ) { .startEarlier($0) }
        let stopEntry = field(tr("11:30 or 30m ago"), tr("When the fast really ended"), tr("Stop at That Time"), in: earlierStop, closing: popover) {
            .stopAt($0)
        }
        dropdown = Dropdown(earlierStart: earlierStart, earlierStop: earlierStop, earlierEntry: earlierEntry, stopEntry: stopEntry)
        if let shown { showPopovers(shown) }
        adw_split_button_set_popover(opaque(button), cast(popover))
    }

    /// The split button's arrow (a menu button inside it), named for a screen reader.
    private var arrow: UnsafeMutablePointer<GtkWidget>?

    /// `page` on the popovers made so far: the earlier start or the earlier stop, the fields
    /// emptied that the other state would show, and the goal choices of a running fast (made
    /// once: their labels do not change) with the one in force chosen.
    private func showPopovers(_ page: FastModel) {
        if let dropdown {
            gtk_widget_set_visible(dropdown.earlierStart, page.buttonStops ? 0 : 1)
            gtk_widget_set_visible(dropdown.earlierStop, page.buttonStops ? 1 : 0)
            gtk_editable_set_text(opaque(page.buttonStops ? dropdown.earlierEntry : dropdown.stopEntry), "")
        }
        if !page.buttonStops, let startEntry { gtk_editable_set_text(opaque(startEntry), "") }
        guard let goalChoicesBox else { return }
        updating = true
        defer { updating = false }
        goalChoices(page.goalChoices, in: goalChoicesBox)
        for (choice, entry) in zip(page.goalChoices, goalButtons) where choice.selected {
            gtk_toggle_button_set_active(cast(entry.button), 1)
        }
    }

    private func goalChoices(_ choices: [FastModel.GoalChoice], in goalChoicesBox: UnsafeMutablePointer<GtkWidget>) {
        guard goalButtons.count != choices.count else { return }
        var first: UnsafeMutablePointer<GtkWidget>?
        for choice in choices {
            let toggle: UnsafeMutablePointer<GtkWidget> = gtk_toggle_button_new_with_label(choice.label)
            setAccessibleLabel(toggle, choice.name)
            gtk_widget_set_tooltip_text(toggle, choice.name)
            if let first { gtk_toggle_button_set_group(cast(toggle), cast(first)) } else { first = toggle }
            gtk_flow_box_append(opaque(goalChoicesBox), toggle)
            let seconds = choice.seconds
            connect(toggle, "toggled") { [weak self] in
                guard let self, !self.updating, gtk_toggle_button_get_active(cast(toggle)) != 0 else { return }
                if let popover = self.goalPopover { gtk_popover_popdown(cast(popover)) }
                self.request(.goal(seconds))
            }
            goalButtons.append((toggle, seconds))
        }
    }

    func show(_ page: FastModel) {
        ring.show(page)
        func text(_ label: UnsafeMutablePointer<GtkWidget>, _ value: String?) {
            gtk_label_set_text(opaque(label), value ?? "")
            gtk_widget_set_visible(label, value == nil ? 0 : 1)
        }
        gtk_label_set_text(opaque(elapsed), page.elapsed)
        text(goalLine, page.goalLine)
        // Before a fast, the goal it will take; during one, the Goal column under the ring says it.
        text(goalLabel, page.buttonStops || page.goalLabel.isEmpty ? nil : page.goalLabel)
        gtk_widget_set_visible(times, page.buttonStops ? 1 : 0)
        gtk_label_set_text(opaque(startedValue), page.startedWhen ?? "")
        gtk_label_set_text(opaque(goalValue), page.goalWhen ?? tr("None"))
        text(goalLength, page.goalLength)
        text(stageLine, page.stageLine)
        text(stageCaveat, page.stageCaveat)
        text(eatingLine, page.eatingLine)
        text(hint, page.hint)
        adw_split_button_set_label(opaque(button), page.buttonLabel)
        gtk_widget_remove_css_class(button, page.buttonStops ? "suggested-action" : "destructive-action")
        gtk_widget_add_css_class(button, page.buttonStops ? "destructive-action" : "suggested-action")
        let more = page.buttonStops ? tr("Stopped Earlier…") : tr("Started Earlier…")
        adw_split_button_set_dropdown_tooltip(opaque(button), more)
        if let arrow { setAccessibleLabel(arrow, more) }
        shown = page
        showPopovers(page)
    }
}
