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

    /// A source's activity (contract 1.4): what merely runs, read from another program.
    public var isSource: Bool { kind == .custom && attributes["source"]?.bool == true }

    /// The desktop entry of the program it is about (contract 1.4), nil when it names none.
    public var appID: String? { attributes["app_id"]?.string }
}
