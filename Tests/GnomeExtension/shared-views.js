// Tests/Fixtures/activity-views.json through island.js's islandFacts: the table islet's Swift
// view (Tests/IsletCoreTests/SharedViewTests.swift) answers too. Run under gjs for both GNOME
// generations (Tests/GnomeExtension) and under Qt's engine for the Plasma widget
// (Tests/Plasma), so no syntax past what Qt 6.4 reads.
/* exported runSharedViewCases */

// The table's value as the service sends it: `_at_usec` seconds from now, other `_usec` keys
// seconds.
function sharedViewValues(dictionary, now) {
    const out = {};
    for (const key of Object.keys(dictionary)) {
        const value = dictionary[key];
        if (typeof value === 'number' && key.endsWith('_usec'))
            out[key] = Math.round(value * 1000000) + (key.endsWith('_at_usec') ? now : 0);
        else
            out[key] = value;
    }
    return out;
}

// Each case's facts against what the table says; `check(name, actual, expected)`.
function runSharedViewCases(Island, check, text) {
    const table = JSON.parse(text);
    const now = table.now_usec;
    check('shared views: the table has its cases', table.cases.length >= 15, true);
    for (const c of table.cases) {
        // As islandActivity gives it (or islandFastWithoutActivity, whose id is empty).
        const activity = {id: c.id, owner: c.owner, attributes: sharedViewValues(c.attributes, now), state: sharedViewValues(c.state, now)};
        const f = Island.islandFacts(activity, now);
        const e = c.expect;
        check(`shared views: ${c.name}`, {
            kind: f.kind, status: f.status, title: f.title, program: f.program, art: f.art, time: f.time, minimal: f.minimal, remaining: f.remaining,
            elapsed: f.elapsed, mark: f.mark, label: f.label, percent: f.percent,
            next: f.next === null ? null : (f.next - now) / 1000000, counts_up: f.countsUp, stale: f.stale,
        }, {
            kind: e.kind, status: e.status, title: e.title, program: e.program ?? null, art: e.art ?? null, time: e.time, minimal: e.minimal, remaining: e.remaining,
            elapsed: e.elapsed, mark: e.mark, label: e.label, percent: e.percent, next: e.next, counts_up: e.counts_up, stale: e.stale,
        });
    }
}
