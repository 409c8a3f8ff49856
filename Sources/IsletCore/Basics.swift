/// Microseconds since the Unix epoch (CLOCK_REALTIME); 0 means none.
public typealias USec = UInt64

public let usecPerSecond: UInt64 = 1_000_000

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

/// The contract's limits.
public enum Limits {
    public static let goalSeconds: ClosedRange<UInt64> = 60...604_800
    public static let phaseSeconds: ClosedRange<UInt64> = 1...604_800
    public static let maxPhases = 32
    public static let rounds: ClosedRange<UInt32> = 1...100
    public static let maxTotalSeconds: UInt64 = 604_800
    public static let ownerLength: ClosedRange<Int> = 1...64
    public static let titleLength: ClosedRange<Int> = 1...128
    public static let listLimit: ClosedRange<UInt32> = 1...1000
    public static let lingerSeconds: ClosedRange<UInt32> = 0...3600
    public static let goalReachedLingerSeconds: ClosedRange<UInt32> = 0...86400
    public static let maxDictionaryKeys = 32
    public static let keyLength: ClosedRange<Int> = 1...64
    public static let maxStringBytes = 1024
    /// How long after a stop UndoStopFast brings the fast back.
    public static let undoStopSeconds: UInt64 = 600

    static func checkText(_ text: String, _ what: String, _ range: ClosedRange<Int>) throws(IsletError) {
        let count = text.unicodeScalars.count
        guard range.contains(count) else {
            throw .invalidArgument("\(what) must be \(range.lowerBound) to \(range.upperBound) characters, got \(count)")
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .invalidArgument("\(what) must not contain control characters")
        }
    }

    static func checkGoal(_ seconds: UInt64) throws(IsletError) {
        guard goalSeconds.contains(seconds) else {
            throw .invalidArgument("a goal must be 60 seconds to 7 days (604800 seconds), got \(seconds)")
        }
    }
}
