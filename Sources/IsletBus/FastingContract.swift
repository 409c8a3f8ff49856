import DBus

extension IsletBus {
    /// `org.islet.Islet1.Fasting`: the running fast, the daily goal and the history.
    public enum Fasting: ContractInterface {
        public static let busName = IsletBus.name
        public static let path = IsletBus.path
        public static let name = "org.islet.Islet1.Fasting"
        public static let doc = "The intermittent-fasting tracker: the running fast, the daily goal and the history."

        public enum Method: String, ContractMethod {
            public typealias Interface = Fasting
            case startFast = "StartFast"
            case startFastAt = "StartFastAt"
            case stopFast = "StopFast"
            case stopFastAt = "StopFastAt"
            case undoStopFast = "UndoStopFast"
            case setGoal = "SetGoal"
            case clearGoal = "ClearGoal"
            case setActiveFastGoal = "SetActiveFastGoal"
            case listPresets = "ListPresets"
            case listFasts = "ListFasts"
            case editFast = "EditFast"
            case addFast = "AddFast"
            case deleteFast = "DeleteFast"
            case getStats = "GetStats"
            case listFastRecords = "ListFastRecords"
            case setFastNote = "SetFastNote"
            case importFasts = "ImportFasts"
            case listDays = "ListDays"
            case setFastStart = "SetFastStart"
            case setSchedule = "SetSchedule"

