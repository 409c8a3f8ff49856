#!/usr/bin/python3
# A misbehaving MPRIS player, for what no real player can be made to do (issue 70, item 5):
#   rogue-player.py flood SECONDS   plays, then says a new title 100 times a second for SECONDS,
#                                   the last one "Last title", then keeps playing
#   rogue-player.py mute            owns its name and answers no call at all
#   rogue-player.py art URL         plays a track whose mpris:artUrl is URL (a 50 MB file, a host
#                                   that never answers, a data: URL), then says it again with no art
#                                   when it gets SIGUSR1
# Python's GLib (python3-gi), on the session bus of DBUS_SESSION_BUS_ADDRESS.
import sys
from gi.repository import Gio, GLib

mode = sys.argv[1]
seconds = float(sys.argv[2]) if mode == "flood" else 0
art = sys.argv[2] if mode == "art" else None
name = "org.mpris.MediaPlayer2.rogue" + mode
path = "/org/mpris/MediaPlayer2"
xml = """<node>
<interface name="org.mpris.MediaPlayer2"><property name="Identity" type="s" access="read"/></interface>
<interface name="org.mpris.MediaPlayer2.Player">
  <method name="Pause"/><method name="Play"/>
  <property name="PlaybackStatus" type="s" access="read"/><property name="Metadata" type="a{sv}" access="read"/>
  <property name="Position" type="x" access="read"/><property name="Rate" type="d" access="read"/>
  <property name="CanPause" type="b" access="read"/><property name="CanPlay" type="b" access="read"/>
</interface></node>"""
node = Gio.DBusNodeInfo.new_for_xml(xml)
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
title = "First title"

def metadata():
    if mode == "art":
        values = {"xesam:title": GLib.Variant("s", title), "mpris:length": GLib.Variant("x", 600_000_000)}
        if art:
            values["mpris:artUrl"] = GLib.Variant("s", art)
        return GLib.Variant("a{sv}", values)
    # 4 KiB of markup and control characters after the title: bounded and kept as text by islet.
    junk = "<b>&amp;\x01\x1b[31m" * 256
    return GLib.Variant("a{sv}", {"xesam:title": GLib.Variant("s", title + " " + junk),
                                  "mpris:length": GLib.Variant("x", 600_000_000)})

def get_property(conn, sender, path, iface, prop):
    if mode == "mute":
        return None  # never reached: calls are not answered
    values = {"Identity": GLib.Variant("s", "Rogue"), "PlaybackStatus": GLib.Variant("s", "Playing"),
              "Metadata": metadata(), "Position": GLib.Variant("x", 0), "Rate": GLib.Variant("d", 1.0),
              "CanPause": GLib.Variant("b", True), "CanPlay": GLib.Variant("b", True)}
    return values.get(prop)

def method_call(conn, sender, path, iface, method, params, invocation):
    if mode == "mute":
        held.append(invocation)  # kept, never answered
        return
    invocation.return_value(None)

held = []
if mode == "mute":
    # A filter that swallows every call to this connection: no reply, no error, ever.
    def swallow(conn, message, incoming):
        if incoming and message.get_message_type() == Gio.DBusMessageType.METHOD_CALL:
            held.append(message)
            return None
        return message
    bus.add_filter(swallow)
for iface in node.interfaces:
    bus.register_object(path, iface, method_call, get_property, None)
Gio.bus_own_name_on_connection(bus, name, Gio.BusNameOwnerFlags.NONE, None, None)

loop = GLib.MainLoop()
if mode == "art":
    def no_art():
        global art, title
        art, title = None, "No art"
        bus.emit_signal(None, path, "org.freedesktop.DBus.Properties", "PropertiesChanged",
                        GLib.Variant("(sa{sv}as)", ("org.mpris.MediaPlayer2.Player", {"Metadata": metadata()}, [])))
        return True
    import signal
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, no_art)
if mode == "flood":
    count = {"n": 0}
    total = int(seconds * 100)
    def tick():
        global title
        count["n"] += 1
        title = "Last title" if count["n"] >= total else "Title %d" % count["n"]
        bus.emit_signal(None, path, "org.freedesktop.DBus.Properties", "PropertiesChanged",
                        GLib.Variant("(sa{sv}as)", ("org.mpris.MediaPlayer2.Player", {"Metadata": metadata()}, [])))
        return count["n"] < total
    GLib.timeout_add(2000, lambda: (GLib.timeout_add(10, tick), False)[1])
loop.run()
