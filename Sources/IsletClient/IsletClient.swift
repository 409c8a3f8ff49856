import DBus
import IsletBus
import IsletCore

typealias Fasting = IsletBus.Fasting
typealias LiveActivity = IsletBus.LiveActivity

/// A typed client of `org.islet.Islet1`, for the bridge and the command line.
public struct IsletClient: Sendable {
    public let connection: DBusConnection
    public let fasting: DBusProxy
    public let timers: DBusProxy
    public let activity: DBusProxy

    public init(connection: DBusConnection, timeout: Duration = .seconds(10)) {
        self.connection = connection
        fasting = DBusProxy(IsletBus.Fasting.self, connection: connection, timeout: timeout)
        timers = DBusProxy(IsletBus.Timers.self, connection: connection, timeout: timeout)
        activity = DBusProxy(IsletBus.LiveActivity.self, connection: connection, timeout: timeout)
    }

    // MARK: Fasting

    public struct FastStatus: Sendable, Equatable {
        public var fasting: Bool
        public var fastID: UInt64
        public var startedAt: USec
        public var dailyGoalSeconds: UInt64
        public var activeGoalSeconds: UInt64
        public var goalReached: Bool
        /// Since 1.3 (an older isletd: the defaults).
        public var schedule = FastingSchedule()
        public var showStages = false
        public var announceStages = false
        public var neutralMode = false
    }

    public func fastStatus() async throws -> FastStatus {
        let all = try await fasting.getAll()
        func value<T: DBusCodable>(_ property: IsletBus.Fasting.Property, _ type: T.Type) throws -> T {
            let name = property.name
            guard let v = all[name] else { throw DBusError.typeMismatch(expected: "property \(name)", got: "nothing") }
            return try v.decode(T.self)
        }
        var status = FastStatus(
            fasting: try value(.fasting, Bool.self), fastID: try value(.fastId, UInt64.self),
            startedAt: try value(.startedAtUSec, UInt64.self), dailyGoalSeconds: try value(.goalSeconds, UInt64.self),
            activeGoalSeconds: try value(.activeFastGoalSeconds, UInt64.self), goalReached: try value(.goalReached, Bool.self))
        status.schedule = ScheduleCoding.received(all[IsletBus.Fasting.Property.schedule.name]) ?? FastingSchedule()
        status.showStages = (try? all[IsletBus.Fasting.Property.showStages.name]?.decode(Bool.self)) ?? false
        status.announceStages = (try? all[IsletBus.Fasting.Property.announceStages.name]?.decode(Bool.self)) ?? false
        status.neutralMode = (try? all[IsletBus.Fasting.Property.neutralMode.name]?.decode(Bool.self)) ?? false
        return status
    }

    /// UndoableStop (contract 1.4): the stop UndoStopFast would take back and who made it (its
    /// connection's unique name, "" when not known); nil when there is none or isletd is older.
    public func undoableStop() async -> (fastID: UInt64, stoppedBy: String)? {
        guard let value = try? await fasting.get(IsletBus.Fasting.Property.undoableStop.name),
            let entries = value.unwrappingVariants.stringVariantEntries,
            case .uint64(let id)? = entries["fast_id"]?.unwrappingVariants
        else { return nil }
        if case .string(let by)? = entries["stopped_by"]?.unwrappingVariants { return (id, by) }
        return (id, "")
    }

    /// SetFastStart: the running fast began at another time; its id and new start.
    public func setFastStart(_ time: USec) async throws -> (id: UInt64, startedAt: USec) {
        let fast = try await fasting.call(Fasting.Method.setFastStart, Fasting.StartAt(startedAt: time), returning: Fasting.FastRunning.self)
        return (fast.fastID, fast.startedAt)
    }

    /// SetSchedule with every key.
    public func setSchedule(_ schedule: FastingSchedule) async throws {
        try await fasting.call(Fasting.Method.setSchedule, Fasting.ScheduleChange(schedule: ScheduleCoding.dictionary(schedule)))
    }

    /// Writes ShowStages, AnnounceStages or NeutralMode.
    public func setFastingSwitch(_ property: IsletBus.Fasting.Property, _ on: Bool) async throws {
        try await fasting.set(property.name, .boolean(on))
    }

    /// StartFast or StartFastAt: the new fast's id and start.
    public func startFast(at time: USec? = nil) async throws -> (id: UInt64, startedAt: USec) {
        guard let time else { return try Self.running(await perform(.startFast)) }
        let fast = try await fasting.call(Fasting.Method.startFastAt, Fasting.StartAt(startedAt: time), returning: Fasting.FastRunning.self)
        return (fast.fastID, fast.startedAt)
    }

    /// StopFast or StopFastAt: the fast as it went to the history.
    public func stopFast(at time: USec? = nil) async throws -> CompletedFast {
        guard let time else {
            guard case .fastStopped(let fast) = try await perform(.stopFast) else { throw Self.shape("ttt", []) }
            return fast
        }
        let fast = try await fasting.call(Fasting.Method.stopFastAt, Fasting.EndAt(endedAt: time), returning: Fasting.FastSpan.self)
        return CompletedFast(id: fast.fastID, startedAt: fast.startedAt, endedAt: fast.endedAt, goalSeconds: 0)
    }

