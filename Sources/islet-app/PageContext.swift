import CAdw

/// What the window hands each page's controller: the window's link to isletd (whose client the
/// page's own link talks through), a toast (with Undo when given the app action that undoes),
/// a refusal said at once (in front of any toast still showing), and whether the window can be
/// seen (pages tick only then).
struct PageContext {
    let link: () -> ServiceLink?
    let toast: (_ text: String, _ undo: String?) -> Void
    let failed: (_ words: String) -> Void
    let onScreen: () -> Bool
}

/// A page of the window, made by the window the first time it is shown (the Fast page at the
/// start) from its line in ``AppPages/all``. Everything else is the page's own: its view, its
/// model, its link to isletd, its tick.
protocol AppPage: AnyObject {
    var root: UnsafeMutablePointer<GtkWidget> { get }
    /// Widgets for the header bar's start, shown only while the page is (History's buttons).
    var headerStart: UnsafeMutablePointer<GtkWidget>? { get }
    /// The page switched to (made just before, the first time).
    func shown()
    /// The window seen again (true) or hidden, minimized (false): a page that ticks starts or
    /// stops.
    func seen(_ onScreen: Bool)
}

extension AppPage {
    var headerStart: UnsafeMutablePointer<GtkWidget>? { nil }
    func shown() {}
    func seen(_ onScreen: Bool) {}
}
