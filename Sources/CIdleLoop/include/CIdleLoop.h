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

#endif
