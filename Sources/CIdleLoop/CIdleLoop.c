// Headers only; SwiftPM wants a source file in every C target.
#include "CIdleLoop.h"
