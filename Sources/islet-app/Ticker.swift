import CAdw
import IsletCore
import Platform

/// A page's next redraw, at the moment its text next changes by itself (a second of a fast or
/// a timer turning); one at a time, and none while the window cannot be seen.
final class Ticker {
    private var source: guint = 0

    /// `action` at `next` (nil: never), if `onScreen`; any earlier one cancelled.
    func schedule(at next: USec?, onScreen: Bool, _ action: @escaping () -> Void) {
        stop()
        guard let next, onScreen else { return }
        let now = WallClock.now()
        let wait = next > now ? (next - now + 999) / 1000 : 1
        source = after(milliseconds: UInt32(clamping: wait)) { [weak self] in
            self?.source = 0
            action()
        }
    }

    func stop() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }
}
