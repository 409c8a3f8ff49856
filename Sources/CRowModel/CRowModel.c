#include "CRowModel.h"

struct _IsletRowModel {
    GObject parent_instance;
    guint count;
};

typedef struct {
    GObjectClass parent_class;
} IsletRowModelClass;

static void islet_row_model_list_init(GListModelInterface *iface);

G_DEFINE_TYPE_WITH_CODE(IsletRowModel, islet_row_model, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, islet_row_model_list_init))

static GType islet_row_model_get_item_type(GListModel *list) {
    (void)list;
    return G_TYPE_OBJECT;
}

static guint islet_row_model_get_n_items(GListModel *list) {
    return ((IsletRowModel *)list)->count;
}

static gpointer islet_row_model_get_item(GListModel *list, guint position) {
    if (position >= ((IsletRowModel *)list)->count) return NULL;
    return g_object_new(G_TYPE_OBJECT, NULL);
}

static void islet_row_model_list_init(GListModelInterface *iface) {
    iface->get_item_type = islet_row_model_get_item_type;
    iface->get_n_items = islet_row_model_get_n_items;
    iface->get_item = islet_row_model_get_item;
}

static void islet_row_model_class_init(IsletRowModelClass *klass) { (void)klass; }

static void islet_row_model_init(IsletRowModel *self) { self->count = 0; }

IsletRowModel *islet_row_model_new(void) { return g_object_new(islet_row_model_get_type(), NULL); }

void islet_row_model_splice(IsletRowModel *model, guint position, guint removed, guint added) {
    if (position > model->count) return;
    if (removed > model->count - position) removed = model->count - position;
    model->count = model->count - removed + added;
    if (removed != 0 || added != 0) g_list_model_items_changed(G_LIST_MODEL(model), position, removed, added);
}

guint islet_row_model_count(IsletRowModel *model) { return model->count; }
