/* payload-echo: the benchmark's second reference server, beside dbus-test-tool echo.
 *
 * dbus-test-tool echo answers every method call with an empty reply. This one answers the two
 * calls the isletd benchmark makes with replies of the same types and sizes as isletd's:
 * Properties.Get -> v (a boolean), Fasting.ListFasts -> a(tttt) with ten entries, built with
 * libdbus in the plain C way. The gap between it and dbus-test-tool echo is what carrying the
 * answer costs (the bus and the client validate every body); the gap between isletd and it is
 * isletd's own.
 *
 * usage: payload-echo BUS_ADDRESS NAME
 */
#include <dbus/dbus.h>
#include <stdio.h>
#include <string.h>

static DBusMessage *answer(DBusMessage *call) {
    DBusMessage *reply = dbus_message_new_method_return(call);
    if (!reply) return NULL;
    DBusMessageIter iter, array, entry, variant;
    dbus_message_iter_init_append(reply, &iter);
    if (dbus_message_is_method_call(call, "org.freedesktop.DBus.Properties", "Get")) {
        dbus_bool_t value = FALSE;
        dbus_message_iter_open_container(&iter, DBUS_TYPE_VARIANT, "b", &variant);
        dbus_message_iter_append_basic(&variant, DBUS_TYPE_BOOLEAN, &value);
        dbus_message_iter_close_container(&iter, &variant);
    } else if (dbus_message_is_method_call(call, "org.islet.Islet1.Fasting", "ListFasts")) {
        dbus_message_iter_open_container(&iter, DBUS_TYPE_ARRAY, "(tttt)", &array);
        for (dbus_uint64_t i = 0; i < 10; i++) {
            dbus_uint64_t fields[4] = {100000 - i, 1700000000000000 - i * 86400000000, 1700000057600000 - i * 86400000000, 57600};
            dbus_message_iter_open_container(&array, DBUS_TYPE_STRUCT, NULL, &entry);
            for (int f = 0; f < 4; f++) dbus_message_iter_append_basic(&entry, DBUS_TYPE_UINT64, &fields[f]);
            dbus_message_iter_close_container(&array, &entry);
        }
        dbus_message_iter_close_container(&iter, &array);
    }
    return reply;
}

static DBusHandlerResult filter(DBusConnection *connection, DBusMessage *message, void *data) {
    (void)data;
    if (dbus_message_get_type(message) != DBUS_MESSAGE_TYPE_METHOD_CALL) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    DBusMessage *reply = answer(message);
    if (reply) {
        dbus_connection_send(connection, reply, NULL);
        dbus_message_unref(reply);
    }
    return DBUS_HANDLER_RESULT_HANDLED;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: payload-echo BUS_ADDRESS NAME\n");
        return 64;
    }
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *connection = dbus_connection_open_private(argv[1], &error);
    if (!connection || !dbus_bus_register(connection, &error)) {
        fprintf(stderr, "payload-echo: %s\n", error.message ? error.message : "cannot connect");
        return 69;
    }
    dbus_connection_add_filter(connection, filter, NULL, NULL);
    if (dbus_bus_request_name(connection, argv[2], DBUS_NAME_FLAG_DO_NOT_QUEUE, &error) != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "payload-echo: could not own %s\n", argv[2]);
        return 69;
    }
    while (dbus_connection_read_write_dispatch(connection, -1)) {}
    return 0;
}
