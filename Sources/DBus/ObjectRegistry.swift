import CDBus

/// The objects a connection exports, by path. Touched only on the connection's loop.
final class ObjectRegistry: @unchecked Sendable {
    var objects: [ObjectPath: [DBusInterface]] = [:] {
        didSet {
            lastLookup = nil
            lastMethod = nil
            propertyReplies.removeAll()
        }
    }

    // What calls repeat, kept until the objects change. The wire cache hands back the same
    // path, interface and member strings for each repeated call, so recognising one costs
    // comparisons of identical strings, no hashing.

    /// The last path looked up and what is there.
    private var lastLookup: (path: ObjectPath, interfaces: [DBusInterface]?)?
    /// The method the last call to an exported method resolved to.
    private var lastMethod: RememberedMethod?

    /// In a class, so that checking it takes a reference, not a copy of three strings and a
    /// method.
    private final class RememberedMethod {
        let path: ObjectPath
        let interface: String?
        let member: String
        let method: DBusMethod

        init(_ path: ObjectPath, _ interface: String?, _ member: String, _ method: DBusMethod) {
            (self.path, self.interface, self.member, self.method) = (path, interface, member, method)
        }
    }
    /// The last Properties.Get answer of each property, marshalled: the same value is asked
    /// for again and again (a panel polls), and a copy of a finished reply costs a fraction of
    /// building one. The value is compared on every Get, so a change is never missed.
    private var propertyReplies: [PropertyReplyKey: (value: DBusValue, reply: DBusPreparedReply)] = [:]

    struct PropertyReplyKey: Hashable {
        var path: ObjectPath
        var interface: String
        var property: String
    }

    /// The interfaces exported at `path`, nil if none.
    func interfaces(at path: ObjectPath) -> [DBusInterface]? {
        if let lastLookup, lastLookup.path == path { return lastLookup.interfaces }
        let found = objects[path]
        lastLookup = (path, found)
        return found
    }

    func rememberedMethod(_ path: ObjectPath, _ interface: String?, _ member: String) -> DBusMethod? {
        // The member first: short names are compared inline, and a call to another member
        // (a Properties.Get between two ListFasts) is told apart at once.
        guard let last = lastMethod, last.member == member, last.interface == interface, last.path == path else { return nil }
        return last.method
    }

    func remember(_ method: DBusMethod, _ path: ObjectPath, _ interface: String?, _ member: String) {
        lastMethod = RememberedMethod(path, interface, member, method)
    }

    /// The reply to a Get that answers `value`: the last one marshalled for the property if
    /// the value is the same, a new one otherwise; nil if the value fails validation.
    func getReply(_ key: PropertyReplyKey, _ value: DBusValue) -> DBusPreparedReply? {
        if let last = propertyReplies[key], last.value == value { return last.reply }
        guard let reply = try? DBusPreparedReply([.variant(value)]) else { return nil }
        propertyReplies[key] = (value, reply)
        return reply
    }

    func interface(_ path: ObjectPath, _ name: String) -> DBusInterface? {
        interfaces(at: path)?.first { $0.name == name }
    }

    /// The direct children of `path` among exported paths (for introspection `<node>`s).
    func childNames(of path: ObjectPath) -> [String] {
        let prefix = path.rawValue == "/" ? "/" : path.rawValue + "/"
        var names = Set<String>()
        for exported in objects.keys where exported.rawValue.hasPrefix(prefix) && exported != path {
            let rest = exported.rawValue.dropFirst(prefix.count)
            if let first = rest.split(separator: "/").first { names.insert(String(first)) }
        }
        return names.sorted()
    }

    func propertiesChangedSignal(path: ObjectPath, interface: String, names: Set<String>) -> Message? {
        guard let descriptor = self.interface(path, interface) else { return nil }
        var changed: [String: DBusValue] = [:]
        var invalidated: [String] = []
        for name in names.sorted() {
            guard let property = descriptor.property(name) else { continue }
            switch property.changeSignal {
            case .emitsValue:
                if let value = try? property.read() { changed[name] = value } else { invalidated.append(name) }
            case .invalidates: invalidated.append(name)
            case .constant, .none: continue
            }
        }
        if changed.isEmpty && invalidated.isEmpty { return nil }
        return .signal(
            path: path, interface: StandardInterfaces.properties, member: "PropertiesChanged",
            body: [.string(interface), .stringVariantDictionary(changed), invalidated.dbusValue])
    }
}
