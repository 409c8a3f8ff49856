import DBus
import Foundation
import IsletClient
import IsletCore
import TestSupport
import Testing

@testable import IsletNotify

/// The live activity as a KDE job: what the job view is told (pure), and islet-notify against
/// a stand-in of Plasma's job server (a real Plasma: `make desktops SERVERS=plasma-job`).
@Suite(.startsProcesses) struct KdeJobTests {
    @Test func aTimersJobIsItsTimePhaseAndProgress() {
        let phases = [Phase(name: "Work", seconds: 40), Phase(name: "Rest", seconds: 20)]
        let (work, _) = Sample.timer("Workout", phases: phases, rounds: 8, elapsed: 10)
        let view = JobPresenter.present(work, now: Sample.t0 + 10 * usecPerSecond)
        #expect(view.infoMessage == "Workout · 00:30 · Work 1/8" && !view.suspended && view.percent == 25)
        #expect(view.fields == [.init(label: "Time left", value: "00:30"), .init(label: "Phase", value: "Work · Round 1/8")])
        #expect(view.nextChange == Sample.t0 + 11 * usecPerSecond)
        let (paused, _) = Sample.timer("Workout", phases: phases, rounds: 8, elapsed: 10, pausedFor: 60)
        let still = JobPresenter.present(paused, now: Sample.t0 + 70 * usecPerSecond)
        #expect(still.suspended && still.infoMessage == "Workout · 00:30 · Work 1/8" && still.nextChange == nil)
        #expect(JobView.capabilities(for: .timer) == 3 && JobView.capabilities(for: .fast) == 1 && JobView.capabilities(for: .custom) == 0)
    }

    @Test func di003AFastsJobIsItsGoalOnceAMinute() {
        let fast = Sample.fast(goal: 16 * 3600, elapsed: 4 * 3600)
        let view = JobPresenter.present(fast, now: Sample.t0 + 4 * 3600 * usecPerSecond)
        #expect(view.infoMessage == "Fasting Goal · goal in 12 h" && view.percent == 25)
        #expect(view.fields == [.init(label: "Goal in", value: "12 h"), .init(label: "Goal", value: "16 hours")])
        #expect(view.nextChange == Sample.t0 + (4 * 3600 + 60) * usecPerSecond)
        #expect(JobPresenter.command("cancelRequested", activity: fast) == .stopFast)
        #expect(JobPresenter.command("suspendRequested", activity: fast) == nil)
    }

