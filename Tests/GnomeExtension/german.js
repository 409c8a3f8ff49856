// LANG=de_DE.UTF-8 gjs -m Tests/GnomeExtension/german.js EXTENSION_DIR: the island's texts
// through gettext with the extension's own German catalogue (EXTENSION_DIR/locale, in the
// domain metadata.json names), as GNOME Shell binds it for the extension on a German desktop:
// what a zip from extensions.gnome.org carries, with no islet installed.
import System from 'system';
import Gettext from 'gettext';
const [dir] = ARGV;
const here = System.programPath.replace(/\/[^/]*$/, '');
imports.searchPath.unshift(here);
const {check, finish} = imports.checks;
const Gio = (await import('gi://Gio')).default;
const [, metadataBytes] = Gio.File.new_for_path(`${dir}/metadata.json`).load_contents(null);
const domain = JSON.parse(new TextDecoder().decode(metadataBytes))['gettext-domain'];
Gettext.bindtextdomain(domain, `${dir}/locale`);
const tr = Gettext.domain(domain);
const Island = await import(`file://${dir}/island.js`);

const s = 1000000;
const now = 1700000000 * s;
const tea = Island.islandActivity('a1', 'islet', {kind: 'timer', title: 'Tee', phase_count: 2, rounds: 1},
    {status: 'running', ends_at_usec: now + 120 * s, remaining_usec: 120 * s, updated_at_usec: now,
        phase_count: 2, phase_index: 0, phase_name: 'Phase 1'});
const teaView = Island.islandView(tea, now, 'standard', false, tr);
check('de: a timer\'s menu', [teaView.menu.title, teaView.menu.time, teaView.menu.detail], ['Tee', '02:00', 'Phase 1/2']);
check('de: its buttons', teaView.menu.buttons.map(b => b.label), ['Pausieren', '+1 Min.', 'Stoppen']);
const paused = Island.islandActivity('a1', 'islet', {kind: 'timer', title: 'Tee'},
    {status: 'paused', remaining_usec: 40 * s, updated_at_usec: now});
const pausedView = Island.islandView(paused, now, 'standard', false, tr);
check('de: paused', [pausedView.menu.detail, pausedView.menu.buttons.map(b => b.label)],
    ['Pausiert', ['Fortsetzen', '+1 Min.', 'Stoppen']]);

const fast = Island.islandActivity('f1', 'fasting', {kind: 'fast', title: 'Fasting Goal'},
    {status: 'running', started_at_usec: now - 3600 * s, ends_at_usec: now + 15 * 3600 * s,
        goal_usec: 16 * 3600 * s, title: 'Fasting Goal'});
const fastView = Island.islandView(fast, now, 'standard', true, tr);
// Issue 45: the goal as a clock time, "(morgen)" past midnight, in the zone gjs runs in.
const end = new Date((now + 15 * 3600 * s) / 1000);
const sameDay = end.toDateString() === new Date(now / 1000).toDateString();
const goalAt = `Ziel um ${String(end.getHours()).padStart(2, '0')}:${String(end.getMinutes()).padStart(2, '0')}${sameDay ? '' : ' (morgen)'}`;
check('de: a fast\'s title', fastView.menu.title, 'Fastenziel');
check('de: a fast\'s time, lines and button', [fastView.menu.time, fastView.menu.detail, fastView.menu.lines,
    fastView.menu.buttons.map(b => b.label)], ['15:00:00', 'Ziel: 16 Stunden', ['Vergangen: 1:00:00', goalAt], ['Fasten beenden']]);
check('de: durations, plural forms', [3600, 7200, 60, 90].map(n => Island.islandDuration(n, tr)),
    ['1 Stunde', '2 Stunden', '1 Minute', '1 Minute 30 Sekunden']);
const reached = Island.islandActivity('f1', 'fasting', {kind: 'fast', title: 'Fasting Goal'},
    {status: 'goal-reached', started_at_usec: now - 17 * 3600 * s, goal_usec: 16 * 3600 * s, title: 'Fasting Goal'});
check('de: goal reached', Island.islandView(reached, now, 'standard', true, tr).menu.title, 'Ziel erreicht!');
finish();
