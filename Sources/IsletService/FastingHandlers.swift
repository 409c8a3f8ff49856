import DBus
import IsletBus
import IsletCore
import Translation

typealias Fasting = IsletBus.Fasting

extension IsletService {
    /// `org.islet.Islet1.Fasting`: a handler for every method of the contract, the properties read
    /// from the state.
    func fastingInterface() -> DBusInterface {
        IsletBus.Fasting.bind(
            method: fasting, get: { [weak self] in self?.fastingProperty($0) ?? .boolean(false) },
            set: { [weak self] property, value, _ in
                guard let self else { return }
                switch property {
                case .goalSeconds:
                    let seconds = try UInt64(dbusValue: value)
                    try perform { e, _ in try e.setDailyGoal(seconds) }
                case .showStages:
                    let on = try Bool(dbusValue: value)
                    try perform { e, now in e.setStages(show: on, announce: e.state.settings.announceStages, now: now) }
                case .announceStages:
                    let on = try Bool(dbusValue: value)
                    try perform { e, now in e.setStages(show: e.state.settings.showStages, announce: on, now: now) }
                case .neutralMode:
                    let on = try Bool(dbusValue: value)
                    try perform { e, _ in e.setNeutralMode(on) }
                default: return
                }
            })
    }

    private func fasting(_ method: IsletBus.Fasting.Method) -> DBusMethod.Handler {
        switch method {
        case .startFast:
            handler { s, _ in
                let latest = try s.read { try s.store.latestEnd() }
                let fast = try s.perform { e, now in try e.startFast(at: nil, now: now, latestCompletedEnd: latest) }
                return Fasting.FastRunning(fastID: fast.id, startedAt: fast.startedAt).values
            }
        case .startFastAt:
            handler { s, call in
                let at = try call.arguments(Fasting.StartAt.self).startedAt
                let latest = try s.read { try s.store.latestEnd() }
                let fast = try s.perform { e, now in try e.startFast(at: at, now: now, latestCompletedEnd: latest) }
                return Fasting.FastRunning(fastID: fast.id, startedAt: fast.startedAt).values
            }
        case .stopFast:
            handler { s, call in
                let caller = call.sender
                let done = try s.perform { e, now in try e.stopFast(at: nil, now: now, by: caller) }
                return Fasting.FastSpan(fastID: done.id, startedAt: done.startedAt, endedAt: done.endedAt).values
            }
        case .stopFastAt:
            handler { s, call in
                let at = try call.arguments(Fasting.EndAt.self).endedAt
                let caller = call.sender
                let done = try s.perform { e, now in try e.stopFast(at: at, now: now, by: caller) }
                return Fasting.FastSpan(fastID: done.id, startedAt: done.startedAt, endedAt: done.endedAt).values
            }
        case .undoStopFast:
            handler { s, _ in
                let fast = try s.perform { e, now in try e.undoStopFast(now: now) }
                return Fasting.FastRunning(fastID: fast.id, startedAt: fast.startedAt).values
            }
        case .setGoal:
            handler { s, call in
                let seconds = try call.arguments(Fasting.Goal.self).goalSeconds
                try s.perform { e, _ in try e.setGoal(seconds) }
                return []
            }
        case .clearGoal:
            handler { s, _ in
                try s.perform { e, _ in try e.setDailyGoal(0) }
                return []
            }
        case .setActiveFastGoal:
            handler { s, call in
                let seconds = try call.arguments(Fasting.Goal.self).goalSeconds
                try s.perform { e, now in try e.setActiveFastGoal(seconds, now: now) }
                return []
            }
        case .listPresets:
            .immediate { _ in
                Fasting.Presets(
                    presets: Presets.all.map { Fasting.PresetEntry(goalSeconds: $0.goalSeconds, schedule: $0.schedule, description: $0.description) }
                ).values
            }
        case .listFasts:
            .prepared { [weak self] call in
                guard let self else { throw DBusError.failed("the service is shutting down") }
                let page = try call.arguments(Fasting.Page.self)
                let (offset, limit) = (page.offset, page.limit)
                do {
                    try Engine.checkPage(limit: limit)
                    return try historyPage(offset: offset, limit: limit)
                } catch let error as IsletError {
                    throw IsletBus.error(error)
                }
            }
        case .editFast:
            handler { s, call in
                let edit = try call.arguments(Fasting.FastSpan.self)
                let (id, start, end) = (edit.fastID, edit.startedAt, edit.endedAt)
                let existing = try s.read { try s.store.fast(id: id) }
                let overlaps = start < end ? try s.read { try s.store.overlaps(start: start, end: end, excluding: id) } : false
                try s.perform { e, now in
                    try e.editFast(id: id, startedAt: start, endedAt: end, now: now, existing: existing, overlapsAnother: overlaps)
                }
                return []
            }
        case .addFast:
            handler { s, call in
                let new = try call.arguments(Fasting.NewFast.self)
                let (start, end, goal) = (new.startedAt, new.endedAt, new.goalSeconds)
                let overlaps = start < end ? try s.read { try s.store.overlaps(start: start, end: end, excluding: 0) } : false
                let fast = try s.perform { e, now in
                    try e.addFast(startedAt: start, endedAt: end, goalSeconds: goal, now: now, overlapsAnother: overlaps)
                }
                return Fasting.FastID(fastID: fast.id).values
            }
        case .deleteFast:
            handler { s, call in
                let id = try call.arguments(Fasting.FastID.self).fastID
                let existing = try s.read { try s.store.fast(id: id) }
                try s.perform { e, _ in try e.deleteFast(id: id, existing: existing) }
                return []
            }
        case .getStats:
            handler { s, _ in
                let now = s.clock()
                let st = try s.read { try s.store.stats(now: now) }
                let stats = DBusValue.stringVariantDictionary([
                    "count": .uint64(st.count), "total_usec": .uint64(st.totalUSec), "longest_usec": .uint64(st.longestUSec),
                    "average_usec": .uint64(st.averageUSec), "goal_hits": .uint64(st.goalHits),
                    "current_streak_days": .uint32(st.currentStreakDays), "longest_streak_days": .uint32(st.longestStreakDays),
                ])
                return Fasting.Stats(stats: stats).values
            }
        case .listFastRecords:
            handler { s, call in
                let page = try call.arguments(Fasting.Page.self)
                try Engine.checkPage(limit: page.limit)
                let records = try s.read { try s.store.records(offset: page.offset, limit: page.limit) }
                return Fasting.Records(fasts: records.map { Fasting.RecordEntry(fast: .init($0.fast), note: $0.note, rating: $0.rating) }).values
            }
        case .setFastNote:
            handler { s, call in
                let written = try call.arguments(Fasting.Note.self)
                let (id, note, rating) = (written.fastID, written.note, written.rating)
                let existing = try s.read { try s.store.fast(id: id) }
                try s.perform { e, _ in try e.setFastNote(id: id, note: note, rating: rating, existing: existing) }
                return []
            }
        case .importFasts:
            handler { s, call in
                let asked = try call.arguments(Fasting.Import.self)
                let entries = asked.fasts.map {
                    HistoryImport.Entry(
                        startedAt: $0.fast.startedAt, endedAt: $0.fast.endedAt, goalSeconds: $0.fast.goalSeconds, note: $0.note, rating: $0.rating)
                }
                let dryRun = asked.dryRun
                let spans = try s.read { try s.store.spans() }
                let verdicts = try s.perform { e, now in try e.importFasts(entries, history: spans, now: now, dryRun: dryRun) }
                let added = dryRun || verdicts.refused.isEmpty ? verdicts.added.count : 0
                return Fasting.ImportVerdict(
                    added: UInt32(clamping: added), duplicates: verdicts.duplicates.map { UInt32(clamping: $0) },
                    refused: verdicts.refused.map {
                        Fasting.Refusal(index: UInt32(clamping: $0.index), reason: $0.reason, otherEntry: UInt32(clamping: $0.otherEntry))
                    }
                ).values
            }
        case .setFastStart:
            handler { s, call in
                let at = try call.arguments(Fasting.StartAt.self).startedAt
                let latest = try s.read { try s.store.latestEnd() }
                let fast = try s.perform { e, now in try e.setFastStart(at, now: now, latestCompletedEnd: latest) }
                return Fasting.FastRunning(fastID: fast.id, startedAt: fast.startedAt).values
            }
        case .setSchedule:
            handler { s, call in
                let change = try call.arguments(Fasting.ScheduleChange.self)
                let schedule = try ScheduleCoding.applied(change.schedule, to: s.state.settings.schedule)
                try s.perform { e, now in try e.setSchedule(schedule, now: now) }
                return []
            }
        case .listDays:
            handler { s, call in
                let range = try call.arguments(Fasting.DayRange.self)
                let (from, count) = (range.from, range.count)
                // Days are counted in calendar dates up to the year 9999 (as times are typed).
                guard from <= FastingDays.lastMoment else {
                    throw IsletError.invalidArgument(tr("from_usec must be before the year 10000, got %s", "\(from)"))
                }
                guard (1...FastingDays.maxDays).contains(count) else {
                    throw IsletError.invalidArgument(tr("count must be 1 to %1$s, got %2$s", "\(FastingDays.maxDays)", "\(count)"))
                }
                let now = s.clock()
                let zone = s.store.localTime
                let first = zone.local(from).day
                let (start, end) = (FastingDays.midnight(of: first, in: zone), FastingDays.midnight(of: first + Int64(count), in: zone))
                var spans = try s.read { try s.store.daySpans(from: start, to: end) }
                if let fast = s.state.fast, fast.startedAt < now {
                    spans.append(FastingDays.Span(startedAt: fast.startedAt, endedAt: now, metGoal: false))
                }
                let days = FastingDays.days(spans, firstDay: first, count: Int(count), localTime: zone)
                return Fasting.Days(days: days.map { Fasting.DayEntry(startsAt: $0.startsAt, fasted: $0.fastedUSec, goalMet: $0.goalMet) }).values
            }
        }
    }

