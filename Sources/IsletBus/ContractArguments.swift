import DBus
import IsletCore

// The arguments of the contract's methods and signals as Swift values with named fields
// (``DBusArguments``): the contract's `<arg>`s are read from them (FastingContract.swift,
// TimersContract.swift), isletd's handlers decode and encode them, and the client and
// islet-notify call and read with them. A call site reads `fast.startedAt`, never a position.

extension IsletBus.Fasting {
    /// The fast that runs now: StartFast's, StartFastAt's, UndoStopFast's and SetFastStart's
    /// reply; the FastStarted and FastStartChanged signals.
    public struct FastRunning: DBusArguments {
        public var fastID: UInt64
        public var startedAt: USec
        public static let arguments = [arg("fast_id", .uint64), arg("started_at_usec", .uint64)]
        public init(fastID: UInt64, startedAt: USec) { (self.fastID, self.startedAt) = (fastID, startedAt) }
        public var values: [DBusValue] { [.uint64(fastID), .uint64(startedAt)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(fastID: try reader.next(), startedAt: try reader.next())
        }
    }

    /// A fast from its start to its end: StopFast's and StopFastAt's reply, EditFast's input,
    /// the FastStopped signal.
    public struct FastSpan: DBusArguments {
        public var fastID: UInt64
        public var startedAt: USec
        public var endedAt: USec
        public static let arguments = FastRunning.arguments + [arg("ended_at_usec", .uint64)]
        public init(fastID: UInt64, startedAt: USec, endedAt: USec) { (self.fastID, self.startedAt, self.endedAt) = (fastID, startedAt, endedAt) }
        public var values: [DBusValue] { [.uint64(fastID), .uint64(startedAt), .uint64(endedAt)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(fastID: try reader.next(), startedAt: try reader.next(), endedAt: try reader.next())
        }
    }

    /// A moment a fast starts: StartFastAt's and SetFastStart's input.
    public struct StartAt: DBusArguments {
        public var startedAt: USec
        public static let arguments = [arg("started_at_usec", .uint64)]
        public init(startedAt: USec) { self.startedAt = startedAt }
        public var values: [DBusValue] { [.uint64(startedAt)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(startedAt: try reader.next())
        }
    }

    /// A moment a fast ends: StopFastAt's input.
    public struct EndAt: DBusArguments {
        public var endedAt: USec
        public static let arguments = [arg("ended_at_usec", .uint64)]
        public init(endedAt: USec) { self.endedAt = endedAt }
        public var values: [DBusValue] { [.uint64(endedAt)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(endedAt: try reader.next())
        }
    }

    /// A goal: SetGoal's and SetActiveFastGoal's input.
    public struct Goal: DBusArguments {
        public var goalSeconds: UInt64
        public static let arguments = [arg("goal_seconds", .uint64)]
        public init(goalSeconds: UInt64) { self.goalSeconds = goalSeconds }
        public var values: [DBusValue] { [.uint64(goalSeconds)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(goalSeconds: try reader.next())
        }
    }

    /// A completed fast by its id: DeleteFast's input, AddFast's reply.
    public struct FastID: DBusArguments {
        public var fastID: UInt64
        public static let arguments = [arg("fast_id", .uint64)]
        public init(fastID: UInt64) { self.fastID = fastID }
        public var values: [DBusValue] { [.uint64(fastID)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(fastID: try reader.next())
        }
    }

    /// A fast written in by hand: AddFast's input.
    public struct NewFast: DBusArguments {
        public var startedAt: USec
        public var endedAt: USec
        public var goalSeconds: UInt64
        public static let arguments = [arg("started_at_usec", .uint64), arg("ended_at_usec", .uint64), arg("goal_seconds", .uint64)]
        public init(startedAt: USec, endedAt: USec, goalSeconds: UInt64) {
            (self.startedAt, self.endedAt, self.goalSeconds) = (startedAt, endedAt, goalSeconds)
        }
        public var values: [DBusValue] { [.uint64(startedAt), .uint64(endedAt), .uint64(goalSeconds)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(startedAt: try reader.next(), endedAt: try reader.next(), goalSeconds: try reader.next())
        }
    }

    /// The Reminder signal: the schedule's reminder `kind`, due at `dueAt`, for the fast that
    /// starts at `fastStartsAt`.
    public struct ReminderDue: DBusArguments {
        public var kind: String
        public var dueAt: USec
        public var fastStartsAt: USec
        public static let arguments = [arg("kind", .string), arg("due_usec", .uint64), arg("fast_starts_usec", .uint64)]
        public init(kind: String, dueAt: USec, fastStartsAt: USec) { (self.kind, self.dueAt, self.fastStartsAt) = (kind, dueAt, fastStartsAt) }
        public var values: [DBusValue] { [.string(kind), .uint64(dueAt), .uint64(fastStartsAt)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(kind: try reader.next(), dueAt: try reader.next(), fastStartsAt: try reader.next())
        }
    }

    /// The StageReached signal: the running fast reached `stage` (an index into the stages).
    public struct StageReached: DBusArguments {
        public var fastID: UInt64
        public var stage: UInt32
        public var reachedAt: USec
        public static let arguments = [arg("fast_id", .uint64), arg("stage", .uint32), arg("reached_at_usec", .uint64)]
        public init(fastID: UInt64, stage: UInt32, reachedAt: USec) { (self.fastID, self.stage, self.reachedAt) = (fastID, stage, reachedAt) }
        public var values: [DBusValue] { [.uint64(fastID), .uint32(stage), .uint64(reachedAt)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(fastID: try reader.next(), stage: try reader.next(), reachedAt: try reader.next())
        }
    }
}

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
}
