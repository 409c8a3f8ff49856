import IsletAppModel
import IsletCore
import Platform

/// What isletd last said that the pages show, kept once for all of them (a page built later
/// reads it as it is): the fast's facts (nil: isletd not on the bus) and the goal presets.
final class ServiceState {
    var facts: FastModel.Facts?
    var presets: [Preset] = []
}

/// What the window hands each page's controller: isletd's state as last said, the link to
/// isletd (once there is one; a page with a link of its own takes its client), a toast (with
/// Undo when given the app action that undoes), a refusal said at once (in front of any toast
/// still showing), and whether the window can be seen (pages tick only then).
struct PageContext {
    let state: ServiceState
    let link: () -> ServiceLink?
    let toast: (_ text: String, _ undo: String?) -> Void
    let failed: (_ words: String) -> Void
    let onScreen: () -> Bool
}
