import DBus
import IsletCore

// The arguments of the contract's methods and signals as Swift values with named fields
// (``DBusArguments``), one file per interface: the contract's `<arg>`s are read from them
// (FastingContract.swift, ...), isletd's handlers decode and encode them, and the client and
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

    /// The GoalReached signal: the running fast's goal passed at `reachedAt` (start + goal).
    public struct GoalPassed: DBusArguments {
        public var fastID: UInt64
        public var reachedAt: USec
        public static let arguments = [arg("fast_id", .uint64), arg("reached_at_usec", .uint64)]
        public init(fastID: UInt64, reachedAt: USec) { (self.fastID, self.reachedAt) = (fastID, reachedAt) }
        public var values: [DBusValue] { [.uint64(fastID), .uint64(reachedAt)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(fastID: try reader.next(), reachedAt: try reader.next())
        }
    }

    /// A page of the history: ListFasts' and ListFastRecords' input.
    public struct Page: DBusArguments {
        public var offset: UInt32
        public var limit: UInt32
        public static let arguments = [arg("offset", .uint32), arg("limit", .uint32)]
        public init(offset: UInt32, limit: UInt32) { (self.offset, self.limit) = (offset, limit) }
        public var values: [DBusValue] { [.uint32(offset), .uint32(limit)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(offset: try reader.next(), limit: try reader.next())
        }
    }

    /// What a person wrote about a completed fast: SetFastNote's input.
    public struct Note: DBusArguments {
        public var fastID: UInt64
        public var note: String
        public var rating: UInt8
        public static let arguments = [arg("fast_id", .uint64), arg("note", .string), arg("rating", .byte)]
        public init(fastID: UInt64, note: String, rating: UInt8) { (self.fastID, self.note, self.rating) = (fastID, note, rating) }
        public var values: [DBusValue] { [.uint64(fastID), .string(note), .byte(rating)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(fastID: try reader.next(), note: try reader.next(), rating: try reader.next())
        }
    }

    /// Local calendar days from the one holding `from`: ListDays' input.
    public struct DayRange: DBusArguments {
        public var from: USec
        public var count: UInt32
        public static let arguments = [arg("from_usec", .uint64), arg("count", .uint32)]
        public init(from: USec, count: UInt32) { (self.from, self.count) = (from, count) }
        public var values: [DBusValue] { [.uint64(from), .uint32(count)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(from: try reader.next(), count: try reader.next())
        }
    }

    /// GetStats' reply: a dictionary of variants, read by ``ActivityCoding``.
    public struct Stats: DBusArguments {
        public var stats: DBusValue
        public static let arguments = [arg("stats", IsletBus.stateType)]
        public init(stats: DBusValue) { self.stats = stats }
        public var values: [DBusValue] { [stats] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(stats: try reader.raw())
        }
    }

    /// SetSchedule's input: the keys to change, read by ``ScheduleCoding``.
    public struct ScheduleChange: DBusArguments {
        public var schedule: DBusValue
        public static let arguments = [arg("schedule", IsletBus.stateType)]
        public init(schedule: DBusValue) { self.schedule = schedule }
        public var values: [DBusValue] { [schedule] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(schedule: try reader.raw())
        }
    }

    /// A goal preset: (goal_seconds, schedule, description), ListPresets' entries.
    public struct PresetEntry: DBusStruct {
        public var goalSeconds: UInt64
        public var schedule: String
        public var description: String
        public static let arguments = [arg("goal_seconds", .uint64), arg("schedule", .string), arg("description", .string)]
        public init(goalSeconds: UInt64, schedule: String, description: String) {
            (self.goalSeconds, self.schedule, self.description) = (goalSeconds, schedule, description)
        }
        public var values: [DBusValue] { [.uint64(goalSeconds), .string(schedule), .string(description)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(goalSeconds: try reader.next(), schedule: try reader.next(), description: try reader.next())
        }
    }

    /// ListPresets' reply.
    public struct Presets: DBusArguments {
        public var presets: [PresetEntry]
        public static let arguments = [arg("presets", [PresetEntry].dbusType)]
        public init(presets: [PresetEntry]) { self.presets = presets }
        public var values: [DBusValue] { [presets.dbusValue] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(presets: try reader.next())
        }
    }

    /// A completed fast: (fast_id, started_at_usec, ended_at_usec, goal_seconds), ListFasts'
    /// entries.
    public struct FastEntry: DBusStruct {
        public var fastID: UInt64
        public var startedAt: USec
        public var endedAt: USec
        public var goalSeconds: UInt64
        public static let arguments = FastSpan.arguments + [arg("goal_seconds", .uint64)]
        public init(fastID: UInt64, startedAt: USec, endedAt: USec, goalSeconds: UInt64) {
            (self.fastID, self.startedAt, self.endedAt, self.goalSeconds) = (fastID, startedAt, endedAt, goalSeconds)
        }
        public init(_ fast: CompletedFast) { self.init(fastID: fast.id, startedAt: fast.startedAt, endedAt: fast.endedAt, goalSeconds: fast.goalSeconds) }
        public var completed: CompletedFast { CompletedFast(id: fastID, startedAt: startedAt, endedAt: endedAt, goalSeconds: goalSeconds) }
        public var values: [DBusValue] { [.uint64(fastID), .uint64(startedAt), .uint64(endedAt), .uint64(goalSeconds)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(fastID: try reader.next(), startedAt: try reader.next(), endedAt: try reader.next(), goalSeconds: try reader.next())
        }
    }

    /// ListFasts' reply.
    public struct Fasts: DBusArguments {
        public var fasts: [FastEntry]
        public static let arguments = [arg("fasts", [FastEntry].dbusType)]
        public init(fasts: [FastEntry]) { self.fasts = fasts }
        public var values: [DBusValue] { [fasts.dbusValue] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(fasts: try reader.next())
        }
    }

    /// A completed fast with its note and rating (0: not rated), ListFastRecords' entries.
    public struct RecordEntry: DBusStruct {
        public var fast: FastEntry
        public var note: String
        public var rating: UInt8
        public static let arguments = FastEntry.arguments + [arg("note", .string), arg("rating", .byte)]
        public init(fast: FastEntry, note: String, rating: UInt8) { (self.fast, self.note, self.rating) = (fast, note, rating) }
        public var values: [DBusValue] { fast.values + [.string(note), .byte(rating)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            let fast = FastEntry(fastID: try reader.next(), startedAt: try reader.next(), endedAt: try reader.next(), goalSeconds: try reader.next())
            self.init(fast: fast, note: try reader.next(), rating: try reader.next())
        }
    }

    /// ListFastRecords' reply.
    public struct Records: DBusArguments {
        public var fasts: [RecordEntry]
        public static let arguments = [arg("fasts", [RecordEntry].dbusType)]
        public init(fasts: [RecordEntry]) { self.fasts = fasts }
        public var values: [DBusValue] { [fasts.dbusValue] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(fasts: try reader.next())
        }
    }

    /// A fast from a file: (started_at_usec, ended_at_usec, goal_seconds, note, rating),
    /// ImportFasts' entries.
    public struct ImportEntry: DBusStruct {
        public var fast: NewFast
        public var note: String
        public var rating: UInt8
        public static let arguments = NewFast.arguments + [arg("note", .string), arg("rating", .byte)]
        public init(fast: NewFast, note: String, rating: UInt8) { (self.fast, self.note, self.rating) = (fast, note, rating) }
        public var values: [DBusValue] { fast.values + [.string(note), .byte(rating)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            let fast = NewFast(startedAt: try reader.next(), endedAt: try reader.next(), goalSeconds: try reader.next())
            self.init(fast: fast, note: try reader.next(), rating: try reader.next())
        }
    }

    /// ImportFasts' input.
    public struct Import: DBusArguments {
        public var fasts: [ImportEntry]
        public var dryRun: Bool
        public static let arguments = [arg("fasts", [ImportEntry].dbusType), arg("dry_run", .boolean)]
        public init(fasts: [ImportEntry], dryRun: Bool) { (self.fasts, self.dryRun) = (fasts, dryRun) }
        public var values: [DBusValue] { [fasts.dbusValue, .boolean(dryRun)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(fasts: try reader.next(), dryRun: try reader.next())
        }
    }

    /// An entry ImportFasts refused: its 0-based index, why, and the 1-based entry it
    /// overlaps (0: none).
    public struct Refusal: DBusStruct {
        public var index: UInt32
        public var reason: String
        public var otherEntry: UInt32
        public static let arguments = [arg("index", .uint32), arg("reason", .string), arg("other_entry", .uint32)]
        public init(index: UInt32, reason: String, otherEntry: UInt32) { (self.index, self.reason, self.otherEntry) = (index, reason, otherEntry) }
        public var values: [DBusValue] { [.uint32(index), .string(reason), .uint32(otherEntry)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(index: try reader.next(), reason: try reader.next(), otherEntry: try reader.next())
        }
    }

    /// ImportFasts' reply: how many were added, the duplicates skipped, the entries refused.
    public struct ImportVerdict: DBusArguments {
        public var added: UInt32
        public var duplicates: [UInt32]
        public var refused: [Refusal]
        public static let arguments = [arg("added", .uint32), arg("duplicates", .array(.uint32)), arg("refused", [Refusal].dbusType)]
        public init(added: UInt32, duplicates: [UInt32], refused: [Refusal]) { (self.added, self.duplicates, self.refused) = (added, duplicates, refused) }
        public var values: [DBusValue] { [.uint32(added), duplicates.dbusValue, refused.dbusValue] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(added: try reader.next(), duplicates: try reader.next(), refused: try reader.next())
        }
    }

    /// A local calendar day: its midnight, the time fasted in it, whether a fast that met its
    /// goal ended in it; ListDays' entries.
    public struct DayEntry: DBusStruct {
        public var startsAt: USec
        public var fasted: USec
        public var goalMet: Bool
        public static let arguments = [arg("day_start_usec", .uint64), arg("fasted_usec", .uint64), arg("goal_met", .boolean)]
        public init(startsAt: USec, fasted: USec, goalMet: Bool) { (self.startsAt, self.fasted, self.goalMet) = (startsAt, fasted, goalMet) }
        public var values: [DBusValue] { [.uint64(startsAt), .uint64(fasted), .boolean(goalMet)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(startsAt: try reader.next(), fasted: try reader.next(), goalMet: try reader.next())
        }
    }

    /// ListDays' reply.
    public struct Days: DBusArguments {
        public var days: [DayEntry]
        public static let arguments = [arg("days", [DayEntry].dbusType)]
        public init(days: [DayEntry]) { self.days = days }
        public var values: [DBusValue] { [days.dbusValue] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(days: try reader.next())
        }
    }
}
