import CAdw
import Translation

/// A file to open or to save, chosen by the person: GtkFileChooserNative, which is the
/// desktop's own chooser through the portal where there is one (a sandbox, GDK_DEBUG=portals)
/// and GTK's elsewhere. `chosen` is handed the file's path; nothing when cancelled.
enum FileChooser {
    /// What `chosen` needs until the response: kept alive by GLib's closure (the chooser itself
    /// is held by its creation's reference, dropped at the response).
    private final class Pending {
        let chooser: OpaquePointer
        let chosen: (String) -> Void
        init(_ chooser: OpaquePointer, _ chosen: @escaping (String) -> Void) {
            self.chooser = chooser
            self.chosen = chosen
        }
    }

    static func choose(
        parent: UnsafeMutablePointer<GtkWidget>?, title: String, save: Bool, suggestedName: String? = nil, _ chosen: @escaping (String) -> Void
    ) {
        guard
            let native = gtk_file_chooser_native_new(
                title, cast(parent), save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN, save ? tr("Export") : tr("Import"),
                tr("Cancel"))
        else { return }
        let chooser = native
        let histories = gtk_file_filter_new()
        gtk_file_filter_set_name(histories, tr("History files (CSV, JSON)"))
        for pattern in ["*.csv", "*.CSV", "*.json", "*.JSON", "*.txt"] { gtk_file_filter_add_pattern(histories, pattern) }
        gtk_file_chooser_add_filter(chooser, histories)
        if !save {
            let all = gtk_file_filter_new()
            gtk_file_filter_set_name(all, tr("All files"))
            gtk_file_filter_add_pattern(all, "*")
            gtk_file_chooser_add_filter(chooser, all)
        }
        gtk_file_chooser_set_filter(chooser, histories)
        if let suggestedName { gtk_file_chooser_set_current_name(chooser, suggestedName) }
        // From the home folder, not wherever the app was started.
        if let home = g_get_home_dir(), let folder = g_file_new_for_path(home) {
            gtk_file_chooser_set_current_folder(chooser, folder, nil)
            g_object_unref(UnsafeMutableRawPointer(folder))
        }
        let handler: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, response, data in
            guard let data else { return }
            let pending = Unmanaged<Pending>.fromOpaque(data).takeUnretainedValue()
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(pending.chooser) {
                if let raw = g_file_get_path(file) {
                    path = String(cString: raw)
                    g_free(raw)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            gtk_native_dialog_destroy(UnsafeMutablePointer<GtkNativeDialog>(pending.chooser))
            if let path { pending.chosen(path) }
            // The emission holds its own reference: the chooser goes when it returns.
            g_object_unref(UnsafeMutableRawPointer(pending.chooser))
        }
        let release: GClosureNotify = { data, _ in
            if let data { Unmanaged<Pending>.fromOpaque(data).release() }
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(chooser), "response", unsafeBitCast(handler, to: GCallback.self),
            Unmanaged.passRetained(Pending(chooser, chosen)).toOpaque(), release, GConnectFlags(rawValue: 0))
        gtk_native_dialog_set_modal(UnsafeMutablePointer<GtkNativeDialog>(chooser), 1)
        gtk_native_dialog_show(UnsafeMutablePointer<GtkNativeDialog>(chooser))
    }
}
