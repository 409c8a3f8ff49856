#include "CRowList.h"

#include <math.h>

/// A row's widget and the position it shows (G_MAXUINT: none, free to be given one).
typedef struct {
    GtkWidget *widget;
    guint position;
} Row;

struct _IsletRowList {
    GtkWidget parent_instance;
    GtkAdjustment *adjustment[2]; // GTK_ORIENTATION_HORIZONTAL, GTK_ORIENTATION_VERTICAL
    GtkScrollablePolicy policy[2];
    guint count;
    int row_height;
    gboolean stale; // changed since the rows were last laid out
    GArray *rows; // Row: a screenful, the row holding the focus, and at most two spare
    IsletRowListCreate create;
    IsletRowListBind bind;
    gpointer data;
    GDestroyNotify destroy;
};

typedef struct {
    GtkWidgetClass parent_class;
} IsletRowListClass;

enum { PROP_0, PROP_HADJUSTMENT, PROP_VADJUSTMENT, PROP_HSCROLL_POLICY, PROP_VSCROLL_POLICY };

G_DEFINE_TYPE_WITH_CODE(IsletRowList, islet_row_list, GTK_TYPE_WIDGET, G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

/// Spare rows kept beyond those shown (a resize or a scroll by a row needs no new widget).
static const guint SPARE_ROWS = 2;

void islet_row_list_window(double value, double height, int row_height, guint count, guint *first, guint *shown) {
    *first = 0;
    *shown = 0;
    if (row_height <= 0 || count == 0 || !(height > 0)) return;
    if (!(value > 0)) value = 0;
    double top = floor(value / row_height);
    double bottom = ceil((value + height) / row_height);
    if (top > (double)count - 1) top = (double)count - 1;
    if (bottom > (double)count) bottom = (double)count;
    *first = (guint)top;
    *shown = bottom > top ? (guint)(bottom - top) : 0;
}

static Row *row(IsletRowList *self, guint index) { return &g_array_index(self->rows, Row, index); }

static Row *row_at(IsletRowList *self, guint position) {
    for (guint i = 0; i < self->rows->len; i++)
        if (row(self, i)->position == position) return row(self, i);
    return NULL;
}

static Row *row_of(IsletRowList *self, GtkWidget *widget) {
    for (guint i = 0; i < self->rows->len; i++)
        if (row(self, i)->widget == widget) return row(self, i);
    return NULL;
}

static gboolean has_focus_within(IsletRowList *self, Row *r) {
    return gtk_widget_get_focus_child(GTK_WIDGET(self)) == r->widget;
}

/// Shows a row, or puts it away: not drawn, and not there for a screen reader either.
static void set_shown(GtkWidget *widget, gboolean shown) {
    if (gtk_widget_get_child_visible(widget) == shown) return;
    gtk_widget_set_child_visible(widget, shown);
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, !shown, -1);
}

/// A new row, free; the array may move (Row pointers taken before are stale).
static guint add_row(IsletRowList *self) {
    Row r = {self->create(self->data), G_MAXUINT};
    gtk_widget_set_parent(r.widget, GTK_WIDGET(self));
    set_shown(r.widget, FALSE);
    g_array_append_val(self->rows, r);
    return self->rows->len - 1;
}

static int measure_row_height(IsletRowList *self, int width) {
    if (self->rows->len == 0) add_row(self);
    int minimum = 0, natural = 0;
    gtk_widget_measure(row(self, 0)->widget, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, NULL, NULL);
    return MAX(natural, 1);
}

static double view_height(IsletRowList *self) {
    double page = gtk_adjustment_get_page_size(self->adjustment[GTK_ORIENTATION_VERTICAL]);
    return page > 0 ? page : gtk_widget_get_height(GTK_WIDGET(self));
}

