/* hover X Y SECONDS: a virtual pointer (wlroots' protocol) moved to X,Y of a 1024x600 headless sway,
   kept there SECONDS, so that a panel's tooltip shows for a screenshot. Test-only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-client.h>
#include "virtual-pointer-client.h"

static struct zwlr_virtual_pointer_manager_v1 *manager;
static struct wl_seat *seat;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    (void)data; (void)version;
    if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0)
        manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
    else if (strcmp(interface, wl_seat_interface.name) == 0 && !seat)
        seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static const struct wl_registry_listener listener = {global, global_remove};

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: hover X Y SECONDS\n"); return 64; }
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "hover: no Wayland display\n"); return 69; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &listener, NULL);
    wl_display_roundtrip(display);
    if (!manager) { fprintf(stderr, "hover: the compositor has no virtual pointers\n"); return 69; }
    struct zwlr_virtual_pointer_v1 *pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat);
    /* Two steps: a move onto the spot is what starts a hover. */
    for (int step = 0; step < 2; step++) {
        zwlr_virtual_pointer_v1_motion_absolute(pointer, 1000 + step, (uint32_t)atoi(argv[1]) - 2 + 2 * step,
                                                (uint32_t)atoi(argv[2]), 1024, 600);
        zwlr_virtual_pointer_v1_frame(pointer);
        wl_display_roundtrip(display);
        usleep(100000);
    }
    sleep((unsigned)atoi(argv[3]));
    wl_display_disconnect(display);
    return 0;
}
