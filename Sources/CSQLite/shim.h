#ifndef ISLET_CSQLITE_SHIM_H
#define ISLET_CSQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_db_config is variadic, which Swift cannot call: the one option islet sets.
/// With `on`, closing the last connection leaves the WAL as it is instead of checkpointing it
/// into the database file (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, SQLite 3.16 or later).
static inline int islet_sqlite3_no_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on, (int *)0);
}
#endif
