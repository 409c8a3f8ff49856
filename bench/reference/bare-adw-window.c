/* The floor islet-app's start is held to (issue 53): a bare libadwaita window, an
 * AdwApplicationWindow with a header bar and a label, nothing else. With
 * ISLET_APP_REPORT_FIRST_FRAME set it says, on stderr, the wall-clock moment of its first
 * painted frame in microseconds ("first-frame-usec N") and the main thread's CPU time until
 * then ("first-frame-cpu-usec N"), as islet-app does.
 *   cc -O2 -o bare-adw-window bare-adw-window.c $(pkg-config --cflags --libs libadwaita-1) */
#include <adwaita.h>
#include <stdio.h>
#include <time.h>

static void after_paint(GdkFrameClock *clock, gpointer data) {
    static gboolean reported = FALSE;
    (void)clock;
    (void)data;
    if (reported) return;
    reported = TRUE;
    fprintf(stderr, "first-frame-usec %" G_GINT64_FORMAT "\n", g_get_real_time());
    struct timespec cpu;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
    fprintf(stderr, "first-frame-cpu-usec %lld\n", (long long)cpu.tv_sec * 1000000 + cpu.tv_nsec / 1000);
}

static void realized(GtkWidget *window, gpointer data) {
    (void)data;
    if (g_getenv("ISLET_APP_REPORT_FIRST_FRAME"))
        g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint), NULL);
}

static void activate(GApplication *app, gpointer data) {
    (void)data;
    GtkWidget *window = adw_application_window_new(GTK_APPLICATION(app));
    gtk_window_set_title(GTK_WINDOW(window), "bare");
    gtk_window_set_default_size(GTK_WINDOW(window), 720, 600);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(box), adw_header_bar_new());
    GtkWidget *label = gtk_label_new("A bare libadwaita window");
    gtk_widget_set_vexpand(label, TRUE);
    gtk_box_append(GTK_BOX(box), label);
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), box);
    g_signal_connect(window, "realize", G_CALLBACK(realized), NULL);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    AdwApplication *app = adw_application_new("org.islet.BenchBareWindow", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
