#ifndef ISLET_CROWLIST_H
#define ISLET_CROWLIST_H
// A list of `count` rows of one height that makes a widget only for each row on screen (and
// the one holding the keyboard focus), reusing them as the list scrolls: the History page
// shows a lifetime of fasts with about ten rows' widgets whatever the history's length (GTK
// 4.8's GtkListView keeps some 200, and binds them all again when a scrollbar jumps).
//
// It is a GtkScrollable: put it in a GtkScrolledWindow (or an AdwClampScrollable in one). Its
// rows are made by `create` and shown by `bind` (called again whenever a row is given another
// position, or is told its content changed). Up and Down, Tab and Shift+Tab move the focus
// from row to row, Home and End to the first and the last, Page Up and Page Down by a
// screenful, scrolling the list as they go; the list's rows are ordered for a screen reader as
// they are on screen.
#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct _IsletRowList IsletRowList;

/// Makes a row's widget (it is given a position by `bind` before it is shown).
typedef GtkWidget *(*IsletRowListCreate)(gpointer data);
/// Shows the row at `position` in `row`.
typedef void (*IsletRowListBind)(gpointer data, GtkWidget *row, guint position);

GType islet_row_list_get_type(void);
/// A list of no rows; `destroy` is called with `data` when the list goes.
GtkWidget *islet_row_list_new(IsletRowListCreate create, IsletRowListBind bind, gpointer data, GDestroyNotify destroy);
/// At `position`, `removed` rows give way to `added`: the rows after them move, the rows on
/// screen are shown again, and a change above the rows on screen leaves them where they were.
void islet_row_list_splice(IsletRowList *list, guint position, guint removed, guint added);
/// Shows again each row whose position is in [from, to).
void islet_row_list_rebind(IsletRowList *list, guint from, guint to);
/// The position a row's widget shows (G_MAXUINT: none, or not one of this list's rows).
guint islet_row_list_position(IsletRowList *list, GtkWidget *row);

/// The rows a view shows, pure: with rows of `row_height` pixels, `count` of them, the view's
/// top at `value` and `height` pixels high, the first row on screen and how many are.
void islet_row_list_window(double value, double height, int row_height, guint count, guint *first, guint *shown);

G_END_DECLS
#endif
