/* call-loop: a plain libdbus client making serial calls, for profiling a server with
 * callgrind (bench/code-lines.sh) without a client of ours in the picture.
 *
 * usage: call-loop COUNT get|list DESTINATION
 *   get:  org.freedesktop.DBus.Properties.Get("org.islet.Islet1.Fasting", "Fasting")
 *   list: org.islet.Islet1.Fasting.ListFasts(0, 10)
 * on /org/islet/Islet1 of DESTINATION, over the session bus; one connection for all calls.
 */
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static DBusMessage *make_call(const char *destination, int list) {
    DBusMessage *call;
    if (list) {
        call = dbus_message_new_method_call(destination, "/org/islet/Islet1", "org.islet.Islet1.Fasting", "ListFasts");
        dbus_uint32_t offset = 0, limit = 10;
        if (call && !dbus_message_append_args(call, DBUS_TYPE_UINT32, &offset, DBUS_TYPE_UINT32, &limit, DBUS_TYPE_INVALID)) {
            dbus_message_unref(call);
            return NULL;
        }
    } else {
        call = dbus_message_new_method_call(destination, "/org/islet/Islet1", "org.freedesktop.DBus.Properties", "Get");
        const char *interface = "org.islet.Islet1.Fasting", *property = "Fasting";
        if (call && !dbus_message_append_args(call, DBUS_TYPE_STRING, &interface, DBUS_TYPE_STRING, &property, DBUS_TYPE_INVALID)) {
            dbus_message_unref(call);
            return NULL;
        }
    }
    return call;
}

int main(int argc, char **argv) {
    if (argc != 4 || (strcmp(argv[2], "get") != 0 && strcmp(argv[2], "list") != 0)) {
        fprintf(stderr, "usage: call-loop COUNT get|list DESTINATION\n");
        return 64;
    }
    long count = strtol(argv[1], NULL, 10);
    int list = strcmp(argv[2], "list") == 0;
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *connection = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!connection) {
        fprintf(stderr, "call-loop: %s\n", error.message);
        return 1;
    }
    dbus_connection_set_exit_on_disconnect(connection, FALSE);
    for (long i = 0; i < count; i++) {
        DBusMessage *call = make_call(argv[3], list);
        if (!call) {
            fprintf(stderr, "call-loop: out of memory\n");
            return 1;
        }
        DBusMessage *reply = dbus_connection_send_with_reply_and_block(connection, call, 5000, &error);
        dbus_message_unref(call);
        if (!reply) {
            fprintf(stderr, "call-loop: %s: %s\n", error.name, error.message);
            return 1;
        }
        dbus_message_unref(reply);
    }
    dbus_connection_close(connection);
    dbus_connection_unref(connection);
    return 0;
}
