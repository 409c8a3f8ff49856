#ifndef ISLET_CROWMODEL_H
#define ISLET_CROWMODEL_H
// A GListModel of n rows whose items are made when asked for (a plain GObject each): the
// History page's list shows a million fasts while only the rows on screen exist. What a row
// shows comes from its position (IsletAppModel's HistoryList); a row whose content changed is
// told of with a splice, which gives it a new item and so binds it again.
#include <gio/gio.h>

typedef struct _IsletRowModel IsletRowModel;

IsletRowModel *islet_row_model_new(void);
/// At `position`, `removed` rows give way to `added`: items-changed, and the count updated.
void islet_row_model_splice(IsletRowModel *model, guint position, guint removed, guint added);
guint islet_row_model_count(IsletRowModel *model);
#endif
