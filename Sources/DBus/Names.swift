/// Well-known names: requesting, releasing, losing them, and watching who owns one.
extension DBusConnection {
    public struct NameFlags: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Let another connection take the name from us with `replaceExisting`.
        public static let allowReplacement = NameFlags(rawValue: 1)
        /// Take the name from its owner if that owner allows replacement.
        public static let replaceExisting = NameFlags(rawValue: 2)
        /// Fail instead of waiting in the queue when the name is taken.
        public static let doNotQueue = NameFlags(rawValue: 4)
    }

    public enum RequestNameReply: UInt32, Sendable {
        case primaryOwner = 1, inQueue = 2, exists = 3, alreadyOwner = 4
    }

    public enum ReleaseNameReply: UInt32, Sendable {
        case released = 1, nonExistent = 2, notOwner = 3
    }

    public func requestName(_ name: String, flags: NameFlags = [.doNotQueue]) async throws -> RequestNameReply {
        try DBusValidation.checkBusName(name)
        let reply = try await call(DBusConnection.busCall("RequestName", [.string(name), .uint32(flags.rawValue)]))
        guard case .uint32(let code)? = reply.body.first, let result = RequestNameReply(rawValue: code) else {
            throw DBusError.failed("unexpected RequestName reply \(reply.body)")
        }
        return result
    }

    public func releaseName(_ name: String) async throws -> ReleaseNameReply {
        try DBusValidation.checkBusName(name)
        let reply = try await call(DBusConnection.busCall("ReleaseName", [.string(name)]))
        guard case .uint32(let code)? = reply.body.first, let result = ReleaseNameReply(rawValue: code) else {
            throw DBusError.failed("unexpected ReleaseName reply \(reply.body)")
        }
        return result
    }

    /// Requests or releases a name without waiting for the bus's answer. The bus reads one
    /// connection's messages in order, so what was sent before (a signal) is delivered before
    /// the NameOwnerChanged that follows from this.
    public func setNameOwned(_ name: String, _ owned: Bool, flags: NameFlags = [.doNotQueue]) throws {
        try DBusValidation.checkBusName(name)
        let body: [DBusValue] = owned ? [.string(name), .uint32(flags.rawValue)] : [.string(name)]
        try callNoReply(DBusConnection.busCall(owned ? "RequestName" : "ReleaseName", body))
    }

    /// The names this connection loses (the bus's NameLost signal), as they are lost.
    public func nameLostEvents() async throws -> AsyncStream<String> {
        let signals = try await self.signals(
            matching: MatchRule(
                sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameLost",
                path: "/org/freedesktop/DBus"))
        return signals.compactMap { message -> String? in
            guard case .string(let name)? = message.body.first else { return nil }
            return name
        }.eraseToStream()
    }

    /// The current owner of `name` (a unique name), nil when it has none.
    public func nameOwner(_ name: String) async throws -> String? {
        try DBusValidation.checkBusName(name)
        do {
            let reply = try await call(DBusConnection.busCall("GetNameOwner", [.string(name)]))
            guard case .string(let owner)? = reply.body.first else { return nil }
            return owner
        } catch let error as DBusError where error.name == DBusError.nameHasNoOwnerName {
            return nil
        }
    }

    /// The process that owns `name` (a unique or well-known name), nil when none does or the
    /// bus will not say.
    public func processID(of name: String) async -> UInt32? {
        guard (try? DBusValidation.checkBusName(name)) != nil,
            let reply = try? await call(DBusConnection.busCall("GetConnectionUnixProcessID", [.string(name)])),
            case .uint32(let pid)? = reply.body.first
        else { return nil }
        return pid
    }

    /// The owner of `name` now, then every time it changes (nil: no owner), from the bus's
    /// NameOwnerChanged signal. The stream ends when the connection closes.
    public func watchNameOwner(_ name: String) async throws -> AsyncStream<String?> {
        try DBusValidation.checkBusName(name)
        let changes = try await signals(
            matching: MatchRule(
                sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
                path: "/org/freedesktop/DBus", arg0: name))
        let initial = try await nameOwner(name)
        let (stream, continuation) = AsyncStream.makeStream(of: String?.self)
        continuation.yield(initial)
        let forward = Task {
            for await message in changes {
                guard message.body.count == 3, case .string(let newOwner) = message.body[2] else { continue }
                continuation.yield(newOwner.isEmpty ? nil : newOwner)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in forward.cancel() }
        return stream
    }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// The same elements as an AsyncStream; iterating stops when the stream is dropped.
    func eraseToStream() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
        let task = Task {
            do {
                for try await element in self { continuation.yield(element) }
            } catch {}
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