/// Gives each position on screen a row (reusing those that left it, binding each that moved),
/// keeps the focus's row, lets spare rows go, and orders the rows as they are on screen.
static void lay_out(IsletRowList *self, double value, double height) {
    self->stale = FALSE;
    guint first, shown;
    islet_row_list_window(value, height, self->row_height, self->count, &first, &shown);
    for (guint i = 0; i < self->rows->len; i++) {
        Row *r = row(self, i);
        if (r->position == G_MAXUINT || (r->position >= first && r->position - first < shown)) continue;
        if (r->position < self->count && has_focus_within(self, r)) continue;
        r->position = G_MAXUINT;
    }
    for (guint position = first; position < first + shown; position++) {
        if (row_at(self, position) != NULL) continue;
        guint index = G_MAXUINT;
        for (guint i = 0; i < self->rows->len && index == G_MAXUINT; i++)
            if (row(self, i)->position == G_MAXUINT) index = i;
        if (index == G_MAXUINT) index = add_row(self);
        Row *r = row(self, index);
        r->position = position;
        set_shown(r->widget, TRUE);
        self->bind(self->data, r->widget, position);
    }
    // Spare rows beyond two go.
    guint spare = 0;
    for (guint i = self->rows->len; i-- > 0;) {
        Row *r = row(self, i);
        if (r->position != G_MAXUINT) continue;
        if (++spare > SPARE_ROWS && self->rows->len > 1) {
            gtk_widget_unparent(r->widget);
            g_array_remove_index(self->rows, i);
        } else {
            set_shown(r->widget, FALSE);
        }
    }
    // The rows' order among the list's children is their order on screen (Tab, a screen
    // reader); a row moved only when out of place.
    GtkWidget *previous = NULL;
    for (guint after = 0;;) {
        Row *next = NULL;
        for (guint i = 0; i < self->rows->len; i++) {
            Row *r = row(self, i);
            if (r->position != G_MAXUINT && r->position >= after && (next == NULL || r->position < next->position)) next = r;
        }
        if (next == NULL) break;
        if (gtk_widget_get_prev_sibling(next->widget) != previous) gtk_widget_insert_after(next->widget, GTK_WIDGET(self), previous);
        previous = next->widget;
        after = next->position + 1;
    }
}

static void configure(GtkAdjustment *adjustment, IsletRowList *self, double value, double upper, double step, double page);

static void size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    IsletRowList *self = (IsletRowList *)widget;
    self->row_height = measure_row_height(self, width);
    double total = (double)self->count * self->row_height;
    GtkAdjustment *vertical = self->adjustment[GTK_ORIENTATION_VERTICAL];
    double value = CLAMP(gtk_adjustment_get_value(vertical), 0, MAX(0, total - height));
    configure(vertical, self, value, total, self->row_height, height);
    configure(self->adjustment[GTK_ORIENTATION_HORIZONTAL], self, 0, width, width * 0.1, width);
    lay_out(self, value, height);
    for (guint i = 0; i < self->rows->len; i++) {
        Row *r = row(self, i);
        if (r->position == G_MAXUINT) continue;
        // The focus's row off screen stays just beyond the edge it left by (clipped).
        double y = (double)r->position * self->row_height - value;
        y = CLAMP(y, -2.0 * self->row_height, height + self->row_height);
        GtkAllocation allocation = {0, (int)y, width, self->row_height};
        gtk_widget_size_allocate(r->widget, &allocation, -1);
    }
}

static void measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum, int *natural, int *minimum_baseline,
                    int *natural_baseline) {
    IsletRowList *self = (IsletRowList *)widget;
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        if (self->rows->len == 0) add_row(self);
        for (guint i = 0; i < self->rows->len; i++) {
            int row_minimum = 0, row_natural = 0;
            gtk_widget_measure(row(self, i)->widget, orientation, -1, &row_minimum, &row_natural, NULL, NULL);
            *minimum = MAX(*minimum, row_minimum);
            *natural = MAX(*natural, row_natural);
        }
    } else {
        double total = (double)self->count * measure_row_height(self, for_size);
        *natural = (int)MIN(total, (double)(G_MAXINT / 2));
    }
}

