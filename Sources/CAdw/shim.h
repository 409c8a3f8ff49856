#ifndef ISLET_CADW_SHIM_H
#define ISLET_CADW_SHIM_H
// libadwaita and GTK 4 (through it): only API that Debian 12's libadwaita 1.2 and GTK 4.8 have.
#include <adwaita.h>
#endif
