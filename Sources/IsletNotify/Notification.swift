import IsletCore

/// A hint of a freedesktop notification (the `a{sv}` of Notify), of the types servers read.
public enum Hint: Equatable, Sendable {
    case string(String)
    case byte(UInt8)
    case int32(Int32)
    case bool(Bool)
}

/// What `Notify` sends, apart from `replaces_id` and the urgency, which the bridge adds: the
/// same content twice means nothing to send.
public struct NotificationContent: Equatable, Sendable {
    public var appName: String
    public var icon: String
    public var summary: String
    public var body: String
    /// Pairs of (key, label), flattened into `as` when sent.
    public var actions: [(key: String, label: String)]
    public var hints: [String: Hint]
    /// Milliseconds; 0 = never expires (a live activity stays until it ends).
    public var expireTimeout: Int32 = 0

    public static func == (a: Self, b: Self) -> Bool {
        a.appName == b.appName && a.icon == b.icon && a.summary == b.summary && a.body == b.body
            && a.actions.map(\.key) == b.actions.map(\.key) && a.actions.map(\.label) == b.actions.map(\.label)
            && a.hints == b.hints && a.expireTimeout == b.expireTimeout
    }
}

/// freedesktop urgency levels.
public enum Urgency: UInt8, Sendable, Equatable {
    case low = 0, normal = 1, critical = 2

    public init?(name: String) {
        switch name {
        case "low": self = .low
        case "normal": self = .normal
        case "critical": self = .critical
        default: return nil
        }
    }
}

/// What a server said it can do (`GetCapabilities`).
public struct ServerCapabilities: Equatable, Sendable {
    public var names: Set<String>
    public init(_ names: some Sequence<String>) { self.names = Set(names) }

    public var body: Bool { names.contains("body") }
    public var actions: Bool { names.contains("actions") }
    public var bodyMarkup: Bool { names.contains("body-markup") }
    public var persistence: Bool { names.contains("persistence") }

    /// Assumed until the server answers: text in the body, nothing else.
    public static let unknown = ServerCapabilities(["body"])
}

/// Escapes the characters that mean something in the body markup servers accept.
public enum Markup {
    public static func escape(_ text: String) -> String { Format.escapeMarkup(text) }
}
