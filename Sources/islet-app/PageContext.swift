import IsletAppModel
import IsletCore

/// What isletd last said that the pages show, kept once for all of them (a page built later
/// reads it as it is): the fast's facts (nil: isletd not on the bus), the goal presets, the
/// timers and the activity shown live.
final class ServiceState {
    var facts: FastPage.Facts?
    var presets: [Preset] = []
    var timers: [(owner: String, state: ActivityState)] = []
    var activity: ActivitySnapshot?
}

/// What the window hands each page's controller: isletd's state as last said, the link to
/// isletd (once there is one), a toast (with Undo when given the app action that undoes), and
/// whether the window can be seen (pages tick only then).
struct PageContext {
    let state: ServiceState
    let link: () -> ServiceLink?
    let toast: (_ text: String, _ undo: String?) -> Void
    let onScreen: () -> Bool
}
