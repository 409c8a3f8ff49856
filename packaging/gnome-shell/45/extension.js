// GNOME Shell 45 and later (ES modules). Everything the island does is in panel.js and
// island.js, shared with the GNOME 43 variant (../43/extension.js).
import GObject from 'gi://GObject';
import GLib from 'gi://GLib';
import Gio from 'gi://Gio';
import St from 'gi://St';
import Clutter from 'gi://Clutter';
import Shell from 'gi://Shell';
import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import * as PanelMenu from 'resource:///org/gnome/shell/ui/panelMenu.js';
import * as PopupMenu from 'resource:///org/gnome/shell/ui/popupMenu.js';
import {Extension, gettext, ngettext} from 'resource:///org/gnome/shell/extensions/extension.js';
import * as Island from './island.js';
import {islandStart} from './panel.js';

export default class IsletIslandExtension extends Extension {
    enable() {
        const lib = {GObject, GLib, Gio, St, Clutter, Shell, Main, PanelMenu, PopupMenu, gettext, ngettext};
        this._island = islandStart(lib, Island, {
            role: 'islet-island',
            configPath: GLib.build_filenamev([GLib.get_user_config_dir(), 'islet', 'config.toml']),
        });
    }

    disable() {
        this._island?.destroy();
        this._island = null;
    }
}
