import DBus
import IsletClient
import IsletCore

/// islet-notify's surfaces, fed by one subscription to isletd's live activity: each change
/// is fanned out to every surface in the order they are listed, a command pressed on any of
/// them is performed here, one way, and a surface that shows the activity in its own way is
/// said to the others.
public actor Surfaces {
    let islet: IsletClient
    let members: [any Surface]
    let log: @Sendable (String) -> Void
    let warn: @Sendable (String) -> Void

    public init(islet: IsletClient, _ members: [any Surface], log: @escaping @Sendable (String) -> Void, warn: @escaping @Sendable (String) -> Void) {
        self.islet = islet
        self.members = members
        self.log = log
        self.warn = warn
    }

    /// The surfaces islet-notify shows the activity on, as its settings ask: adding a surface
    /// is one line here (and its file under Surfaces/).
    public static func standard(_ wiring: Wiring) -> [any Surface] {
        let settings = wiring.settings
        let parts = SurfaceParts(islet: wiring.islet, log: wiring.log)
        let server = wiring.server
        let announcements = Announcements(parts, server: server, settings: settings)
        var surfaces: [any Surface] = [
            LiveNotification(parts, server: server, announcements: announcements, settings: settings, memory: wiring.memory, warn: wiring.warn),
            announcements,
        ]
        if settings.kdeJobs, settings.style == .standard { surfaces.append(KdeJob(parts, startKeeper: wiring.startKeeper)) }
        if settings.lockScreen { surfaces.append(LockScreenNotice(parts, server: server, settings: settings)) }
        if settings.mediaPlayer { surfaces.append(MediaPlayer(parts, style: settings.style)) }
        return surfaces
    }

    /// What the standard surfaces are built from.
    public struct Wiring: Sendable {
        public var islet: IsletClient
        public var server: NotificationServer
        public var settings: NotifySettings
        public var memory: MemoryStore
        public var startKeeper: (@Sendable () -> Bool)?
        public var log: @Sendable (String) -> Void
        public var warn: @Sendable (String) -> Void

        public init(
            islet: IsletClient, server: NotificationServer, settings: NotifySettings, memory: MemoryStore, startKeeper: (@Sendable () -> Bool)?,
            log: @escaping @Sendable (String) -> Void, warn: @escaping @Sendable (String) -> Void
        ) {
            self.islet = islet
            self.server = server
            self.settings = settings
            self.memory = memory
            self.startKeeper = startKeeper
            self.log = log
            self.warn = warn
        }
    }

    /// The first surface of type `T`, for what reaches one surface alone (`islet expand`).
    public nonisolated func first<T: Surface>(_ type: T.Type) -> T? { members.lazy.compactMap { $0 as? T }.first }

    /// How a run ended.
    public enum Ending: Sendable, Equatable {
        /// The connection closed.
        case feedEnded
        /// ``stop()`` was asked (the settings changed: the next surfaces take over).
        case stopped
    }

    private var stopInput: AsyncStream<FeedUpdate?>.Continuation?
    private var stopAsked = false

    /// Runs every surface until the connection closes or ``stop()``; what they show stays up
    /// until ``shutdown()``.
    public func run() async throws -> Ending {
        let feed = try await islet.followActivity()
        // The feed's updates, and nil for a stop.
        let (events, input) = AsyncStream.makeStream(of: FeedUpdate?.self)
        stopInput = input
        if stopAsked { input.yield(nil) }
        let forward = Task {
            var quiet = SourceQuiet()
            for await update in feed {
                if let passed = quiet.pass(update) { input.yield(passed) }
            }
            input.finish()
        }
        let desk = SurfaceDesk(
            perform: { [self] command, surface in await perform(command, from: surface) },
            showing: { [self] surface, on in await shows(surface, on) })
        var outlets: [AsyncStream<FeedUpdate>.Continuation] = []
        var running: [Task<Void, Never>] = []
        for member in members {
            let (updates, outlet) = AsyncStream.makeStream(of: FeedUpdate.self)
            outlets.append(outlet)
            let warn = self.warn
            running.append(
                Task {
                    do {
                        try await member.run(updates, desk: desk)
                    } catch {
                        warn("\(member.name): \(error)")
                    }
                })
        }
        var ending = Ending.feedEnded
        for await event in events {
            guard let update = event else {
                ending = .stopped
                break
            }
            for outlet in outlets { outlet.yield(update) }
        }
        // Cancelled, the feed lets go of its subscriptions.
        forward.cancel()
        for outlet in outlets { outlet.finish() }
        for task in running { await task.value }
        return ending
    }

    /// Ends ``run()`` (at once, or as soon as it starts).
    public func stop() {
        stopAsked = true
        stopInput?.yield(nil)
    }

    /// islet-notify is stopping: every surface takes down what it shows, the last listed first.
    public func shutdown() async {
        for member in members.reversed() { await member.shutdown() }
    }

    /// What a person pressed on `surface`: performed, and the outcome told to every surface
    /// (the announcements say a stopped fast, with Undo). A refusal is logged: the feed then
    /// shows what is true.
    func perform(_ command: IsletCommand, from surface: String) async {
        do {
            let outcome = try await islet.perform(command)
            log("\(surface): \(command.verb.rawValue) done")
            for member in members { await member.commandPerformed(command, outcome: outcome) }
        } catch let error as DBusError {
            log("\(surface): \(command.verb.rawValue) failed: \(error.name): \(error.message)")
        } catch {
            log("\(surface): \(command.verb.rawValue) failed: \(error)")
        }
    }

    func shows(_ surface: String, _ on: Bool) async {
        for member in members where member.name != surface { await member.otherSurface(surface, showsActivity: on) }
    }
}
