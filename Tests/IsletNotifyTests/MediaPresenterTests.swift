import IsletClient
import IsletCore
import Testing

@testable import IsletNotify

/// The activity as an MPRIS player shows it: pure, from the service's own states.
@Suite struct MediaPresenterTests {
    let s = Int64(usecPerSecond)

    @Test func aRunningTimerIsAPlayingTrackWithItsPhaseLengthAndPosition() {
        let (tea, _) = Sample.timer(phases: [Phase(name: "Steep", seconds: 120)], elapsed: 30)
        let view = MediaPresenter.present(tea, now: Sample.t0 + 30 * usecPerSecond, style: .standard)
        #expect(view.title == "Tea" && view.artist == "01:30")
        #expect(view.status == .playing && view.length == 120 * s && view.position == 30 * s)
        #expect(view.canPlay && view.canPause && view.canControl)
        // The text changes each second; Metadata with it.
        #expect(view.nextChange == Sample.t0 + 31 * usecPerSecond)
    }

    /// Contract 1.4: a program's activity that names its program says whose it is first.
    @Test func aProgramsActivityNamesItsProgram() {
        let build = ActivitySnapshot(
            id: "b1", owner: "build", attributes: ["kind": .string("custom"), "title": .string("Build"), "app_id": .string("org.gnome.Terminal")],
            state: [
                "status": .string("running"), "title": .string("Compiling"), "elapsed_usec": .uint64(5 * usecPerSecond), "updated_at_usec": .uint64(Sample.t0),
            ])
        let view = MediaPresenter.present(build, now: Sample.t0, style: .standard)
        #expect(view.title == "Compiling" && view.artist == "Build · 00:05", "\(view.artist)")
        let job = JobPresenter.present(build, now: Sample.t0)
        #expect(job.fields.contains(.init(label: "Program", value: "Build")), "\(job.fields)")
    }

    @Test func intervalsCarryThePhaseAndANewPhaseIsANewTrack() {
        let phases = [Phase(name: "Work", seconds: 40), Phase(name: "Rest", seconds: 20)]
        let (work, _) = Sample.timer("Workout", phases: phases, rounds: 8, elapsed: 10)
        let (rest, _) = Sample.timer("Workout", phases: phases, rounds: 8, elapsed: 45)
        let a = MediaPresenter.present(work, now: Sample.t0 + 10 * usecPerSecond, style: .standard)
        let b = MediaPresenter.present(rest, now: Sample.t0 + 45 * usecPerSecond, style: .standard)
        #expect(a.artist == "00:30 · Work 1/8" && a.length == 40 * s)
        #expect(b.artist == "00:15 · Rest 1/8" && b.length == 20 * s)
        #expect(a.track != b.track)
    }

    @Test func pausedIsPausedAndStandsStill() {
        let (tea, _) = Sample.timer(phases: [Phase(name: "Steep", seconds: 120)], elapsed: 40, pausedFor: 300)
        let view = MediaPresenter.present(tea, now: Sample.t0 + 340 * usecPerSecond, style: .standard)
        #expect(view.status == .paused && view.artist == "❚❚ 01:20" && view.position == 40 * s)
        #expect(view.nextChange == nil, "no wake-up while paused")
    }

    /// A finished timer stands at its end with a full bar: paused there, not Stopped (which
    /// Phosh's and GNOME's widgets draw empty); Play does nothing.
    @Test func completedIsPausedAtItsEndWithAFullBar() {
        let (tea, _) = Sample.timer(phases: [Phase(name: "Steep", seconds: 60)], elapsed: 60, completed: true)
        let view = MediaPresenter.present(tea, now: Sample.t0 + 60 * usecPerSecond, style: .standard)
        #expect(view.status == .paused && view.artist == "00:00 · Done" && view.length == 60 * s && view.position == view.length)
        #expect(!view.canPause && view.canPlay)
        #expect(MediaPresenter.command("Play", activity: tea, style: .standard) == nil)
        #expect(MediaPresenter.command("PlayPause", activity: tea, style: .standard) == nil)
    }

    @Test func di003AFastIsItsGoalAndChangesOnceAMinute() {
        let fast = Sample.fast(goal: 16 * 3600, elapsed: 4 * 3600 + 30)
        let view = MediaPresenter.present(fast, now: Sample.t0 + (4 * 3600 + 30) * usecPerSecond, style: .standard)
        #expect(view.title == "Fasting Goal" && view.artist == "Goal in 12 h · Goal: 16 hours")
        #expect(view.length == 16 * 3600 * s && view.position == (4 * 3600 + 30) * s)
        #expect(view.nextChange == Sample.t0 + (4 * 3600 + 60) * usecPerSecond)
        #expect(!view.canPause && !view.canControl, "a fast has no pause")
        let reached = Sample.fast(goal: 3600, elapsed: 3700, reached: true)
        let done = MediaPresenter.present(reached, now: Sample.t0 + 3700 * usecPerSecond, style: .standard)
        #expect(done.title == "Goal Reached!" && done.artist == "Fasted 1 h 1 min · Goal: 1 hour" && done.position == done.length)
    }

