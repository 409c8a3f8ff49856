/// What islet-notify remembers across its own restarts (a crash, kill -9, an upgrade): the live
/// notification it had on screen, on which bus and from which server instance, so that the next
/// start can close it; and what it announced, so that nothing is announced twice. Kept as a few
/// lines of text; a damaged file is ignored (it only ever costs a duplicate).
public struct NotifyMemory: Equatable, Sendable {
    /// `org.freedesktop.DBus.GetId` of the bus: ids mean nothing on another bus.
    public var busID: String
    /// The notification server's unique name: ids mean nothing to another instance.
    public var server: String
    public var liveID: UInt32
    public var announced: [String]

    public init(busID: String, server: String, liveID: UInt32, announced: [String]) {
        self.busID = busID
        self.server = server
        self.liveID = liveID
        self.announced = announced
    }

    public var encoded: String {
        "bus \(busID)\nserver \(server)\nlive \(liveID)\n" + announced.map { "announced \($0)\n" }.joined()
    }

    public static func decode(_ text: String) -> NotifyMemory? {
        var memory = NotifyMemory(busID: "", server: "", liveID: 0, announced: [])
        for line in text.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { return nil }
            let value = String(line[line.index(after: space)...])
            guard value.utf8.count <= 256 else { return nil }
            switch line[..<space] {
            case "bus": memory.busID = value
            case "server": memory.server = value
            case "live":
                guard let id = UInt32(value) else { return nil }
                memory.liveID = id
            case "announced": memory.announced.append(value)
            default: return nil
            }
        }
        return memory.busID.isEmpty ? nil : memory
    }
}

/// Where the memory lives (islet-notify: a file in `$XDG_RUNTIME_DIR`, one per bus).
public struct MemoryStore: Sendable {
    public var load: @Sendable (_ busID: String) -> NotifyMemory?
    public var save: @Sendable (NotifyMemory) -> Void

    public init(load: @escaping @Sendable (String) -> NotifyMemory?, save: @escaping @Sendable (NotifyMemory) -> Void) {
        self.load = load
        self.save = save
    }

    public static let none = MemoryStore(load: { _ in nil }, save: { _ in })
}
