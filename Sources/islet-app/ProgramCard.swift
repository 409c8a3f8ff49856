import CAdw
import CGioUnix
import IsletAppModel
import Translation

/// The Timers page's card for another program's activity on the island (contract 1.4): a song
/// in mpv, a Pomodoro in Focus Timer, a command run with `islet run`. Headed by the program's
/// icon and name as its desktop entry gives them (GNOME's own look-up), with the title, the time
/// and the buttons the activity offers: each press reaches the program (LiveActivity.Act).
final class ProgramCard {
    let root: UnsafeMutablePointer<GtkWidget>
    private let icon: UnsafeMutablePointer<GtkWidget>
    private let name: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private let time: UnsafeMutablePointer<GtkWidget>
    private let detail: UnsafeMutablePointer<GtkWidget>
    private let progress: UnsafeMutablePointer<GtkWidget>
    private let art: UnsafeMutablePointer<GtkWidget>
    private var artShown: String?
    private let buttons: UnsafeMutablePointer<GtkWidget>
    private let press: (_ activityID: String, _ word: String) -> Void
    /// What the header and the buttons were made for: made again only when it changes.
    private var shape: (appID: String?, name: String, words: [String], activityID: String)?

    init(press: @escaping (_ activityID: String, _ word: String) -> Void) {
        self.press = press
        let (frame, inner) = islet_app.card()
        root = frame
        let top = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)
        icon = gtk_image_new()
        gtk_image_set_pixel_size(opaque(icon), 24)
        name = startLabel(heading: true)
        gtk_widget_set_hexpand(name, 1)
        let badge = gtk_label_new(tr("Shown Live"))
        gtk_widget_add_css_class(badge, "accent")
        for widget in [icon, name, badge] { gtk_box_append(cast(top), widget) }
        gtk_box_append(cast(inner), top)
        let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        // A song's cover, where the program gives one (a local file the source found small).
        art = gtk_image_new()
        gtk_image_set_pixel_size(opaque(art), 64)
        gtk_widget_set_valign(art, GTK_ALIGN_CENTER)
        gtk_widget_set_visible(art, 0)
        gtk_box_append(cast(line), art)
        let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
        gtk_widget_set_hexpand(texts, 1)
        title = startLabel(wrap: true)
        gtk_label_set_wrap_mode(opaque(title), PANGO_WRAP_WORD_CHAR)
        time = startLabel()
        gtk_widget_add_css_class(time, "title-2")
        gtk_widget_add_css_class(time, "numeric")
        detail = startLabel(wrap: true, dim: true)
        for widget in [title, time, detail] { gtk_box_append(cast(texts), widget) }
        gtk_box_append(cast(line), texts)
        buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        gtk_widget_set_valign(buttons, GTK_ALIGN_CENTER)
        gtk_box_append(cast(line), buttons)
        gtk_box_append(cast(inner), line)
        progress = gtk_progress_bar_new()
        gtk_box_append(cast(inner), progress)
        gtk_widget_set_visible(root, 0)
    }

    /// The program's activity now, or nil: the card hidden.
    func show(_ program: TimersModel.Program?) {
        guard let program else {
            gtk_widget_set_visible(root, 0)
            shape = nil
            return
        }
        let words = program.actions.map(\.word)
        if shape?.appID != program.appID || shape?.name != program.name || shape?.words != words || shape?.activityID != program.activityID {
            shape = (program.appID, program.name, words, program.activityID)
            build(program)
        }
        gtk_label_set_text(opaque(title), program.title)
        gtk_label_set_text(opaque(time), program.time ?? "")
        gtk_widget_set_visible(time, program.time == nil ? 0 : 1)
        gtk_label_set_text(opaque(detail), program.detail ?? "")
        gtk_widget_set_visible(detail, program.detail == nil ? 0 : 1)
        if program.art != artShown {
            artShown = program.art
            let file = program.art.flatMap { g_file_new_for_uri($0) }
            defer { if let file { g_object_unref(UnsafeMutableRawPointer(file)) } }
            let icon = file.flatMap { g_file_icon_new($0) }
            defer { if let icon { g_object_unref(UnsafeMutableRawPointer(icon)) } }
            gtk_image_set_from_gicon(opaque(art), icon)
            gtk_widget_set_visible(art, icon == nil ? 0 : 1)
        }
        gtk_progress_bar_set_fraction(opaque(progress), program.progress ?? 0)
        gtk_widget_set_visible(progress, program.progress == nil ? 0 : 1)
        gtk_widget_set_visible(root, 1)
    }

    /// The header from the program's desktop entry where there is one, and its buttons.
    private func build(_ program: TimersModel.Program) {
        let appInfo = program.appID.flatMap { g_desktop_app_info_new($0 + ".desktop") }
        defer { if let appInfo { g_object_unref(UnsafeMutableRawPointer(appInfo)) } }
        let shownName = appInfo.flatMap { g_app_info_get_name($0) }.map { String(cString: $0) } ?? program.name
        gtk_label_set_text(opaque(name), shownName)
        if let gicon = appInfo.flatMap({ g_app_info_get_icon($0) }) {
            gtk_image_set_from_gicon(opaque(icon), gicon)
        } else {
            gtk_image_set_from_icon_name(opaque(icon), program.appID ?? "application-x-executable")
        }
        while let child = gtk_widget_get_first_child(buttons) { gtk_box_remove(cast(buttons), child) }
        let id = program.activityID
        for action in program.actions {
            let button: UnsafeMutablePointer<GtkWidget> = gtk_button_new_from_icon_name(action.icon)
            let label = action.label(shownName)
            gtk_widget_set_tooltip_text(button, label)
            setAccessibleLabel(button, label)
            let word = action.word
            connect(button, "clicked") { [weak self] in self?.press(id, word) }
            gtk_box_append(cast(buttons), button)
        }
    }
}
