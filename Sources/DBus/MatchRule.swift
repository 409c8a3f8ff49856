/// A signal match rule: sent to the bus as text (AddMatch), and applied locally to route
/// incoming signals to the subscriptions that asked for them.
///
/// Locally, `sender` is compared only when it is a unique name (`:1.42`); a well-known name is
/// left to the bus, which resolves it to its owner.
public struct MatchRule: Hashable, Sendable {
    public var sender: String?
    public var interface: String?
    public var member: String?
    public var path: ObjectPath?
    public var pathNamespace: ObjectPath?
    /// `arg0=...`: the first argument, when it is a string, equals this.
    public var arg0: String?
    /// `arg0namespace=...`: the first argument is this bus name or one below it
    /// (`org.mpris.MediaPlayer2` matches `org.mpris.MediaPlayer2.mpv`, not `org.mpris.MediaPlayer2x`).
    public var arg0Namespace: String?

    public init(
        sender: String? = nil, interface: String? = nil, member: String? = nil,
        path: ObjectPath? = nil, pathNamespace: ObjectPath? = nil, arg0: String? = nil, arg0Namespace: String? = nil
    ) {
        self.sender = sender
        self.interface = interface
        self.member = member
        self.path = path
        self.pathNamespace = pathNamespace
        self.arg0 = arg0
        self.arg0Namespace = arg0Namespace
    }

    /// The rule as the bus reads it, values quoted per the spec.
    public var text: String {
        var parts = ["type='signal'"]
        func add(_ key: String, _ value: String?) {
            guard let value else { return }
            // Inside quotes only the apostrophe needs escaping, as '\''.
            parts.append("\(key)='" + value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'")
        }
        add("sender", sender)
        add("interface", interface)
        add("member", member)
        add("path", path?.rawValue)
        add("path_namespace", pathNamespace?.rawValue)
        add("arg0", arg0)
        add("arg0namespace", arg0Namespace)
        return parts.joined(separator: ",")
    }

    public func matches(_ message: Message) -> Bool {
        guard message.kind == .signal else { return false }
        if let sender, sender.hasPrefix(":"), message.sender != sender { return false }
        if let interface, message.interface != interface { return false }
        if let member, message.member != member { return false }
        if let path, message.path != path { return false }
        if let pathNamespace {
            guard let messagePath = message.path,
                messagePath == pathNamespace || messagePath.isDescendant(of: pathNamespace)
            else { return false }
        }
        if let arg0 {
            guard case .string(let first)? = message.body.first, first == arg0 else { return false }
        }
        if let arg0Namespace {
            guard case .string(let first)? = message.body.first, first == arg0Namespace || first.hasPrefix(arg0Namespace + ".") else {
                return false
            }
        }
        return true
    }
}
