import DBus
import IsletBus
import IsletCore

extension IsletService {
    /// `org.islet.Islet1.Timers`: a handler for every method of the contract.
    func timersInterface() -> DBusInterface {
        IsletBus.Timers.bind(method: timers)
    }

    private func timers(_ method: IsletBus.Timers.Method) -> DBusMethod.Handler {
        switch method {
        case .start:
            handler { s, call in
                let timer = try call.arguments(IsletBus.Timers.Countdown.self)
                let (owner, title, seconds) = (timer.owner, timer.title, timer.seconds)
                try s.perform { e, now in
                    try e.startTimer(owner: owner, title: title, phases: [Phase(name: title, seconds: seconds)], rounds: 1, now: now)
                }
                return []
            }
        case .startIntervals:
            handler { s, call in
                let plan = try call.arguments(IsletBus.Timers.Intervals.self)
                let (owner, title, names, seconds, rounds) = (plan.owner, plan.title, plan.phaseNames, plan.phaseSeconds, plan.rounds)
                try s.perform { e, now in try e.startIntervals(owner: owner, title: title, names: names, seconds: seconds, rounds: rounds, now: now) }
                return []
            }
        case .pause:
            handler { s, call in
                let owner = try call.arguments(IsletBus.Timers.Owner.self).owner
                try s.perform { e, now in try e.pauseTimer(owner: owner, now: now) }
                return []
            }
        case .resume:
            handler { s, call in
                let owner = try call.arguments(IsletBus.Timers.Owner.self).owner
                try s.perform { e, now in try e.resumeTimer(owner: owner, now: now) }
                return []
            }
        case .stop:
            handler { s, call in
                let owner = try call.arguments(IsletBus.Timers.Owner.self).owner
                try s.perform { e, now in try e.stopTimer(owner: owner, now: now) }
                return []
            }
        case .extend:
            handler { s, call in
                let more = try call.arguments(IsletBus.Timers.MoreTime.self)
                let (owner, seconds) = (more.owner, more.seconds)
                try s.perform { e, now in try e.extendTimer(owner: owner, seconds: seconds, now: now) }
                return []
            }
        case .list:
            handler { s, _ in
                let now = s.clock()
                let timers = s.state.timers.values.sorted { $0.sequence < $1.sequence }.map {
                    IsletBus.Timers.TimerState(owner: $0.owner, state: ActivityCoding.dictionary($0.state(at: now)))
                }
                return IsletBus.Timers.TimerList(timers: timers).values
            }
        }
    }
}
