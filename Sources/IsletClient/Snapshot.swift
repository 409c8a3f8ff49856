import DBus
import IsletBus
import IsletCore

extension IsletClient {
    /// An activity as the contract carries it (Get's reply, ActivityStarted): nil when its id
    /// is empty (none).
    static func snapshot(_ activity: IsletBus.LiveActivity.Activity) throws(DBusError) -> ActivitySnapshot? {
        guard !activity.activityID.isEmpty else { return nil }
        return ActivitySnapshot(
            id: activity.activityID, owner: activity.owner, attributes: try ActivityCoding.received(activity.attributes),
            state: try ActivityCoding.received(activity.state))
    }
}
