import DBus
import IsletCore

extension IsletBus.LiveActivity {
    /// The owner whose activity a call means: End's input.
    public typealias Owner = IsletBus.Timers.Owner

    /// An activity: Get's reply (an empty id and dictionaries when there is none), the
    /// ActivityStarted signal. `attributes` and `state` are dictionaries of variants, read by
    /// ``ActivityCoding``.
    public struct Activity: DBusArguments {
        public var activityID: String
        public var owner: String
        public var attributes: DBusValue
        public var state: DBusValue
        public static let arguments = [
            arg("activity_id", .string), arg("owner", .string), arg("attributes", IsletBus.stateType), arg("state", IsletBus.stateType),
        ]
        public init(activityID: String, owner: String, attributes: DBusValue, state: DBusValue) {
            (self.activityID, self.owner, self.attributes, self.state) = (activityID, owner, attributes, state)
        }
        public var values: [DBusValue] { [.string(activityID), .string(owner), attributes, state] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(activityID: try reader.next(), owner: try reader.next(), attributes: try reader.raw(), state: try reader.raw())
        }
    }

    /// A program's own activity: Start's input.
    public struct Start: DBusArguments {
        public var owner: String
        public var attributes: DBusValue
        public var state: DBusValue
        public static let arguments = [arg("owner", .string), arg("attributes", IsletBus.stateType), arg("state", IsletBus.stateType)]
        public init(owner: String, attributes: DBusValue, state: DBusValue) { (self.owner, self.attributes, self.state) = (owner, attributes, state) }
        public var values: [DBusValue] { [.string(owner), attributes, state] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(owner: try reader.next(), attributes: try reader.raw(), state: try reader.raw())
        }
    }

    /// Start's reply: the new activity's id, "" while live activities are off.
    public struct Started: DBusArguments {
        public var activityID: String
        public static let arguments = [arg("activity_id", .string)]
        public init(activityID: String) { self.activityID = activityID }
        public var values: [DBusValue] { [.string(activityID)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(activityID: try reader.next())
        }
    }

    /// The whole new state of the owner's activity: Update's input.
    public struct Update: DBusArguments {
        public var owner: String
        public var state: DBusValue
        public static let arguments = [arg("owner", .string), arg("state", IsletBus.stateType)]
        public init(owner: String, state: DBusValue) { (self.owner, self.state) = (owner, state) }
        public var values: [DBusValue] { [.string(owner), state] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(owner: try reader.next(), state: try reader.raw())
        }
    }

    /// The owner's activity ends with a final state, shown as `dismissal` says: Finish's input.
    public struct Finish: DBusArguments {
        public var owner: String
        public var state: DBusValue
        public var dismissal: String
        public var dismissAt: USec
        public static let arguments = [
            arg("owner", .string), arg("state", IsletBus.stateType), arg("dismissal", .string), arg("dismiss_at_usec", .uint64),
        ]
        public init(owner: String, state: DBusValue, dismissal: String, dismissAt: USec) {
            (self.owner, self.state, self.dismissal, self.dismissAt) = (owner, state, dismissal, dismissAt)
        }
        public var values: [DBusValue] { [.string(owner), state, .string(dismissal), .uint64(dismissAt)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(owner: try reader.next(), state: try reader.raw(), dismissal: try reader.next(), dismissAt: try reader.next())
        }
    }

    /// The ActivityUpdated signal: the activity's new state.
    public struct Changed: DBusArguments {
        public var activityID: String
        public var state: DBusValue
        public static let arguments = [arg("activity_id", .string), arg("state", IsletBus.stateType)]
        public init(activityID: String, state: DBusValue) { (self.activityID, self.state) = (activityID, state) }
        public var values: [DBusValue] { [.string(activityID), state] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(activityID: try reader.next(), state: try reader.raw())
        }
    }

    /// The ActivityEnded signal: stopped, completed, replaced, disabled or owner-vanished.
    public struct Ended: DBusArguments {
        public var activityID: String
        public var reason: String
        public static let arguments = [arg("activity_id", .string), arg("reason", .string)]
        public init(activityID: String, reason: String) { (self.activityID, self.reason) = (activityID, reason) }
        public var values: [DBusValue] { [.string(activityID), .string(reason)] }
        public init(values: [DBusValue]) throws(DBusError) {
            var reader = try ArgumentReader(values, Self.self)
            self.init(activityID: try reader.next(), reason: try reader.next())
        }
    }
}
