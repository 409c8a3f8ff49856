import DBus
import Synchronization

/// Plasma ends a job with the connection that asked for it: an islet-notify killed outright
/// (SIGKILL, a crash) would leave its job as "(Failed) Application closed unexpectedly", which
/// stays on screen. So the job is asked for by a small process of its own, `islet-notify
/// --job-keeper BRIDGE` (started by the bridge when it first needs a job), which calls
/// `requestView` on the bridge's behalf and, when the bridge leaves the bus however it leaves,
/// ends every job it asked for (`terminate`, transient: no trace) and exits. The bridge updates
/// and ends the job itself: Plasma's job object takes calls from any connection. Its interface
/// is private to islet-notify (org.islet.Notify1.JobKeeper, not part of the contract).
public enum JobKeeper {
    public static let busName = "org.islet.Notify1.JobKeeper"
    static let path: ObjectPath = "/org/islet/Notify1/JobKeeper"
    static let interface = "org.islet.Notify1.JobKeeper"

    /// RequestView's input: the job server to ask, and the job's capabilities.
    struct ViewRequest: DBusArguments {
        var server: String
        var capabilities: Int32
        static let arguments = [DBusArgument("server", .string), DBusArgument("capabilities", .int32)]
        init(server: String, capabilities: Int32) { (self.server, self.capabilities) = (server, capabilities) }
        var values: [DBusValue] { [.string(server), .int32(capabilities)] }
        init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(server: try reader.next(), capabilities: try reader.next())
        }
    }

    /// A job view by its path: RequestView's reply, Forget's input.
    struct View: DBusArguments {
        var path: ObjectPath
        static let arguments = [DBusArgument("path", .objectPath)]
        init(path: ObjectPath) { self.path = path }
        var values: [DBusValue] { [.objectPath(path)] }
        init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(path: try reader.next())
        }
    }

    /// The jobs asked for, by their server: ended when the bridge goes.
    final class Jobs: Sendable {
        private let held = Mutex<[(server: String, path: ObjectPath)]>([])
        func add(_ server: String, _ path: ObjectPath) { held.withLock { $0.append((server, path)) } }
        func forget(_ path: ObjectPath) { held.withLock { $0.removeAll { $0.path == path } } }
        var all: [(server: String, path: ObjectPath)] { held.withLock { $0 } }
    }

    /// The keeper: serves until `bridge` (the bridge's unique name) has left the bus, then ends
    /// the jobs it holds.
    public static func serve(_ connection: DBusConnection, bridge: String, log: @escaping @Sendable (String) -> Void) async throws {
        let jobs = Jobs()
        let request = DBusMethod("RequestView", in: ViewRequest.arguments, out: View.arguments) { call, replier in
            let asked = (try? call.arguments(ViewRequest.self)) ?? ViewRequest(server: "", capabilities: 0)
            Task {
                do {
                    let path = try await KdeJob.requestView(connection, server: asked.server, capabilities: asked.capabilities)
                    jobs.add(asked.server, path)
                    log("job keeper: \(path) asked for")
                    replier.reply(View(path: path).values)
                } catch {
                    replier.fail(error)
                }
            }
        }
        let forget = DBusMethod("Forget", in: View.arguments) { call in
            if let view = try? call.arguments(View.self) { jobs.forget(view.path) }
            return []
        }
        try connection.export(path, interfaces: [DBusInterface(interface, methods: [request, forget])])
        // A keeper left from a bridge that died is still ending its jobs: this one takes the name.
        _ = try await connection.requestName(busName, flags: [.allowReplacement, .replaceExisting, .doNotQueue])
        let owners = try await connection.watchNameOwner(bridge)
        for await owner in owners where owner == nil { break }
        for job in jobs.all {
            let view = DBusProxy(connection: connection, destination: job.server, path: job.path, interface: KdeJob.viewInterface)
            _ = try? await view.call("terminate", [.string("")])
            log("job keeper: the bridge left; \(job.path) ended")
        }
    }
}
