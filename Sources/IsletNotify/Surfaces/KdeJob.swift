import DBus
import IdleLoop
import IsletClient
import IsletCore
import Platform

/// The live activity as a KDE job, where `org.kde.JobViewServer` exists (Plasma): a progress
/// entry in Plasma's own notification area with its suspend, resume and cancel buttons (Pause,
/// Resume, Stop), its fields the countdown and the phase. The job ends, silently (it is
/// `transient`), when the activity does, reaches its moment (completion, goal reached: the
/// announcements say it, once), is handed over, or when islet-notify stops (``shutdown()``).
/// While a job shows the activity, the live notification carries only its moments. The view
/// is ``JobPresenter``'s; this is the plumbing. Plasma ends a job with the connection that
/// asked for it, so the job is asked for by islet-notify's ``JobKeeper``, which ends it if
/// islet-notify is killed (where the keeper cannot start, the bridge asks itself).
public actor KdeJob: Surface {
    public nonisolated let name = "KDE job"
    public static let serverName = "org.kde.JobViewServer"
    static let serverPath: ObjectPath = "/JobViewServer"
    static let serverInterface = "org.kde.JobViewServerV2"
    static let viewInterface = "org.kde.JobViewV2"

    /// What the job follows: the activity, the job server coming and going, its buttons, the
    /// moment its text next changes.
    enum Input: Sendable {
        case feed(FeedUpdate)
        case owner(String?)
        case signal(String)
        case tick
    }

    struct Job {
        var activityID: String
        var view: DBusProxy
        var shown: JobView?
        var signals: Task<Void, Never>
    }

    public nonisolated let parts: SurfaceParts
    var desk: SurfaceDesk?
    /// Starts `islet-notify --job-keeper` for this bridge; true when it was started.
    let startKeeper: (@Sendable () -> Bool)?
    var keeperStarted = false
    var keeperProxy: DBusProxy {
        DBusProxy(
            connection: islet.connection, destination: JobKeeper.busName, path: JobKeeper.path, interface: JobKeeper.interface,
            timeout: .seconds(5), autoStart: false)
    }
    /// islet-notify is stopping: no new job.
    var shuttingDown = false
    var serverOwner: String?
    var activity: ActivitySnapshot?
    var job: Job?
    var tick: Task<Void, Never>?
    /// What the other surfaces were last told (nil: nothing yet): told again only when it
    /// changes, not on every render.
    var toldLiveElsewhere: Bool?

    public init(_ parts: SurfaceParts, startKeeper: (@Sendable () -> Bool)? = nil) {
        self.parts = parts
        self.startKeeper = startKeeper
    }

    public func run(_ updates: AsyncStream<FeedUpdate>, desk: SurfaceDesk) async throws {
        self.desk = desk
        let (inputs, input) = AsyncStream.makeStream(of: Input.self)
        self.input = input
        let owners = try await islet.connection.watchNameOwner(Self.serverName)
        let tasks = [
            Task {
                for await owner in owners { input.yield(.owner(owner)) }
            },
            Task {
                for await update in updates { input.yield(.feed(update)) }
                input.finish()
            },
        ]
        defer { for task in tasks { task.cancel() } }
        for await event in inputs {
            switch event {
            case .owner(let owner):
                if owner != serverOwner {
                    // A new job server knows nothing of our job: start afresh.
                    job?.signals.cancel()
                    job = nil
                    serverOwner = owner
                    if let owner { log("KDE job server: \(owner)") }
                }
            case .feed(let update): activity = update.activity
            case .signal(let name):
                await control(name)
                continue
            case .tick: break
            }
            await render()
        }
        tick?.cancel()
    }

    var input: AsyncStream<Input>.Continuation?

    func render() async {
        tick?.cancel()
        tick = nil
        let now = clock()
        // Plasma is there: its job shows the activity, so the live notification posts none, not
        // even for the moment the job takes to appear; its moment is the announcements'.
        let live = activity.map { JobPresenter.shows($0, now: now) } ?? true
        await tellOthers(showing: serverOwner != nil && live)
        guard let owner = serverOwner, let activity, live else {
            await end()
            return
        }
        if let job, job.activityID != activity.id { await end() }
        if job == nil, !shuttingDown { await start(activity, owner: owner) }
        guard var current = job else {
            await tellOthers(showing: false)
            return
        }
        let view = JobPresenter.present(activity, now: now)
        let old = current.shown
        do {
            if old?.infoMessage != view.infoMessage {
                _ = try await current.view.call("setInfoMessage", [.string(view.infoMessage)])
            }
            for (index, field) in view.fields.enumerated() where old.map({ index >= $0.fields.count || $0.fields[index] != field }) ?? true {
                _ = try await current.view.call(
                    "setDescriptionField", [.uint32(UInt32(index)), .string(field.label), .string(field.value)])
            }
            for index in view.fields.count..<max(view.fields.count, old?.fields.count ?? 0) {
                _ = try await current.view.call("clearDescriptionField", [.uint32(UInt32(index))])
            }
            if old?.percent != view.percent { _ = try await current.view.call("setPercent", [.uint32(view.percent)]) }
            if old?.suspended != view.suspended { _ = try await current.view.call("setSuspended", [.boolean(view.suspended)]) }
            current.shown = view
            if job?.activityID == current.activityID { job = current }
        } catch {
            log("KDE job: update failed: \(error)")
        }
        let input = self.input
        tick = wakeUp(at: view.nextChange, now: now) { input?.yield(.tick) }
    }

    /// Whether the job shows the activity, so that the live notification posts none of it.
    func tellOthers(showing: Bool) async {
        guard toldLiveElsewhere != showing else { return }
        toldLiveElsewhere = showing
        await desk?.shows(name, showing)
    }

    /// Asks the job server at `server` for a job view: the call the keeper makes for the bridge.
    static func requestView(_ connection: DBusConnection, server: String, capabilities: Int32) async throws -> ObjectPath {
        let proxy = DBusProxy(connection: connection, destination: server, path: serverPath, interface: serverInterface)
        // Shown at once; `transient`: a job that ends without an error leaves without a trace
        // (no "(Finished)" entry beside islet's own announcement; Plasma 5.24 and later); named
        // islet with its icon, which Plasma would otherwise read from a desktop-entry cache a
        // fresh install may not have updated yet (and head the job with the process name).
        let hints: [String: DBusValue] = [
            "immediate": .boolean(true), "transient": .boolean(true),
            "application-display-name": .string("islet"), "application-icon-name": .string("alarm-symbolic"),
        ]
        let reply = try await proxy.call(
            "requestView", [.string(Presenter.desktopEntry), .int32(capabilities), .stringVariantDictionary(hints)])
        guard case .objectPath(let path)? = reply.first else { throw DBusError.failed("requestView answered \(reply)") }
        return path
    }

    /// The keeper (``JobKeeper``), started the first time a job is wanted; nil where it could
    /// not be started, and then the bridge asks for the job itself.
    func keeper() async -> DBusProxy? {
        if keeperStarted { return keeperProxy }
        guard let startKeeper, startKeeper() else { return nil }
        let bus = DBusProxy(
            connection: islet.connection, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus")
        for _ in 0..<50 {
            if case .boolean(true)? = try? await bus.call("NameHasOwner", [.string(JobKeeper.busName)]).first {
                keeperStarted = true
                log("KDE job keeper started")
                return keeperProxy
            }
            try? await EventLoop.sleep(for: .milliseconds(100))
        }
        log("KDE job keeper did not start: the bridge asks for its jobs itself")
        return nil
    }

    func start(_ activity: ActivitySnapshot, owner: String) async {
        let capabilities = JobView.capabilities(for: activity.kind)
        do {
            let path: ObjectPath
            if let keeper = await keeper() {
                let request = JobKeeper.ViewRequest(server: owner, capabilities: capabilities)
                path = try await keeper.call("RequestView", request, returning: JobKeeper.View.self).path
            } else {
                path = try await Self.requestView(islet.connection, server: owner, capabilities: capabilities)
            }
            let view = DBusProxy(connection: islet.connection, destination: owner, path: path, interface: Self.viewInterface)
            let messages = try await islet.connection.signals(
                matching: MatchRule(sender: owner, interface: Self.viewInterface, path: path))
            let input = self.input
            let signals = Task {
                for await message in messages { input?.yield(.signal(message.member ?? "")) }
            }
            job = Job(activityID: activity.id, view: view, shown: nil, signals: signals)
            log("KDE job \(path) for activity \(activity.id)")
        } catch {
            log("KDE job: requestView failed: \(error)")
        }
    }

    /// islet-notify is stopping (SIGTERM, SIGINT): the job ends with it, rather than being
    /// left to Plasma as "(Failed) Application closed unexpectedly".
    public func shutdown() async {
        shuttingDown = true
        tick?.cancel()
        await end()
    }

    func end() async {
        guard let job else { return }
        self.job = nil
        job.signals.cancel()
        _ = try? await job.view.call("terminate", [.string("")])
        if keeperStarted { try? await keeperProxy.call("Forget", JobKeeper.View(path: job.view.path)) }
        log("KDE job for activity \(job.activityID) terminated")
    }

    /// Plasma's buttons: a click only asks; isletd's answer comes back through the feed. A
    /// Stop Fast is announced with Undo, as every other.
    func control(_ signal: String) async {
        guard let command = JobPresenter.command(signal, activity: activity) else { return }
        log("KDE job: \(signal) -> \(command.verb.rawValue)")
        await desk?.perform(command, from: name)
    }
}