    /// Issue 35: a job shows the activity only while it is live; its moment (goal reached, a
    /// timer's end) is the bridge's announcement alone, so the moment is shown once.
    @Test func aJobShowsOnlyTheLiveActivity() {
        let fasting = Sample.fast(goal: 16 * 3600, elapsed: 4 * 3600)
        #expect(JobPresenter.shows(fasting, now: Sample.t0 + 4 * 3600 * usecPerSecond))
        let reached = Sample.fast(goal: 3600, elapsed: 3700, reached: true)
        #expect(!JobPresenter.shows(reached, now: Sample.t0 + 3700 * usecPerSecond))
        let (running, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 120)], elapsed: 30)
        #expect(JobPresenter.shows(running, now: Sample.t0 + 30 * usecPerSecond))
        let (done, _) = Sample.timer(phases: [Phase(name: "Tea", seconds: 120)], elapsed: 121, completed: true)
        #expect(!JobPresenter.shows(done, now: Sample.t0 + 121 * usecPerSecond))
    }

    @Test func plasmasButtonsDriveATimerAndTheNotificationCarriesOnlyTheMoments() async throws {
        let d = try await Daemon()
        let jobs = try await FakeJobViewServer(address: d.bus.address)
        let notifications = try await FakeNotificationServer(address: d.bus.address)
        try await d.live.set("LingerSeconds", .uint32(1))
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address])
        #expect(await eventually { notify.stderr.contains("KDE job server:") && notify.stderr.contains("in step with isletd") })

        try await d.timers.call("Start", [.string("kitchen"), .string("Tea"), .uint64(120)])
        #expect(await eventually { jobs.last("setDescriptionField") != nil })
        let request = try #require(jobs.requests.first)
        #expect(request.desktopEntry == "org.islet.Islet" && request.capabilities == 3 && request.hints["immediate"] == .boolean(true))
        #expect(request.hints["transient"] == .boolean(true), "ended without an error, it leaves without a trace")
        #expect(request.hints["application-display-name"] == .string("islet"), "headed islet, not the process name")
        let info = jobs.last("setInfoMessage") ?? []
        #expect(info == [.string("Tea · 02:00")] || info == [.string("Tea · 01:59")], "\(info)")
        let field = jobs.last("setDescriptionField") ?? []
        #expect(field.prefix(2) == [.uint32(0), .string("Time left")], "\(field)")
        #expect(await eventually { (jobs.calls.filter { $0.member == "setDescriptionField" }.count) >= 2 }, "it counts down")
        #expect(!notifications.posted.contains { $0.summary == "Tea" }, "nothing shows twice: \(notifications.posted.map(\.summary))")

        // Pause, resume and cancel, pressed in Plasma.
        try jobs.press("suspendRequested")
        #expect(await eventually { (try? await d.timers.call("List"))?.description.contains("paused") == true })
        #expect(await eventually { jobs.last("setSuspended") == [.boolean(true)] })
        try jobs.press("resumeRequested")
        #expect(await eventually { jobs.last("setSuspended") == [.boolean(false)] })
        try jobs.press("cancelRequested")
        #expect(await eventually { jobs.last("terminate") != nil })
        #expect(await eventually { (try? await d.timers.call("List"))?.description.contains("kitchen") == false })

        // A timer's end: the job ends, and the moment is announced as a notification.
        try await d.timers.call("Start", [.string("kitchen"), .string("Eggs"), .uint64(2)])
        #expect(await eventually { jobs.requests.count == 2 })
        #expect(
            await eventually { notifications.posted.contains { $0.summary == "Eggs" && $0.body.contains("Done") } },
            "\(notifications.posted.map { "\($0.summary): \($0.body)" })")
        #expect(await eventually { jobs.last("terminate", job: 2) != nil })
        #expect(notify.isRunning)
    }

    /// Issue 35, seen on Plasma 6: the job ends as the activity does. A timer's end is the
    /// bridge's announcement alone (the job ends at once, not when the linger does); Plasma's
    /// Cancel on a fast is a Stop Fast like every other, announced with Undo; islet-notify
    /// stopped (SIGTERM) ends its job rather than leaving it to Plasma as "Failed".
    @Test func theJobEndsAsTheActivityDoes() async throws {
        let d = try await Daemon()
        let jobs = try await FakeJobViewServer(address: d.bus.address)
        let notifications = try await FakeNotificationServer(address: d.bus.address)
        try await d.live.set("LingerSeconds", .uint32(600))
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address])
        #expect(await eventually { notify.stderr.contains("KDE job server:") && notify.stderr.contains("in step with isletd") })

        try await d.timers.call("Start", [.string("kitchen"), .string("Eggs"), .uint64(1)])
        #expect(await eventually { jobs.requests.count == 1 })
        #expect(await eventually { notifications.posted.contains { $0.summary == "Eggs" && $0.body.contains("Done") } })
        #expect(await eventually { jobs.last("terminate", job: 1) == [.string("")] }, "ended at completion, the linger still running")
        #expect(try await d.live.get("Owner") == .string("kitchen"), "the completed timer still lingers")

        try await d.fasting.call("SetGoal", [.uint64(16 * 3600 as UInt64)])
        try await d.fasting.call("StartFast")
        // The job shown (its first update comes after islet-notify listens to its buttons), as
        // a person sees it before pressing: pressed earlier, the press raced the subscription
        // (seen once under load, against the static build).
        #expect(await eventually { jobs.requests.count == 2 && jobs.last("setInfoMessage", job: 2) != nil })
        #expect(jobs.requests.last?.capabilities == 1)
        try jobs.press("cancelRequested", job: 2)
        #expect(await eventually { (try? await d.fasting.get("Fasting")) == .boolean(false) })
        #expect(
            await eventually { notifications.posted.contains { $0.summary == "Fast Stopped" && $0.actions.contains("undo") } },
            "\(notifications.posted.map(\.summary))")
        #expect(await eventually { jobs.last("terminate", job: 2) != nil })

        try await d.timers.call("Start", [.string("kitchen"), .string("Tea"), .uint64(300)])
        #expect(await eventually { jobs.requests.count == 3 && jobs.last("setInfoMessage", job: 3) != nil })
        notify.signal(SIGTERM)
        #expect(await eventually { jobs.last("terminate", job: 3) == [.string("")] }, "ended with islet-notify")
        #expect(await eventually { !notify.isRunning })
    }

    /// Issue 35: an islet-notify killed outright (SIGKILL, a crash) leaves no job behind. Its
    /// job was asked for by its keeper (`islet-notify --job-keeper`), which ends it when the
    /// bridge leaves the bus, and then exits; the next islet-notify gets a job of its own.
    @Test func aKilledBridgesJobIsEndedByItsKeeper() async throws {
        let d = try await Daemon()
        let jobs = try await FakeJobViewServer(address: d.bus.address)
        _ = try await FakeNotificationServer(address: d.bus.address)
        var notify: Background? = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address])
        #expect(await eventually { notify?.stderr.contains("in step with isletd") == true })
        try await d.timers.call("Start", [.string("kitchen"), .string("Tea"), .uint64(300)])
        #expect(await eventually { jobs.requests.count == 1 && jobs.last("setInfoMessage") != nil })
        #expect(notify?.stderr.contains("KDE job keeper started") == true, "\(notify?.stderr ?? "")")
        notify?.kill()
        notify = nil
        #expect(await eventually { jobs.last("terminate") == [.string("")] }, "ended by the keeper")
        let bus = DBusProxy(connection: d.client, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus")
        #expect(
            await eventually { (try? await bus.call("NameHasOwner", [.string(JobKeeper.busName)]))?.first == .boolean(false) },
            "the keeper is gone too")

        let next = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address])
        #expect(await eventually { jobs.requests.count == 2 }, "\(next.stderr)")
    }

    @Test func withoutAJobServerTheNotificationShowsTheActivity() async throws {
        let d = try await Daemon()
        let notifications = try await FakeNotificationServer(address: d.bus.address)
        var jobs: FakeJobViewServer? = try await FakeJobViewServer(address: d.bus.address)
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--address", d.bus.address])
        #expect(await eventually { notify.stderr.contains("KDE job server:") })
        try await d.timers.call("Start", [.string("kitchen"), .string("Tea"), .uint64(120)])
        #expect(await eventually { jobs?.requests.count == 1 })
        // Plasma leaves: the notification takes over.
        jobs?.connection.close()
        jobs = nil
        #expect(await eventually { notifications.posted.contains { $0.summary == "Tea" } })
        #expect(notify.isRunning)
    }
}
