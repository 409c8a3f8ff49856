import DBus
import IsletClient
import IsletCore
import IsletNotify
import Synchronization
import TestSupport
import Testing

/// Issue 54: a surface is one type that conforms to ``Surface`` and one line in a list. This
/// one lives only here: it keeps what the one feed told it, and presses Pause on the first
/// running timer it is shown, as a button would. Beside it, a second copy proves the feed is
/// fanned out, not shared out.
actor RecordingSurface: Surface {
    nonisolated let name: String
    nonisolated let parts: SurfaceParts
    let pressesPause: Bool
    var seen: [FeedUpdate] = []
    var outcomes: [IsletCommand.Outcome] = []
    var pressed = false

    init(_ name: String, _ parts: SurfaceParts, pressesPause: Bool) {
        self.name = name
        self.parts = parts
        self.pressesPause = pressesPause
    }

    func run(_ updates: AsyncStream<FeedUpdate>, desk: SurfaceDesk) async throws {
        for await update in updates {
            seen.append(update)
            if pressesPause, !pressed, let activity = update.activity, activity.state["status"]?.string == "running",
                let command = IsletCommand(.pause, on: activity)
            {
                pressed = true
                await desk.perform(command, from: name)
            }
        }
    }

    func commandPerformed(_ command: IsletCommand, outcome: IsletCommand.Outcome) { outcomes.append(outcome) }

    var statuses: [String] { seen.map { $0.activity?.state["status"]?.string ?? "none" } }
}

@Suite(.startsProcesses) struct SurfaceTests {
    @Test func aSurfaceIsOneTypeAndOneLineFedByTheOneFeed() async throws {
        let d = try await Daemon()
        let connection = try DBusConnection(bus: .address(d.bus.address), label: "surfaces")
        let log = Mutex<[String]>([])
        let parts = SurfaceParts(islet: IsletClient(connection: connection), log: { line in log.withLock { $0.append(line) } })
        let presser = RecordingSurface("presser", parts, pressesPause: true)
        let watcher = RecordingSurface("watcher", parts, pressesPause: false)
        let surfaces = Surfaces(islet: parts.islet, [presser, watcher], log: parts.log, warn: parts.log)
        let running = Task { try await surfaces.run() }
        defer { running.cancel() }
        #expect(await eventually { await watcher.seen.first?.cause == .synced })
        _ = try await d.dbusSend("Timers.Start", "string:kitchen", "string:Tea", "uint64:300")
        // Both were shown the timer; the presser's Pause went to isletd, whose answer came
        // back through the feed to both.
        let paused = await eventually { await watcher.statuses.contains("paused") }
        let (watched, pressed) = (await watcher.statuses, await presser.statuses)
        #expect(paused, "\(watched)")
        #expect(pressed.contains("running") && pressed.contains("paused"), "\(pressed)")
        let outcomes = (await presser.outcomes, await watcher.outcomes)
        #expect(outcomes.0 == [.done] && outcomes.1 == [.done])
        #expect(log.withLock { $0.contains("presser: pause done") }, "\(log.withLock { $0 })")
        let listed = try await d.dbusSend("Timers.List")
        #expect(listed.stdout.contains("paused"), "\(listed.stdout)")
    }
}
