// A check that compares JSON, counts, and prints what differs.
/* exported check finish contract sharedViews parses */
var failures = 0;
var count = 0;
function check(name, actual, expected) {
    count++;
    const a = JSON.stringify(actual);
    const e = JSON.stringify(expected);
    if (a !== e) {
        failures++;
        printerr(`FAIL ${name}\n  got      ${a}\n  expected ${e}`);
    }
}
function finish() {
    print(`${count - failures} of ${count} checks passed`);
    if (failures > 0)
        imports.system.exit(1);
}

// dbus/org.islet.Islet1.xml, the service's introspection as committed.
function contract() {
    const {GLib} = imports.gi;
    const root = imports.system.programPath.replace(/\/[^/]*$/, '');
    const [, bytes] = GLib.file_get_contents(`${root}/../../dbus/org.islet.Islet1.xml`);
    return new TextDecoder().decode(bytes);
}

// Tests/Fixtures/activity-views.json, the cases every surface's view answers alike.
function sharedViews() {
    const {GLib} = imports.gi;
    const root = imports.system.programPath.replace(/\/[^/]*$/, '');
    const [, bytes] = GLib.file_get_contents(`${root}/../Fixtures/activity-views.json`);
    return new TextDecoder().decode(bytes);
}

// Each built file parses: as a script (GNOME 43's importer) or as a module (GNOME 45+).
function parses(dir, target, generation) {
    const {GLib} = imports.gi;
    for (const name of ['extension.js', 'island.js', 'panel.js']) {
        const [, bytes] = GLib.file_get_contents(`${dir}/${name}`);
        let outcome = true;
        try {
            Reflect.parse(new TextDecoder().decode(bytes), {target});
        } catch (e) {
            outcome = `${e}`;
        }
        check(`${generation}: ${name} parses as a ${target}`, outcome, true);
    }
}
