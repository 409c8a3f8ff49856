// The island in the top bar, shared by both API generations: the shell's modules and the
// GObject libraries come in through `lib` (GNOME 43 finds them with `imports`, GNOME 45+
// with `import`), and island.js comes in as `Island`. Only top-level functions and `var`s
// are visible to GNOME 43's importer; packaging/gnome-shell/build adds GNOME 45's export line.
//
// Event-driven: the three LiveActivity signals, `Get` whenever org.islet.Islet1 gains an
// owner, and a one-shot timeout armed for the moment the shown text next changes (each second
// only while a countdown runs; never while nothing is shown or the activity is paused).

var islandButtonClasses = new Map();

// Whether this shell has said that islet is missing. A module outlives disable() (the lock
// screen disables and enables extensions), so that the notice is given once in a shell's life,
// not at every unlock; it is one flag, and nothing else is kept.
var islandMissingNotice = {said: false};

// The top-bar button and its menu, registered once per shell (a GType cannot be registered
// twice, and an extension's modules stay loaded across disable and enable).
function islandButtonClass(lib) {
    const known = islandButtonClasses.get(lib.PanelMenu.Button);
    if (known)
        return known;
    const {GObject, St, Clutter, PanelMenu, PopupMenu} = lib;
    const made = GObject.registerClass(class IsletIslandButton extends PanelMenu.Button {
        _init(onPress) {
            super._init(0.5, lib.gettext('Live activity'), false);
            this._onPress = onPress;
            this._box = new St.BoxLayout({style_class: 'panel-status-menu-box islet-island'});
            this._icon = new St.Icon({style_class: 'system-status-icon islet-island-icon', fallback_icon_name: 'alarm-symbolic'});
            this._label = new St.Label({style_class: 'islet-island-label', y_align: Clutter.ActorAlign.CENTER});
            this._box.add_child(this._icon);
            this._box.add_child(this._label);
            this.add_child(this._box);
            this._statusClass = null;
            this._shape = null;
            this._parts = null;
        }

        // What a test or a screen reader reads: the bar's text.
        get text() {
            return this._label.text;
        }

        display(view) {
            // A program's activity that names its program (contract 1.4, a song in mpv): that
            // program's icon while it runs, and its name in the menu, as the shell knows them.
            const app = view.app ? lib.Shell.AppSystem.get_default().lookup_app(`${view.app}.desktop`) : null;
            this._icon.visible = view.bar.icon !== null;
            if (app !== null && view.status === 'running')
                this._icon.gicon = app.get_icon();
            else if (view.bar.icon !== null)
                this._icon.icon_name = view.bar.icon;
            this._label.text = view.bar.text;
            if (this._statusClass !== view.bar.styleClass) {
                if (this._statusClass)
                    this._box.remove_style_class_name(this._statusClass);
                this._box.add_style_class_name(view.bar.styleClass);
                this._statusClass = view.bar.styleClass;
            }
            this.accessible_name = view.bar.text;
            // The entry's name where the shell has it, else the one the program gave.
            this._showMenu(view.menu, view.minimal, app?.get_name() ?? view.program ?? null, view.minimal ? null : view.art ?? null);
        }

        // The expanded view. Its items are rebuilt only when their set changes (a status, a
        // button); a tick changes texts and the bar's width alone.
        _showMenu(menu, minimal, appName, art = null) {
            const shape = [minimal, appName, art, menu.title !== null, menu.detail !== null, menu.progress !== null,
                menu.lines.length, ...menu.buttons.map(b => b.action)].join('|');
            if (shape !== this._shape) {
                this._shape = shape;
                this.menu.removeAll();
                this._parts = this._buildMenu(menu, minimal, appName, art);
            }
            const parts = this._parts;
            if (parts.app)
                parts.app.text = appName ?? '';
            if (parts.title)
                parts.title.text = menu.title ?? '';
            parts.time.text = menu.time ?? '';
            parts.time.visible = menu.time !== null;
            if (parts.detail)
                parts.detail.text = menu.detail ?? '';
            parts.lines.forEach((label, i) => {
                label.text = menu.lines[i] ?? '';
            });
            if (parts.fill) {
                const percent = Math.round(menu.progress * 1000) / 10;
                parts.fill.set_style(`width: ${(240 * percent / 100).toFixed(1)}px;`);
                parts.bar.accessible_name = `${Math.floor(percent)}%`;
            }
        }

        _buildMenu(menu, minimal, appName, art = null) {
            // Reactive, or the shell draws it as insensitive (dim); nothing happens on a click.
            const header = new PopupMenu.PopupBaseMenuItem({activate: false, hover: false, can_focus: false});
            const column = new St.BoxLayout({style_class: minimal ? 'islet-minimal' : 'islet-menu', x_expand: true});
            // GNOME 48 deprecates `vertical` for `orientation`, which 43 to 47 do not have.
            if (column.orientation !== undefined)
                column.orientation = Clutter.Orientation.VERTICAL;
            else
                column.vertical = true;
            header.add_child(column);
            const parts = {art: null, app: null, title: null, time: null, detail: null, lines: [], fill: null, bar: null, buttons: []};
            const add = styleClass => {
                const label = new St.Label({style_class: styleClass});
                column.add_child(label);
                return label;
            };
            if (minimal) {
                parts.time = add('islet-menu-time');
                this.menu.addMenuItem(header);
                return parts;
            }
            // A song's cover (contract 1.4's `art_url`, a local file the source found small
            // enough), loaded by the shell's texture cache at this size, off the main loop.
            if (art) {
                const {Gio} = lib;
                const cover = new St.Icon({style_class: 'islet-menu-art', icon_size: 64, x_align: Clutter.ActorAlign.START,
                    fallback_icon_name: 'audio-x-generic-symbolic'});
                cover.gicon = new Gio.FileIcon({file: Gio.File.new_for_uri(art)});
                column.add_child(cover);
                parts.art = cover;
            }
            if (appName)
                parts.app = add('islet-menu-app');
            if (menu.title !== null)
                parts.title = add('islet-menu-title');
            parts.time = add('islet-menu-time');
            if (menu.detail !== null)
                parts.detail = add('islet-menu-detail');
            if (menu.progress !== null) {
                parts.bar = new St.Widget({style_class: 'islet-progress', x_align: Clutter.ActorAlign.START});
                parts.fill = new St.Widget({style_class: 'islet-progress-fill'});
                parts.bar.add_child(parts.fill);
                column.add_child(parts.bar);
            }
            for (let i = 0; i < menu.lines.length; i++)
                parts.lines.push(add('islet-menu-line'));
            this.menu.addMenuItem(header);
            if (menu.buttons.length > 0)
                this.menu.addMenuItem(new PopupMenu.PopupSeparatorMenuItem());
            for (const button of menu.buttons) {
                const item = new PopupMenu.PopupMenuItem(button.label);
                item.connect('activate', () => this._onPress(button.action));
                this.menu.addMenuItem(item);
                parts.buttons.push(item);
            }
            return parts;
        }
    });
    islandButtonClasses.set(lib.PanelMenu.Button, made);
    return made;
}