/// Moves the view so that the row at `position` is whole on screen, and lays the rows out for
/// it at once (the row then exists, to be given the focus).
static void scroll_to(IsletRowList *self, guint position) {
    GtkAdjustment *vertical = self->adjustment[GTK_ORIENTATION_VERTICAL];
    double top = (double)position * self->row_height, bottom = top + self->row_height;
    double value = gtk_adjustment_get_value(vertical), height = view_height(self);
    if (top < value) value = top;
    else if (bottom > value + height) value = bottom - height;
    gtk_adjustment_set_value(vertical, value);
    lay_out(self, gtk_adjustment_get_value(vertical), height);
}

/// Shown again (its page switched back to): the rows changed while it was away are laid out at
/// once. GTK 4.8 can drop a resize queued just before a widget's page is switched away from,
/// and a row left without its position would show a fast it no longer stands for, its buttons
/// dead.
static void map(GtkWidget *widget) {
    IsletRowList *self = (IsletRowList *)widget;
    if (self->stale) {
        lay_out(self, gtk_adjustment_get_value(self->adjustment[GTK_ORIENTATION_VERTICAL]), view_height(self));
        gtk_widget_queue_allocate(widget);
    }
    GTK_WIDGET_CLASS(islet_row_list_parent_class)->map(widget);
}

static gboolean focus(GtkWidget *widget, GtkDirectionType direction) {
    IsletRowList *self = (IsletRowList *)widget;
    GtkWidget *focused = gtk_widget_get_focus_child(widget);
    Row *current = focused != NULL ? row_of(self, focused) : NULL;
    guint target;
    if (current != NULL && current->position != G_MAXUINT) {
        if (gtk_widget_child_focus(focused, direction)) return TRUE;
        gboolean forward = direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_DOWN;
        gboolean backward = direction == GTK_DIR_TAB_BACKWARD || direction == GTK_DIR_UP;
        if (forward && current->position + 1 < self->count) target = current->position + 1;
        else if (backward && current->position > 0) target = current->position - 1;
        else return FALSE;
    } else {
        // Coming in: the first row on screen, or the last from below.
        guint first, shown;
        double value = gtk_adjustment_get_value(self->adjustment[GTK_ORIENTATION_VERTICAL]);
        islet_row_list_window(value, view_height(self), self->row_height, self->count, &first, &shown);
        if (shown == 0) return FALSE;
        gboolean backward = direction == GTK_DIR_TAB_BACKWARD || direction == GTK_DIR_UP;
        target = backward ? first + shown - 1 : first;
    }
    scroll_to(self, target);
    Row *r = row_at(self, target);
    return r != NULL && gtk_widget_child_focus(r->widget, direction);
}

/// Home, End, Page Up and Page Down: the focus to the first row, the last, or a screenful up or
/// down from the row that has it (the list scrolling with it), as in GTK's own lists.
static gboolean move_focus(GtkWidget *widget, GVariant *arguments, gpointer data) {
    (void)data;
    IsletRowList *self = (IsletRowList *)widget;
    GtkWidget *focused = gtk_widget_get_focus_child(widget);
    Row *current = focused != NULL ? row_of(self, focused) : NULL;
    if (current == NULL || current->position == G_MAXUINT || self->count == 0 || self->row_height <= 0) return FALSE;
    gint32 how = g_variant_get_int32(arguments);
    guint page = MAX(1, (guint)(view_height(self) / self->row_height));
    guint target = current->position;
    if (how == -2) target = 0;
    else if (how == 2) target = self->count - 1;
    else if (how == -1) target = target > page ? target - page : 0;
    else target = self->count - 1 - target > page ? target + page : self->count - 1;
    scroll_to(self, target);
    Row *r = row_at(self, target);
    if (r != NULL && r->widget != focused) gtk_widget_child_focus(r->widget, GTK_DIR_TAB_FORWARD);
    return TRUE;
}

static void value_changed(GtkAdjustment *adjustment, IsletRowList *self) {
    (void)adjustment;
    gtk_widget_queue_allocate(GTK_WIDGET(self));
}

