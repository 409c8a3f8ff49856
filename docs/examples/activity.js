#!/usr/bin/gjs -m
// A program's own live activity from GJS (GNOME's JavaScript), with Gio's D-Bus client.
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import System from 'system';

const OWNER = 'example-gjs';
const island = Gio.DBusProxy.new_for_bus_sync(Gio.BusType.SESSION, Gio.DBusProxyFlags.NONE, null,
    'org.islet.Islet1', '/org/islet/Islet1', 'org.islet.Islet1.LiveActivity', null);
const state = progress => ({
    status: new GLib.Variant('s', 'running'),
    phase_name: new GLib.Variant('s', 'Uploading'),
    progress: new GLib.Variant('d', progress),
});
const call = (method, signature, args) =>
    island.call_sync(method, new GLib.Variant(signature, args), Gio.DBusCallFlags.NONE, -1, null);

try {
    const [id] = call('Start', '(sa{sv}a{sv})', [OWNER, {title: new GLib.Variant('s', 'Upload')}, state(0.1)]).deepUnpack();
    print(`started ${id || 'nothing (live activities are off)'}`);
    call('Update', '(sa{sv})', [OWNER, state(0.6)]);
    call('End', '(s)', [OWNER]);
} catch (error) {
    // isletd's errors are named: org.islet.Islet1.Error.NotOwner, .InvalidArgument, ...
    printerr(`${Gio.DBusError.get_remote_error(error)}: ${error.message}`);
    System.exit(1);
}
