import ArgumentParser
import DBus
import IdleLoop
import IsletBus
import IsletClient
import IsletCore
import Translation

struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: tr("Print the live activity, one line per change, for as long as it runs (for waybar, polybar, i3blocks)."),
        discussion: tr(
            "The countdown is computed here from the activity's timestamps: the bus is not polled. When isletd stops, the idle line is printed and islet waits for it to come back."
        ))
    @Option(help: .init(tr("waybar, polybar, i3blocks, json or plain."))) var format: PanelFormat = .plain
    @Option(help: .init(tr("standard, or minimal (the time alone; grey in polybar)."))) var style: PanelStyle = .standard
    @OptionGroup var bus: BusOptions

    func validate() throws {
        if format == .genmon { throw ValidationError(tr("genmon polls: use `islet status --format genmon`")) }
    }

    enum Event: Sendable {
        case feed(FeedUpdate)
        /// A fast started or stopped: without a goal it has no activity, but it shows (FR-003).
        case fastChanged
        case tick(Int)
        /// Nothing took the island within `settleUSec` of an end or a fast's start.
        case settled(Int)
    }

    /// How long a line waits, after the activity ended or a fast started, for the activity that
    /// follows in the same breath (a timer taking the island, the fast taking it back, a fast's
    /// own activity after FastStarted): without it the fast showed as "Fasted 0:00:05" for an
    /// instant, as if it had no goal.
    static let settleUSec: UInt64 = 250_000

    func run() async throws {
        let format = self.format
        let style = self.style
        try await bus.run { client in
            let fastSignals = try await client.fasting.signals()
            let feed = try await client.followActivity()
            let (events, input) = AsyncStream.makeStream(of: Event.self)
            let forward = Task {
                for await update in feed { input.yield(.feed(update)) }
                input.finish()
            }
            let forwardFasts = Task {
                for await message in fastSignals where message.member == "FastStarted" || message.member == "FastStopped" {
                    input.yield(.fastChanged)
                }
            }
            defer {
                forward.cancel()
                forwardFasts.cancel()
            }
            var activity: ActivitySnapshot?
            var fastStartedAt: USec?
            var printed: String?
            var generation = 0
            var settling = 0
            var timer: Task<Void, Never>?
            /// Holds the line until the island has settled; nothing is printed meanwhile.
            func settle() {
                generation += 1
                settling += 1
                timer?.cancel()
                let s = settling
                timer = Task {
                    try? await EventLoop.sleep(for: .microseconds(Self.settleUSec))
                    if !Task.isCancelled { input.yield(.settled(s)) }
                }
            }
            for await event in events {
                switch event {
                case .feed(let update):
                    activity = update.activity
                    settling += 1
                    if update.cause == .serviceGone || update.cause == .serviceAbsent {
                        fastStartedAt = nil
                    } else if activity == nil {
                        if case .ended = update.cause {
                            settle()
                            continue
                        }
                        fastStartedAt = await Self.runningFast(client)
                    }
                case .fastChanged:
                    if activity == nil {
                        settle()
                        continue
                    }
                    fastStartedAt = await Self.runningFast(client)
                case .settled(let s):
                    if s != settling { continue }
                    if activity == nil { fastStartedAt = await Self.runningFast(client) }
                case .tick(let g): if g != generation { continue }
                }
                let now = Times.now()
                let line = Panel.line(activity, fastStartedAt: fastStartedAt, now: now, format: format, style: style)
                if line.text != printed {
                    Output.line(line.text)
                    printed = line.text
                }
                generation += 1
                timer?.cancel()
                timer = nil
                if let next = line.nextChange {
                    let g = generation
                    let delay = (next > now ? next - now : 0) + 1000
                    timer = Task {
                        try? await EventLoop.sleep(for: .microseconds(delay))
                        if !Task.isCancelled { input.yield(.tick(g)) }
                    }
                }
            }
        }
    }
}

extension WatchCommand {
    /// When the running fast began, or nil when none runs (or the service cannot say).
    static func runningFast(_ client: IsletClient) async -> USec? {
        guard let status = try? await client.fastStatus(), status.fasting else { return nil }
        return status.startedAt
    }
}

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: tr("Print the live activity once, for panels that poll (xfce4-genmon and others)."))
    @Option(help: .init(tr("waybar, polybar, i3blocks, genmon, json or plain."))) var format: PanelFormat = .plain
    @Option(help: .init(tr("standard, or minimal (the time alone)."))) var style: PanelStyle = .standard
    @OptionGroup var bus: BusOptions

    func run() async throws {
        try await PanelStatus.print(PanelStatus.Request(format: format, style: style, address: bus.address))
    }
}

struct ExpandCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expand",
        abstract: tr("Show the live activity's notification again, even if it was dismissed (for a panel's click)."),
        discussion: tr("Asks islet-notify (org.islet.Notify1 on the session bus) to post it afresh."))
    @OptionGroup var bus: BusOptions

    func run() async throws {
        let asked = try await bus.run { client -> Bool in
            guard try await client.currentActivity() != nil else { return false }
            let notify = DBusProxy(NotifyBus.self, connection: client.connection, timeout: .seconds(5))
            do {
                try await notify.call(NotifyBus.Method.expand)
            } catch let error as DBusError where error.meansServiceUnavailable {
                Output.error(
                    tr("islet-notify is not running, so there is no notification to show."),
                    hint: tr("Start it with `systemctl --user start islet-notify`, or run `islet-notify &`."))
                throw ExitCode(69)
            }
            return true
        }
        if !asked {
            Output.error(tr("no live activity to show."), hint: tr("`islet timer start Tea 3m` or `islet fast start` starts one."))
            throw ExitCode(1)
        }
    }
}

struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: tr("Open islet's app on a page: fast, goal, history, progress or timers (for a panel's click)."),
        discussion: tr(
            "Without a page, the one that shows the live activity. Without the app installed, shows the live activity's notification again (islet expand)."
        ))
    @Argument(help: .init(tr("fast, goal, history, progress or timers."))) var page: String?
    @OptionGroup var bus: BusOptions

    func validate() throws {
        if let page, AppLink.Page(rawValue: page) == nil {
            throw ValidationError(tr("no page \"%s\": fast, goal, history, progress or timers", page))
        }
    }

    func run() async throws {
        let requested = page.flatMap(AppLink.Page.init(rawValue:))
        let opened = try await bus.run { client -> Bool in
            guard await AppLink.isAvailable(on: client.connection) else { return false }
            let activity = requested == nil ? try? await client.currentActivity() : nil
            try await AppLink.open(requested ?? activity.flatMap { AppLink.Page(showing: $0.kind) } ?? .fast, on: client.connection)
            return true
        }
        if !opened {
            // No app here: the notification is the next best view of the activity.
            try await ExpandCommand.parse(bus.address.map { ["--address", $0] } ?? []).run()
        }
    }
}
