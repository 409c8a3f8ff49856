// The Plasma applet's logic with a fake isletd: the feed in both modes (Plasma 6.4+'s signals,
// 6.3's org.islet.Islet1.Live), what it shows, when it wakes, the calls behind its buttons and
// the values Plasma's D-Bus module hands over. Run by Tests/Plasma/run, beside the package
// that packaging/plasma/build assembled.
import QtQuick
import QtTest
import "org.islet.island/contents/code/applet.js" as Applet
import "org.islet.island/contents/code/island.js" as Island
import "shared-views.js" as Shared
import "activity-views.js" as Table

TestCase {
    name: "PlasmaApplet"

    readonly property real s: 1e6
    readonly property real now: Date.UTC(2026, 10, 26, 12, 0, 0) * 1000

    // A fake isletd: what Get and Fasting's GetAll answer, and the calls the applet made.
    function fakeService() {
        return {
            activity: ['', '', {}, {}],
            fasting: {Fasting: false, StartedAtUSec: 0, ShowStages: false},
            calls: [],
            // Carries out the effects as main.qml does, answering at once.
            run(feed, effects) {
                for (const effect of effects) {
                    this.calls.push(effect);
                    if (effect === 'get')
                        Applet.appletGetReply(feed, this.activity);
                    else if (effect === 'fast' || effect === 'settle-fast')
                        Applet.appletFastReply(feed, this.fasting);
                }
            },
        };
    }

    function tea(remaining, status) {
        return ['7', 'tea', {kind: 'timer', title: 'Tea'},
            {status: status ?? 'running', ends_at_usec: now + remaining * s, remaining_usec: remaining * s,
                updated_at_usec: now, phase_count: 2, phase_index: 0, phase_name: 'Steep', title: 'Tea'}];
    }

    function view(feed, minimal, expanded) {
        return Applet.appletView(feed, now, minimal ?? false, expanded ?? false, null, true);
    }

    function test_signals_mode_reads_once_then_follows_signals() {
        const service = fakeService();
        const feed = Applet.appletFeed('signals');
        compare(Applet.appletNextTick(feed, view(feed), now), {delay: null, poll: false}, "nothing live: no timer at all");
        service.activity = tea(165);
        service.run(feed, Applet.appletServiceChanged(feed, true));
        compare(service.calls, ['get', 'fast']);
        const shown = view(feed);
        compare(Applet.appletCompactText(feed, shown, false), "Tea 02:45 · Steep 1/2");
        compare(Applet.appletCompactText(feed, view(feed, true), true), "2:45", "minimal: the time alone");
        compare(shown.menu.buttons.map(b => b.action), ['pause', 'extend', 'stop', 'open-app']);
        const tick = Applet.appletNextTick(feed, shown, now);
        verify(tick.delay >= 1 && tick.delay <= 1000, `a countdown ticks within the second, not ${tick.delay}`);
        verify(!tick.poll, "signals mode never reads on a clock");
        compare(Applet.appletTickEffects(feed, tick), []);

        // Paused by a signal: the time stands, nothing ticks.
        const paused = tea(100, 'paused')[3];
        compare(Applet.appletSignal(feed, Applet.appletBus.liveActivity, 'ActivityUpdated', ['7', paused]), []);
        const pausedView = view(feed);
        compare(Applet.appletCompactText(feed, pausedView, false), "Tea 01:40 · Steep 1/2");
        compare(pausedView.bar.icon, 'media-playback-pause-symbolic', "the pause mark");
        compare(pausedView.menu.buttons.map(b => b.action), ['resume', 'extend', 'stop', 'open-app']);
        compare(Applet.appletNextTick(feed, pausedView, now).delay, null);

        // An update for an activity it does not know: read it again.
        compare(Applet.appletSignal(feed, Applet.appletBus.liveActivity, 'ActivityUpdated', ['8', paused]), ['get']);

        // Ended: gone, then the fast is read once things settled (a fast may still run).
        compare(Applet.appletSignal(feed, Applet.appletBus.liveActivity, 'ActivityEnded', ['7', 'stopped']), ['settle-fast']);
        compare(view(feed), null);
        compare(Applet.appletNextTick(feed, view(feed), now), {delay: null, poll: false});
    }

    function test_fast_without_goal_and_its_stop() {
        const service = fakeService();
        const feed = Applet.appletFeed('signals');
        service.run(feed, Applet.appletServiceChanged(feed, true));
        compare(view(feed), null);
        service.fasting = {Fasting: true, StartedAtUSec: now - 3723 * s, ShowStages: false};
        const effects = Applet.appletSignal(feed, Applet.appletBus.fasting, 'FastStarted', [1, now - 3723 * s]);
        compare(effects, ['settle-fast']);
        service.run(feed, effects);
        const shown = view(feed);
        compare(Applet.appletCompactText(feed, shown, false), "Fasted 1:02:03");
        compare(shown.menu.buttons.map(b => b.action), ['stop-fast', 'open-app']);
        compare(Applet.appletMessage('stop-fast', Applet.appletShown(feed)),
            {service: 'org.islet.Islet1', path: '/org/islet/Islet1', iface: 'org.islet.Islet1.Fasting', member: 'StopFast',
                arguments: [], signature: ''});
        compare(Applet.appletSignal(feed, Applet.appletBus.fasting, 'FastStopped', [1, now - 3723 * s, now]), []);
        compare(view(feed), null);
        // Stages turned on: Fasting's properties again.
        compare(Applet.appletSignal(feed, Applet.appletBus.properties, 'PropertiesChanged', [Applet.appletBus.fasting, {}, []]), ['fast']);
        compare(Applet.appletSignal(feed, Applet.appletBus.properties, 'PropertiesChanged', ['org.islet.Islet1.Timers', {}, []]), []);
    }

    function test_fast_with_goal_shows_time_to_goal() {
        const service = fakeService();
        const feed = Applet.appletFeed('signals');
        service.activity = ['3', 'fasting', {kind: 'fast', title: 'Fasting'},
            {status: 'running', started_at_usec: now - 3 * 3600 * s, goal_usec: 16 * 3600 * s, ends_at_usec: now + 13 * 3600 * s}];
        service.run(feed, Applet.appletServiceChanged(feed, true));
        const shown = view(feed);
        compare(Applet.appletCompactText(feed, shown, false), "13:00:00", "a fast's time to its goal, no title");
        compare(shown.bar.icon, 'preferences-system-time-symbolic');
    }

    function test_names_mode_idle_costs_nothing_and_polls_while_live() {
        const service = fakeService();
        const feed = Applet.appletFeed('names');
        compare(feed.mode, 'names');
        // isletd runs, nothing is live: not one call, no timer.
        compare(Applet.appletServiceChanged(feed, true), []);
        compare(Applet.appletNextTick(feed, view(feed), now), {delay: null, poll: false});
        // Something became live: read it; then once a second while it stays live.
        service.activity = tea(600, 'paused');
        service.run(feed, Applet.appletLiveChanged(feed, true));
        compare(service.calls, ['get', 'fast']);
        const tick = Applet.appletNextTick(feed, view(feed), now);
        compare(tick, {delay: Applet.appletPollMilliseconds, poll: true}, "paused, yet read each second for a resume");
        compare(Applet.appletTickEffects(feed, tick), ['get', 'fast']);
        // Running: the countdown's own tick also reads.
        service.activity = tea(600);
        service.run(feed, ['get']);
        const running = Applet.appletNextTick(feed, view(feed), now);
        verify(running.poll && running.delay <= 1000);
        // The name left: nothing shown, no timer, no call.
        service.calls = [];
        compare(Applet.appletLiveChanged(feed, false), []);
        compare(view(feed), null);
        compare(Applet.appletNextTick(feed, view(feed), now), {delay: null, poll: false});
        // A goal-less fast in names mode: shown from Fasting's properties, read each second.
        service.activity = ['', '', {}, {}];
        service.fasting = {Fasting: true, StartedAtUSec: now - 60 * s, ShowStages: false};
        service.run(feed, Applet.appletLiveChanged(feed, true));
        compare(Applet.appletCompactText(feed, view(feed), false), "Fasted 0:01:00");
        compare(Applet.appletTickEffects(feed, Applet.appletNextTick(feed, view(feed), now)), ['fast']);
    }

    function test_service_leaving_clears_everything() {
        const service = fakeService();
        for (const mode of ['signals', 'names']) {
            const feed = Applet.appletFeed(mode);
            service.activity = tea(100);
            service.run(feed, Applet.appletServiceChanged(feed, true));
            if (mode === 'names')
                service.run(feed, Applet.appletLiveChanged(feed, true));
            verify(view(feed) !== null, mode);
            compare(Applet.appletServiceChanged(feed, false), [], mode);
            compare(view(feed), null, mode);
            compare(Applet.appletNextTick(feed, view(feed), now), {delay: null, poll: false}, mode);
            // Back (isletd restarted): read again.
            compare(Applet.appletServiceChanged(feed, true).length, mode === 'signals' ? 2 : 0, mode);
        }
    }

    function test_failed_reads_show_nothing() {
        const feed = Applet.appletFeed('signals');
        Applet.appletGetReply(feed, tea(100));
        verify(Applet.appletShown(feed) !== null);
        Applet.appletGetReply(feed, null);
        compare(Applet.appletShown(feed), null);
        Applet.appletGetReply(feed, ['x']);
        compare(Applet.appletShown(feed), null);
        Applet.appletFastReply(feed, null);
        compare(feed.fastStartedAt, null);
        Applet.appletFastReply(feed, {Fasting: true, StartedAtUSec: 'soon'});
        compare(feed.fastStartedAt, null, "a wrong type counts as absent");
    }

    function test_button_messages() {
        const activity = Applet.appletShown((() => {
            const feed = Applet.appletFeed('signals');
            Applet.appletGetReply(feed, tea(100));
            return feed;
        })());
        compare(Applet.appletMessage('pause', activity),
            {service: 'org.islet.Islet1', path: '/org/islet/Islet1', iface: 'org.islet.Islet1.Timers', member: 'Pause',
                arguments: ['tea'], signature: '(s)'});
        compare(Applet.appletMessage('extend', activity).arguments, ['tea', 60]);
        compare(Applet.appletMessage('extend', activity).signature, '(st)');
        compare(Applet.appletMessage('open-app', activity),
            {service: 'org.islet.Islet.App', path: '/org/islet/Islet/App', iface: 'org.freedesktop.Application',
                member: 'ActivateAction', arguments: ['show-page', ['timers'], {}], signature: '(sava{sv})'});
        const custom = {id: '9', owner: 'make', attributes: {kind: 'build', title: 'Build'}, state: {status: 'running'}};
        compare(Applet.appletMessage('open-app', custom), null, "a program's own activity has no page in the app");
        compare(Applet.appletMessage('unknown', activity), null);
        compare(Applet.appletMessage('pause', null), null);
    }

    function test_plasma_values_made_plain() {
        // Plasma's D-Bus module wraps numbers and strings (DBus.uint64 and the like): an object
        // with `value` and a toString of its own.
        const wrap = v => ({value: v, toString() { return `${v}`; }});
        const reply = [wrap('7'), wrap('tea'), {kind: wrap('timer'), title: wrap('Tea')},
            {status: wrap('running'), ends_at_usec: wrap(now + 5 * s), phase_count: wrap(2), alert: true}];
        compare(Applet.appletPlain(reply),
            ['7', 'tea', {kind: 'timer', title: 'Tea'}, {status: 'running', ends_at_usec: now + 5 * s, phase_count: 2, alert: true}]);
        compare(Applet.appletPlain({value: 3}), {value: 3}, "a dictionary with a key named value stays a dictionary");
        compare(Applet.appletPlain([[wrap('fast')], null]), [['fast'], null]);
        // What Qt gives for a QVariantList (reply.values): indexes as keys, a length that is
        // not one of them.
        const sequence = {0: wrap(''), 1: wrap(''), 2: {}, 3: {}};
        Object.defineProperty(sequence, 'length', {value: 4, enumerable: false});
        compare(Applet.appletPlain(sequence), ['', '', {}, {}]);
        compare(Applet.appletPlain({length: 2, title: 'Rope'}), {length: 2, title: 'Rope'}, "a dictionary with a length key");
        const feed = Applet.appletFeed('signals');
        Applet.appletGetReply(feed, Applet.appletPlain(reply));
        compare(Applet.appletCompactText(feed, view(feed), false), "Tea 00:05 · 1/2");
    }

    function test_expanded_fast_counts_each_second() {
        const feed = Applet.appletFeed('signals');
        Applet.appletGetReply(feed, ['3', 'fasting', {kind: 'fast', title: 'Fasting'},
            {status: 'running', started_at_usec: now - 3 * 3600 * s, goal_usec: 16 * 3600 * s, ends_at_usec: now + 13 * 3600 * s}]);
        const closed = Applet.appletNextTick(feed, view(feed, false, false), now);
        const open = Applet.appletNextTick(feed, view(feed, false, true), now);
        verify(open.delay <= 1000, `the popup counts each second (${open.delay})`);
        verify(closed.delay !== null);
    }

    // Tests/Fixtures/activity-views.json through the widget's copy of island.js under Qt's
    // engine: the cases islet's Swift view and the GNOME extension answer alike.
    function test_shared_views_as_islet_shows_them() {
        let failures = [];
        let count = 0;
        Shared.runSharedViewCases(Island, (name, actual, expected) => {
            count++;
            if (JSON.stringify(actual) !== JSON.stringify(expected))
                failures.push(`${name}\n  got      ${JSON.stringify(actual)}\n  expected ${JSON.stringify(expected)}`);
        }, Table.text);
        verify(count >= 16, `the table's cases ran (${count})`);
        compare(failures.join('\n'), '');
    }
}
