import DBus
import IsletBus
import IsletCore

typealias LiveActivity = IsletBus.LiveActivity

extension IsletService {
    /// `org.islet.Islet1.LiveActivity`: a handler for every method of the contract, the
    /// properties read from the state and written through the core.
    func liveActivityInterface() -> DBusInterface {
        IsletBus.LiveActivity.bind(
            method: liveActivity, get: { [weak self] in self?.liveActivityProperty($0) ?? .boolean(false) },
            set: { [weak self] property, value, _ in try self?.setLiveActivityProperty(property, value) })
    }

    private func liveActivity(_ method: IsletBus.LiveActivity.Method) -> DBusMethod.Handler {
        switch method {
        case .get:
            handler { s, _ in
                let none = ActivityCoding.dictionary([:])
                guard let current = s.state.activity else {
                    return LiveActivity.Activity(activityID: "", owner: "", attributes: none, state: none).values
                }
                let state = s.engine().activityState(at: s.clock())
                return LiveActivity.Activity(
                    activityID: current.id, owner: current.owner, attributes: ActivityCoding.dictionary(current.attributes),
                    state: ActivityCoding.dictionary(state)
                ).values
            }
        case .start:
            handler { s, call in
                let start = try call.arguments(LiveActivity.Start.self)
                let attributes = try ActivityCoding.submitted(start.attributes, what: "attributes")
                let state = try ActivityCoding.submitted(start.state, what: "state")
                let sender = call.sender
                let id = try s.perform { e, now in
                    try e.startCustomActivity(owner: start.owner, attributes: attributes, state: state, sender: sender, now: now)
                }
                return LiveActivity.Started(activityID: id).values
            }
        case .update:
            handler { s, call in
                let update = try call.arguments(LiveActivity.Update.self)
                let state = try ActivityCoding.submitted(update.state, what: "state")
                try s.perform { e, now in try e.updateCustomActivity(owner: update.owner, state: state, now: now) }
                return []
            }
        case .end:
            handler { s, call in
                let owner = try call.arguments(LiveActivity.Owner.self).owner
                try s.perform { e, now in try e.endActivity(owner: owner, now: now) }
                return []
            }
        case .act:
            handler { s, call in
                let act = try call.arguments(LiveActivity.Action.self)
                try s.perform { e, now in try e.act(activityID: act.activityID, action: act.action, now: now) }
                return []
            }
        case .finish:
            handler { s, call in
                let finish = try call.arguments(LiveActivity.Finish.self)
                let state = try ActivityCoding.submitted(finish.state, what: "state")
                try s.perform { e, now in
                    try e.finishCustomActivity(owner: finish.owner, state: state, dismissal: finish.dismissal, dismissAt: finish.dismissAt, now: now)
                }
                return []
            }
        }
    }

    private func liveActivityProperty(_ property: IsletBus.LiveActivity.Property) -> DBusValue {
        switch property {
        case .enabled: .boolean(state.settings.enabled)
        case .activityId: .string(state.activity?.id ?? "")
        case .owner: .string(state.activity?.owner ?? "")
        case .lingerSeconds: .uint32(state.settings.lingerSeconds)
        case .goalReachedLingerSeconds: .uint32(state.settings.goalReachedLingerSeconds)
        }
    }

    private func setLiveActivityProperty(_ property: IsletBus.LiveActivity.Property, _ value: DBusValue) throws {
        switch property {
        case .enabled:
            let on = try Bool(dbusValue: value)
            try perform { e, now in e.setEnabled(on, now: now) }
        case .lingerSeconds:
            let seconds = try UInt32(dbusValue: value)
            try perform { e, now in try e.setLinger(seconds, now: now) }
        case .goalReachedLingerSeconds:
            let seconds = try UInt32(dbusValue: value)
            try perform { e, now in try e.setGoalReachedLinger(seconds, now: now) }
        case .activityId, .owner:
            break  // read-only: the object server answers PropertyReadOnly before this
        }
    }

    /// The LiveActivity properties that differ between two states.
    static func changedLiveActivityProperties(_ old: IsletState, _ new: IsletState) -> [IsletBus.LiveActivity.Property] {
        IsletBus.LiveActivity.Property.allCases.filter { property in
            switch property {
            case .enabled: old.settings.enabled != new.settings.enabled
            case .activityId, .owner: old.activity?.id != new.activity?.id
            case .lingerSeconds: old.settings.lingerSeconds != new.settings.lingerSeconds
            case .goalReachedLingerSeconds: old.settings.goalReachedLingerSeconds != new.settings.goalReachedLingerSeconds
            }
        }
    }
}
