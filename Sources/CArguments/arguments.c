// The arguments behind Swift's CommandLine.arguments, handed over by glibc.
//
// The Swift runtime on Linux finds argv with a global constructor (ArgvGrabber in
// stdlib/public/CommandLineSupport/CommandLine.cpp) that reads /proc/self/maps line by line
// with sscanf, at the start of every program: about 220,000 instructions and a kernel walk of
// the address space, a tenth of what `islet status` runs (bench/RESULTS.md, session 13).
// glibc calls the main program's .init_array functions with argc, argv and envp, so these are
// known for free. Defining the runtime's accessor here keeps the linker from taking that
// constructor's object file out of libswiftCore.a in the static builds; with the shared
// runtime (debug builds) the runtime keeps its own and this one is simply not called.
// Programs' arguments are checked end to end by the test suites of the installed programs.
#include "CArguments.h"

static int savedCount;
static char **savedVector;

static void islet_keep_arguments(int count, char **vector, char **environment) {
    (void)environment;
    savedCount = count;
    savedVector = vector;
}

__attribute__((section(".init_array"), used))
static void (*const islet_keep_arguments_entry)(int, char **, char **) = islet_keep_arguments;

// The runtime's declaration: SWIFT_CC(swift) char **_swift_stdlib_getUnsafeArgvArgc(int *).
__attribute__((swiftcall, visibility("hidden")))
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    static char *none[] = {0};
    if (savedVector == 0) {
        *outArgLen = 0;
        return none;
    }
    *outArgLen = savedCount;
    return savedVector;
}
