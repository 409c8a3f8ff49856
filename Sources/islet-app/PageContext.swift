/// What the window hands each page's controller: the link to isletd (once there is one), a
/// toast (with Undo when given the app action that undoes), and whether the window can be
/// seen (pages tick only then).
struct PageContext {
    let link: () -> ServiceLink?
    let toast: (_ text: String, _ undo: String?) -> Void
    let onScreen: () -> Bool
}
