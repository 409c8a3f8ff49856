import DBus
import IsletCore

/// A typed client of `org.islet.Islet1`, for the bridge and the command line.
public struct IsletClient: Sendable {
    public static let busName = "org.islet.Islet1"
    public static let path: ObjectPath = "/org/islet/Islet1"
    public static let fastingInterface = "org.islet.Islet1.Fasting"
    public static let timersInterface = "org.islet.Islet1.Timers"
    public static let activityInterface = "org.islet.Islet1.LiveActivity"
    public static let errorPrefix = "org.islet.Islet1.Error."

    public let connection: DBusConnection
    public let fasting: DBusProxy
    public let timers: DBusProxy
    public let activity: DBusProxy

    public init(connection: DBusConnection, timeout: Duration = .seconds(10)) {
        self.connection = connection
        func proxy(_ interface: String) -> DBusProxy {
            DBusProxy(connection: connection, destination: Self.busName, path: Self.path, interface: interface, timeout: timeout)
        }
        fasting = proxy(Self.fastingInterface)
        timers = proxy(Self.timersInterface)
        activity = proxy(Self.activityInterface)
    }

    // MARK: Fasting

    public struct FastStatus: Sendable, Equatable {
        public var fasting: Bool
        public var fastID: UInt64
        public var startedAt: USec
        public var dailyGoalSeconds: UInt64
        public var activeGoalSeconds: UInt64
        public var goalReached: Bool
    }

    public func fastStatus() async throws -> FastStatus {
        let all = try await fasting.getAll()
        func value<T: DBusCodable>(_ name: String, _ type: T.Type) throws -> T {
            guard let v = all[name] else { throw DBusError.typeMismatch(expected: "property \(name)", got: "nothing") }
            return try v.decode(T.self)
        }
        return FastStatus(
            fasting: try value("Fasting", Bool.self), fastID: try value("FastId", UInt64.self),
            startedAt: try value("StartedAtUSec", UInt64.self), dailyGoalSeconds: try value("GoalSeconds", UInt64.self),
            activeGoalSeconds: try value("ActiveFastGoalSeconds", UInt64.self),
            goalReached: try value("GoalReached", Bool.self))
    }

    /// StartFast or StartFastAt: the new fast's id and start.
    public func startFast(at time: USec? = nil) async throws -> (id: UInt64, startedAt: USec) {
        let out = if let time { try await fasting.call("StartFastAt", [.uint64(time)]) } else { try await fasting.call("StartFast") }
        return (try Self.u64(out, 0), try Self.u64(out, 1))
    }

    /// StopFast or StopFastAt: the fast as it went to the history.
    public func stopFast(at time: USec? = nil) async throws -> CompletedFast {
        let out = if let time { try await fasting.call("StopFastAt", [.uint64(time)]) } else { try await fasting.call("StopFast") }
        return CompletedFast(id: try Self.u64(out, 0), startedAt: try Self.u64(out, 1), endedAt: try Self.u64(out, 2), goalSeconds: 0)
    }

    /// UndoStopFast: the fast stopped last runs again; its id and start.
    public func undoStopFast() async throws -> (id: UInt64, startedAt: USec) {
        let out = try await fasting.call("UndoStopFast")
        return (try Self.u64(out, 0), try Self.u64(out, 1))
    }

    public func setGoal(seconds: UInt64) async throws { try await fasting.call("SetGoal", [.uint64(seconds)]) }
    public func clearGoal() async throws { try await fasting.call("ClearGoal") }
    public func setActiveFastGoal(seconds: UInt64) async throws {
        try await fasting.call("SetActiveFastGoal", [.uint64(seconds)])
    }

    public func presets() async throws -> [Preset] {
        let out = try await fasting.call("ListPresets")
        guard case .array(_, let items)? = out.first else { throw Self.shape("a(tss)", out) }
        return try items.map { item throws(DBusError) in
            let f = try item.structFields(count: 3)
            return Preset(goalSeconds: try f[0].decode(UInt64.self), schedule: try f[1].decode(String.self),
                          description: try f[2].decode(String.self))
        }
    }

