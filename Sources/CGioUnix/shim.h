#ifndef ISLET_CGIOUNIX_SHIM_H
#define ISLET_CGIOUNIX_SHIM_H
// GIO's desktop entries (GDesktopAppInfo): a program's own name and icon, as the shell has them.
#include <gio/gdesktopappinfo.h>
#endif
