.pragma library
.import "island.js" as Island

// The Plasma applet's pure logic: how it follows isletd, as a state machine of plain values.
// The texts, the menu's buttons and the calls behind them are island.js's, shared with the
// GNOME island (packaging/gnome-shell/island.js, copied beside this file by
// packaging/plasma/build). No QML types here: Tests/Plasma runs it under qmltestrunner.
//
// Two ways to follow the service, chosen by what the shell has:
//   'signals' (Plasma 6.4+, SignalWatcher): LiveActivity's and Fasting's signals, and a `Get`
//      whenever org.islet.Islet1 gains an owner; nothing is read on a clock.
//   'names' (Plasma 6.3, no signal watcher): org.islet.Islet1.Live is owned by isletd while
//      something is live (contract 1.3). Its owner appearing means "read the activity"; while
//      it is owned the state is read once a second at most; while it is not, never.
//
// Every function returns the effects the QML side carries out: 'get' (LiveActivity.Get),
// 'fast' (Fasting's properties), 'settle-fast' ('fast' after a short pause).

var appletPollMilliseconds = 1000;
var appletSettleMilliseconds = 250;

// The names the applet watches (the contract: dbus/org.islet.Islet1.xml).
var appletBus = {
    name: Island.islandBus.name,
    live: 'org.islet.Islet1.Live',
    path: Island.islandBus.path,
    liveActivity: Island.islandBus.liveActivity,
    fasting: Island.islandBus.fasting,
    properties: 'org.freedesktop.DBus.Properties',
};

function appletFeed(mode) {
    return {
        mode: mode === 'names' ? 'names' : 'signals',
        service: false,
        live: false,
        activity: null,
        fastStartedAt: null,
        showStages: false,
    };
}

// A value as Plasma's D-Bus module hands it over, made plain: its typed wrappers
// (DBus.uint64 and the like: an object with `value` and its own toString) become their value;
// arrays and dictionaries are made plain all the way down.
function appletPlain(value) {
    if (value === null || value === undefined)
        return null;
    if (typeof value !== 'object')
        return value;
    if (appletIsList(value))
        return Array.from(value, appletPlain);
    if ('value' in value && typeof value.toString === 'function' && value.toString !== Object.prototype.toString) {
        const inner = value.value;
        return typeof inner === 'object' ? appletPlain(inner) : inner;
    }
    const plain = {};
    for (const key of Object.keys(value))
        plain[key] = appletPlain(value[key]);
    return plain;
}

// A list: a JavaScript array, or the sequence Qt hands over for a QVariantList (no array to
// Array.isArray; its keys are its indexes and it has a length). A dictionary never has
// "length" among its keys' twins, so one that happens to have a key named length stays one.
function appletIsList(value) {
    if (Array.isArray(value))
        return true;
    if (typeof value.length !== 'number')
        return false;
    const keys = Object.keys(value);
    return keys.length === value.length && keys.every((key, i) => key === `${i}`);
}

// org.islet.Islet1 gained (true) or lost (false) an owner.
function appletServiceChanged(feed, registered) {
    feed.service = registered;
    if (!registered) {
        feed.activity = null;
        feed.fastStartedAt = null;
        feed.live = false;
        return [];
    }
    return feed.mode === 'names' && !feed.live ? [] : ['get', 'fast'];
}

// org.islet.Islet1.Live gained (true) or lost (false) an owner ('names' only).
function appletLiveChanged(feed, owned) {
    feed.live = owned;
    if (owned)
        return ['get', 'fast'];
    feed.activity = null;
    feed.fastStartedAt = null;
    return [];
}

