#include "CIdleLoop.h"

#include <time.h>

// The runtime's hooks (swift/Runtime/Concurrency.h). Each is a pointer that the runtime calls,
// with Swift's calling convention, instead of its own global executor when it is set.
#define IDLE_LOOP_SWIFTCC __attribute__((swiftcall))
extern IDLE_LOOP_SWIFTCC void (*swift_task_enqueueGlobal_hook)(IdleLoopJob *job, void *original);
extern IDLE_LOOP_SWIFTCC void (*swift_task_enqueueGlobalWithDelay_hook)(unsigned long long delay, IdleLoopJob *job,
                                                                          void *original);
extern IDLE_LOOP_SWIFTCC void (*swift_task_enqueueGlobalWithDeadline_hook)(long long sec, long long nsec, long long tsec,
                                                                             long long tnsec, int clock, IdleLoopJob *job,
                                                                             void *original);

// An executor reference as the runtime passes it (SerialExecutorRef: identity and
// implementation, two words); the generic executor is both zero.
typedef struct {
    void *identity;
    uintptr_t implementation;
} executor_ref;
extern IDLE_LOOP_SWIFTCC void swift_job_run(IdleLoopJob *job, executor_ref executor);

static idle_loop_job_sink global_sink;

static IDLE_LOOP_SWIFTCC void enqueue_global(IdleLoopJob *job, void *original) {
    (void)original;
    global_sink(job, 0);
}

static IDLE_LOOP_SWIFTCC void enqueue_global_with_delay(unsigned long long delay, IdleLoopJob *job, void *original) {
    (void)original;
    global_sink(job, delay);
}

// The runtime's clock ids: 1 continuous (counts suspension: CLOCK_BOOTTIME on Linux), 2
// suspending (CLOCK_MONOTONIC). A deadline becomes a delay from now on its own clock.
static IDLE_LOOP_SWIFTCC void enqueue_global_with_deadline(long long sec, long long nsec, long long tsec,
                                                           long long tnsec, int clock, IdleLoopJob *job,
                                                           void *original) {
    (void)tsec;
    (void)tnsec;
    (void)original;
    struct timespec now;
    clock_gettime(clock == 2 ? CLOCK_MONOTONIC : CLOCK_BOOTTIME, &now);
    __int128 deadline = (__int128)sec * 1000000000 + nsec;
    __int128 current = (__int128)now.tv_sec * 1000000000 + now.tv_nsec;
    __int128 delay = deadline - current;
    if (delay < 0) delay = 0;
    if (delay > (__int128)UINT64_MAX) delay = UINT64_MAX;
    global_sink(job, (uint64_t)delay);
}

void idle_loop_install_hooks(idle_loop_job_sink sink) {
    global_sink = sink;
    swift_task_enqueueGlobal_hook = enqueue_global;
    swift_task_enqueueGlobalWithDelay_hook = enqueue_global_with_delay;
    swift_task_enqueueGlobalWithDeadline_hook = enqueue_global_with_deadline;
}

void idle_loop_run_global_job(IdleLoopJob *job) {
    executor_ref generic = {0, 0};
    swift_job_run(job, generic);
}
