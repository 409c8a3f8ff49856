import CAdw
import IsletAppModel
import IsletCore
import Translation

/// What the Timers page asks of isletd.
enum TimerRequest: Sendable {
    case start(TimersModel.Plan)
    /// The timer of this owner: the app's own, or another program's shown on the page.
    case pause(owner: String)
    case resume(owner: String)
    case extend(owner: String)
    case stop(owner: String)
    /// A button another program's activity offers (a song's Pause): it reaches the program.
    case act(activityID: String, action: String)
}

/// The Timers page's widgets: which activity is shown live, another program's activity on the
/// island (``ProgramCard``), the timers other programs run (a card each, with its controls), then a card for each of the app's timers (the Live
/// Activities spec's tabs), as GNOME Clocks does it: idle, the plans it starts with (presets,
/// and one written by hand, with its one Start); running, its time, phase and progress with
/// Pause/Resume, +1 min and Stop, and nothing that does not apply. Every button is named for
/// its timer, so a screen reader says "Pause Workout", not "Pause".
final class TimersView {
    let root: UnsafeMutablePointer<GtkWidget>
    private let island: UnsafeMutablePointer<GtkWidget>
    /// Another program's activity on the island, with its buttons.
    private var program: ProgramCard?
    private var cards: [TimersModel.Kind: CardWidgets] = [:]
    /// Other programs' timers: their cards' box, and the cards by owner, in the page's order.
    private let othersBox: UnsafeMutablePointer<GtkWidget>
    private var others: [(owner: String, heading: String, widgets: CardWidgets)] = []
    private let request: (TimerRequest) -> Void
    private let invalid: (String) -> Void

    private struct CardWidgets {
        let time: UnsafeMutablePointer<GtkWidget>?
        let detail: UnsafeMutablePointer<GtkWidget>?
        let badge: UnsafeMutablePointer<GtkWidget>?
        let progress: UnsafeMutablePointer<GtkWidget>?
        /// The running timer's part, and the idle one's (its plans).
        let running: UnsafeMutablePointer<GtkWidget>?
        let setup: UnsafeMutablePointer<GtkWidget>?
        let pause: UnsafeMutablePointer<GtkWidget>?
        let extend: UnsafeMutablePointer<GtkWidget>?
        let stop: UnsafeMutablePointer<GtkWidget>?
    }

