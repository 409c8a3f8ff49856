// gjs Tests/GnomeExtension/legacy.js EXTENSION_DIR: the GNOME 43 build, imported as GNOME
// Shell 43 imports it.
const [dir] = ARGV;
imports.searchPath.unshift(dir);
imports.searchPath.unshift(imports.system.programPath.replace(/\/[^/]*$/, ''));
const Island = imports.island;
const Panel = imports.panel;
const {check, finish, contract, sharedViews, parses} = imports.checks;
parses(dir, 'script', '43');
check('43: panel.js gives islandStart', typeof Panel.islandStart, 'function');
imports['island-tests'].runIslandTests(Island, (name, actual, expected) => check(`43: ${name}`, actual, expected), contract());
imports['shared-views'].runSharedViewCases(Island, (name, actual, expected) => check(`43: ${name}`, actual, expected), sharedViews());
finish();
