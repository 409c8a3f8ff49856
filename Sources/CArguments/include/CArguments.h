// The process's arguments for the Swift runtime, without its start-up scan: see arguments.c.
#pragma once
