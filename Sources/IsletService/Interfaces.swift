import DBus
import IsletCore
import IsletStore

extension IsletService {
    /// The three islet interfaces, each described once: dispatch, introspection and the
    /// documented XML in dbus/ all come from here.
    func interfaces() -> [DBusInterface] {
        IsletService.describe(self)
    }

    /// For `isletd --print-introspection`: the interfaces with their docs, as dbus/ holds them.
    public static func documentedXML() -> String {
        let interfaces = IsletService.describe(nil)
        var out = Introspection.doctype + "<node name=\"/org/islet/Islet1\">\n"
        for interface in interfaces { out += Introspection.xml(interface, withDocs: true) }
        return out + "</node>\n"
    }

    private static func a(_ name: String, _ type: DBusType) -> DBusArgument { DBusArgument(name, type) }
    private static let dict = DBusType.dictionary(key: .string, value: .variant)

    /// The descriptions, with handlers bound to `service` (nil: handlers that fail, enough for
    /// the documented XML).
    static func describe(_ service: IsletService?) -> [DBusInterface] {
        /// Runs a handler against the service, or fails when only describing.
        func run(_ body: @escaping @Sendable (IsletService, DBusMethodCall) throws -> [DBusValue]) -> @Sendable (DBusMethodCall) throws -> [DBusValue] {
            { [weak service] call in
                guard let service else { throw DBusError.failed("the service is shutting down") }
                do { return try body(service, call) } catch let error as IsletError { throw Convert.error(error) }
            }
        }
        @Sendable func u64(_ call: DBusMethodCall, _ i: Int) throws -> UInt64 { try call.argument(i, as: UInt64.self) }
        @Sendable func str(_ call: DBusMethodCall, _ i: Int) throws -> String { try call.argument(i, as: String.self) }

        let fasting = DBusInterface(
            fastingInterface,
            doc: "The intermittent-fasting tracker: the running fast, the daily goal and the history.",
            methods: [
                DBusMethod(
                    "StartFast", doc: "Starts a fast now. AlreadyFasting if one runs.",
                    out: [a("fast_id", .uint64), a("started_at_usec", .uint64)],
                    handler: run { s, _ in
                        let latest = try s.read { try s.store.latestEnd() }
                        let fast = try s.perform { e, now in try e.startFast(at: nil, now: now, latestCompletedEnd: latest) }
                        return [.uint64(fast.id), .uint64(fast.startedAt)]
                    }),
                DBusMethod(
                    "StartFastAt",
                    doc: "Starts a fast begun earlier (forgot to start): not in the future, not overlapping a completed fast.",
                    in: [a("started_at_usec", .uint64)], out: [a("fast_id", .uint64), a("started_at_usec", .uint64)],
                    handler: run { s, call in
                        let at = try u64(call, 0)
                        let latest = try s.read { try s.store.latestEnd() }
                        let fast = try s.perform { e, now in try e.startFast(at: at, now: now, latestCompletedEnd: latest) }
                        return [.uint64(fast.id), .uint64(fast.startedAt)]
                    }),
                DBusMethod(
                    "StopFast", doc: "Ends the fast now and saves it to the history. NotFasting if none runs.",
                    out: [a("fast_id", .uint64), a("started_at_usec", .uint64), a("ended_at_usec", .uint64)],
                    handler: run { s, _ in
                        let done = try s.perform { e, now in try e.stopFast(at: nil, now: now) }
                        return [.uint64(done.id), .uint64(done.startedAt), .uint64(done.endedAt)]
                    }),
                DBusMethod(
                    "StopFastAt", doc: "Ends the fast at an earlier time (forgot to stop): after its start, not in the future.",
                    in: [a("ended_at_usec", .uint64)],
                    out: [a("fast_id", .uint64), a("started_at_usec", .uint64), a("ended_at_usec", .uint64)],
                    handler: run { s, call in
                        let at = try u64(call, 0)
                        let done = try s.perform { e, now in try e.stopFast(at: at, now: now) }
                        return [.uint64(done.id), .uint64(done.startedAt), .uint64(done.endedAt)]
                    }),
                DBusMethod(
                    "UndoStopFast",
                    doc: "Brings back the fast stopped last, as if never stopped (its history entry goes), for 10 minutes after the stop and until a new fast starts; NothingToUndo otherwise.",
                    out: [a("fast_id", .uint64), a("started_at_usec", .uint64)],
                    handler: run { s, _ in
                        let fast = try s.perform { e, now in try e.undoStopFast(now: now) }
                        return [.uint64(fast.id), .uint64(fast.startedAt)]
                    }),
                DBusMethod(
                    "SetGoal",
                    doc: "Sets the daily goal, 60 s to 7 days; fasts that start later take it (0 is InvalidArgument: use ClearGoal).",
                    in: [a("goal_seconds", .uint64)],
                    handler: run { s, call in
                        let seconds = try u64(call, 0)
                        if seconds == 0 { throw IsletError.invalidArgument("a goal of 0 seconds: use ClearGoal") }
                        try s.perform { e, _ in try e.setDailyGoal(seconds) }
                        return []
                    }),
                DBusMethod(
                    "ClearGoal", doc: "Removes the daily goal.",
                    handler: run { s, _ in
                        try s.perform { e, _ in try e.setDailyGoal(0) }
                        return []
                    }),
                DBusMethod(
                    "SetActiveFastGoal",
                    doc: "Retargets the running fast; 0 removes its goal. NotFasting if none runs.",
                    in: [a("goal_seconds", .uint64)],
                    handler: run { s, call in
                        let seconds = try u64(call, 0)
                        try s.perform { e, now in try e.setActiveFastGoal(seconds, now: now) }
                        return []
                    }),
                DBusMethod(
                    "ListPresets", doc: "The goal presets: (goal_seconds, schedule, description).",
                    out: [a("presets", .array(.structure([.uint64, .string, .string])))],
                    handler: { _ in
                        [.array(.structure([.uint64, .string, .string]), Presets.all.map {
                            .structure([.uint64($0.goalSeconds), .string($0.schedule), .string($0.description)])
                        })]
                    }),
                DBusMethod.prepared(
                    "ListFasts",
                    doc: "Completed fasts, most recent first: (fast_id, started_at_usec, ended_at_usec, goal_seconds); limit 1 to 1000.",
                    in: [a("offset", .uint32), a("limit", .uint32)],
                    out: [a("fasts", .array(.structure([.uint64, .uint64, .uint64, .uint64])))],
                    handler: { [weak service] call in
                        guard let service else { throw DBusError.failed("the service is shutting down") }
                        let offset = try call.argument(0, as: UInt32.self)
                        let limit = try call.argument(1, as: UInt32.self)
                        guard Limits.listLimit.contains(limit) else {
                            throw Convert.error(IsletError.invalidArgument("limit must be 1 to 1000, got \(limit)"))
                        }
                        do { return try service.historyPage(offset: offset, limit: limit) } catch let error as IsletError {
                            throw Convert.error(error)
                        }
                    }),
                DBusMethod(
                    "EditFast",
                    doc: "Corrects a completed fast: start before end, end not in the future, no overlap with another fast.",
                    in: [a("fast_id", .uint64), a("started_at_usec", .uint64), a("ended_at_usec", .uint64)],
                    handler: run { s, call in
                        let (id, start, end) = (try u64(call, 0), try u64(call, 1), try u64(call, 2))
                        let existing = try s.read { try s.store.fast(id: id) }
                        let overlaps = start < end
                            ? try s.read { try s.store.overlaps(start: start, end: end, excluding: id) } : false
                        try s.perform { e, now in
                            try e.editFast(id: id, startedAt: start, endedAt: end, now: now, existing: existing, overlapsAnother: overlaps)
                        }
                        return []
                    }),
                DBusMethod(
                    "AddFast",
                    doc: "Adds a completed fast to the history (an import): start before end, end not in the future, no overlap, goal 0 (none) or 60 s ... 7 days. Returns the new fast's id.",
                    in: [a("started_at_usec", .uint64), a("ended_at_usec", .uint64), a("goal_seconds", .uint64)],
                    out: [a("fast_id", .uint64)],
                    handler: run { s, call in
                        let (start, end, goal) = (try u64(call, 0), try u64(call, 1), try u64(call, 2))
                        let overlaps = start < end
                            ? try s.read { try s.store.overlaps(start: start, end: end, excluding: 0) } : false
                        let fast = try s.perform { e, now in
                            try e.addFast(startedAt: start, endedAt: end, goalSeconds: goal, now: now, overlapsAnother: overlaps)
                        }
                        return [.uint64(fast.id)]
                    }),
                DBusMethod(
                    "DeleteFast", doc: "Deletes a completed fast from the history.", in: [a("fast_id", .uint64)],
                    handler: run { s, call in
                        let id = try u64(call, 0)
                        let existing = try s.read { try s.store.fast(id: id) }
                        try s.perform { e, _ in try e.deleteFast(id: id, existing: existing) }
                        return []
                    }),
                DBusMethod(
                    "GetStats",
                    doc: "count, total_usec, longest_usec, average_usec, goal_hits (t); current_streak_days, longest_streak_days (u).",
                    out: [a("stats", dict)],
                    handler: run { s, _ in
                        let now = s.clock()
                        let st = try s.read { try s.store.stats(now: now) }
                        return [.stringVariantDictionary([
                            "count": .uint64(st.count), "total_usec": .uint64(st.totalUSec), "longest_usec": .uint64(st.longestUSec),
                            "average_usec": .uint64(st.averageUSec), "goal_hits": .uint64(st.goalHits),
                            "current_streak_days": .uint32(st.currentStreakDays), "longest_streak_days": .uint32(st.longestStreakDays),
                        ])]
                    }),
            ],
            properties: [
                .typed("Fasting", Bool.self, doc: "Whether a fast is running.", get: { service?.state.fast != nil }),
                .typed("FastId", UInt64.self, doc: "The running fast's id, 0 when not fasting.", get: { service?.state.fast?.id ?? 0 }),
                .typed("StartedAtUSec", UInt64.self, doc: "When the running fast started, 0 when not fasting.", get: { service?.state.fast?.startedAt ?? 0 }),
                .typed(
                    "GoalSeconds", UInt64.self, doc: "The daily goal, 0 = none; writing 0 clears it.",
                    get: { service?.state.settings.goalSeconds ?? 0 },
                    set: { value, _ in
                        guard let service else { return }
                        try service.perform { e, _ in try e.setDailyGoal(value) }
                    }),
                .typed("ActiveFastGoalSeconds", UInt64.self, doc: "The running fast's goal, 0 = none.", get: { service?.state.fast?.goalSeconds ?? 0 }),
                .typed("GoalReached", Bool.self, doc: "Whether the running fast has reached its goal.", get: { service?.state.fast?.goalReached ?? false }),
            ],
            signals: [
                DBusSignal("FastStarted", doc: "A fast started.", [a("fast_id", .uint64), a("started_at_usec", .uint64)]),
                DBusSignal("FastStopped", doc: "A fast ended and went to the history.", [a("fast_id", .uint64), a("started_at_usec", .uint64), a("ended_at_usec", .uint64)]),
                DBusSignal(
                    "GoalReached", doc: "The running fast's goal passed (once per fast, once more after a re-arm); reached_at_usec is start + goal.",
                    [a("fast_id", .uint64), a("reached_at_usec", .uint64)]),
            ])

        let timers = DBusInterface(
            timersInterface,
            doc: "Countdown timers with phases, one per owner string; several owners' timers may run at once.",
            methods: [
                DBusMethod(
                    "Start", doc: "Starts (or restarts) the owner's single-phase countdown, its phase named after the title.",
                    in: [a("owner", .string), a("title", .string), a("seconds", .uint64)],
                    handler: run { s, call in
                        let (owner, title, seconds) = (try str(call, 0), try str(call, 1), try u64(call, 2))
                        try s.perform { e, now in
                            try e.startTimer(owner: owner, title: title, phases: [Phase(name: title, seconds: seconds)], rounds: 1, now: now)
                        }
                        return []
                    }),
                DBusMethod(
                    "StartIntervals", doc: "Starts phases in order, the list repeated rounds times.",
                    in: [a("owner", .string), a("title", .string), a("phase_names", .array(.string)), a("phase_seconds", .array(.uint64)), a("rounds", .uint32)],
                    handler: run { s, call in
                        let (owner, title) = (try str(call, 0), try str(call, 1))
                        let names = try call.argument(2, as: [String].self)
                        let seconds = try call.argument(3, as: [UInt64].self)
                        let rounds = try call.argument(4, as: UInt32.self)
                        guard names.count == seconds.count else {
                            throw IsletError.invalidArgument("phase_names has \(names.count) entries but phase_seconds has \(seconds.count)")
                        }
                        let phases = zip(names, seconds).map { Phase(name: $0, seconds: $1) }
                        try s.perform { e, now in try e.startTimer(owner: owner, title: title, phases: phases, rounds: rounds, now: now) }
                        return []
                    }),
                DBusMethod("Pause", doc: "Pauses the owner's timer.", in: [a("owner", .string)], handler: run { s, call in
                    let owner = try str(call, 0)
                    try s.perform { e, now in try e.pauseTimer(owner: owner, now: now) }
                    return []
                }),
                DBusMethod("Resume", doc: "Resumes the owner's paused timer.", in: [a("owner", .string)], handler: run { s, call in
                    let owner = try str(call, 0)
                    try s.perform { e, now in try e.resumeTimer(owner: owner, now: now) }
                    return []
                }),
                DBusMethod("Stop", doc: "Stops and removes the owner's timer.", in: [a("owner", .string)], handler: run { s, call in
                    let owner = try str(call, 0)
                    try s.perform { e, now in try e.stopTimer(owner: owner, now: now) }
                    return []
                }),
                DBusMethod(
                    "List", doc: "(owner, state) for every running or paused timer.",
                    out: [a("timers", .array(.structure([.string, dict])))],
                    handler: run { s, _ in
                        let now = s.clock()
                        return [.array(.structure([.string, dict]), s.state.timers.values.sorted { $0.sequence < $1.sequence }.map {
                            .structure([.string($0.owner), Convert.dictionary($0.state(at: now))])
                        })]
                    }),
            ],
            signals: [
                DBusSignal("TimerChanged", doc: "On start, pause, resume and phase change.", [a("owner", .string), a("state", dict)]),
                DBusSignal("PhaseChanged", doc: "A new phase began; phase_index is 0-based within the phase list.", [a("owner", .string), a("phase_index", .uint32), a("phase_name", .string)]),
                DBusSignal("TimerFinished", doc: "The timer ran out (also reported at start-up for one that ran out while the service was down).", [a("owner", .string), a("finished_at_usec", .uint64)]),
                DBusSignal("TimerRemoved", doc: "The timer left the list: reason stopped or completed.", [a("owner", .string), a("reason", .string)]),
            ])

        let activity = DBusInterface(
            activityInterface,
            doc: "The Dynamic Island: at most one live activity at a time; the newest producer wins.",
            methods: [
                DBusMethod(
                    "Get", doc: "The current activity: id, owner, attributes, state; empty id and dicts when none.",
                    out: [a("activity_id", .string), a("owner", .string), a("attributes", dict), a("state", dict)],
                    handler: run { s, _ in
                        guard let current = s.state.activity else { return [.string(""), .string(""), Convert.dictionary([:]), Convert.dictionary([:])] }
                        let st = Engine(state: s.state).activityState(at: s.clock())
                        return [.string(current.id), .string(current.owner), Convert.dictionary(current.attributes), Convert.dictionary(st)]
                    }),
                DBusMethod(
                    "Start", doc: "Starts a program's own activity (title required); returns its id, \"\" while Enabled is false.",
                    in: [a("owner", .string), a("attributes", dict), a("state", dict)], out: [a("activity_id", .string)],
                    handler: run { s, call in
                        let owner = try str(call, 0)
                        let attributes = try Convert.activityState(call.arguments[1], what: "attributes")
                        let st = try Convert.activityState(call.arguments[2], what: "state")
                        let sender = call.sender
                        let id = try s.perform { e, now in
                            try e.startCustomActivity(owner: owner, attributes: attributes, state: st, sender: sender, now: now)
                        }
                        return [.string(id)]
                    }),
                DBusMethod(
                    "Update", doc: "Replaces the whole state of the owner's own activity.", in: [a("owner", .string), a("state", dict)],
                    handler: run { s, call in
                        let owner = try str(call, 0)
                        let st = try Convert.activityState(call.arguments[1], what: "state")
                        try s.perform { e, now in try e.updateCustomActivity(owner: owner, state: st, now: now) }
                        return []
                    }),
                DBusMethod(
                    "End", doc: "Ends the owner's activity; a fast's or timer's is dismissed until it starts again.", in: [a("owner", .string)],
                    handler: run { s, call in
                        let owner = try str(call, 0)
                        try s.perform { e, now in try e.endActivity(owner: owner, now: now) }
                        return []
                    }),
            ],
            properties: [
                .typed(
                    "Enabled", Bool.self, doc: "Live activities on or off (persisted).", get: { service?.state.settings.enabled ?? true },
                    set: { value, _ in try service?.perform { e, now in e.setEnabled(value, now: now) } }),
                .typed("ActivityId", String.self, doc: "The current activity's id, \"\" when none.", get: { service?.state.activity?.id ?? "" }),
                .typed("Owner", String.self, doc: "The current activity's owner, \"\" when none.", get: { service?.state.activity?.owner ?? "" }),
                .typed(
                    "LingerSeconds", UInt32.self, doc: "How long a finished timer's activity shows completion, 0 to 3600 (persisted).",
                    get: { service?.state.settings.lingerSeconds ?? 5 },
                    set: { value, _ in
                        try service?.perform { e, now in try e.setLinger(value, now: now) }
                    }),
                .typed(
                    "GoalReachedLingerSeconds", UInt32.self,
                    doc: "How long a fast's goal-reached activity stays, 0 (until the fast stops) to 86400 (persisted).",
                    get: { service?.state.settings.goalReachedLingerSeconds ?? 0 },
                    set: { value, _ in
                        try service?.perform { e, now in try e.setGoalReachedLinger(value, now: now) }
                    }),
            ],
            signals: [
                DBusSignal("ActivityStarted", doc: "An activity started.", [a("activity_id", .string), a("owner", .string), a("attributes", dict), a("state", dict)]),
                DBusSignal("ActivityUpdated", doc: "Its state changed (never on a clock tick).", [a("activity_id", .string), a("state", dict)]),
                DBusSignal("ActivityEnded", doc: "It ended: stopped, completed, replaced, disabled or owner-vanished.", [a("activity_id", .string), a("reason", .string)]),
            ])
        return [fasting, timers, activity]
    }
}
