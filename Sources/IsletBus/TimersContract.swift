import DBus

extension IsletBus {
    /// `org.islet.Islet1.Timers`: countdown timers with phases, one per owner string.
    public enum Timers: ContractInterface {
        public static let busName = IsletBus.name
        public static let path = IsletBus.path
        public static let name = "org.islet.Islet1.Timers"
        public static let doc = "Countdown timers with phases, one per owner string; several owners' timers may run at once."

        public enum Method: String, ContractMethod {
            public typealias Interface = Timers
            case start = "Start"
            case startIntervals = "StartIntervals"
            case pause = "Pause"
            case resume = "Resume"
            case stop = "Stop"
            case extend = "Extend"
            case list = "List"

            public var contract: MethodContract {
                switch self {
                case .start:
                    MethodContract(
                        doc: "Starts (or restarts) the owner's single-phase countdown, its phase named after the title.",
                        in: Countdown.arguments)
                case .startIntervals:
                    MethodContract(
                        doc: "Starts phases in order, the list repeated rounds times.",
                        in: Intervals.arguments)
                case .pause: MethodContract(doc: "Pauses the owner's timer.", in: Owner.arguments)
                case .resume: MethodContract(doc: "Resumes the owner's paused timer.", in: Owner.arguments)
                case .stop: MethodContract(doc: "Stops and removes the owner's timer.", in: Owner.arguments)
                case .extend:
                    MethodContract(
                        doc: "Since 1.1: adds seconds (1 to 86400) to the current phase of the owner's timer, running or paused.",
                        in: MoreTime.arguments)
                case .list:
                    MethodContract(doc: "(owner, state) for every running or paused timer.", out: TimerList.arguments)
                }
            }
        }

        public enum Signal: String, ContractSignal {
            public typealias Interface = Timers
            case timerChanged = "TimerChanged"
            case phaseChanged = "PhaseChanged"
            case timerFinished = "TimerFinished"
            case timerRemoved = "TimerRemoved"

            public var contract: SignalContract {
                switch self {
                case .timerChanged:
                    SignalContract(doc: "On start, pause, resume and phase change.", TimerState.arguments)
                case .phaseChanged:
                    SignalContract(
                        doc: "A new phase began; phase_index is 0-based within the phase list.",
                        PhaseBegan.arguments)
                case .timerFinished:
                    SignalContract(
                        doc: "The timer ran out (also reported at start-up for one that ran out while the service was down).",
                        Finished.arguments)
                case .timerRemoved:
                    SignalContract(doc: "The timer left the list: reason stopped or completed.", Removed.arguments)
                }
            }
        }

        public typealias Property = NoProperty<Timers>
    }
}