    init(request: @escaping (TimerRequest) -> Void, invalid: @escaping (String) -> Void) {
        self.request = request
        self.invalid = invalid
        let (root, content) = scrollingPage(spacing: 18)
        self.root = root
        island = gtk_label_new("")
        gtk_widget_add_css_class(island, "title-4")
        gtk_label_set_wrap(opaque(island), 1)
        gtk_box_append(cast(content), island)
        let program = ProgramCard(press: { id, word in request(.act(activityID: id, action: word)) })
        gtk_box_append(cast(content), program.root)
        self.program = program
        othersBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)
        gtk_widget_set_visible(othersBox, 0)
        gtk_box_append(cast(content), othersBox)
        for kind in TimersModel.Kind.allCases {
            let (frame, widgets) = card(owner: kind.owner, heading: kind.name, kind: kind)
            cards[kind] = widgets
            gtk_box_append(cast(content), frame)
        }
    }

    /// A timer's card: the app's own of `kind` (with its plans), or another program's (nil).
    private func card(owner: String, heading name: String, kind: TimersModel.Kind?) -> (UnsafeMutablePointer<GtkWidget>, CardWidgets) {
        let (frame, inner) = islet_app.card()
        // The heading, and a mark when this timer is on the island.
        let top = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)
        let heading = gtk_label_new(name)
        gtk_widget_add_css_class(heading, "heading")
        gtk_label_set_xalign(opaque(heading), 0)
        gtk_widget_set_hexpand(heading, 1)
        let badge = gtk_label_new(tr("Shown Live"))
        gtk_widget_add_css_class(badge, "accent")
        gtk_box_append(cast(top), heading)
        gtk_box_append(cast(top), badge)
        gtk_box_append(cast(inner), top)
        // The time, what phase, the progress; and the controls of a running timer.
        let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
        gtk_widget_set_hexpand(texts, 1)
        let time = gtk_label_new("")
        gtk_widget_add_css_class(time, "title-2")
        gtk_widget_add_css_class(time, "numeric")
        gtk_label_set_xalign(opaque(time), 0)
        let detail = gtk_label_new("")
        gtk_widget_add_css_class(detail, "dim-label")
        gtk_label_set_xalign(opaque(detail), 0)
        gtk_box_append(cast(texts), time)
        gtk_box_append(cast(texts), detail)
        gtk_box_append(cast(line), texts)
        let pause = iconButton("media-playback-pause-symbolic", tr("Pause %s", name))
        let extend = gtk_button_new_with_label(tr("+1 min"))
        setAccessibleLabel(extend, tr("Add a minute to %s", name))
        let stop = iconButton("media-playback-stop-symbolic", tr("Stop %s", name))
        for button in [pause, extend, stop] {
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            gtk_box_append(cast(line), button)
        }
        let running = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
        gtk_box_append(cast(running), line)
        let progress = gtk_progress_bar_new()
        gtk_box_append(cast(running), progress)
        gtk_box_append(cast(inner), running)
        connect(pause, "clicked") { [weak self] in
            guard let self else { return }
            let paused = gtk_widget_has_css_class(pause, "paused") != 0
            self.request(paused ? .resume(owner: owner) : .pause(owner: owner))
        }
        connect(extend, "clicked") { [weak self] in self?.request(.extend(owner: owner)) }
        connect(stop, "clicked") { [weak self] in self?.request(.stop(owner: owner)) }
        // The app's own: the plans it starts with.
        let setup = kind.map(plans)
        if let setup { gtk_box_append(cast(inner), setup) }
        return (
            frame,
            CardWidgets(
                time: time, detail: detail, badge: badge, progress: progress, running: running, setup: setup, pause: pause, extend: extend,
                stop: stop)
        )
    }

    /// What the app's timer of `kind` starts with: its presets, and one plan written by hand.
    private func plans(_ kind: TimersModel.Kind) -> UnsafeMutablePointer<GtkWidget> {
        let presets = gtk_flow_box_new()
        gtk_flow_box_set_selection_mode(opaque(presets), GTK_SELECTION_NONE)
        gtk_flow_box_set_max_children_per_line(opaque(presets), 5)
        gtk_flow_box_set_column_spacing(opaque(presets), 6)
        gtk_flow_box_set_row_spacing(opaque(presets), 6)
        for plan in kind.presets {
            let button = gtk_button_new_with_label(plan.label)
            // A long plan's words wrap at a phone's width rather than widen the page.
            if let label = button.flatMap({ gtk_button_get_child(cast($0)) }) {
                gtk_label_set_wrap(opaque(label), 1)
                gtk_label_set_justify(opaque(label), GTK_JUSTIFY_CENTER)
            }
            setAccessibleLabel(button, tr("Start %1$s: %2$s", kind.name, plan.label))
            connect(button, "clicked") { [weak self] in self?.request(.start(plan)) }
            gtk_flow_box_append(opaque(presets), button)
        }
        let setup: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
        gtk_box_append(cast(setup), presets)
        gtk_box_append(cast(setup), customRow(kind))
        return setup
    }

    /// A plan written by hand: a duration (countdown), phases (meditation), or work, rest and
    /// rounds (workout); Start reads it, Enter in a field too.
    private func customRow(_ kind: TimersModel.Kind) -> UnsafeMutablePointer<GtkWidget> {
        let row: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        func field(_ placeholder: String, _ name: String, width: Int32 = -1) -> UnsafeMutablePointer<GtkWidget> {
            let entry: UnsafeMutablePointer<GtkWidget> = gtk_entry_new()
            gtk_entry_set_placeholder_text(cast(entry), placeholder)
            setAccessibleLabel(entry, name)
            if width > 0 { gtk_editable_set_width_chars(opaque(entry), width) } else { gtk_widget_set_hexpand(entry, 1) }
            gtk_box_append(cast(row), entry)
            return entry
        }
        func text(_ entry: UnsafeMutablePointer<GtkWidget>) -> String { String(cString: gtk_editable_get_text(opaque(entry))) }
        let read: () -> TimersModel.Custom
        let entries: [UnsafeMutablePointer<GtkWidget>]
        switch kind {
        case .countdown:
            let length = field(tr("e.g. 4m30s"), tr("Countdown length"))
            entries = [length]
            read = { TimersModel.customCountdown(text(length)) }
        case .meditation:
            let phases = field(tr("e.g. Settle 3m, Sit 12m"), tr("Meditation phases"))
            entries = [phases]
            read = { TimersModel.customMeditation(text(phases)) }
        case .workout:
            let work = field(tr("Work, e.g. 40s"), tr("Work time"))
            let rest = field(tr("Rest, e.g. 20s"), tr("Rest time"))
            let rounds = field(tr("Rounds"), tr("Rounds"), width: 7)
            entries = [work, rest, rounds]
            read = { TimersModel.customWorkout(work: text(work), rest: text(rest), rounds: text(rounds)) }
        }
        let start = gtk_button_new_with_label(tr("Start"))
        setAccessibleLabel(start, tr("Start this %s", kind.name))
        gtk_box_append(cast(row), start)
        let go: () -> Void = { [weak self] in
            switch read() {
            case .plan(let plan): self?.request(.start(plan))
            case .invalid(let words): self?.invalid(words)
            }
        }
        connect(start, "clicked", go)
        for entry in entries { connect(entry, "activate", go) }
        return row
    }

    private func iconButton(_ icon: String, _ name: String) -> UnsafeMutablePointer<GtkWidget> {
        let button: UnsafeMutablePointer<GtkWidget> = gtk_button_new_from_icon_name(icon)
        gtk_widget_set_tooltip_text(button, name)
        setAccessibleLabel(button, name)
        return button
    }

    func show(_ page: TimersModel) {
        gtk_label_set_text(opaque(island), page.island)
        program?.show(page.program)
        showOthers(page.others)
        for card in page.cards {
            guard let kind = card.kind, let widgets = cards[kind] else { continue }
            show(card, in: widgets)
        }
        for (card, other) in zip(page.others, others) { show(card, in: other.widgets) }
    }

    /// Other programs' timers: their cards made anew when which they are, or their names,
    /// changed (a timer begun or gone), else kept.
    private func showOthers(_ cards: [TimersModel.Card]) {
        guard cards.map({ [$0.owner, $0.heading] }) != others.map({ [$0.owner, $0.heading] }) else { return }
        while let child = gtk_widget_get_first_child(othersBox) { gtk_box_remove(cast(othersBox), child) }
        others = cards.map { card in
            let (frame, widgets) = self.card(owner: card.owner, heading: card.heading, kind: nil)
            gtk_box_append(cast(othersBox), frame)
            return (card.owner, card.heading, widgets)
        }
        gtk_widget_set_visible(othersBox, cards.isEmpty ? 0 : 1)
    }

    private func show(_ card: TimersModel.Card, in widgets: CardWidgets) {
        gtk_label_set_text(opaque(widgets.time), card.time)
        gtk_label_set_text(opaque(widgets.detail), card.detail ?? "")
        gtk_widget_set_visible(widgets.detail, card.detail == nil ? 0 : 1)
        gtk_widget_set_visible(widgets.badge, card.holdsIsland ? 1 : 0)
        gtk_progress_bar_set_fraction(opaque(widgets.progress), card.progress ?? 0)
        gtk_widget_set_visible(widgets.progress, card.progress == nil ? 0 : 1)
        // Running: its controls; idle: its plans. Never a control that cannot act.
        gtk_widget_set_visible(widgets.running, card.active ? 1 : 0)
        if let setup = widgets.setup { gtk_widget_set_visible(setup, card.active ? 0 : 1) }
        // Pause and Resume are one button: its icon and name follow the state.
        let name = card.pauseLabel
        gtk_button_set_icon_name(cast(widgets.pause), card.paused ? "media-playback-start-symbolic" : "media-playback-pause-symbolic")
        gtk_widget_set_tooltip_text(widgets.pause, name)
        setAccessibleLabel(widgets.pause, name)
        if card.paused { gtk_widget_add_css_class(widgets.pause, "paused") } else { gtk_widget_remove_css_class(widgets.pause, "paused") }
    }
}
