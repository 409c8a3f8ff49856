import DBus

extension IsletBus {
    /// `org.islet.Islet1.LiveActivity`: the Dynamic Island, at most one activity at a time.
    public enum LiveActivity: ContractInterface {
        public static let busName = IsletBus.name
        public static let path = IsletBus.path
        public static let name = "org.islet.Islet1.LiveActivity"
        /// The owner whose activity a call means: End's input (LiveActivity.arguments has the rest).
        public typealias Owner = IsletBus.Timers.Owner
        public static let doc = """
            The Dynamic Island: at most one live activity at a time; the newest producer wins. State keys (a{sv}, \
            at most 32, keys of 1 to 64 characters of [A-Za-z0-9_-], basic values, strings at most 1024 bytes): \
            status s (running, paused, goal-reached, completed), started_at_usec t, ends_at_usec t, remaining_usec t, \
            elapsed_usec t, updated_at_usec t, progress d (0 to 1), goal_usec t, total_usec t, total_remaining_usec t, \
            title s, phase_name s, phase_index u, phase_count u, round u, rounds u; since 1.2: stale_at_usec t (a \
            program's activity is stale from then: the service adds stale b true to its state and announces it once), \
            alert b (on Update: this one update deserves the user's attention, a banner and a sound once; carried by \
            its ActivityUpdated only, never kept), outcome s (success or failure, with completed). Attributes: kind s, \
            title s (required for Start), ends_with_owner b (default true). Since 1.3: while an activity is \
            live or a fast runs (from the ActivityStarted or FastStarted that began it to the signal that ended it) \
            the service also owns the bus name org.islet.Islet1.Live, so a client that can watch names but not \
            match signals learns when to call Get. Since 1.4, attributes app_id s (the desktop entry's id of the \
            program the activity is about, without .desktop: surfaces show its icon and name), source b (default \
            false: true for what merely runs, read from another program by a source, as a song or a Pomodoro app's \
            block) and relevance d (0 to 1, default 0: among sources, the more relevant shows; also a state key, which replaces it from that Update on); state key actions s \
            (the buttons a program's activity offers now, words among pause, resume, next, skip and stop separated \
            by spaces: pressed anywhere, they reach the program as ActionInvoked) and art_url s (an image of \
            the activity, a song's cover: a local file's URL, file:/// and an absolute path without .., query or \
            control characters; surfaces show it beside the title). Which activity \
            shows: what the user started (a fast with a goal, a timer, a program's own Start) always outranks a \
            source's; among the user's the newest wins; among sources the more relevant, then the earlier (a tie never changes hands). A \
            source's activity never replaces the user's: it takes an empty island, and while the user's shows it \
            waits (its ActivityEnded says replaced, its Updates are kept) and starts again, with a new id, when \
            the island is free. It always ends with its program's connection; at most 16 are kept at once.
            """

        public enum Method: String, ContractMethod {
            public typealias Interface = LiveActivity
            case get = "Get"
            case start = "Start"
            case update = "Update"
            case end = "End"
            case finish = "Finish"
            case act = "Act"

            public var contract: MethodContract {
                switch self {
                case .get:
                    MethodContract(
                        doc: "The current activity: id, owner, attributes, state; empty id and dicts when none.",
                        out: Activity.arguments)
                case .start:
                    MethodContract(
                        doc: """
                            Starts a program's own activity (title required); returns its id, "" while Enabled is false. \
                            Since 1.4, with source true in the attributes: a source's activity, returned "" while it waits \
                            for the island; Update, Finish and End then reach it shown or waiting.
                            """,
                        in: Start.arguments, out: Started.arguments)
                case .update:
                    MethodContract(doc: "Replaces the whole state of the owner's own activity.", in: Update.arguments)
                case .end:
                    MethodContract(doc: "Ends the owner's activity; a fast's or timer's is dismissed until it starts again.", in: Owner.arguments)
                case .finish:
                    MethodContract(
                        doc: """
                            Since 1.2: ends the owner's own activity with a final state (status "completed" unless the \
                            state says otherwise), shown as the dismissal policy says: "default" for LingerSeconds, \
                            "immediate", or "at" until dismiss_at_usec (after now, at most 4 hours ahead; 0 with the \
                            others); then ActivityEnded "completed". It outlives its owner's connection meanwhile; \
                            Update is InvalidState after it, End dismisses it at once.
                            """,
                        in: Finish.arguments)
                case .act:
                    MethodContract(
                        doc: """
                            Since 1.4: a button the shown activity offers, pressed (a surface, a panel's click, `islet \
                            activity toggle`): the action must be one its state's actions lists now (pause, resume, next, \
                            skip, stop). isletd sends ActionInvoked to the activity's program alone, which does it and \
                            updates its state. InvalidArgument for another word; InvalidState when activity_id is not the \
                            activity shown, is a fast's or a timer's (their buttons are the Fasting and Timers methods), \
                            has finished or does not offer the action.
                            """,
                        in: Action.arguments)
                }
            }
        }

        public enum Signal: String, ContractSignal {
            public typealias Interface = LiveActivity
            case activityStarted = "ActivityStarted"
            case activityUpdated = "ActivityUpdated"
            case activityEnded = "ActivityEnded"
            case actionInvoked = "ActionInvoked"

            public var contract: SignalContract {
                switch self {
                case .activityStarted:
                    SignalContract(
                        doc: "An activity started.",
                        Activity.arguments)
                case .activityUpdated:
                    SignalContract(doc: "Its state changed (never on a clock tick).", Changed.arguments)
                case .activityEnded:
                    SignalContract(doc: "It ended: stopped, completed, replaced, disabled or owner-vanished.", Ended.arguments)
                case .actionInvoked:
                    SignalContract(
                        doc:
                            "Since 1.4: a button of the activity was pressed (Act): its id, the owner it was started as, the action; sent to the program that started it alone.",
                        Invoked.arguments)
                }
            }
        }

        public enum Property: String, ContractProperty {
            public typealias Interface = LiveActivity
            case enabled = "Enabled"
            case activityId = "ActivityId"
            case owner = "Owner"
            case lingerSeconds = "LingerSeconds"
            case goalReachedLingerSeconds = "GoalReachedLingerSeconds"

            public var contract: PropertyContract {
                switch self {
                case .enabled: PropertyContract(.boolean, doc: "Live activities on or off (persisted).", writable: true)
                case .activityId: PropertyContract(.string, doc: "The current activity's id, \"\" when none.")
                case .owner: PropertyContract(.string, doc: "The current activity's owner, \"\" when none.")
                case .lingerSeconds:
                    PropertyContract(
                        .uint32, doc: "How long a finished timer's activity shows completion, 0 to 3600 (persisted).",
                        writable: true)
                case .goalReachedLingerSeconds:
                    PropertyContract(
                        .uint32,
                        doc: "How long a fast's goal-reached activity stays, 0 (until the fast stops) to 86400 (persisted).", writable: true)
                }
            }
        }
    }
}
