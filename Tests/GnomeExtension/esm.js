// gjs -m Tests/GnomeExtension/esm.js EXTENSION_DIR: the GNOME 45+ build, imported as an ES
// module, as GNOME Shell 45 and later import it. Its extension.js imports the shell's own
// modules, which exist only inside the shell: it is parsed, not run.
import System from 'system';
const [dir] = ARGV;
const here = System.programPath.replace(/\/[^/]*$/, '');
imports.searchPath.unshift(here);
const {check, finish, contract, sharedViews, parses} = imports.checks;
parses(dir, 'module', '45');
const Island = await import(`file://${dir}/island.js`);
const Panel = await import(`file://${dir}/panel.js`);
check('45: panel.js exports islandStart', typeof Panel.islandStart, 'function');
imports['island-tests'].runIslandTests(Island, (name, actual, expected) => check(`45: ${name}`, actual, expected), contract());
imports['shared-views'].runSharedViewCases(Island, (name, actual, expected) => check(`45: ${name}`, actual, expected), sharedViews());
finish();
