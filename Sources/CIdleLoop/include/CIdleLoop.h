#ifndef CIDLELOOP_H
#define CIDLELOOP_H

// The Linux system calls an idle-silent event loop is made of; Glibc's Swift module leaves
// these headers out.
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>
#include <errno.h>

// Swift concurrency's global jobs handed to the loop instead of libdispatch
// (IdleLoop/Executors.swift). The concurrency runtime has consulted these hooks since Swift 5.5
// (its Concurrency.h: swift_task_enqueueGlobal_hook and the rest), in every Swift that Debian
// and this project build with (6.0 to 6.3), unlike the custom-executor API of Swift 6.3.

/// A job as the runtime hands it over: passed back to Swift as an UnownedJob.
typedef struct IdleLoopJob IdleLoopJob;

/// Where the hooks send a job: to run as soon as possible (`delay_ns` 0) or after `delay_ns`
/// nanoseconds.
typedef void (*idle_loop_job_sink)(IdleLoopJob *_Nonnull job, uint64_t delay_ns);

/// Points the runtime's global hooks (now, after a delay, at a deadline) at `sink`. Call once,
/// before any task exists.
void idle_loop_install_hooks(idle_loop_job_sink _Nonnull sink);

/// Runs a job handed to the global sink as the runtime's own global executor runs it: on the
/// generic executor (no actor, no task executor).
void idle_loop_run_global_job(IdleLoopJob *_Nonnull job);

/// A file descriptor that becomes readable when process `pid` ends (pidfd_open, Linux 5.3), or
/// -1 with errno set (ESRCH: no such process; ENOSYS: an older kernel). Swift cannot call the
/// variadic syscall(2).
static inline int idle_loop_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

#endif
