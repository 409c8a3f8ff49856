import CAdw
import IsletCore
import Translation

/// The keyboard and the header bar's menu: the accelerators of the app's actions, the
/// shortcuts window (Ctrl+?, GtkShortcutsWindow), and About.
enum Shortcuts {
    /// One shortcut: its detailed action (none where a widget takes the key itself, as the main
    /// menu's button takes F10), accelerator, and what it does.
    struct Shortcut {
        var action: String?
        var accel: String
        var title: String
    }

    /// The shortcuts in the shortcuts window's groups: the one list the accelerators and the
    /// window are both made from.
    static var groups: [(title: String, shortcuts: [Shortcut])] {
        [
            (
                tr("Views"),
                [
                    Shortcut(action: "app.show-page::fast", accel: "<Control>1", title: tr("Fast")),
                    Shortcut(action: "app.show-page::goal", accel: "<Control>2", title: tr("Goal")),
                    Shortcut(action: "app.show-page::history", accel: "<Control>3", title: tr("History")),
                    Shortcut(action: "app.show-page::progress", accel: "<Control>4", title: tr("Progress")),
                    Shortcut(action: "app.show-page::timers", accel: "<Control>5", title: tr("Timers")),
                ]
            ),
            (
                tr("Fasting"),
                [
                    Shortcut(action: "app.toggle-fast", accel: "<Control>Return", title: tr("Start or Stop the Fast")),
                    Shortcut(action: "app.add-fast", accel: "<Control>n", title: tr("Add a Fast")),
                ]
            ),
            (
                tr("General"),
                [
                    Shortcut(action: nil, accel: "F10", title: tr("Main Menu")),
                    Shortcut(action: "app.preferences", accel: "<Control>comma", title: tr("Preferences")),
                    Shortcut(action: "app.shortcuts", accel: "<Control>question", title: tr("Keyboard Shortcuts")),
                    Shortcut(action: "window.close", accel: "<Control>w", title: tr("Close Window")),
                    Shortcut(action: "app.quit", accel: "<Control>q", title: tr("Quit")),
                ]
            ),
        ]
    }

    static func setAccelerators(_ app: UnsafeMutablePointer<AdwApplication>?) {
        for shortcut in groups.flatMap(\.shortcuts) {
            guard let action = shortcut.action else { continue }
            shortcut.accel.withCString { accel in
                var accels: [UnsafePointer<CChar>?] = [accel, nil]
                accels.withUnsafeMutableBufferPointer { list in
                    gtk_application_set_accels_for_action(cast(app, to: GtkApplication.self), action, list.baseAddress)
                }
            }
        }
    }

    /// The shortcuts window over `parent`, made each time it is asked for (not at start: a whole
    /// window of widgets the app rarely needs) and destroyed when closed (never kept hidden: see
    /// ``Dialog``).
    static func present(over parent: UnsafeMutablePointer<GtkWidget>?) {
        guard let window = helpOverlay() else { return }
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_present(cast(window))
    }

    private static func helpOverlay() -> UnsafeMutablePointer<GtkWidget>? {
        let sections = groups.map { group in
            let items = group.shortcuts.map { shortcut in
                """
                            <child><object class="GtkShortcutsShortcut">
                              <property name="title">\(escaped(shortcut.title))</property>
                              <property name="accelerator">\(escaped(shortcut.accel))</property>
                            </object></child>
                """
            }.joined(separator: "\n")
            return """
                      <child><object class="GtkShortcutsGroup">
                        <property name="title">\(escaped(group.title))</property>
                \(items)
                      </object></child>
                """
        }.joined(separator: "\n")
        let xml = """
            <interface>
              <object class="GtkShortcutsWindow" id="help_overlay">
                <property name="modal">1</property>
                <property name="title">\(escaped(tr("Keyboard Shortcuts")))</property>
                <child><object class="GtkShortcutsSection">
                  <property name="section-name">shortcuts</property>
            \(sections)
                </object></child>
              </object>
            </interface>
            """
        guard let builder = gtk_builder_new_from_string(xml, -1) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        // GTK holds a window until it is destroyed: the builder's reference can go.
        guard let window = gtk_builder_get_object(builder, "help_overlay") else { return nil }
        return UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)
    }

    /// The header bar's menu: Preferences, Keyboard Shortcuts, About islet.
    static func menuButton() -> UnsafeMutablePointer<GtkWidget> {
        let button: UnsafeMutablePointer<GtkWidget> = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(opaque(button), "open-menu-symbolic")
        // The menu made when first opened: built with the window, it was 0.8 ms of the start.
        popoverWhenFirstOpened(button) {
            let menu = mainMenu()
            gtk_menu_button_set_menu_model(opaque(button), menu)
            if let menu { g_object_unref(UnsafeMutableRawPointer(menu)) }
        }
        // F10 opens it, as GNOME's HIG asks of a primary menu.
        gtk_menu_button_set_primary(opaque(button), 1)
        gtk_widget_set_tooltip_text(button, tr("Main Menu"))
        setAccessibleLabel(button, tr("Main Menu"))
        return button
    }

    /// The history's files (a file chooser each), then the app's own entries.
    private static func mainMenu() -> UnsafeMutablePointer<GMenuModel>? {
        let files = g_menu_new()
        g_menu_append(files, tr("_Import a History…"), "app.import-history")
        g_menu_append(files, tr("_Export the History…"), "app.export-history")
        let app = g_menu_new()
        g_menu_append(app, tr("_Preferences"), "app.preferences")
        g_menu_append(app, tr("_Keyboard Shortcuts"), "app.shortcuts")
        g_menu_append(app, tr("_About islet"), "app.about")
        let menu = g_menu_new()
        for section in [files, app] {
            g_menu_append_section(menu, nil, section.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GMenuModel.self) })
            g_object_unref(section.map { UnsafeMutableRawPointer($0) })
        }
        return menu.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GMenuModel.self) }
    }

    /// About islet (AdwAboutWindow, libadwaita 1.2).
    static func about(parent: UnsafeMutablePointer<GtkWidget>?) {
        let about = adw_about_window_new()
        let window = opaque(about)
        adw_about_window_set_application_name(window, "islet")
        adw_about_window_set_application_icon(window, AppMain.id)
        adw_about_window_set_version(window, "0.1.0")
        adw_about_window_set_developer_name(window, tr("islet developers"))
        adw_about_window_set_comments(window, tr("Track your fasts and run timers, shown live on your desktop"))
        adw_about_window_set_website(window, "https://github.com/islet/islet")
        adw_about_window_set_issue_url(window, "https://github.com/islet/islet/issues")
        adw_about_window_set_license_type(window, GTK_LICENSE_MIT_X11)
        // TRANSLATORS: your names, one per line, as the About window lists the translators.
        let credits = tr("translator-credits")
        if credits != "translator-credits" { adw_about_window_set_translator_credits(window, credits) }
        gtk_window_set_transient_for(cast(about), cast(parent))
        gtk_window_present(cast(about))
    }

    private static func escaped(_ text: String) -> String { Format.escapeMarkup(text) }
}
