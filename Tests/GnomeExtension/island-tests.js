// The island's pure logic (packaging/gnome-shell/island.js), run by `gjs` against both
// generations as they are built (Tests/GnomeExtension/run): GNOME 43's legacy import and
// GNOME 45's ES module. Requirement IDs are the seeds' (../shared/seeds).
/* exported runIslandTests */

function runIslandTests(Island, check, contractXml) {
    const s = 1000000;
    const now = 1700000000 * s;
    const timer = (state, attributes = {}) => Island.islandActivity('a1', 'islet',
        {kind: 'timer', title: 'Tea', phase_count: 1, rounds: 1, ...attributes}, {title: 'Tea', ...state});
    const fast = state => Island.islandActivity('f1', 'fasting', {kind: 'fast', title: 'Fasting Goal'}, state);
    const view = (activity, style = 'standard', open = false, app = false, stages = false) => Island.islandView(activity, now, style, open, undefined, app, stages);

    // Times as islet writes them everywhere.
    check('timer text', [872, 120, 0, 3723].map(Island.islandTimerText), ['14:32', '02:00', '00:00', '1:02:03']);
    check('minimal text', [300, 872, 0, 3723].map(Island.islandMinimalText), ['5:00', '14:32', '0:00', '1:02:03']);
    check('H:MM:SS', Island.islandHms(11529), '3:12:09');
    check('durations', [57600, 59400, 86400, 2700, 90, 0].map(n => Island.islandDuration(n)),
        ['16 hours', '16 hours 30 minutes', '1 day', '45 minutes', '1 minute 30 seconds', '0 seconds']);

    // DI-002 compact: the time, rounded up, and the phase; a tick when the text next changes.
    const tea = timer({status: 'running', ends_at_usec: now + 119.5 * s, remaining_usec: 119.5 * s,
        elapsed_usec: 0.5 * s, updated_at_usec: now, phase_count: 2, phase_index: 0, phase_name: 'Phase 1'},
    {phase_count: 2});
    const teaView = view(tea);
    check('DI-002 timer: time and phase', teaView.bar.text, '02:00 · 1/2');
    check('DI-002 timer: icon', teaView.bar.icon, 'alarm-symbolic');
    check('DI-002 timer: next change at the next whole second', teaView.nextChangeUsec, now + 0.5 * s);
    check('FR-05 expanded: title, time, phase', [teaView.menu.title, teaView.menu.time, teaView.menu.detail],
        ['Tea', '02:00', 'Phase 1/2']);
    check('FR-05 expanded: progress of the phase', Math.round(teaView.menu.progress * 1000), 4);
    check('FR-05 expanded: Pause, +1 min and Stop', teaView.menu.buttons.map(b => b.label), ['Pause', '+1 min', 'Stop']);
    check('a countdown never shows 0 by itself', view(timer({status: 'running', ends_at_usec: now - s})).bar.text, '00:01');

    const workout = timer({status: 'running', ends_at_usec: now + 20 * s, phase_count: 2, phase_index: 0,
        phase_name: 'Work', round: 3, rounds: 8}, {title: 'Workout'});
    check('intervals: compact mark', view(workout).bar.text, '00:20 · Work 3/8');
    check('intervals: expanded', view(workout).menu.detail, 'Work · Round 3/8');
    check('a long phase name stays out of the bar',
        view(timer({status: 'running', ends_at_usec: now + 20 * s, phase_count: 2, phase_index: 1,
            phase_name: 'Slow breathing'})).bar.text, '00:20 · 2/2');

    // Paused: a pause mark, nothing ticks.
    const paused = view(timer({status: 'paused', ends_at_usec: 0, remaining_usec: 40.2 * s, elapsed_usec: 79.8 * s,
        phase_count: 2, phase_index: 0}));
    check('paused: time as it stands', paused.bar.text, '00:41 · 1/2');
    check('paused: pause mark', paused.bar.icon, 'media-playback-pause-symbolic');
    check('paused: no clock', paused.nextChangeUsec, null);
    check('paused: Resume, +1 min and Stop', paused.menu.buttons.map(b => b.action), ['resume', 'extend', 'stop']);
    check('paused: said in the menu', paused.menu.detail, 'Paused · Phase 1/2');

    const done = view(timer({status: 'completed', remaining_usec: 0, elapsed_usec: 120 * s}));
    check('completed: 00:00 and done', [done.bar.text, done.nextChangeUsec, done.menu.buttons.length],
        ['00:00 · Done', null, 0]);

    // DI-002 / DI-003 for a fast, DI-004 goal reached.
    const started = now - 3 * 3600 * s;
    const running = fast({status: 'running', started_at_usec: started, ends_at_usec: started + 16 * 3600 * s,
        goal_usec: 16 * 3600 * s, title: 'Fasting Goal'});
    const fastView = view(running);
    check('DI-002 fast: time to the goal', [fastView.bar.text, fastView.bar.icon], ['13:00:00', 'preferences-system-time-symbolic']);
    // Issue 45: the goal as a clock time (in the zone gjs runs in), with "tomorrow" past midnight.
    const end = new Date((started + 16 * 3600 * s) / 1000);
    const endDay = new Date(end.getFullYear(), end.getMonth(), end.getDate()).getTime();
    const nowDate = new Date(now / 1000);
    const tomorrow = endDay > new Date(nowDate.getFullYear(), nowDate.getMonth(), nowDate.getDate()).getTime();
    const endClock = `${String(end.getHours()).padStart(2, '0')}:${String(end.getMinutes()).padStart(2, '0')}`;
    check('DI-003 fast: title, goal, elapsed, goal at', [fastView.menu.title, fastView.menu.detail, fastView.menu.lines],
        ['Fasting Goal', 'Goal: 16 hours', ['Elapsed 3:00:00', `Goal at ${endClock}${tomorrow ? ' tomorrow' : ''}`]]);
    check('DI-003 fast: progress of the goal', fastView.menu.progress, 3 / 16);
    // Issue 45: stages only when isletd's ShowStages is on, the next one's start as a clock time.
    const staged = view(running, 'standard', false, false, true);
    const catabolic = new Date((started + 4 * 3600 * s) / 1000);
    const catabolicClock = `${String(catabolic.getHours()).padStart(2, '0')}:${String(catabolic.getMinutes()).padStart(2, '0')}`;
    check('stages: shown only when on', [fastView.menu.lines.some(l => l.startsWith('Stage:')), staged.menu.lines[2]],
        [false, `Stage: Anabolic · Catabolic at ${catabolicClock}`]);
    check('stages: ShowStages read from the properties',
        [Island.islandShowStages({ShowStages: true}), Island.islandShowStages({}), Island.islandShowStages(null)], [true, false, false]);
    check('DI-005 fast: Stop Fast', fastView.menu.buttons, [{label: 'Stop Fast', action: 'stop-fast'}]);
    const reached = fast({status: 'goal-reached', started_at_usec: now - 16 * 3600 * s - 5.5 * s,
        ends_at_usec: now - 5.5 * s, goal_usec: 16 * 3600 * s});
    check('DI-004 compact', [view(reached).bar.text, view(reached).bar.icon], ['Goal Reached!', 'object-select-symbolic']);
    check('DI-004 expanded', [view(reached).menu.title, view(reached).menu.time], ['Goal Reached!', '16:00:05']);
    check('DI-004: the bar does not tick', view(reached).nextChangeUsec, null);
    check('DI-004: the open menu counts on', view(reached, 'standard', true).nextChangeUsec, now + 0.5 * s);

    // PRD-02, the minimal style: the time alone; AR-01 no progress, AR-02 no icon, AR-03 no
    // colour change, AR-05 no buttons, AR-06 no wording, AR-07 nothing more to see.
    const focus = timer({status: 'running', ends_at_usec: now + 300 * s, phase_count: 2, phase_index: 0}, {title: 'Focus'});
    const minimal = view(focus, 'minimal');
    check('PRD-02: the time alone', minimal.bar.text, '5:00');
    check('AR-02: no icon', minimal.bar.icon, null);
    check('AR-01 AR-05 AR-06 AR-07: the menu is the time alone',
        [minimal.menu.title, minimal.menu.detail, minimal.menu.progress, minimal.menu.lines, minimal.menu.buttons],
        [null, null, null, [], []]);
    const minimalClasses = ['running', 'paused', 'completed'].map(status =>
        view(timer({status, ends_at_usec: status === 'running' ? now + 60 * s : 0, remaining_usec: 30 * s}), 'minimal').bar.styleClass);
    check('AR-03: one class whatever the status', minimalClasses, ['islet-minimal', 'islet-minimal', 'islet-minimal']);
    check('minimal paused: the time alone', view(timer({status: 'paused', remaining_usec: 30 * s}), 'minimal').bar.text, '0:30');
    const minimalReached = view(reached, 'minimal');
    check('minimal goal reached: hours and minutes with units, a change a minute (never "16:00", a timer\'s MM:SS)',
        [minimalReached.bar.text, minimalReached.nextChangeUsec], ['16 h', now + 54.5 * s]);
    check('hours and minutes', [57600, 57720, 2700, 0].map(n => Island.islandHoursMinutes(n)), ['16 h', '16 h 2 min', '45 min', '0 min']);

    // FR-002 FR-003 (issue 38, item 6): a fast with no activity (no goal, DI-001) is an app
    // view: the time fasted counting each second, Stop Fast; not a live activity.
    const noGoal = Island.islandFastWithoutActivity(now - 3723.5 * s);
    const noGoalView = view(noGoal);
    check('FR-003 fast without a goal: the bar counts up', [noGoalView.bar.text, noGoalView.nextChangeUsec],
        ['Fasted 1:02:03', now + 0.5 * s]);
    check('FR-003 fast without a goal: the menu', [noGoalView.menu.title, noGoalView.menu.time, noGoalView.menu.detail],
        ['Fasting', '1:02:03', 'No goal set']);
    check('FR-002 fast without a goal: Stop Fast', noGoalView.menu.buttons, [{label: 'Stop Fast', action: 'stop-fast'}]);
    check('FR-003 fast without a goal, minimal: the time alone, each second',
        [view(noGoal, 'minimal').bar.text, view(noGoal, 'minimal').nextChangeUsec, view(noGoal, 'minimal').menu.buttons],
        ['1:02:03', now + 0.5 * s, []]);
    check('no fast, no view', [Island.islandFastWithoutActivity(null), Island.islandFastWithoutActivity(0)], [null, null]);
    check('a fast\'s start from Fasting\'s properties', [
        {Fasting: true, StartedAtUSec: now}, {Fasting: false, StartedAtUSec: 0}, {Fasting: true, StartedAtUSec: 'x'}, null,
    ].map(Island.islandFastStart), [now, null, null, null]);

    // The signals, applied.
    let applied = Island.islandApply(null, 'ActivityStarted', ['a1', 'islet', {kind: 'timer', title: 'Tea'}, {status: 'running'}]);
    check('ActivityStarted', [applied.activity.id, applied.activity.owner, applied.resync], ['a1', 'islet', false]);
    const held = applied.activity;
    applied = Island.islandApply(held, 'ActivityUpdated', ['a1', {status: 'paused'}]);
    check('ActivityUpdated replaces the state', [applied.activity.state, applied.activity.attributes.title], [{status: 'paused'}, 'Tea']);
    check('an update for an unknown activity asks for Get', Island.islandApply(held, 'ActivityUpdated', ['a2', {}]).resync, true);
    check('ActivityEnded of another activity changes nothing', Island.islandApply(held, 'ActivityEnded', ['a2', 'replaced']).activity, held);
    check('ActivityEnded', Island.islandApply(held, 'ActivityEnded', ['a1', 'completed']).activity, null);
    check('no activity: nothing shown', [Island.islandActivity('', '', {}, {}), view(null)], [null, null]);

    // Bad values from the bus never throw: they count as absent.
    const odd = Island.islandActivity('c1', 'tool', {kind: 'spaceship', title: 7},
        {status: 'exploded', ends_at_usec: 'soon', progress: 7, title: 'Build'});
    check('odd values: a custom activity with its title', [view(odd).bar.text, view(odd).status, view(odd).menu.progress],
        ['Build', 'running', null]);
    check('odd values: no buttons on a program\'s own activity', view(odd).menu.buttons, []);
    const custom = Island.islandActivity('c2', 'tool', {kind: 'custom', title: 'Upload'}, {status: 'running', progress: 0.5});
    check('custom: progress as given', view(custom).menu.progress, 0.5);

    // A program's own activity with no end (`islet run`, issue 36): its time counts up, its
    // phase beside it, and its end in its own words.
    const runningCommand = Island.islandActivity('r1', 'run-1', {kind: 'custom', title: 'make'}, {status: 'runningCommand',
        started_at_usec: now - 65.5 * s, updated_at_usec: now - 5.5 * s, elapsed_usec: 60 * s, phase_name: 'Running'});
    check('islet run: the time counts up, the phase beside it',
        [view(runningCommand).bar.text, view(runningCommand).nextChangeUsec, view(runningCommand).menu.detail, view(runningCommand).menu.buttons],
        ['01:05 · Running', now + 0.5 * s, 'Running', []]);
    const ran = Island.islandActivity('r1', 'run-1', {kind: 'custom', title: 'make'}, {status: 'completed',
        elapsed_usec: 192 * s, phase_name: 'Done in 3:12', outcome: 'success'});
    check('islet run: its end in its own words', [view(ran).bar.text, view(ran).menu.detail, view(ran).nextChangeUsec],
        ['03:12 · Done in 3:12', 'Done in 3:12', null]);
    const failed = Island.islandActivity('r1', 'run-1', {kind: 'custom', title: 'make'}, {status: 'completed',
        elapsed_usec: 5 * s, phase_name: 'Failed (exit 2) after 0:05', outcome: 'failure'});
    check('islet run: a failure never reads as Done in the bar', view(failed).bar.text, '00:05 · Failed (exit 2) after 0:05');

    // Contract 1.2: a stale activity is dimmed and says since when.
    const stale = Island.islandActivity('p1', 'parcel', {kind: 'custom', title: 'Parcel'}, {status: 'running',
        phase_name: 'On its way', updated_at_usec: now - 3600 * s, stale_at_usec: now - 60 * s, stale: true});
    check('1.2 stale: dimmed, and since when', [view(stale).bar.styleClass, view(stale).menu.lines.length,
        view(stale).menu.lines[0].startsWith('Not updated since ')], ['islet-stale', 1, true]);

    // Contract 1.2: an alert lights the island up for ten seconds after its update.
    const alerted = Island.islandActivity('a1', 'ride', {kind: 'custom', title: 'Ride'}, {status: 'running',
        phase_name: 'Arriving', updated_at_usec: now - 4 * s, elapsed_usec: 0, alert: true});
    check('1.2 alert: lit, until ten seconds after the update', [view(alerted).bar.styleClass, view(alerted).nextChangeUsec],
        ['islet-alert', now + s]);
    check('1.2 alert: then as usual', Island.islandView(alerted, now + 7 * s, 'standard', false).bar.styleClass, 'islet-running');

    // The buttons' calls.
    check('calls', ['pause', 'resume', 'stop', 'extend', 'stop-fast', 'nonsense'].map(a => Island.islandCall(a, 'islet')), [
        ['org.islet.Islet1.Timers', 'Pause', '(s)', ['islet']],
        ['org.islet.Islet1.Timers', 'Resume', '(s)', ['islet']],
        ['org.islet.Islet1.Timers', 'Stop', '(s)', ['islet']],
        ['org.islet.Islet1.Timers', 'Extend', '(st)', ['islet', 60]],
        ['org.islet.Islet1.Fasting', 'StopFast', null, []],
        null]);

    // The contract: the names, Get's reply, the signals' arguments and the buttons' calls
    // as dbus/org.islet.Islet1.xml (the service's own introspection) declares them.
    const {Gio} = imports.gi;
    const node = Gio.DBusNodeInfo.new_for_xml(contractXml);
    const signature = args => `(${args.map(a => a.signature).join('')})`;
    const live = node.lookup_interface(Island.islandBus.liveActivity);
    check('contract: the LiveActivity interface', live !== null, true);
    check('contract: Get\'s reply', signature(live.lookup_method('Get').out_args), Island.islandBus.getReply);
    check('contract: the signals', ['ActivityStarted', 'ActivityUpdated', 'ActivityEnded'].map(n => signature(live.lookup_signal(n).args)),
        ['(ssa{sv}a{sv})', '(sa{sv})', '(ss)']);
    const fastingInterface = node.lookup_interface(Island.islandBus.fasting);
    check('contract: the Fasting interface, its signals and the properties the island reads', [
        fastingInterface?.lookup_signal('FastStarted') !== null, fastingInterface?.lookup_signal('FastStopped') !== null,
        fastingInterface?.lookup_property('Fasting')?.signature, fastingInterface?.lookup_property('StartedAtUSec')?.signature,
    ], [true, true, 'b', 't']);
    for (const action of ['pause', 'resume', 'stop', 'extend', 'stop-fast']) {
        const [iface, method, args] = Island.islandCall(action, 'islet');
        const declared = node.lookup_interface(iface)?.lookup_method(method);
        check(`contract: ${action} calls ${iface}.${method}${args ?? '()'}`, declared ? signature(declared.in_args) : 'missing', args ?? '()');
    }

    // Where islet's app is installed, the menu of a fast or a timer ends with "Open islet",
    // which shows the activity's page; a program's own activity and the minimal style have none.
    const withApp = (activity, style = 'standard') => Island.islandView(activity, now, style, true, undefined, true);
    const appTea = withApp(tea).menu.buttons;
    check('open the app: a timer\'s menu ends with Open islet', appTea[appTea.length - 1], {label: 'Open islet', action: 'open-app'});
    check('open the app: a fast\'s menu too', withApp(fast({status: 'running', started_at_usec: now - 3600 * s, goal_usec: 57600 * s}))
        .menu.buttons.map(b => b.action), ['stop-fast', 'open-app']);
    check('open the app: not without the app', view(tea).menu.buttons.some(b => b.action === 'open-app'), false);
    check('open the app: not for a program\'s activity', withApp(custom).menu.buttons.some(b => b.action === 'open-app'), false);
    check('open the app: nothing to tap in the minimal style', withApp(tea, 'minimal').menu.buttons, []);
    check('open the app: the pages', ['fast', 'timer', 'custom'].map(Island.islandAppPage), ['fast', 'timers', null]);
    check('open the app: its bus name', [Island.islandApp.name, Island.islandApp.path], ['org.islet.Islet.App', '/org/islet/Islet/App']);

    // Contract 1.4: a source's activity (a song) has the buttons its program offers now, which
    // reach the program through LiveActivity.Act; whose it is, by its desktop entry.
    const song = Island.islandActivity('s1', 'mpris:mpv', {kind: 'custom', title: 'mpv', source: true, app_id: 'mpv'},
        {status: 'running', title: 'Clair de Lune', phase_name: 'Debussy', actions: 'pause next dance pause',
            elapsed_usec: 60 * s, remaining_usec: 240 * s, ends_at_usec: now + 240 * s, updated_at_usec: now});
    check('1.4 a song: the buttons it offers, unknown words and repeats left out', view(song).menu.buttons,
        [{label: 'Pause', action: 'pause'}, {label: 'Next', action: 'next'}]);
    check('1.4 a song: its title and artist', [view(song).menu.title, view(song).menu.detail], ['Clair de Lune', 'Debussy']);
    check('1.4 a pressed button reaches the program', Island.islandPress('next', song),
        ['org.islet.Islet1.LiveActivity', 'Act', '(ss)', ['s1', 'next']]);
    check('1.4 a button it does not offer is no call', Island.islandPress('resume', song), null);
    check('1.4 a timer\'s buttons stay the Timers methods', Island.islandPress('pause', tea),
        ['org.islet.Islet1.Timers', 'Pause', '(s)', ['islet']]);
    check('1.4 whose it is', [Island.islandAppId(song), Island.islandAppId(tea),
        Island.islandAppId(Island.islandActivity('x', 'o', {kind: 'custom', title: 'x', app_id: '../../etc/passwd'}, {}))], ['mpv', null, null]);
    check('1.4 a program\'s activity without actions has no buttons', view(custom).menu.buttons, []);
    check('1.4 the shell is told whose it is, for a program\'s activity alone', [view(song).app, view(tea).app, view(custom).app],
        ['mpv', null, null]);

    // The style, from islet's config.toml.
    check('style from the config', [
        'style = "minimal"', '# a comment\nstyle = "minimal" # the time alone', 'buttons = true\n\n"style" = "minimal"',
        '[icons]\nstyle = "minimal"', 'style = "standard"', '', null, 'style = "loud"',
    ].map(Island.islandStyleFromConfig), ['minimal', 'minimal', 'minimal', 'standard', 'standard', 'standard', 'standard', 'standard']);
}
