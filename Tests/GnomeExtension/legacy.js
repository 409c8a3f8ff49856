// gjs Tests/GnomeExtension/legacy.js EXTENSION_DIR: the GNOME 43 build, imported as GNOME
// Shell 43 imports it.
const [dir] = ARGV;
imports.searchPath.unshift(dir);
imports.searchPath.unshift(imports.system.programPath.replace(/\/[^/]*$/, ''));
const Island = imports.island;
const Panel = imports.panel;
const {check, finish, contract} = imports.checks;
const {GLib} = imports.gi;
for (const name of ['extension.js', 'island.js', 'panel.js']) {
    const [, bytes] = GLib.file_get_contents(`${dir}/${name}`);
    check(`43: ${name} parses as a script`, (() => {
        try {
            Reflect.parse(new TextDecoder().decode(bytes), {target: 'script'});
            return true;
        } catch (e) {
            return `${e}`;
        }
    })(), true);
}
check('43: panel.js gives islandStart', typeof Panel.islandStart, 'function');
imports['island-tests'].runIslandTests(Island, (name, actual, expected) => check(`43: ${name}`, actual, expected), contract());
finish();
