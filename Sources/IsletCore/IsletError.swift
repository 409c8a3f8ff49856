/// The errors of the islet contract; the service maps each to `org.islet.Islet1.Error.<name>`.
public enum IsletError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidArgument(String)
    case alreadyFasting(String)
    case notFasting(String)
    case unknownFast(String)
    case unknownTimer(String)
    case invalidState(String)
    case notOwner(String)
    case nothingToUndo(String)

    public var name: String {
        switch self {
        case .invalidArgument: "InvalidArgument"
        case .alreadyFasting: "AlreadyFasting"
        case .notFasting: "NotFasting"
        case .unknownFast: "UnknownFast"
        case .unknownTimer: "UnknownTimer"
        case .invalidState: "InvalidState"
        case .notOwner: "NotOwner"
        case .nothingToUndo: "NothingToUndo"
        }
    }

    public var message: String {
        switch self {
        case .invalidArgument(let m), .alreadyFasting(let m), .notFasting(let m), .unknownFast(let m),
            .unknownTimer(let m), .invalidState(let m), .notOwner(let m), .nothingToUndo(let m):
            m
        }
    }

    public var description: String { "\(name): \(message)" }
}
