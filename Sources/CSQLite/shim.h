#ifndef ISLET_CSQLITE_SHIM_H
#define ISLET_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
