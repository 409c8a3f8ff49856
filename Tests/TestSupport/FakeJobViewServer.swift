import DBus
import Foundation

/// Plasma's job server (`org.kde.JobViewServer`, as plasmashell serves it), for `make test`,
/// where a real Plasma does not run: it records what a job is told and presses its buttons.
/// The real one is checked by `make desktops SERVERS=plasma-job`.
public final class FakeJobViewServer: @unchecked Sendable {
    public struct Call: Sendable, Equatable {
        public var job: Int
        public var member: String
        public var arguments: [DBusValue]
    }

    public struct Request: Sendable {
        public var desktopEntry: String
        public var capabilities: Int32
        public var hints: [String: DBusValue]
    }

    public let connection: DBusConnection
    private let lock = NSLock()
    private var _requests: [Request] = []
    private var _calls: [Call] = []

    static let viewInterface = "org.kde.JobViewV2"

    public init(address: String) async throws {
        connection = try DBusConnection(bus: .address(address), label: "fake-jobs")
        let server = DBusInterface(
            "org.kde.JobViewServerV2",
            methods: [
                DBusMethod(
                    "requestView",
                    in: [
                        DBusArgument("desktopEntry", .string), DBusArgument("capabilities", .int32),
                        DBusArgument("hints", .dictionary(key: .string, value: .variant)),
                    ],
                    out: [DBusArgument("path", .objectPath)]
                ) { [weak self] call in
                    guard let self else { throw DBusError.failed("the fake server is gone") }
                    let request = Request(
                        desktopEntry: try call.argument(0), capabilities: try call.argument(1),
                        hints: call.arguments[2].stringVariantEntries ?? [:])
                    let number = lock.withLock {
                        _requests.append(request)
                        return _requests.count
                    }
                    let path = try ObjectPath("/org/kde/notificationmanager/jobs/JobView_\(number)")
                    try call.connection.export(path, interfaces: [jobInterface(number)])
                    return [.objectPath(path)]
                }
            ])
        try connection.export("/JobViewServer", interfaces: [server])
        guard try await connection.requestName("org.kde.JobViewServer") == .primaryOwner else {
            throw TestFailure("another job server owns the name")
        }
    }

    func jobInterface(_ number: Int) -> DBusInterface {
        let record: @Sendable (String) -> DBusMethod.Handler = { member in
            .immediate { [weak self] call in
                guard let self else { throw DBusError.failed("the fake server is gone") }
                self.lock.withLock { self._calls.append(Call(job: number, member: member, arguments: call.arguments)) }
                return member == "setDescriptionField" ? [.boolean(true)] : []
            }
        }
        func method(_ name: String, _ inputs: [DBusArgument], out: [DBusArgument] = []) -> DBusMethod {
            var method = DBusMethod(name, in: inputs, out: out) { _ in [] }
            method.handler = record(name)
            return method
        }
        return DBusInterface(
            Self.viewInterface,
            methods: [
                method("setInfoMessage", [DBusArgument("message", .string)]),
                method(
                    "setDescriptionField",
                    [DBusArgument("number", .uint32), DBusArgument("name", .string), DBusArgument("value", .string)],
                    out: [DBusArgument("ok", .boolean)]),
                method("clearDescriptionField", [DBusArgument("number", .uint32)]),
                method("setPercent", [DBusArgument("percent", .uint32)]),
                method("setSuspended", [DBusArgument("suspended", .boolean)]),
                method("terminate", [DBusArgument("errorMessage", .string)]),
            ],
            signals: [DBusSignal("suspendRequested"), DBusSignal("resumeRequested"), DBusSignal("cancelRequested")])
    }

    public var requests: [Request] { lock.withLock { _requests } }
    public var calls: [Call] { lock.withLock { _calls } }

    /// The last value a job was given for `member`.
    public func last(_ member: String, job: Int = 1) -> [DBusValue]? {
        calls.last { $0.job == job && $0.member == member }?.arguments
    }

    /// The user pressed one of the job's buttons: suspendRequested, resumeRequested, cancelRequested.
    public func press(_ signal: String, job: Int = 1) throws {
        try connection.emit(
            path: try ObjectPath("/org/kde/notificationmanager/jobs/JobView_\(job)"), interface: Self.viewInterface,
            signal: signal, [])
    }

    deinit { connection.close() }
}