    /// One page of the history, most recent first.
    public func fasts(offset: UInt32, limit: UInt32) async throws -> [CompletedFast] {
        let out = try await fasting.call("ListFasts", [.uint32(offset), .uint32(limit)])
        guard case .array(_, let items)? = out.first else { throw Self.shape("a(tttt)", out) }
        return try items.map { item throws(DBusError) in
            let f = try item.structFields(count: 4)
            return CompletedFast(id: try f[0].decode(UInt64.self), startedAt: try f[1].decode(UInt64.self),
                                 endedAt: try f[2].decode(UInt64.self), goalSeconds: try f[3].decode(UInt64.self))
        }
    }

    /// The whole history, most recent first, read a page at a time.
    public func allFasts() async throws -> [CompletedFast] {
        var result: [CompletedFast] = []
        while true {
            let page = try await fasts(offset: UInt32(clamping: result.count), limit: 1000)
            result += page
            if page.count < 1000 { return result }
        }
    }

    public func editFast(id: UInt64, startedAt: USec, endedAt: USec) async throws {
        try await fasting.call("EditFast", [.uint64(id), .uint64(startedAt), .uint64(endedAt)])
    }

    public func deleteFast(id: UInt64) async throws { try await fasting.call("DeleteFast", [.uint64(id)]) }

    public func addFast(startedAt: USec, endedAt: USec, goalSeconds: UInt64) async throws -> UInt64 {
        let out = try await fasting.call("AddFast", [.uint64(startedAt), .uint64(endedAt), .uint64(goalSeconds)])
        return try Self.u64(out, 0)
    }

    public func stats() async throws -> ActivityState {
        try Wire.activityState(try await fasting.call("GetStats").first)
    }

    // MARK: Timers

    public func startTimer(owner: String, title: String, seconds: UInt64) async throws {
        try await timers.call("Start", [.string(owner), .string(title), .uint64(seconds)])
    }

    public func startIntervals(owner: String, title: String, phases: [Phase], rounds: UInt32) async throws {
        try await timers.call("StartIntervals", [
            .string(owner), .string(title), .array(.string, phases.map { .string($0.name) }),
            .array(.uint64, phases.map { .uint64($0.seconds) }), .uint32(rounds),
        ])
    }

    public func pauseTimer(owner: String) async throws { try await timers.call("Pause", [.string(owner)]) }
    public func resumeTimer(owner: String) async throws { try await timers.call("Resume", [.string(owner)]) }
    public func stopTimer(owner: String) async throws { try await timers.call("Stop", [.string(owner)]) }

    /// Every running or paused timer, by owner.
    public func listTimers() async throws -> [(owner: String, state: ActivityState)] {
        let out = try await timers.call("List")
        guard case .array(_, let items)? = out.first else { throw Self.shape("a(sa{sv})", out) }
        return try items.map { item throws(DBusError) in
            let f = try item.structFields(count: 2)
            return (try f[0].decode(String.self), try Wire.activityState(f[1]))
        }
    }

    // MARK: Live activity

    public func currentActivity() async throws -> ActivitySnapshot? {
        try Wire.snapshot(try await activity.call("Get"))
    }

    public func activitiesEnabled() async throws -> Bool { try await activity.get("Enabled", as: Bool.self) }
    public func setActivitiesEnabled(_ on: Bool) async throws { try await activity.set("Enabled", .boolean(on)) }

    // MARK: Helpers

    static func u64(_ values: [DBusValue], _ index: Int) throws(DBusError) -> UInt64 {
        guard index < values.count else { throw shape("t at \(index)", values) }
        return try values[index].decode(UInt64.self)
    }

    static func shape(_ expected: String, _ values: [DBusValue]) -> DBusError {
        .typeMismatch(expected: expected, got: values.map(\.type).signature)
    }
}

extension DBusError {
    /// The service is not there: not running and not activatable, gone, or not answering.
    public var meansServiceUnavailable: Bool {
        [Self.serviceUnknownName, Self.nameHasNoOwnerName, Self.disconnectedName, Self.noReplyName, Self.timeoutName,
         "org.freedesktop.DBus.Error.Spawn.ChildExited", "org.freedesktop.DBus.Error.Spawn.ExecFailed",
         "org.freedesktop.DBus.Error.Spawn.ServiceNotFound", "org.freedesktop.DBus.Error.Spawn.FileInvalid",
        ].contains(name) || name.hasPrefix("org.freedesktop.DBus.Error.Spawn.")
    }

    /// One of the contract's `org.islet.Islet1.Error.*` errors.
    public var isIsletError: Bool { name.hasPrefix(IsletClient.errorPrefix) }
}
