/// A live activity as a listener receives it: `LiveActivity.Get`, `ActivityStarted`, then
/// `ActivityUpdated` replacing the state.
public struct ActivitySnapshot: Equatable, Sendable {
    public var id: String
    public var owner: String
    public var attributes: ActivityState
    public var state: ActivityState

    public init(id: String, owner: String, attributes: ActivityState, state: ActivityState) {
        self.id = id
        self.owner = owner
        self.attributes = attributes
        self.state = state
    }

    public var kind: ActivityKind {
        attributes["kind"]?.string.flatMap(ActivityKind.init(rawValue:)) ?? .custom
    }
}