// Starts the island: returns an object whose destroy() undoes everything it did.
// options: {role (the status-area name), configPath (islet's config.toml)}.
function islandStart(lib, Island, options) {
    const {GLib, Gio, Main} = lib;
    const {name: ISLAND_NAME, path: ISLAND_PATH, liveActivity: ISLAND_INTERFACE} = Island.islandBus;
    const tr = {gettext: lib.gettext, ngettext: lib.ngettext};
    const bus = Gio.DBus.session;
    const cancellable = new Gio.Cancellable();
    // fastStartedAt: a running fast's start, read after the island settles (null: none, or
    // not read yet); shown only while there is no activity (an app view, FR-003).
    const state = {activity: null, fastStartedAt: null, showStages: false, settle: 0, style: 'standard', timeout: 0, destroyed: false,
        serviceSeen: false};

    // islet's app, where installed: the menu offers to open it on the activity's page. Asked
    // of the shell's own app system (Gio.DesktopAppInfo moved to GioUnix in GLib 2.86: GNOME 51
    // warns on every use of the old name).
    const appInstalled = lib.Shell.AppSystem.get_default().lookup_app(Island.islandApp.desktopEntry) !== null;

    const Button = islandButtonClass(lib);
    const button = new Button(action => press(action));
    Main.panel.addToStatusArea(options.role, button, 1, 'center');
    button.container.hide();
    const menuId = button.menu.connect('open-state-changed', () => render());

    function render() {
        if (state.destroyed)
            return;
        if (state.timeout) {
            GLib.source_remove(state.timeout);
            state.timeout = 0;
        }
        const now = GLib.get_real_time();
        const view = Island.islandView(shown(), now, state.style, button.menu.isOpen, tr, appInstalled, state.showStages);
        if (!view) {
            button.menu.close();
            button.container.hide();
            return;
        }
        button.display(view);
        button.container.show();
        if (view.nextChangeUsec !== null) {
            const delay = Math.max(1, Math.ceil((view.nextChangeUsec - now) / 1000));
            state.timeout = GLib.timeout_add(GLib.PRIORITY_DEFAULT, delay, () => {
                state.timeout = 0;
                render();
                return GLib.SOURCE_REMOVE;
            });
            GLib.Source.set_name_by_id(state.timeout, '[islet] island tick');
        }
    }

    // The activity, or else a running fast as an app view.
    function shown() {
        return state.activity ?? Island.islandFastWithoutActivity(state.fastStartedAt);
    }

    function set(activity) {
        state.activity = activity;
        render();
    }

    // Whether a fast runs, and since when (Fasting's properties, without starting isletd).
    function fetchFast() {
        bus.call(ISLAND_NAME, ISLAND_PATH, 'org.freedesktop.DBus.Properties', 'GetAll',
            new GLib.Variant('(s)', [Island.islandBus.fasting]), new GLib.VariantType('(a{sv})'),
            Gio.DBusCallFlags.NO_AUTO_START, -1, cancellable, (connection, result) => {
                let properties;
                try {
                    [properties] = connection.call_finish(result).recursiveUnpack();
                } catch (e) {
                    // Cancelled at disable, or the service left: no fast known.
                    properties = null;
                }
                if (state.destroyed)
                    return;
                state.fastStartedAt = Island.islandFastStart(properties);
                state.showStages = Island.islandShowStages(properties);
                render();
            });
    }

    // After an activity ended or a fast started, the next activity usually follows in the
    // same breath (a timer taking the island, the fast's own activity): the fast is read
    // once that has settled, so that a fast with a goal never flashes as one without.
    function settleThenFetchFast() {
        if (state.settle)
            GLib.source_remove(state.settle);
        state.settle = GLib.timeout_add(GLib.PRIORITY_DEFAULT, 250, () => {
            state.settle = 0;
            fetchFast();
            return GLib.SOURCE_REMOVE;
        });
        GLib.Source.set_name_by_id(state.settle, '[islet] island settle');
    }

    // The activity as the service holds it now. Never starts isletd: an island appears
    // when something starts an activity, and that starts the service.
    function fetch() {
        bus.call(ISLAND_NAME, ISLAND_PATH, ISLAND_INTERFACE, 'Get', null,
            new GLib.VariantType(Island.islandBus.getReply), Gio.DBusCallFlags.NO_AUTO_START, -1, cancellable,
            (connection, result) => {
                let reply;
                try {
                    reply = connection.call_finish(result);
                } catch (e) {
                    // Cancelled at disable, or the service left: nothing to show.
                    if (!state.destroyed)
                        set(null);
                    return;
                }
                const [id, owner, attributes, activityState] = reply.recursiveUnpack();
                set(Island.islandActivity(id, owner, attributes, activityState));
            });
    }

    function press(action) {
        const activity = shown();
        if (action === 'open-app') {
            const page = activity ? Island.islandAppPage(Island.islandActivityKind(activity)) : null;
            if (page === null)
                return;
            // The app's show-page action (D-Bus activation starts the app when it is not running).
            bus.call(Island.islandApp.name, Island.islandApp.path, 'org.freedesktop.Application', 'ActivateAction',
                new GLib.Variant('(sava{sv})', ['show-page', [new GLib.Variant('s', page)], {}]),
                null, Gio.DBusCallFlags.NONE, -1, cancellable, (connection, result) => {
                    try {
                        connection.call_finish(result);
                    } catch (e) {
                        // The app is installed (the item is offered only then) but did not start.
                        if (!state.destroyed)
                            console.warn(`islet: the app did not open: ${e.message}`);
                    }
                });
            return;
        }
        const call = activity ? Island.islandPress(action, activity) : null;
        if (!call)
            return;
        const [iface, method, signature, args] = call;
        bus.call(ISLAND_NAME, ISLAND_PATH, iface, method, signature ? new GLib.Variant(signature, args) : null,
            null, Gio.DBusCallFlags.NONE, -1, cancellable, (connection, result) => {
                try {
                    connection.call_finish(result);
                } catch (e) {
                    // The timer ended meanwhile, say: show what is true now.
                    if (!state.destroyed)
                        fetch();
                }
            });
    }

    const signalId = bus.signal_subscribe(ISLAND_NAME, ISLAND_INTERFACE, null, ISLAND_PATH, null,
        Gio.DBusSignalFlags.NONE, (connection, sender, path, iface, signal, parameters) => {
            const applied = Island.islandApply(state.activity, signal, parameters.recursiveUnpack());
            if (signal === 'ActivityEnded' && applied.activity === null && state.activity !== null) {
                state.fastStartedAt = null;
                settleThenFetchFast();
            }
            if (applied.resync)
                fetch();
            else if (applied.activity !== state.activity)
                set(applied.activity);
        });
    const fastSignalId = bus.signal_subscribe(ISLAND_NAME, Island.islandBus.fasting, null, ISLAND_PATH, null,
        Gio.DBusSignalFlags.NONE, (connection, sender, path, iface, signal) => {
            if (signal === 'FastStopped') {
                state.fastStartedAt = null;
                render();
            } else if (signal === 'FastStarted') {
                settleThenFetchFast();
            }
        });
    // Stages turned on or off, the start moved (contract 1.3): Fasting's properties again.
    const fastPropertiesId = bus.signal_subscribe(ISLAND_NAME, 'org.freedesktop.DBus.Properties', 'PropertiesChanged', ISLAND_PATH,
        Island.islandBus.fasting, Gio.DBusSignalFlags.NONE, () => fetchFast());
    const watchId = Gio.bus_watch_name_on_connection(bus, ISLAND_NAME, Gio.BusNameWatcherFlags.NONE,
        () => {
            state.serviceSeen = true;
            fetch();
            fetchFast();
        }, () => {
            state.fastStartedAt = null;
            set(null);
            if (!state.serviceSeen && !islandMissingNotice.said)
                checkServiceInstalled();
        });

    // The style is islet's own setting (config.toml), followed as it changes. Read and
    // watched without blocking the shell: every file operation is asynchronous.
    const configFile = Gio.File.new_for_path(options.configPath);
    const configFolder = configFile.get_parent();
    function readStyle() {
        configFile.load_contents_async(cancellable, (file, result) => {
            let text;
            try {
                const [, bytes] = file.load_contents_finish(result);
                text = new TextDecoder().decode(bytes);
            } catch (e) {
                if (e.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.CANCELLED))
                    return;
                // No file, or not readable: the defaults.
                text = null;
            }
            if (state.destroyed)
                return;
            const style = Island.islandStyleFromConfig(text);
            if (style !== state.style) {
                state.style = style;
                render();
            }
        });
    }
    // A monitor on a file whose folder does not exist yet polls (GLib looks every 4 s): until
    // islet's folder exists, the folder above it is watched for it instead.
    const watch = {monitor: null, changedId: 0};
    function unwatchConfig() {
        if (watch.monitor) {
            watch.monitor.disconnect(watch.changedId);
            watch.monitor.cancel();
        }
        watch.monitor = null;
        watch.changedId = 0;
    }
    function watchConfig() {
        unwatchConfig();
        configFolder.query_info_async('standard::type', Gio.FileQueryInfoFlags.NONE, GLib.PRIORITY_DEFAULT, cancellable,
            (folder, result) => {
                let folderExists;
                try {
                    folderExists = folder.query_info_finish(result) !== null;
                } catch (e) {
                    if (e.matches(Gio.IOErrorEnum, Gio.IOErrorEnum.CANCELLED))
                        return;
                    folderExists = false;
                }
                if (state.destroyed)
                    return;
                unwatchConfig();
                if (folderExists) {
                    watch.monitor = configFile.monitor_file(Gio.FileMonitorFlags.NONE, null);
                    watch.changedId = watch.monitor.connect('changed', (monitor, file, other, event) => {
                        // The folder itself removed: back to waiting for it.
                        if (event === Gio.FileMonitorEvent.DELETED)
                            watchConfig();
                        readStyle();
                    });
                } else {
                    watch.monitor = configFolder.get_parent().monitor_directory(Gio.FileMonitorFlags.NONE, null);
                    watch.changedId = watch.monitor.connect('changed', (monitor, file, other, event) => {
                        if (file.equal(configFolder) && event === Gio.FileMonitorEvent.CREATED) {
                            watchConfig();
                            readStyle();
                        }
                    });
                }
            });
    }
    readStyle();
    watchConfig();

    // Without islet's service (not running, and nothing on the bus that could start it) the
    // island can never show anything: said once, as a notification, the first time the
    // extension finds it missing in this shell's life.
    function checkServiceInstalled() {
        bus.call('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus', 'ListActivatableNames', null,
            new GLib.VariantType('(as)'), Gio.DBusCallFlags.NONE, -1, cancellable, (connection, result) => {
                let names;
                try {
                    [names] = connection.call_finish(result).deepUnpack();
                } catch (e) {
                    // Cancelled at disable, or the bus could not say: nothing to tell the user.
                    names = null;
                }
                if (state.destroyed || names === null || names.includes(ISLAND_NAME) || state.serviceSeen || islandMissingNotice.said)
                    return;
                islandMissingNotice.said = true;
                Main.notify(lib.gettext('islet is not installed'),
                    lib.gettext('The island in the top bar shows islet’s fasts and timers: install islet (the islet package) to use it.'));
            });
    }
    return {
        button,
        get activity() {
            return state.activity;
        },
        get style() {
            return state.style;
        },
        get ticking() {
            return state.timeout !== 0;
        },
        destroy() {
            state.destroyed = true;
            cancellable.cancel();
            if (state.timeout)
                GLib.source_remove(state.timeout);
            state.timeout = 0;
            if (state.settle)
                GLib.source_remove(state.settle);
            state.settle = 0;
            bus.signal_unsubscribe(signalId);
            bus.signal_unsubscribe(fastSignalId);
            bus.signal_unsubscribe(fastPropertiesId);
            Gio.bus_unwatch_name(watchId);
            unwatchConfig();
            button.menu.disconnect(menuId);
            button.destroy();
        },
    };
}
