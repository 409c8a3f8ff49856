// GNOME Shell 43 and 44 (legacy imports). Everything the island does is in panel.js and
// island.js, shared with the GNOME 45+ variant (../45/extension.js).
/* exported init enable disable */
const {GObject, GLib, Gio, St, Clutter, Shell} = imports.gi;
const Main = imports.ui.main;
const PanelMenu = imports.ui.panelMenu;
const PopupMenu = imports.ui.popupMenu;
const ExtensionUtils = imports.misc.extensionUtils;
const Me = ExtensionUtils.getCurrentExtension();

let island = null;

function init() {
    // The domain in metadata.json, bound to the extension's own locale/ folder.
    ExtensionUtils.initTranslations();
}

function enable() {
    const lib = {
        GObject, GLib, Gio, St, Clutter, Shell, Main, PanelMenu, PopupMenu,
        gettext: ExtensionUtils.gettext, ngettext: ExtensionUtils.ngettext,
    };
    island = Me.imports.panel.islandStart(lib, Me.imports.island, {
        role: 'islet-island',
        configPath: GLib.build_filenamev([GLib.get_user_config_dir(), 'islet', 'config.toml']),
    });
}

function disable() {
    island?.destroy();
    island = null;
}