    /// UndoStopFast: the fast stopped last runs again; its id and start.
    public func undoStopFast() async throws -> (id: UInt64, startedAt: USec) { try Self.running(await perform(.undoStopFast)) }

    static func running(_ outcome: IsletCommand.Outcome) throws(DBusError) -> (id: UInt64, startedAt: USec) {
        guard case .fastRunning(let id, let startedAt) = outcome else { throw shape("tt", []) }
        return (id, startedAt)
    }

    public func setGoal(seconds: UInt64) async throws { try await fasting.call(Fasting.Method.setGoal, Fasting.Goal(goalSeconds: seconds)) }
    public func clearGoal() async throws { try await fasting.call(IsletBus.Fasting.Method.clearGoal) }
    public func setActiveFastGoal(seconds: UInt64) async throws {
        try await fasting.call(Fasting.Method.setActiveFastGoal, Fasting.Goal(goalSeconds: seconds))
    }

    public func presets() async throws -> [Preset] {
        try await fasting.call(Fasting.Method.listPresets, returning: Fasting.Presets.self).presets.map {
            Preset(goalSeconds: $0.goalSeconds, schedule: $0.schedule, description: $0.description)
        }
    }

    /// One page of the history, most recent first.
    public func fasts(offset: UInt32, limit: UInt32) async throws -> [CompletedFast] {
        try await fasting.call(Fasting.Method.listFasts, Fasting.Page(offset: offset, limit: limit), returning: Fasting.Fasts.self).fasts.map(\.completed)
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

    /// Completed fasts with their notes and ratings, most recent first (since 1.3).
    public func records(offset: UInt32, limit: UInt32) async throws -> [FastRecord] {
        let page = Fasting.Page(offset: offset, limit: limit)
        return try await fasting.call(Fasting.Method.listFastRecords, page, returning: Fasting.Records.self).fasts.map {
            FastRecord(fast: $0.fast.completed, note: $0.note, rating: $0.rating)
        }
    }

    /// The whole history with notes, most recent first, a page at a time.
    public func allRecords() async throws -> [FastRecord] {
        var result: [FastRecord] = []
        while true {
            let page = try await records(offset: UInt32(clamping: result.count), limit: 1000)
            result += page
            if page.count < 1000 { return result }
        }
    }

    public func setNote(id: UInt64, note: String, rating: UInt8) async throws {
        try await fasting.call(Fasting.Method.setFastNote, Fasting.Note(fastID: id, note: note, rating: rating))
    }

    /// ImportFasts: isletd's verdict on each entry; unless `dryRun`, the entries added when
    /// none is refused.
    public func importFasts(_ entries: [HistoryImport.Entry], dryRun: Bool) async throws -> (added: Int, verdicts: HistoryImport.Verdicts) {
        let asked = Fasting.Import(
            fasts: entries.map {
                Fasting.ImportEntry(fast: .init(startedAt: $0.startedAt, endedAt: $0.endedAt, goalSeconds: $0.goalSeconds), note: $0.note, rating: $0.rating)
            }, dryRun: dryRun)
        let verdict = try await fasting.call(Fasting.Method.importFasts, asked, returning: Fasting.ImportVerdict.self)
        var verdicts = HistoryImport.Verdicts()
        verdicts.duplicates = verdict.duplicates.map { Int($0) }
        verdicts.refused = verdict.refused.map { HistoryImport.Refusal(index: Int($0.index), reason: $0.reason, otherEntry: Int($0.otherEntry)) }
        let left = Set(verdicts.duplicates).union(verdicts.refused.map(\.index))
        verdicts.added = entries.indices.filter { !left.contains($0) }
        return (Int(verdict.added), verdicts)
    }

    /// ListDays: the fasting of `count` local days from the one holding `from`.
    public func days(from: USec, count: UInt32) async throws -> [(startsAt: USec, fasted: USec, goalMet: Bool)] {
        try await fasting.call(Fasting.Method.listDays, Fasting.DayRange(from: from, count: count), returning: Fasting.Days.self).days.map {
            ($0.startsAt, $0.fasted, $0.goalMet)
        }
    }

    public func editFast(id: UInt64, startedAt: USec, endedAt: USec) async throws {
        try await fasting.call(Fasting.Method.editFast, Fasting.FastSpan(fastID: id, startedAt: startedAt, endedAt: endedAt))
    }

    public func deleteFast(id: UInt64) async throws { try await fasting.call(Fasting.Method.deleteFast, Fasting.FastID(fastID: id)) }

    public func addFast(startedAt: USec, endedAt: USec, goalSeconds: UInt64) async throws -> UInt64 {
        let new = Fasting.NewFast(startedAt: startedAt, endedAt: endedAt, goalSeconds: goalSeconds)
        return try await fasting.call(Fasting.Method.addFast, new, returning: Fasting.FastID.self).fastID
    }

    public func stats() async throws -> ActivityState {
        try ActivityCoding.received(try await fasting.call(Fasting.Method.getStats, returning: Fasting.Stats.self).stats)
    }

    // MARK: Timers

    public func startTimer(owner: String, title: String, seconds: UInt64) async throws {
        try await timers.call(IsletBus.Timers.Method.start, IsletBus.Timers.Countdown(owner: owner, title: title, seconds: seconds))
    }

    public func startIntervals(owner: String, title: String, phases: [Phase], rounds: UInt32) async throws {
        let plan = IsletBus.Timers.Intervals(
            owner: owner, title: title, phaseNames: phases.map(\.name), phaseSeconds: phases.map(\.seconds), rounds: rounds)
        try await timers.call(IsletBus.Timers.Method.startIntervals, plan)
    }

    /// Timers.Extend (since 1.1): more time for the current phase.
    public func extendTimer(owner: String, seconds: UInt64) async throws { try await perform(.extendTimer(owner: owner, seconds: seconds)) }
    public func pauseTimer(owner: String) async throws { try await perform(.pauseTimer(owner: owner)) }
    public func resumeTimer(owner: String) async throws { try await perform(.resumeTimer(owner: owner)) }
    public func stopTimer(owner: String) async throws { try await perform(.stopTimer(owner: owner)) }

    /// Every running or paused timer, by owner.
    public func listTimers() async throws -> [(owner: String, state: ActivityState)] {
        try await timers.call(IsletBus.Timers.Method.list, returning: IsletBus.Timers.TimerList.self).timers.map { timer throws(DBusError) in
            (timer.owner, try ActivityCoding.received(timer.state))
        }
    }

    // MARK: Live activity

    public func currentActivity() async throws -> ActivitySnapshot? {
        try Self.snapshot(try await activity.call(LiveActivity.Method.get, returning: LiveActivity.Activity.self))
    }

    /// An activity as the contract carries it (Get's reply, ActivityStarted): nil when its id
    /// is empty (none).
    static func snapshot(_ activity: IsletBus.LiveActivity.Activity) throws(DBusError) -> ActivitySnapshot? {
        guard !activity.activityID.isEmpty else { return nil }
        return ActivitySnapshot(
            id: activity.activityID, owner: activity.owner, attributes: try ActivityCoding.received(activity.attributes),
            state: try ActivityCoding.received(activity.state))
    }

    /// A program's own activity (`LiveActivity.Start`): its id, "" while live activities are off.
    public func startActivity(owner: String, attributes: [String: DBusValue], state: [String: DBusValue]) async throws -> String {
        let start = LiveActivity.Start(owner: owner, attributes: .stringVariantDictionary(attributes), state: .stringVariantDictionary(state))
        return try await activity.call(LiveActivity.Method.start, start, returning: LiveActivity.Started.self).activityID
    }

    /// Replaces the whole state of `owner`'s own activity.
    public func updateActivity(owner: String, state: [String: DBusValue]) async throws {
        try await activity.call(LiveActivity.Method.update, LiveActivity.Update(owner: owner, state: .stringVariantDictionary(state)))
    }

    /// Ends `owner`'s activity with a final state, shown as `dismissal` says ("default",
    /// "immediate", or "at" until `dismissAt`), then gone (contract 1.2).
    public func finishActivity(owner: String, state: [String: DBusValue], dismissal: String, dismissAt: USec = 0) async throws {
        let finish = LiveActivity.Finish(owner: owner, state: .stringVariantDictionary(state), dismissal: dismissal, dismissAt: dismissAt)
        try await activity.call(LiveActivity.Method.finish, finish)
    }

    /// Ends `owner`'s activity.
    public func endActivity(owner: String) async throws {
        try await activity.call(LiveActivity.Method.end, LiveActivity.Owner(owner: owner))
    }

    public func activitiesEnabled() async throws -> Bool { try await activity.get(IsletBus.LiveActivity.Property.enabled, as: Bool.self) }
    public func setActivitiesEnabled(_ on: Bool) async throws { try await activity.set(IsletBus.LiveActivity.Property.enabled, .boolean(on)) }

    // MARK: Helpers

    static func shape(_ expected: String, _ values: [DBusValue]) -> DBusError {
        .typeMismatch(expected: expected, got: values.map(\.type).signature)
    }
}

extension DBusError {
    /// The service is not there: not running and not activatable, gone, or not answering.
    public var meansServiceUnavailable: Bool {
        [
            Self.serviceUnknownName, Self.nameHasNoOwnerName, Self.disconnectedName, Self.noReplyName, Self.timeoutName,
            "org.freedesktop.DBus.Error.Spawn.ChildExited", "org.freedesktop.DBus.Error.Spawn.ExecFailed",
            "org.freedesktop.DBus.Error.Spawn.ServiceNotFound", "org.freedesktop.DBus.Error.Spawn.FileInvalid",
        ].contains(name) || name.hasPrefix("org.freedesktop.DBus.Error.Spawn.")
    }
}
