import CAdw
import IsletAppModel

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

    init() {
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
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(root, 36)
        }
        gtk_widget_set_valign(root, GTK_ALIGN_CENTER)
        let box = cast(root, to: GtkBox.self)
        for widget in [elapsed, goalLine, progress, goalLabel, hint, button] { gtk_box_append(box, widget) }
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
    }
}
