import CAdw
import Platform

/// The main thread's work between two waits, timed around GLib's poll (bench/app-history.sh):
/// each stretch of 4 ms or more, with its wall-clock end, on stderr.
enum BusyReport {
    static func install() { g_main_context_set_poll_func(nil, timedPoll) }
}

/// When GLib's poll last returned (GTK's main thread only).
nonisolated(unsafe) private var lastReturn: gint64 = 0

private func timedPoll(_ fds: UnsafeMutablePointer<GPollFD>?, _ count: guint, _ timeout: gint) -> gint {
    let now = g_get_monotonic_time()
    if lastReturn != 0, now - lastReturn >= 4000 { printError("busy-usec \(now - lastReturn) at-usec \(WallClock.now())") }
    let result = g_poll(fds, count, timeout)
    lastReturn = g_get_monotonic_time()
    return result
}
