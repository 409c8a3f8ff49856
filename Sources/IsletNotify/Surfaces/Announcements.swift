import DBus
import IsletBus
import IsletClient
import IsletCore
import Platform

/// The notifications of a moment, each its own, never replacing the live one: a fast's goal
/// reached and a timer's end (the live notification decides when: ``announce(_:kind:what:)``),
/// "Fast Stopped" with Undo after a Stop Fast pressed anywhere, the schedule's reminders (each
/// replacing the one before) and a stage reached. The texts are ``Presenter``'s and
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
    let settings: BridgeSettings
    var profile = ServerProfile.unknown
    let localTime = LocalTime.system
    var desk: SurfaceDesk?
    /// Ours on screen, for their buttons.
    var shown: [UInt32: Kind] = [:]
    /// The schedule's reminder on screen: the next replaces it ("time to start" after "left to eat").
    var reminderID: UInt32 = 0
    let inputs: AsyncStream<Input>
    let input: AsyncStream<Input>.Continuation

    public init(_ parts: SurfaceParts, server: NotificationServer, settings: BridgeSettings) {
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
                for await message in fastingSignals where message.member == "Reminder" || message.member == "StageReached" {
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

    /// After a Stop Fast pressed on any surface: "Fast Stopped", with Undo.
    public func commandPerformed(_ command: IsletCommand, outcome: IsletCommand.Outcome) {
        guard case .fastStopped(let fast) = outcome, settings.style == .standard else { return }
        announce(Presenter.stopped(fast, settings: settings, server: profile), kind: .stoppedFast, what: "the stop, with Undo")
    }

    /// Posts `content` as a notification of its own; its id comes back as `.posted`, for its buttons.
    func announce(_ content: NotificationContent, kind: Kind, what: String) {
        let scoped = Presenter.lockScreenScope(content, settings: settings, server: profile)
        let server = self.server
        let input = self.input
        let log = self.log
        log("Notify (announcing \(what)): \(Presenter.describe(scoped))")
        Task {
            do {
                input.yield(.posted(try await server.notify(scoped, replacesID: 0), kind))
            } catch {
                log("announcement failed: \(error)")
            }
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
