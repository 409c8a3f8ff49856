import IsletClient
import IsletCore
import Platform

/// A place where islet-notify shows the live activity: the live notification, its
/// announcements, Plasma's job, GNOME's lock screen, the media player. Each is a pure presenter
/// (what to show, from the activity and the server's profile) and a thin adapter, this, which
/// speaks the place's protocol. All of them are fed by one subscription to isletd
/// (``Surfaces``), and a person's click on any of them becomes an ``IsletCommand`` performed
/// one way (``SurfaceDesk/perform(_:from:)``).
///
/// Adding a surface: one file under Surfaces/ that conforms, and one line in
/// ``Surfaces/standard(_:)`` (ARCHITECTURE.md, "Where to add").
public protocol Surface: Actor {
    /// Its name in the log and in what it tells the others: "KDE job".
    nonisolated var name: String { get }
    /// What it is built with (``SurfaceParts``): ``islet``, ``clock`` and ``log`` read it.
    nonisolated var parts: SurfaceParts { get }
    /// Runs until `updates` ends (the bus connection closed): the live activity as isletd
    /// says it, then every change, from the one feed. A surface merges this with its own
    /// inputs (its server coming and going, its buttons, the moment its text next changes).
    func run(_ updates: AsyncStream<FeedUpdate>, desk: SurfaceDesk) async throws
    /// Another surface now shows the live activity in its own way (true), or stopped (false).
    func otherSurface(_ name: String, showsActivity: Bool) async
    /// A command pressed on any surface was performed (the announcements say a stopped fast).
    func commandPerformed(_ command: IsletCommand, outcome: IsletCommand.Outcome) async
    /// islet-notify is stopping: take down what is shown, rather than leave it behind.
    func shutdown() async
}

extension Surface {
    public nonisolated var islet: IsletClient { parts.islet }
    public nonisolated var clock: @Sendable () -> USec { parts.clock }
    public nonisolated var log: @Sendable (String) -> Void { parts.log }
    public func otherSurface(_ name: String, showsActivity: Bool) async {}
    public func commandPerformed(_ command: IsletCommand, outcome: IsletCommand.Outcome) async {}
    public func shutdown() async {}
}

/// How a surface reaches the others, the same for every one: a command performed one way,
/// and word that it shows the activity in its own way.
public struct SurfaceDesk: Sendable {
    let performing: @Sendable (IsletCommand, String) async -> Void
    let telling: @Sendable (String, Bool) async -> Void

    public init(perform: @escaping @Sendable (IsletCommand, String) async -> Void, showing: @escaping @Sendable (String, Bool) async -> Void) {
        performing = perform
        telling = showing
    }

    /// Performs what a person asked on surface `from` (logged, a refusal too: the feed then
    /// shows what is true). Every surface hears of the outcome (a stopped fast gets its Undo).
    public func perform(_ command: IsletCommand, from surface: String) async { await performing(command, surface) }

    /// Tells the other surfaces that `surface` shows the live activity now, or stopped.
    public func shows(_ surface: String, _ on: Bool) async { await telling(surface, on) }
}

/// What every surface is built with: the client of isletd, the clock, the log.
public struct SurfaceParts: Sendable {
    public let islet: IsletClient
    public let clock: @Sendable () -> USec
    public let log: @Sendable (String) -> Void

    public init(islet: IsletClient, clock: @escaping @Sendable () -> USec = WallClock.clock, log: @escaping @Sendable (String) -> Void) {
        self.islet = islet
        self.clock = clock
        self.log = log
    }
}
