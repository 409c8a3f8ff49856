#!/usr/bin/python3
"""A program's own live activity from Python, with GLib's D-Bus client (Debian: python3-gi).

The activity belongs to this connection: it ends by itself if the program exits or crashes
before End (ends_with_owner, true by default)."""
import sys

from gi.repository import Gio, GLib

OWNER = "example-python"

island = Gio.DBusProxy.new_for_bus_sync(
    Gio.BusType.SESSION, Gio.DBusProxyFlags.NONE, None,
    "org.islet.Islet1", "/org/islet/Islet1", "org.islet.Islet1.LiveActivity", None)


def state(progress):
    return {
        "status": GLib.Variant("s", "running"),
        "phase_name": GLib.Variant("s", "Uploading"),
        "progress": GLib.Variant("d", progress),
    }


try:
    (activity_id,) = island.call_sync(
        "Start", GLib.Variant("(sa{sv}a{sv})", (OWNER, {"title": GLib.Variant("s", "Upload")}, state(0.1))),
        Gio.DBusCallFlags.NONE, -1, None).unpack()
    print("started", activity_id or "nothing (live activities are off)")
    island.call_sync("Update", GLib.Variant("(sa{sv})", (OWNER, state(0.6))), Gio.DBusCallFlags.NONE, -1, None)
    island.call_sync("End", GLib.Variant("(s)", (OWNER,)), Gio.DBusCallFlags.NONE, -1, None)
except GLib.Error as error:
    # isletd's errors are named: org.islet.Islet1.Error.NotOwner, .InvalidArgument, ...
    print(Gio.DBusError.get_remote_error(error), error.message, file=sys.stderr)
    sys.exit(1)
