import DBus
import IsletBus
import IsletClient
import IsletCore
import Platform

/// The notifications of a moment, each its own, never replacing the live one: a fast's goal
/// reached and a timer's end (the live notification decides when: ``announce(_:kind:what:)``),
/// "Fast Stopped" with Undo after a fast stopped from anywhere but islet's app (which offers its
/// own), the schedule's reminders (each replacing the one before) and a stage reached. The texts are ``Presenter``'s and
/// ``ReminderPresenter``'s; this posts them and acts on their buttons.
public actor Announcements: Surface {
    public nonisolated let name = "announcements"

    /// What an announcement's buttons act on: a moment (a fast's goal reached: that fast, by
    /// its start; a timer's end), or a stopped fast (Undo).
    enum Kind: Sendable { case moment(fastStartedAt: USec), stoppedFast, reminder, stage }

    enum Input: Sendable {
        case serverSignal(Message)
        case fastingSignal(Message)
        case posted(UInt32, Kind)
    }

    public nonisolated let parts: SurfaceParts
    let server: NotificationServer
    let settings: NotifySettings
    var profile = ServerProfile.unknown
    let localTime = LocalTime.system
    var desk: SurfaceDesk?
    /// Ours on screen, for their buttons.
    var shown: [UInt32: Kind] = [:]
    /// The schedule's reminder on screen: the next replaces it ("time to start" after "left to eat").
    var reminderID: UInt32 = 0
    let inputs: AsyncStream<Input>
    let input: AsyncStream<Input>.Continuation

    public init(_ parts: SurfaceParts, server: NotificationServer, settings: NotifySettings) {
        self.parts = parts
        self.server = server
        self.settings = settings
        (inputs, input) = AsyncStream.makeStream(of: Input.self)
    }

    public func run(_ updates: AsyncStream<FeedUpdate>, desk: SurfaceDesk) async throws {
        self.desk = desk
        let input = self.input
        let fastingSignals = try await islet.fasting.signals()
        let serverSignals = try await server.signals()
        let tasks = [
            Task {
                for await _ in updates {}
                input.finish()
            },
            Task { for await message in serverSignals { input.yield(.serverSignal(message)) } },
            Task {
                for await message in fastingSignals
                where ["Reminder", "StageReached", "FastStopped", "FastStarted"].contains(message.member) {
                    input.yield(.fastingSignal(message))
                }
            },
        ]
        defer { for task in tasks { task.cancel() } }
        for await event in inputs {
            switch event {
            case .serverSignal(let message): serverSignal(message)
            case .fastingSignal(let message): fastingSignal(message)
            case .posted(let id, let kind):
                log(kind == .reminder ? "reminder posted: id \(id)" : "announcement posted: id \(id)")
                shown[id] = kind
                if kind == .reminder { reminderID = id }
            }
        }
    }

    /// Another server (or none) owns the name, as the live notification saw it: it knows none of
    /// ours, and what it takes is not known yet.
    func serverReplaced() {
        profile = .unknown
        shown = [:]
        reminderID = 0
    }

    /// The server as the live notification identified it (the hints it takes).
    func serverIdentified(_ profile: ServerProfile) { self.profile = profile }

    /// A fast stopped, by anyone: "Fast Stopped", with Undo (issue 72: a Stop Fast pressed in
    /// the top bar, the Plasma widget or `islet fast stop` had none), once, where the user is.
    /// The app shows its own Undo for its own stops, so a stop it made (UndoableStop's stopped_by
    /// is a connection of the process that owns the app's name; it talks to isletd on one and
    /// owns its name on GTK's) gets none here: never both.
    func fastStopped(_ span: IsletBus.Fasting.FastSpan) {
        guard settings.style == .standard else { return }
        let fast = CompletedFast(id: span.fastID, startedAt: span.startedAt, endedAt: span.endedAt, goalSeconds: 0)
        let (islet, log) = (self.islet, self.log)
        Task {
            if let stop = await islet.undoableStop(), stop.fastID == fast.id, !stop.stoppedBy.isEmpty,
                let app = await islet.connection.processID(of: AppLink.busName),
                await islet.connection.processID(of: stop.stoppedBy) == app
            {
                log("fast \(fast.id) stopped in islet's app, which offers its own Undo")
                return
            }
            announce(Presenter.stopped(fast, settings: settings, server: profile), kind: .stoppedFast, what: "the stop, with Undo")
        }
    }

    /// A fast started (a new one, or the stopped one brought back): an Undo on screen is spent.
    func fastStarted() {
        let spent = shown.filter { $0.value == .stoppedFast }.map(\.key)
        guard !spent.isEmpty else { return }
        let server = self.server
        for id in spent {
            shown[id] = nil
            log("CloseNotification \(id) (a fast started: its Undo is spent)")
            Task { try? await server.close(id: id) }
        }
    }

    /// Posts `content` as a notification of its own; its id comes back as `.posted`, for its buttons.
    func announce(_ content: NotificationContent, kind: Kind, what: String) {
        Task { await post(content, kind: kind, what: what) }
    }

    /// ``announce(_:kind:what:)``, returning once the server has answered, so that what must
    /// come after it can wait: the live notification is closed only then (swaync 0.7 left an
    /// announcement undrawn when it came while the popup closed before it was going away).
    func post(_ content: NotificationContent, kind: Kind, what: String) async {
        let scoped = Presenter.lockScreenScope(content, settings: settings, server: profile)
        log("Notify (announcing \(what)): \(Presenter.describe(scoped))")
        do {
            input.yield(.posted(try await server.notify(scoped, replacesID: 0), kind))
        } catch {
            log("announcement failed: \(error)")
        }
    }

    func serverSignal(_ message: Message) {
        guard let desk else { return }
        switch (message.member, message.body.first, message.body.dropFirst().first) {
        case ("NotificationClosed", .uint32(let id)?, .uint32(let reason)?):
            guard id != 0, shown.removeValue(forKey: id) != nil else { return }
            if id == reminderID { reminderID = 0 }
            log("NotificationClosed \(id), reason \(reason): \(Presenter.closeReason(reason))")
        case ("ActionInvoked", .uint32(let id)?, .string(let key)?):
            guard id != 0, let kind = shown[id] else { return }
            log("button \(key.prefix(40)) pressed on an announcement")
            let verb = IsletCommand.Verb(rawValue: key)
            switch (verb, kind) {
            case (.stopFast, .moment(let startedAt)) where startedAt != 0: stopFast(startedAt: startedAt, desk: desk)
            case (.undo, .stoppedFast): Task { [name] in await desk.perform(.undoStopFast, from: name) }
            case (.startFast, .reminder): Task { [name] in await desk.perform(.startFast, from: name) }
            case (nil, _) where key == Presenter.dismissAction.key: break  // OK: the server closes it itself
            default: log("ignored action \"\(key.prefix(40))\" on an announcement")
            }
        default:
            break
        }
    }

    /// Stop Fast on a kept "Goal Reached!": only the fast it announced, so a press after that
    /// fast ended leaves the next one alone.
    func stopFast(startedAt: USec, desk: SurfaceDesk) {
        let (name, islet, log) = (self.name, self.islet, self.log)
        Task {
            guard let status = try? await islet.fastStatus(), status.fasting, status.startedAt == startedAt else {
                log("Stop Fast on the announcement of a fast that has ended: nothing to stop")
                return
            }
            await desk.perform(.stopFast, from: name)
        }
    }

    /// The schedule's Reminder (replacing the one before it) and a stage's StageReached
    /// (announced quietly), from isletd's signals.
    func fastingSignal(_ message: Message) {
        switch IsletBus.Fasting.Signal.named(message.member) {
        case .reminder:
            guard let due = try? IsletBus.Fasting.ReminderDue(values: message.body), let kind = FastingSchedule.Reminder.Kind(rawValue: due.kind)
            else { return }
            let kindName = due.kind
            let reminder = FastingSchedule.Reminder(kind: kind, at: due.dueAt, fastStartsAt: due.fastStartsAt)
            let replaces = reminderID
            let (islet, settings, profile, localTime, clock, server, input, log) = (
                self.islet, self.settings, self.profile, self.localTime, self.clock, self.server, self.input, self.log
            )
            Task {
                let goal = (try? await islet.fastStatus().dailyGoalSeconds) ?? 0
                let content = Presenter.reminder(reminder, goalSeconds: goal, now: clock(), localTime: localTime, settings: settings, server: profile)
                log("Notify (reminder \(kindName)) replaces \(replaces): \"\(content.summary)\"")
                do {
                    input.yield(.posted(try await server.notify(content, replacesID: replaces), .reminder))
                } catch {
                    log("reminder failed: \(error)")
                }
            }
        case .fastStopped:
            guard let span = try? IsletBus.Fasting.FastSpan(values: message.body) else { return }
            fastStopped(span)
        case .fastStarted:
            fastStarted()
        case .stageReached:
            guard let reached = try? IsletBus.Fasting.StageReached(values: message.body),
                let content = Presenter.stage(Int(reached.stage), settings: settings, server: profile)
            else { return }
            announce(content, kind: .stage, what: "stage \(reached.stage)")
        default:
            break
        }
    }
}

extension Announcements.Kind: Equatable {}
