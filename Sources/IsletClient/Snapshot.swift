import DBus
import IsletBus
import IsletCore

extension IsletClient {
    /// `(s activity_id, s owner, a{sv} attributes, a{sv} state)`: nil when the id is empty.
    static func snapshot(_ body: [DBusValue]) throws(DBusError) -> ActivitySnapshot? {
        guard body.count == 4, case .string(let id) = body[0], case .string(let owner) = body[1] else {
            throw DBusError.typeMismatch(expected: "ssa{sv}a{sv}", got: body.map(\.type).signature)
        }
        guard !id.isEmpty else { return nil }
        return ActivitySnapshot(
            id: id, owner: owner, attributes: try ActivityCoding.received(body[2]), state: try ActivityCoding.received(body[3]))
    }
}
