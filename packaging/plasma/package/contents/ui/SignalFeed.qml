// isletd's signals for the applet (Plasma 6.4+: SignalWatcher). main.qml makes it where it can
// be made: on Plasma 6.3 it cannot, and the applet follows org.islet.Islet1.Live instead.
import QtQuick
import org.kde.plasma.workspace.dbus as DBus

Item {
    id: feed
    signal received(string iface, string member, var args)

    DBus.SignalWatcher {
        busType: DBus.BusType.Session
        service: "org.islet.Islet1"
        path: "/org/islet/Islet1"
        iface: "org.islet.Islet1.LiveActivity"
        function dbusActivityStarted(id, owner, attributes, state) {
            feed.received(iface, "ActivityStarted", [id, owner, attributes, state]);
        }
        function dbusActivityUpdated(id, state) {
            feed.received(iface, "ActivityUpdated", [id, state]);
        }
        function dbusActivityEnded(id, reason) {
            feed.received(iface, "ActivityEnded", [id, reason]);
        }
    }

    DBus.SignalWatcher {
        busType: DBus.BusType.Session
        service: "org.islet.Islet1"
        path: "/org/islet/Islet1"
        iface: "org.islet.Islet1.Fasting"
        function dbusFastStarted(id, at) {
            feed.received(iface, "FastStarted", [id, at]);
        }
        function dbusFastStopped(id, started, ended) {
            feed.received(iface, "FastStopped", [id, started, ended]);
        }
        // Heard and left alone (a moved start comes again as PropertiesChanged); handlers
        // keep SignalWatcher from logging each as unhandled.
        function dbusGoalReached(id, at) {}
        function dbusFastStartChanged(id, at) {}
        function dbusReminder(kind, due, starts) {}
        function dbusStageReached(id, stage, at) {}
        function dbusHistoryChanged() {}
    }

    DBus.SignalWatcher {
        busType: DBus.BusType.Session
        service: "org.islet.Islet1"
        path: "/org/islet/Islet1"
        iface: "org.freedesktop.DBus.Properties"
        function dbusPropertiesChanged(name, changed, invalidated) {
            feed.received(iface, "PropertiesChanged", [name, changed, invalidated]);
        }
    }
}
