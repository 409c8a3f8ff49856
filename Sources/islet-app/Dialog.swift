import CAdw
import Translation

/// A dialog over the window as GNOME's apps make one with libadwaita 1.2: a small modal
/// AdwWindow whose header bar holds Cancel at the start, the title in the middle and the
/// dialog's action at the end (the suggested one); Escape cancels. Made for one showing and
/// destroyed when closed, never kept hidden: GTK 4.8's accessibility bridge crashes the app when
/// a screen reader asks the application for a window past the last shown one while a hidden
/// window is the last in GTK's list (it answers with that window, whose accessible path is gone
/// once it is unmapped): Orca's stale window count after a dialog closes is enough.
final class Dialog {
    let window: UnsafeMutablePointer<GtkWidget>
    /// Where the dialog's fields go, under the header bar.
    let content: UnsafeMutablePointer<GtkWidget>
    /// The action at the header bar's end ("Save", "Import").
    let action: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    /// Called once when the dialog has closed, however it closed, and is gone: the focus goes
    /// back to what opened it, and its owner lets it go.
    var closed: () -> Void = {}
    /// Closed and destroyed: its widgets are no longer there.
    private var gone = false

    init(action label: String) {
        window = adw_window_new()
        gtk_window_set_modal(cast(window), 1)
        gtk_window_set_default_size(cast(window), 460, -1)
        let header: UnsafeMutablePointer<GtkWidget> = adw_header_bar_new()
        adw_header_bar_set_show_start_title_buttons(opaque(header), 0)
        adw_header_bar_set_show_end_title_buttons(opaque(header), 0)
        title = adw_window_title_new("", nil)
        adw_header_bar_set_title_widget(opaque(header), title)
        let cancel: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label(tr("Cancel"))
        action = gtk_button_new_with_label(label)
        gtk_widget_add_css_class(action, "suggested-action")
        adw_header_bar_pack_start(opaque(header), cancel)
        adw_header_bar_pack_end(opaque(header), action)
        content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_set_margin_top(content, 12)
        gtk_widget_set_margin_bottom(content, 18)
        gtk_widget_set_margin_start(content, 12)
        gtk_widget_set_margin_end(content, 12)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_append(cast(box), header)
        gtk_box_append(cast(box), content)
        adw_window_set_content(cast(window), box)
        // Escape closes it, as Cancel does: when the key comes up. Closed as it goes down, the
        // dialog shown again was closed at once by a press GTK 4.8 had kept (seen after a
        // screen reader set a field's text). An Escape pressed in one of its popovers (a date,
        // a time) closes the popover alone: the press is marked on the window when it is the
        // dialog's.
        let keys = gtk_event_controller_key_new()
        let pressed: @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = { _, key, _, _, window in
            guard key == guint(GDK_KEY_Escape), let window else { return 0 }
            let focus = gtk_window_get_focus(window.assumingMemoryBound(to: GtkWindow.self))
            let inPopover = focus.flatMap { gtk_widget_get_ancestor($0, gtk_popover_get_type()) } != nil
            g_object_set_data(window.assumingMemoryBound(to: GObject.self), "islet-escape", inPopover ? nil : window)
            return inPopover ? 0 : 1
        }
        let released: @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, gpointer?) -> Void = { _, key, _, _, window in
            guard key == guint(GDK_KEY_Escape), let window, g_object_get_data(window.assumingMemoryBound(to: GObject.self), "islet-escape") != nil
            else { return }
            g_object_set_data(window.assumingMemoryBound(to: GObject.self), "islet-escape", nil)
            gtk_window_close(window.assumingMemoryBound(to: GtkWindow.self))
        }
        let controller = keys.map { UnsafeMutableRawPointer($0) }
        g_signal_connect_data(
            controller, "key-pressed", unsafeBitCast(pressed, to: GCallback.self), UnsafeMutableRawPointer(window), nil, GConnectFlags(rawValue: 0))
        g_signal_connect_data(
            controller, "key-released", unsafeBitCast(released, to: GCallback.self), UnsafeMutableRawPointer(window), nil, GConnectFlags(rawValue: 0))
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        gtk_widget_add_controller(window, keys)
        let window = window
        connect(cancel, "clicked") { gtk_window_close(cast(window)) }
        connect(window, "destroy") { [weak self] in
            guard let self else { return }
            self.gone = true
            self.closed()
        }
    }

    /// Shown titled `title` (`subtitle` under it: a file's name) over the window holding
    /// `widget`, the focus on `focus`.
    func present(
        _ title: String, subtitle: String = "", over widget: UnsafeMutablePointer<GtkWidget>, focus: UnsafeMutablePointer<GtkWidget>?
    ) {
        adw_window_title_set_title(opaque(self.title), title)
        adw_window_title_set_subtitle(opaque(self.title), subtitle)
        gtk_window_set_title(cast(window), title)
        if let root = gtk_widget_get_root(widget) { gtk_window_set_transient_for(cast(window), UnsafeMutablePointer<GtkWindow>(root)) }
        gtk_window_present(cast(window))
        if let focus { gtk_widget_grab_focus(focus) }
    }

    func close() {
        guard !gone else { return }
        gtk_window_close(cast(window))
    }
}
