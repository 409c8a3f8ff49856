// islet's island in Plasma's panel: the live activity's compact view ("Tea 02:45 · Steep 1/2")
// and, on a click, its expanded view with the buttons. The logic is ../code/applet.js and
// island.js (shared with GNOME's island); this file is the plumbing between them, Plasma's
// D-Bus module and the panel.
//
// Follows isletd by its signals where Plasma has SignalWatcher (6.4+: SignalFeed.qml, made
// only where it can be, so that 6.3 still loads the applet), else by org.islet.Islet1.Live's owner
// (read each second while it is owned, never while not). Counts each second itself from the
// activity's timestamps, and only while something counts.
import QtQuick
import QtQuick.Layouts
import org.kde.plasma.plasmoid
import org.kde.plasma.core as PlasmaCore
import org.kde.kirigami as Kirigami
import org.kde.plasma.workspace.dbus as DBus
import "../code/applet.js" as Applet

PlasmoidItem {
    id: root

    readonly property bool minimal: Plasmoid.configuration.minimal
    readonly property bool iconWhenIdle: Plasmoid.configuration.iconWhenIdle
    property var feed: Applet.appletFeed('signals')
    property var view: null
    property string compactText: ""
    property bool appInstalled: false
    // The applet's texts are in its own catalogue (plasma_applet_org.islet.island, inside the
    // package: contents/locale). island.js's texts reach ki18n through this relay, so their
    // literals are at island.js's gettext calls, where packaging/plasma/build extracts them.
    // ki18n would take island.js's positional placeholders (%1$s) for its own, so each is handed
    // back to it unchanged.
    readonly property var tr: ({
        gettext: text => root.translate(text),
        ngettext: (one, many, n) => root.translate(one, many, n),
    })

    function translate(text, plural, n) {
        const count = (text.match(/%[1-9]/g) ?? []).length;
        const placeholders = ['%1', '%2', '%3', '%4', '%5'].slice(0, count);
        if (plural === undefined)
            return i18n(text, ...placeholders);
        return i18np(text, plural, n, ...placeholders);
    }

    Plasmoid.title: i18n("Live activity")
    // islet's icon, inside the package (a .plasmoid from the KDE Store brings no icon theme).
    readonly property url isletIcon: Qt.resolvedUrl("../icons/org.islet.Islet.App.svg")
    Plasmoid.icon: isletIcon
    Plasmoid.status: view !== null ? PlasmaCore.Types.ActiveStatus
        : iconWhenIdle ? PlasmaCore.Types.PassiveStatus : PlasmaCore.Types.HiddenStatus
    Plasmoid.backgroundHints: PlasmaCore.Types.DefaultBackground | PlasmaCore.Types.ConfigurableBackground
    toolTipMainText: view !== null ? compactText : i18n("Nothing live")
    toolTipSubText: view !== null && !minimal && view.menu.detail !== null ? view.menu.detail : ""
    preferredRepresentation: compactRepresentation
    compactRepresentation: CompactView {
        view: root.view
        text: root.compactText
        minimal: root.minimal
        icon: root.isletIcon
        expanded: root.expanded
        onToggled: expand => root.expanded = expand
    }
    fullRepresentation: FullView {
        view: root.view
        minimal: root.minimal
        onPressed: action => root.press(action)
    }
    onExpandedChanged: render()
    onMinimalChanged: render()

    function nowUsec() {
        return Date.now() * 1000;
    }

    function render() {
        view = Applet.appletView(feed, nowUsec(), minimal, expanded, tr, appInstalled);
        compactText = Applet.appletCompactText(feed, view, minimal);
        const next = Applet.appletNextTick(feed, view, nowUsec());
        tick.poll = next.poll;
        if (next.delay === null) {
            tick.stop();
        } else {
            tick.interval = next.delay;
            tick.restart();
        }
    }

    function run(effects) {
        for (const effect of effects) {
            if (effect === 'get')
                call({service: Applet.appletBus.name, path: Applet.appletBus.path, iface: Applet.appletBus.liveActivity,
                    member: 'Get', arguments: [], signature: ''}, values => {
                        Applet.appletGetReply(feed, values);
                        render();
                    });
            else if (effect === 'fast')
                call({service: Applet.appletBus.name, path: Applet.appletBus.path, iface: Applet.appletBus.properties,
                    member: 'GetAll', arguments: [Applet.appletBus.fasting], signature: '(s)'}, values => {
                        Applet.appletFastReply(feed, values === null ? null : values[0]);
                        render();
                    });
            else if (effect === 'settle-fast')
                settle.restart();
        }
        render();
    }

    // An asynchronous call; onReply gets the reply's values made plain, or null on an error.
    function call(message, onReply) {
        const reply = DBus.SessionBus.asyncCall(message);
        if (!reply)
            return;
        const finish = () => {
            // An error (isletd gone, a timer ended meanwhile) is a state the caller shows, not a log line.
            const values = reply.isError ? null : Applet.appletPlain(reply.values);
            if (onReply)
                onReply(values);
        };
        if (reply.isFinished)
            finish();
        else
            reply.finished.connect(finish);
    }

    function press(action) {
        const message = Applet.appletMessage(action, Applet.appletShown(feed));
        if (message === null)
            return;
        // A refused call (the timer ended meanwhile, say): show what is true now.
        call(message, values => {
            if (values === null)
                run(['get', 'fast']);
        });
        if (action === 'open-app')
            root.expanded = false;
    }

    function received(iface, member, args) {
        run(Applet.appletSignal(feed, iface, member, Applet.appletPlain(args)));
    }

    Timer {
        id: tick
        property bool poll: false
        repeat: false
        onTriggered: {
            const effects = Applet.appletTickEffects(root.feed, {poll: poll});
            if (effects.length > 0)
                root.run(effects);
            else
                root.render();
        }
    }

    // After an activity ended or a fast started the next activity usually follows at once:
    // the fast is read once that has settled, so a fast with a goal never flashes as one without.
    Timer {
        id: settle
        interval: Applet.appletSettleMilliseconds
        repeat: false
        onTriggered: root.run(['fast'])
    }

    DBus.DBusServiceWatcher {
        id: service
        busType: DBus.BusType.Session
        watchedService: Applet.appletBus.name
        onRegisteredChanged: root.run(Applet.appletServiceChanged(root.feed, registered))
    }

    DBus.DBusServiceWatcher {
        id: liveName
        busType: DBus.BusType.Session
        watchedService: Applet.appletBus.live
        onRegisteredChanged: {
            if (root.feed.mode === 'names')
                root.run(Applet.appletLiveChanged(root.feed, registered));
        }
    }

    // Plasma 6.4+: the signals themselves (SignalFeed.qml). Made here rather than by a Loader:
    // on 6.3, which has no SignalWatcher, a Loader would log the file's error; this asks quietly.
    property QtObject signalFeed: null

    function makeSignalFeed() {
        const component = Qt.createComponent(Qt.resolvedUrl("SignalFeed.qml"));
        if (component.status !== Component.Ready)
            return null;
        const made = component.createObject(root);
        if (made)
            made.received.connect((iface, member, args) => root.received(iface, member, args));
        return made;
    }

    Component.onCompleted: {
        signalFeed = makeSignalFeed();
        feed = Applet.appletFeed(signalFeed !== null ? 'signals' : 'names');
        if (feed.mode === 'names')
            feed.live = liveName.registered;
        run(Applet.appletServiceChanged(feed, service.registered));
        call({service: 'org.freedesktop.DBus', path: '/org/freedesktop/DBus', iface: 'org.freedesktop.DBus',
            member: 'ListActivatableNames', arguments: [], signature: ''}, values => {
                appInstalled = values !== null && Array.isArray(values[0]) && values[0].includes('org.islet.Islet.App');
                render();
            });
    }
}
