import DBus
import IsletBus
import IsletCore

/// What a person can ask of islet from anywhere the activity shows: the one list of commands.
/// Every surface maps only its own protocol's verbs onto it (a notification's action key, a KDE
/// job's cancel, an MPRIS verb, a button in the app, the GNOME extension's and the Plasma
/// applet's buttons), and every command is performed one way, by ``IsletClient/perform(_:)``.
/// The extension and the applet are JavaScript and cannot import this: their table
/// (`islandCall` in packaging/gnome-shell/island.js) is checked against ``call`` by a test.
public enum IsletCommand: Sendable, Hashable {
    case pauseTimer(owner: String)
    case resumeTimer(owner: String)
    /// More time for the current phase ("+1 min": ``extendSeconds``).
    case extendTimer(owner: String, seconds: UInt64)
    case stopTimer(owner: String)
    case startFast
    case stopFast
    /// The fast stopped last runs again.
    case undoStopFast
    /// islet's app, on a page.
    case open(AppLink.Page)
    /// A button a program's activity offers (contract 1.4, its state's `actions`): isletd tells
    /// the program (LiveActivity.Act), which does it.
    case act(activityID: String, Verb)

    /// What "+1 min" adds.
    public static let extendSeconds: UInt64 = 60

    /// The word a button carries for a command: a notification's action key, the extension's
    /// and the applet's `action`. The same word on every surface.
    public enum Verb: String, Sendable, CaseIterable {
        case pause, resume, extend, stop
        /// A program's activity's own (contract 1.4): the next song, the next block.
        case next, skip
        case startFast = "start-fast"
        case stopFast = "stop-fast"
        case undo
        case open = "open-app"
    }

    /// The command a button with `verb` means on `activity`, nil where it means nothing there
    /// (a fast does not pause; a program's own activity has the buttons it offers now).
    public init?(_ verb: Verb, on activity: ActivitySnapshot) {
        if activity.kind == .custom, CustomDictionary.actions(activity.state["actions"]).contains(verb.rawValue) {
            self = .act(activityID: activity.id, verb)
            return
        }
        switch (verb, activity.kind) {
        case (.pause, .timer): self = .pauseTimer(owner: activity.owner)
        case (.resume, .timer): self = .resumeTimer(owner: activity.owner)
        case (.extend, .timer): self = .extendTimer(owner: activity.owner, seconds: Self.extendSeconds)
        case (.stop, .timer): self = .stopTimer(owner: activity.owner)
        case (.stopFast, .fast): self = .stopFast
        case (.startFast, _): self = .startFast
        case (.undo, _): self = .undoStopFast
        case (.open, _):
            guard let page = AppLink.Page(showing: activity.kind) else { return nil }
            self = .open(page)
        default: return nil
        }
    }

    public var verb: Verb {
        switch self {
        case .pauseTimer: .pause
        case .resumeTimer: .resume
        case .extendTimer: .extend
        case .stopTimer: .stop
        case .startFast: .startFast
        case .stopFast: .stopFast
        case .undoStopFast: .undo
        case .open: .open
        case .act(_, let verb): verb
        }
    }

    /// The call on `org.islet.Islet1` that performs the command; nil for ``open(_:)``, which
    /// asks islet's app (``AppLink``).
    public var call: (interface: String, method: String, arguments: [DBusValue])? {
        typealias Timers = IsletBus.Timers
        typealias LiveActivity = IsletBus.LiveActivity
        return switch self {
        case .pauseTimer(let owner): (Timers.name, Timers.Method.pause.name, Timers.Owner(owner: owner).values)
        case .resumeTimer(let owner): (Timers.name, Timers.Method.resume.name, Timers.Owner(owner: owner).values)
        case .extendTimer(let owner, let seconds): (Timers.name, Timers.Method.extend.name, Timers.MoreTime(owner: owner, seconds: seconds).values)
        case .stopTimer(let owner): (Timers.name, Timers.Method.stop.name, Timers.Owner(owner: owner).values)
        case .startFast: (Fasting.name, Fasting.Method.startFast.name, [])
        case .stopFast: (Fasting.name, Fasting.Method.stopFast.name, [])
        case .undoStopFast: (Fasting.name, Fasting.Method.undoStopFast.name, [])
        case .open: nil
        case .act(let id, let verb): (LiveActivity.name, LiveActivity.Method.act.name, LiveActivity.Action(activityID: id, action: verb.rawValue).values)
        }
    }

    /// What a performed command answered, where the caller may want it.
    public enum Outcome: Sendable, Equatable {
        case done
        /// StartFast, UndoStopFast: the fast that runs now.
        case fastRunning(id: UInt64, startedAt: USec)
        /// StopFast: the fast as it went to the history.
        case fastStopped(CompletedFast)
    }
}

extension IsletClient {
    /// Performs `command`: the one way every surface does what a person asked.
    @discardableResult
    public func perform(_ command: IsletCommand) async throws -> IsletCommand.Outcome {
        if case .open(let page) = command {
            try await AppLink.open(page, on: connection)
            return .done
        }
        guard let call = command.call else { return .done }
        let proxy = call.interface == IsletBus.Timers.name ? timers : call.interface == IsletBus.LiveActivity.name ? activity : fasting
        let out = try await proxy.call(call.method, call.arguments)
        switch command {
        case .startFast, .undoStopFast:
            let fast = try Fasting.FastRunning(values: out)
            return .fastRunning(id: fast.fastID, startedAt: fast.startedAt)
        case .stopFast:
            let fast = try Fasting.FastSpan(values: out)
            return .fastStopped(CompletedFast(id: fast.fastID, startedAt: fast.startedAt, endedAt: fast.endedAt, goalSeconds: 0))
        default:
            _ = try NoArguments(values: out)
            return .done
        }
    }
}