// A signal from the service: iface, member, and its arguments made plain.
function appletSignal(feed, iface, member, args) {
    if (iface === appletBus.liveActivity) {
        const before = feed.activity;
        const applied = Island.islandApply(before, member, args);
        feed.activity = applied.activity;
        const effects = [];
        if (member === 'ActivityEnded' && applied.activity === null && before !== null) {
            feed.fastStartedAt = null;
            effects.push('settle-fast');
        }
        if (applied.resync)
            effects.push('get');
        return effects;
    }
    if (iface === appletBus.fasting) {
        if (member === 'FastStopped') {
            feed.fastStartedAt = null;
            return [];
        }
        return member === 'FastStarted' ? ['settle-fast'] : [];
    }
    if (iface === appletBus.properties && member === 'PropertiesChanged' && args[0] === appletBus.fasting)
        return ['fast'];
    return [];
}

// LiveActivity.Get's reply (its four values made plain), or null when the call failed.
function appletGetReply(feed, values) {
    if (!Array.isArray(values) || values.length !== 4) {
        feed.activity = null;
        return;
    }
    const [id, owner, attributes, state] = values;
    feed.activity = typeof id === 'string' ? Island.islandActivity(id, owner, attributes ?? {}, state ?? {}) : null;
}

// Fasting's properties (GetAll's dictionary made plain), or null when the call failed.
function appletFastReply(feed, properties) {
    feed.fastStartedAt = Island.islandFastStart(properties);
    feed.showStages = Island.islandShowStages(properties);
}

// What the applet shows: the activity, or else a running fast (an app view); null: nothing.
function appletShown(feed) {
    return feed.activity ?? Island.islandFastWithoutActivity(feed.fastStartedAt);
}

// When to look again, from the view shown at nowUsec: {delay (ms, or null: never), poll (the
// state is to be read then)}. 'names' reads the state each second while something is live.
function appletNextTick(feed, view, nowUsec) {
    let delay = null;
    if (view && view.nextChangeUsec !== null && view.nextChangeUsec !== undefined)
        delay = Math.max(1, Math.ceil((view.nextChangeUsec - nowUsec) / 1000));
    const poll = feed.mode === 'names' && feed.service && feed.live;
    if (poll && (delay === null || delay > appletPollMilliseconds))
        return {delay: appletPollMilliseconds, poll: true};
    return {delay, poll};
}

// The effects of a tick: 'names' reads what is shown again.
function appletTickEffects(feed, tick) {
    if (!tick.poll)
        return [];
    return feed.activity !== null || feed.fastStartedAt === null ? ['get', 'fast'] : ['fast'];
}

// The call behind a button as a message for Plasma's `asyncCall`, or null. Its signature is the
// arguments' as one struct, "(st)" (Plasma converts the plain values by it; without one it
// would introspect the service first).
function appletMessage(action, activity) {
    if (!activity)
        return null;
    if (action === 'open-app') {
        const page = Island.islandAppPage(Island.islandActivityKind(activity));
        if (page === null)
            return null;
        return {
            service: Island.islandApp.name, path: Island.islandApp.path, iface: 'org.freedesktop.Application',
            member: 'ActivateAction', arguments: ['show-page', [page], {}], signature: '(sava{sv})',
        };
    }
    const call = Island.islandPress(action, activity);
    if (!call)
        return null;
    const [iface, member, signature, args] = call;
    return {service: appletBus.name, path: appletBus.path, iface, member, arguments: args, signature: signature ?? ''};
}

// The panel's text, as islet's panels say it (`islet status`): a timer's or a program's title
// before the island's time and mark ("Tea 02:45 · Steep 1/2"), a fast's time to its goal, the
// time alone in the minimal style.
function appletCompactText(feed, view, minimal) {
    if (!view)
        return '';
    const shown = appletShown(feed);
    if (minimal || !shown || Island.islandActivityKind(shown) === 'fast' || !view.menu.title)
        return view.bar.text;
    return `${view.menu.title} ${view.bar.text}`;
}

// The panel's text and the popup's model at nowUsec: island.js's view, or null.
function appletView(feed, nowUsec, minimal, expanded, tr, openApp) {
    return Island.islandView(appletShown(feed), nowUsec, minimal ? 'minimal' : 'standard', expanded, tr, openApp, feed.showStages);
}