            public var contract: MethodContract {
                let started = FastRunning.arguments
                let stopped = FastSpan.arguments
                return switch self {
                case .startFast: MethodContract(doc: "Starts a fast now. AlreadyFasting if one runs.", out: started)
                case .startFastAt:
                    MethodContract(
                        doc: "Starts a fast begun earlier (forgot to start): not in the future, not overlapping a completed fast.",
                        in: StartAt.arguments, out: started)
                case .stopFast:
                    MethodContract(doc: "Ends the fast now and saves it to the history. NotFasting if none runs.", out: stopped)
                case .stopFastAt:
                    MethodContract(
                        doc: "Ends the fast at an earlier time (forgot to stop): after its start, not in the future.",
                        in: EndAt.arguments, out: stopped)
                case .undoStopFast:
                    MethodContract(
                        doc:
                            "Brings back the fast stopped last, as if never stopped (its history entry goes), for 10 minutes after the stop and until a new fast starts; NothingToUndo otherwise.",
                        out: started)
                case .setGoal:
                    MethodContract(
                        doc: "Sets the daily goal, 60 s to 7 days; fasts that start later take it (0 is InvalidArgument: use ClearGoal).",
                        in: Goal.arguments)
                case .clearGoal: MethodContract(doc: "Removes the daily goal.")
                case .setActiveFastGoal:
                    MethodContract(
                        doc: "Retargets the running fast; 0 removes its goal. NotFasting if none runs.",
                        in: Goal.arguments)
                case .listPresets:
                    MethodContract(
                        doc: "The goal presets: (goal_seconds, schedule, description).",
                        out: Presets.arguments)
                case .listFasts:
                    MethodContract(
                        doc: "Completed fasts, most recent first: (fast_id, started_at_usec, ended_at_usec, goal_seconds); limit 1 to 1000.",
                        in: Page.arguments, out: Fasts.arguments)
                case .editFast:
                    MethodContract(
                        doc: "Corrects a completed fast: start before end, end not in the future, no overlap with another fast.",
                        in: FastSpan.arguments)
                case .addFast:
                    MethodContract(
                        doc:
                            "Adds a completed fast to the history (an import): start before end, end not in the future, no overlap, goal 0 (none) or 60 s ... 7 days. Returns the new fast's id.",
                        in: NewFast.arguments, out: FastID.arguments)
                case .deleteFast:
                    MethodContract(doc: "Deletes a completed fast from the history.", in: FastID.arguments)
                case .getStats:
                    MethodContract(
                        doc: "count, total_usec, longest_usec, average_usec, goal_hits (t); current_streak_days, longest_streak_days (u).",
                        out: Stats.arguments)
                case .listFastRecords:
                    MethodContract(
                        doc:
                            "Since 1.3: completed fasts as ListFasts gives them, each with its note and rating: (fast_id, started_at_usec, ended_at_usec, goal_seconds, note, rating); rating 0 = not rated; limit 1 to 1000.",
                        in: Page.arguments, out: Records.arguments)
                case .setFastNote:
                    MethodContract(
                        doc:
                            "Since 1.3: what the user wrote about a completed fast (at most 1000 characters; \"\" for none; line breaks and tabs allowed, no other control characters) and how it went (1 to 5; 0 for not rated). UnknownFast for an id not in the history.",
                        in: Note.arguments)
                case .importFasts:
                    MethodContract(
                        doc:
                            "Since 1.3: adds completed fasts from a file: (started_at_usec, ended_at_usec, goal_seconds, note, rating), at most 200000. An entry with the start and end of a fast already there (or of an earlier entry) is a duplicate and skipped; one that overlaps a fast of the history, the running fast or another entry, or breaks AddFast's or SetFastNote's rules, is refused: (index, reason, other_entry), index 0-based, other_entry the 1-based entry it overlaps (0: none). With dry_run nothing is written. Otherwise the entries are added in one transaction, and only when none is refused: all or nothing; added counts them (0 when anything was refused). Existing fasts are never changed.",
                        in: Import.arguments, out: ImportVerdict.arguments)
                case .listDays:
                    MethodContract(
                        doc:
                            "Since 1.3: the fasting of `count` (1 to 1000) local calendar days, from the one that holds from_usec (before the year 10000): (day_start_usec, fasted_usec, goal_met) each, day_start_usec its local midnight. A fast across midnight counts on both days, by the time in each; the running fast counts up to now. goal_met: a fast that met its goal ended that day.",
                        in: DayRange.arguments, out: Days.arguments)
                case .setFastStart:
                    MethodContract(
                        doc:
                            "Since 1.3: moves the running fast's start (\"I started at 19:30\"): not 0, not in the future, not before the end of the latest completed fast. Its goal re-arms when the new start puts it back in the future; a goal now passed is reached at once (GoalReached). Emits FastStartChanged. NotFasting if none runs.",
                        in: StartAt.arguments, out: started)
                case .setSchedule:
                    MethodContract(
                        doc:
                            "Since 1.3: changes the daily fasting window (the Schedule property); the keys given replace those values, the rest stay. enabled (b); start_minutes (aq): 7 entries, Monday to Sunday, minutes after local midnight (0 to 1439) the fast is due, 65535 for no fast that day; remind_before_minutes (q): \"1 h left to eat\" that many minutes before, 0 to 720, 0 = off; remind_at_start (b): \"Time to start your fast\" when it is due. A scheduled fast lasts the daily goal. Unknown keys, wrong types and values out of range are InvalidArgument, and nothing changes.",
                        in: ScheduleChange.arguments)
                }
            }
        }

        public enum Signal: String, ContractSignal {
            public typealias Interface = Fasting
            case fastStarted = "FastStarted"
            case fastStopped = "FastStopped"
            case goalReached = "GoalReached"
            case fastStartChanged = "FastStartChanged"
            case reminder = "Reminder"
            case stageReached = "StageReached"
            case historyChanged = "HistoryChanged"