    @Test func prd02MinimalIsTheTimeAloneWithNothingToTap() {
        let (focus, _) = Sample.timer("Focus", phases: [Phase(name: "Focus", seconds: 300)], elapsed: 0)
        let view = MediaPresenter.present(focus, now: Sample.t0, style: .minimal)
        #expect(view.title == "5:00" && view.artist.isEmpty, "PRD-02, AR-06")
        #expect(view.length == 0, "AR-01: no progress")
        #expect(!view.canPause && !view.canControl, "AR-05: nothing to tap")
        #expect(MediaPresenter.command("PlayPause", activity: focus, style: .minimal) == nil)
    }

    @Test func controlsMapToATimersPauseResumeAndStopOnly() {
        let (running, _) = Sample.timer(phases: [Phase(name: "Steep", seconds: 120)], elapsed: 30)
        let (paused, _) = Sample.timer(phases: [Phase(name: "Steep", seconds: 120)], elapsed: 30, pausedFor: 5)
        #expect(MediaPresenter.command("PlayPause", activity: running, style: .standard) == .pauseTimer(owner: "kitchen"))
        #expect(MediaPresenter.command("PlayPause", activity: paused, style: .standard) == .resumeTimer(owner: "kitchen"))
        #expect(MediaPresenter.command("Play", activity: running, style: .standard) == nil)
        #expect(MediaPresenter.command("Pause", activity: paused, style: .standard) == nil)
        #expect(MediaPresenter.command("Stop", activity: paused, style: .standard) == .stopTimer(owner: "kitchen"))
        #expect(MediaPresenter.command("Next", activity: running, style: .standard) == nil)
        // A media key never ends a fast; a program's own activity is its owner's.
        #expect(MediaPresenter.command("Stop", activity: Sample.fast(goal: 3600, elapsed: 60), style: .standard) == nil)
        let custom = ActivitySnapshot(
            id: "c", owner: "app", attributes: ["kind": .string("custom"), "title": .string("Upload")],
            state: ["status": .string("running")])
        #expect(MediaPresenter.command("Stop", activity: custom, style: .standard) == nil)
        #expect(MediaPresenter.command("Pause", activity: nil, style: .standard) == nil)
    }
}

/// islet's icon as the media player's art (issue 43: Phosh and GNOME draw a music note without it).
@Suite struct MediaArtTests {
    @Test func theIconBesideTheProgramAsAFileURL() {
        #expect(MediaArt.url(forProgram: "/usr/bin/islet-notify") { _ in true } == "file:///usr/share/icons/hicolor/scalable/apps/org.islet.Islet.App.svg")
        #expect(
            MediaArt.url(forProgram: "/opt/my islet/bin/islet-notify") { _ in true }
                == "file:///opt/my%20islet/share/icons/hicolor/scalable/apps/org.islet.Islet.App.svg")
        #expect(MediaArt.url(forProgram: "/usr/bin/islet-notify") { _ in false } == nil, "no icon installed: no art")
        #expect(MediaArt.url(forProgram: "islet-notify") { _ in true } == nil)
    }
}

/// When islet's MPRIS name goes after the last activity ends (issue 72: an ended timer stayed on
/// the lock screen for 2 s): the hand-back's moment after the end, never before the name has
/// been held long enough for a shell to have made its proxy for it.
@Suite struct PlayerReleaseTests {
    let second = UInt64(usecPerSecond)

    @Test func theNameGoesAQuarterSecondAfterTheEndOfAnActivityHeldAWhile() {
        let ownedAt: UInt64 = 1_000 * second
        let endedAt = ownedAt + 300 * second
        #expect(MediaPlayer.releaseDue(endedAt: endedAt, ownedAt: ownedAt) == endedAt + second / 4)
    }

    @Test func aNameTakenAMomentAgoIsHeldASecond() {
        let ownedAt: UInt64 = 1_000 * second
        #expect(MediaPlayer.releaseDue(endedAt: ownedAt + second / 10, ownedAt: ownedAt) == ownedAt + second)
        #expect(MediaPlayer.releaseDue(endedAt: ownedAt + second, ownedAt: ownedAt) == ownedAt + second + second / 4)
    }
}
