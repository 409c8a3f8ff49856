import DBus
import IsletCore

extension IsletBus.Timers {
    /// A timer by its owner: Pause's, Resume's and Stop's input.
    public struct Owner: DBusArguments {
        public var owner: String
        public static let arguments = [arg("owner", .string)]
        public init(owner: String) { self.owner = owner }
        public var values: [DBusValue] { [.string(owner)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(owner: try reader.next())
        }
    }

    /// A plain countdown: Start's input.
    public struct Countdown: DBusArguments {
        public var owner: String
        public var title: String
        public var seconds: UInt64
        public static let arguments = Owner.arguments + [arg("title", .string), arg("seconds", .uint64)]
        public init(owner: String, title: String, seconds: UInt64) { (self.owner, self.title, self.seconds) = (owner, title, seconds) }
        public var values: [DBusValue] { [.string(owner), .string(title), .uint64(seconds)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(owner: try reader.next(), title: try reader.next(), seconds: try reader.next())
        }
    }

    /// More time for the current phase: Extend's input.
    public struct MoreTime: DBusArguments {
        public var owner: String
        public var seconds: UInt64
        public static let arguments = Owner.arguments + [arg("seconds", .uint64)]
        public init(owner: String, seconds: UInt64) { (self.owner, self.seconds) = (owner, seconds) }
        public var values: [DBusValue] { [.string(owner), .uint64(seconds)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(owner: try reader.next(), seconds: try reader.next())
        }
    }

    /// Phases in order, the list repeated `rounds` times: StartIntervals' input.
    public struct Intervals: DBusArguments {
        public var owner: String
        public var title: String
        public var phaseNames: [String]
        public var phaseSeconds: [UInt64]
        public var rounds: UInt32
        public static let arguments =
            Owner.arguments + [arg("title", .string), arg("phase_names", .array(.string)), arg("phase_seconds", .array(.uint64)), arg("rounds", .uint32)]
        public init(owner: String, title: String, phaseNames: [String], phaseSeconds: [UInt64], rounds: UInt32) {
            (self.owner, self.title, self.phaseNames, self.phaseSeconds, self.rounds) = (owner, title, phaseNames, phaseSeconds, rounds)
        }
        public var values: [DBusValue] { [.string(owner), .string(title), phaseNames.dbusValue, phaseSeconds.dbusValue, .uint32(rounds)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(
                owner: try reader.next(), title: try reader.next(), phaseNames: try reader.next(), phaseSeconds: try reader.next(), rounds: try reader.next())
        }
    }

    /// A timer and its state (a dictionary of variants, read by ``ActivityCoding``): List's
    /// entries, the TimerChanged signal.
    public struct TimerState: DBusStruct {
        public var owner: String
        public var state: DBusValue
        public static let arguments = Owner.arguments + [arg("state", IsletBus.stateType)]
        public init(owner: String, state: DBusValue) { (self.owner, self.state) = (owner, state) }
        public var values: [DBusValue] { [.string(owner), state] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(owner: try reader.next(), state: try reader.raw())
        }
    }

    /// List's reply.
    public struct TimerList: DBusArguments {
        public var timers: [TimerState]
        public static let arguments = [arg("timers", [TimerState].dbusType)]
        public init(timers: [TimerState]) { self.timers = timers }
        public var values: [DBusValue] { [timers.dbusValue] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(timers: try reader.next())
        }
    }

    /// The PhaseChanged signal: phase `index` (0-based within the list) began.
    public struct PhaseBegan: DBusArguments {
        public var owner: String
        public var index: UInt32
        public var name: String
        public static let arguments = Owner.arguments + [arg("phase_index", .uint32), arg("phase_name", .string)]
        public init(owner: String, index: UInt32, name: String) { (self.owner, self.index, self.name) = (owner, index, name) }
        public var values: [DBusValue] { [.string(owner), .uint32(index), .string(name)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(owner: try reader.next(), index: try reader.next(), name: try reader.next())
        }
    }

    /// The TimerFinished signal.
    public struct Finished: DBusArguments {
        public var owner: String
        public var finishedAt: USec
        public static let arguments = Owner.arguments + [arg("finished_at_usec", .uint64)]
        public init(owner: String, finishedAt: USec) { (self.owner, self.finishedAt) = (owner, finishedAt) }
        public var values: [DBusValue] { [.string(owner), .uint64(finishedAt)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(owner: try reader.next(), finishedAt: try reader.next())
        }
    }

    /// The TimerRemoved signal: reason "stopped" or "completed".
    public struct Removed: DBusArguments {
        public var owner: String
        public var reason: String
        public static let arguments = Owner.arguments + [arg("reason", .string)]
        public init(owner: String, reason: String) { (self.owner, self.reason) = (owner, reason) }
        public var values: [DBusValue] { [.string(owner), .string(reason)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(owner: try reader.next(), reason: try reader.next())
        }
    }
}