            public var contract: SignalContract {
                switch self {
                case .fastStarted:
                    SignalContract(doc: "A fast started.", FastRunning.arguments)
                case .fastStopped:
                    SignalContract(
                        doc: "A fast ended and went to the history.",
                        FastSpan.arguments)
                case .goalReached:
                    SignalContract(
                        doc: "The running fast's goal passed (once per fast, once more after a re-arm); reached_at_usec is start + goal.",
                        GoalPassed.arguments)
                case .fastStartChanged:
                    SignalContract(
                        doc: "Since 1.3: the running fast's start moved (SetFastStart).", FastRunning.arguments)
                case .reminder:
                    SignalContract(
                        doc:
                            "Since 1.3: a reminder of the schedule is due, sent at its minute while no fast runs: kind \"eating-ends\" (remind_before_minutes before the fast) or \"fast-starts\" (when it is due); fast_starts_usec is when the scheduled fast is due. After a suspend only the latest that still means something is sent (\"eating-ends\" until the fast is due, \"fast-starts\" within the hour after).",
                        ReminderDue.arguments)
                case .stageReached:
                    SignalContract(
                        doc:
                            "Since 1.3: the running fast came to a stage of the rule-of-thumb table (0 Anabolic, 4 h Catabolic, 16 h Fat burning, 24 h Ketosis), sent once per stage while ShowStages and AnnounceStages are on; reached_at_usec is start + the stage's hours.",
                        StageReached.arguments)
                case .historyChanged:
                    SignalContract(
                        doc:
                            "Since 1.3: the completed history changed other than by a stop (FastStopped says that one): a fast added (AddFast), corrected (EditFast), deleted (DeleteFast), given a note or a rating (SetFastNote), fasts imported (ImportFasts, not a dry run, at least one added), or the last stop undone (UndoStopFast: that fast left the history to run again). Sent once per call, after the change is stored; a client showing the history reads it again (ListFastRecords, GetStats).",
                        [])
                }
            }
        }

        public enum Property: String, ContractProperty {
            public typealias Interface = Fasting
            case fasting = "Fasting"
            case fastId = "FastId"
            case startedAtUSec = "StartedAtUSec"
            case goalSeconds = "GoalSeconds"
            case activeFastGoalSeconds = "ActiveFastGoalSeconds"
            case goalReached = "GoalReached"
            case schedule = "Schedule"
            case showStages = "ShowStages"
            case announceStages = "AnnounceStages"
            case neutralMode = "NeutralMode"
            case undoableStop = "UndoableStop"

            public var contract: PropertyContract {
                switch self {
                case .fasting: PropertyContract(.boolean, doc: "Whether a fast is running.")
                case .fastId: PropertyContract(.uint64, doc: "The running fast's id, 0 when not fasting.")
                case .startedAtUSec: PropertyContract(.uint64, doc: "When the running fast started, 0 when not fasting.")
                case .goalSeconds:
                    PropertyContract(.uint64, doc: "The daily goal, 0 = none; writing 0 clears it.", writable: true)
                case .activeFastGoalSeconds: PropertyContract(.uint64, doc: "The running fast's goal, 0 = none.")
                case .goalReached: PropertyContract(.boolean, doc: "Whether the running fast has reached its goal.")
                case .schedule:
                    PropertyContract(
                        IsletBus.stateType, doc: "Since 1.3: the daily fasting window and its reminders, as SetSchedule describes them.")
                case .showStages:
                    PropertyContract(.boolean, doc: "Since 1.3: fasting stages are shown (a rule of thumb; off by default).", writable: true)
                case .announceStages:
                    PropertyContract(
                        .boolean, doc: "Since 1.3: each stage's start is announced (StageReached) while ShowStages is on; off by default.",
                        writable: true)
                case .neutralMode:
                    PropertyContract(.boolean, doc: "Since 1.3: streaks are hidden everywhere (GetStats still counts them).", writable: true)
                case .undoableStop:
                    PropertyContract(
                        IsletBus.stateType,
                        doc:
                            "Since 1.4: the stop UndoStopFast would take back, {} when none: fast_id (t), started_at_usec (t), stopped_at_usec (t: when the stop was made), undo_until_usec (t: UndoStopFast refuses after it; nothing is sent then), stopped_by (s: the unique bus name of the connection whose call made the stop, \"\" when not known), so that a program that offers an Undo of its own can tell its stops from others'. It changes when a fast stops, starts or is brought back, and when the stopped fast is edited, deleted or overlapped in the history."
                    )
                }
            }
        }
    }
}
