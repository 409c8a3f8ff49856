import Translation

/// The window's pages, in the switchers' order: a page is its own files (a view, a controller
/// that is an ``AppPage``, a link to isletd) and its line here. Its name is the one `islet
/// open`, `--page` and the app's `show-page` action take (``AppLink/Page``).
enum AppPages {
    struct Entry {
        let name: String
        let title: String
        /// From names every theme islet meets has (Adwaita 43 to 49, Breeze) or GTK itself
        /// carries (the flag: its emoji chooser's).
        let icon: String
        let make: (PageContext) -> AppPage
    }

    static var all: [Entry] {
        [
            Entry(name: "fast", title: tr("Fast"), icon: "weather-clear-night-symbolic") { FastController(context: $0) },
            Entry(name: "goal", title: tr("Goal"), icon: "emoji-flags-symbolic") { GoalController(context: $0) },
            Entry(name: "history", title: tr("History"), icon: "document-open-recent-symbolic") { HistoryController(context: $0) },
            Entry(name: "progress", title: tr("Progress"), icon: "x-office-presentation-symbolic") { ProgressController(context: $0) },
            Entry(name: "timers", title: tr("Timers"), icon: "alarm-symbolic") { TimersController(context: $0) },
        ]
    }
}
