// gjs -m Tests/GnomeExtension/esm.js EXTENSION_DIR: the GNOME 45+ build, imported as an ES
// module, as GNOME Shell 45 and later import it. Its extension.js imports the shell's own
// modules, which exist only inside the shell: it is parsed, not run.
import GLib from 'gi://GLib';
import System from 'system';
const [dir] = ARGV;
const here = System.programPath.replace(/\/[^/]*$/, '');
imports.searchPath.unshift(here);
const {check, finish, contract} = imports.checks;
for (const name of ['extension.js', 'island.js', 'panel.js']) {
    const [, bytes] = GLib.file_get_contents(`${dir}/${name}`);
    check(`45: ${name} parses as a module`, (() => {
        try {
            Reflect.parse(new TextDecoder().decode(bytes), {target: 'module'});
            return true;
        } catch (e) {
            return `${e}`;
        }
    })(), true);
}
const Island = await import(`file://${dir}/island.js`);
const Panel = await import(`file://${dir}/panel.js`);
check('45: panel.js exports islandStart', typeof Panel.islandStart, 'function');
imports['island-tests'].runIslandTests(Island, (name, actual, expected) => check(`45: ${name}`, actual, expected), contract());
finish();