    private func fastingProperty(_ property: IsletBus.Fasting.Property) -> DBusValue {
        switch property {
        case .fasting: .boolean(state.fast != nil)
        case .fastId: .uint64(state.fast?.id ?? 0)
        case .startedAtUSec: .uint64(state.fast?.startedAt ?? 0)
        case .goalSeconds: .uint64(state.settings.goalSeconds)
        case .activeFastGoalSeconds: .uint64(state.fast?.goalSeconds ?? 0)
        case .goalReached: .boolean(state.fast?.goalReached ?? false)
        case .schedule: ScheduleCoding.dictionary(state.settings.schedule)
        case .showStages: .boolean(state.settings.showStages)
        case .announceStages: .boolean(state.settings.announceStages)
        case .neutralMode: .boolean(state.settings.neutralMode)
        case .undoableStop: IsletService.undoableStop(state.lastStop)
        }
    }

    /// UndoableStop: the stop UndoStopFast would take back, {} when none.
    static func undoableStop(_ stop: StoppedFast?) -> DBusValue {
        guard let stop else { return .stringVariantDictionary([:]) }
        let fast = stop.fast
        return .stringVariantDictionary([
            "fast_id": .uint64(fast.id), "started_at_usec": .uint64(fast.startedAt), "stopped_at_usec": .uint64(stop.stoppedAt),
            "undo_until_usec": .uint64(stop.stoppedAt + Limits.undoStopSeconds * usecPerSecond), "stopped_by": .string(stop.stoppedBy ?? ""),
        ])
    }

    /// The Fasting properties that differ between two states.
    static func changedFastingProperties(_ old: IsletState, _ new: IsletState) -> [IsletBus.Fasting.Property] {
        IsletBus.Fasting.Property.allCases.filter { property in
            switch property {
            case .fasting: (old.fast == nil) != (new.fast == nil)
            case .fastId: old.fast?.id != new.fast?.id
            case .startedAtUSec: old.fast?.startedAt != new.fast?.startedAt
            case .goalSeconds: old.settings.goalSeconds != new.settings.goalSeconds
            case .activeFastGoalSeconds: old.fast?.goalSeconds != new.fast?.goalSeconds
            case .goalReached: old.fast?.goalReached != new.fast?.goalReached
            case .schedule: old.settings.schedule != new.settings.schedule
            case .showStages: old.settings.showStages != new.settings.showStages
            case .announceStages: old.settings.announceStages != new.settings.announceStages
            case .neutralMode: old.settings.neutralMode != new.settings.neutralMode
            case .undoableStop: old.lastStop != new.lastStop
            }
        }
    }
}