static void configure(GtkAdjustment *adjustment, IsletRowList *self, double value, double upper, double step, double page) {
    g_signal_handlers_block_by_func(adjustment, value_changed, self);
    gtk_adjustment_configure(adjustment, value, 0, upper, step, page * 0.9, page);
    g_signal_handlers_unblock_by_func(adjustment, value_changed, self);
}

static void set_adjustment(IsletRowList *self, GtkOrientation orientation, GtkAdjustment *adjustment) {
    if (adjustment != NULL && self->adjustment[orientation] == adjustment) return;
    if (adjustment == NULL) adjustment = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
    if (self->adjustment[orientation] != NULL) {
        g_signal_handlers_disconnect_by_func(self->adjustment[orientation], value_changed, self);
        g_object_unref(self->adjustment[orientation]);
    }
    self->adjustment[orientation] = g_object_ref_sink(adjustment);
    g_signal_connect(adjustment, "value-changed", G_CALLBACK(value_changed), self);
    gtk_widget_queue_resize(GTK_WIDGET(self));
}

static void set_property(GObject *object, guint id, const GValue *value, GParamSpec *spec) {
    IsletRowList *self = (IsletRowList *)object;
    switch (id) {
    case PROP_HADJUSTMENT: set_adjustment(self, GTK_ORIENTATION_HORIZONTAL, g_value_get_object(value)); break;
    case PROP_VADJUSTMENT: set_adjustment(self, GTK_ORIENTATION_VERTICAL, g_value_get_object(value)); break;
    case PROP_HSCROLL_POLICY: self->policy[GTK_ORIENTATION_HORIZONTAL] = g_value_get_enum(value); break;
    case PROP_VSCROLL_POLICY: self->policy[GTK_ORIENTATION_VERTICAL] = g_value_get_enum(value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
    }
}

static void get_property(GObject *object, guint id, GValue *value, GParamSpec *spec) {
    IsletRowList *self = (IsletRowList *)object;
    switch (id) {
    case PROP_HADJUSTMENT: g_value_set_object(value, self->adjustment[GTK_ORIENTATION_HORIZONTAL]); break;
    case PROP_VADJUSTMENT: g_value_set_object(value, self->adjustment[GTK_ORIENTATION_VERTICAL]); break;
    case PROP_HSCROLL_POLICY: g_value_set_enum(value, self->policy[GTK_ORIENTATION_HORIZONTAL]); break;
    case PROP_VSCROLL_POLICY: g_value_set_enum(value, self->policy[GTK_ORIENTATION_VERTICAL]); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
    }
}

static void dispose(GObject *object) {
    IsletRowList *self = (IsletRowList *)object;
    if (self->rows != NULL) {
        for (guint i = 0; i < self->rows->len; i++) gtk_widget_unparent(row(self, i)->widget);
        g_array_set_size(self->rows, 0);
    }
    for (int i = 0; i < 2; i++) {
        if (self->adjustment[i] == NULL) continue;
        g_signal_handlers_disconnect_by_func(self->adjustment[i], value_changed, self);
        g_clear_object(&self->adjustment[i]);
    }
    if (self->destroy != NULL) self->destroy(self->data);
    self->destroy = NULL;
    G_OBJECT_CLASS(islet_row_list_parent_class)->dispose(object);
}

static void finalize(GObject *object) {
    g_array_unref(((IsletRowList *)object)->rows);
    G_OBJECT_CLASS(islet_row_list_parent_class)->finalize(object);
}

static void islet_row_list_class_init(IsletRowListClass *klass) {
    GObjectClass *objects = G_OBJECT_CLASS(klass);
    objects->set_property = set_property;
    objects->get_property = get_property;
    objects->dispose = dispose;
    objects->finalize = finalize;
    g_object_class_override_property(objects, PROP_HADJUSTMENT, "hadjustment");
    g_object_class_override_property(objects, PROP_VADJUSTMENT, "vadjustment");
    g_object_class_override_property(objects, PROP_HSCROLL_POLICY, "hscroll-policy");
    g_object_class_override_property(objects, PROP_VSCROLL_POLICY, "vscroll-policy");
    GtkWidgetClass *widgets = GTK_WIDGET_CLASS(klass);
    widgets->size_allocate = size_allocate;
    widgets->measure = measure;
    widgets->focus = focus;
    widgets->map = map;
    const struct {
        guint key;
        gint32 how;
    } moves[] = {{GDK_KEY_Home, -2}, {GDK_KEY_KP_Home, -2}, {GDK_KEY_End, 2},       {GDK_KEY_KP_End, 2},
                 {GDK_KEY_Page_Up, -1}, {GDK_KEY_KP_Page_Up, -1}, {GDK_KEY_Page_Down, 1}, {GDK_KEY_KP_Page_Down, 1}};
    for (gsize i = 0; i < G_N_ELEMENTS(moves); i++) gtk_widget_class_add_binding(widgets, moves[i].key, 0, move_focus, "i", moves[i].how);
    gtk_widget_class_set_css_name(widgets, "rowlist");
    gtk_widget_class_set_accessible_role(widgets, GTK_ACCESSIBLE_ROLE_LIST);
}

/// The rows' look: each on the view's background with a line under it, the page's below the last.
static void add_style(void) {
    static GtkCssProvider *provider = NULL;
    GdkDisplay *display = gdk_display_get_default();
    if (provider != NULL || display == NULL) return;
    provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider,
                                    "rowlist > * { background-color: @view_bg_color; padding: 6px;"
                                    " border-bottom: 1px solid alpha(currentColor, 0.15); }",
                                    -1);
    gtk_style_context_add_provider_for_display(display, GTK_STYLE_PROVIDER(provider), GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void islet_row_list_init(IsletRowList *self) {
    add_style();
    self->rows = g_array_new(FALSE, FALSE, sizeof(Row));
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
    set_adjustment(self, GTK_ORIENTATION_HORIZONTAL, NULL);
    set_adjustment(self, GTK_ORIENTATION_VERTICAL, NULL);
}

GtkWidget *islet_row_list_new(IsletRowListCreate create, IsletRowListBind bind, gpointer data, GDestroyNotify destroy) {
    IsletRowList *self = g_object_new(islet_row_list_get_type(), NULL);
    self->create = create;
    self->bind = bind;
    self->data = data;
    self->destroy = destroy;
    return GTK_WIDGET(self);
}

void islet_row_list_splice(IsletRowList *list, guint position, guint removed, guint added) {
    if (position > list->count) return;
    if (removed > list->count - position) removed = list->count - position;
    if (removed == 0 && added == 0) return;
    list->count = list->count - removed + added;
    for (guint i = 0; i < list->rows->len; i++) {
        Row *r = row(list, i);
        if (r->position == G_MAXUINT || r->position < position) continue;
        r->position = r->position - position >= removed ? r->position - removed + added : G_MAXUINT;
        // A row whose fast went is put away now, not at the next lay-out.
        if (r->position == G_MAXUINT) set_shown(r->widget, FALSE);
    }
    list->stale = TRUE;
    // A change above the rows on screen leaves them where they were.
    GtkAdjustment *vertical = list->adjustment[GTK_ORIENTATION_VERTICAL];
    double value = gtk_adjustment_get_value(vertical);
    if (list->row_height > 0 && value > 0 && (double)position * list->row_height < value) {
        double moved = ((double)added - (double)removed) * list->row_height;
        double upper = (double)list->count * list->row_height;
        configure(vertical, list, MAX(0, value + moved), MAX(upper, gtk_adjustment_get_upper(vertical)), list->row_height,
                  gtk_adjustment_get_page_size(vertical));
    }
    gtk_widget_queue_resize(GTK_WIDGET(list));
}

void islet_row_list_rebind(IsletRowList *list, guint from, guint to) {
    for (guint i = 0; i < list->rows->len; i++) {
        Row *r = row(list, i);
        if (r->position != G_MAXUINT && r->position >= from && r->position < to) list->bind(list->data, r->widget, r->position);
    }
}

guint islet_row_list_position(IsletRowList *list, GtkWidget *widget) {
    Row *r = row_of(list, widget);
    return r != NULL ? r->position : G_MAXUINT;
}
