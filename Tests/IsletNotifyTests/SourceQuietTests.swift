import IsletClient
import IsletCore
import Testing

@testable import IsletNotify

/// A source's activity (a song, a Pomodoro app's block) reaches none of islet-notify's surfaces:
/// they take down what they showed and say nothing until the user's next activity.
@Suite struct SourceQuietTests {
    func snapshot(_ id: String, source: Bool) -> ActivitySnapshot {
        ActivitySnapshot(
            id: id, owner: source ? "mpris:mpv" : "tea",
            attributes: ["kind": .string(source ? "custom" : "timer"), "title": .string("T"), "source": .bool(source)], state: [:])
    }

    @Test func aSongAfterATimerIsNoneAndItsUpdatesAndEndAreNoNews() {
        var quiet = SourceQuiet()
        let tea = snapshot("1", source: false)
        #expect(quiet.pass(FeedUpdate(activity: tea, cause: .synced)) == FeedUpdate(activity: tea, cause: .synced))
        #expect(quiet.pass(FeedUpdate(activity: nil, cause: .ended(reason: "completed"))) == FeedUpdate(activity: nil, cause: .ended(reason: "completed")))
        let song = snapshot("2", source: true)
        #expect(quiet.pass(FeedUpdate(activity: song, cause: .started)) == nil, "the surfaces show nothing already")
        #expect(quiet.pass(FeedUpdate(activity: song, cause: .updated)) == nil)
        #expect(quiet.pass(FeedUpdate(activity: nil, cause: .ended(reason: "replaced"))) == nil)
        let next = snapshot("3", source: false)
        #expect(quiet.pass(FeedUpdate(activity: next, cause: .started)) == FeedUpdate(activity: next, cause: .started))
    }

    @Test func aSongReadAfreshWhileATimerShowedTakesTheTimerDown() {
        var quiet = SourceQuiet()
        _ = quiet.pass(FeedUpdate(activity: snapshot("1", source: false), cause: .started))
        #expect(quiet.pass(FeedUpdate(activity: snapshot("2", source: true), cause: .synced)) == FeedUpdate(activity: nil, cause: .synced))
        #expect(quiet.pass(FeedUpdate(activity: nil, cause: .serviceGone)) == FeedUpdate(activity: nil, cause: .serviceGone))
    }
}
