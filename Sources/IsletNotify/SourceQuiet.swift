import IsletClient

/// islet-notify's surfaces show no source's activity (contract 1.4, producers.md): a song
/// already has its player's own card (GNOME's message list and lock screen, Plasma's media
/// controller), a Pomodoro app its own notifications; posting them again as a notification,
/// a second MPRIS player or a KDE job would show them twice. Such an activity reaches the
/// surfaces as none: what they showed goes, and they wait for the user's next one. The top-bar
/// island, the Plasma widget and the panels show it.
struct SourceQuiet {
    /// Whether the surfaces were last handed an activity (theirs to take down).
    private var surfacesShow = false

    /// The update the surfaces are handed for `update`; nil when they have nothing to do.
    mutating func pass(_ update: FeedUpdate) -> FeedUpdate? {
        guard let activity = update.activity, activity.isSource else {
            // A source's ending, after it was handed on as none, is no news to them.
            if case .ended = update.cause, !surfacesShow { return nil }
            surfacesShow = update.activity != nil
            return update
        }
        guard surfacesShow else { return nil }
        surfacesShow = false
        return FeedUpdate(activity: nil, cause: update.cause == .synced ? .synced : .ended(reason: "replaced"))
    }
}
