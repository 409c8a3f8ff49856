import Translation

/// A value of an activity's attributes or state: the basic D-Bus types, no containers.
public enum ActivityValue: Equatable, Sendable, Codable {
    case byte(UInt8), bool(Bool), int16(Int16), uint16(UInt16), int32(Int32), uint32(UInt32)
    case int64(Int64), uint64(UInt64), double(Double), string(String)

    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var uint64: UInt64? { if case .uint64(let v) = self { v } else { nil } }
    public var uint32: UInt32? { if case .uint32(let v) = self { v } else { nil } }
    public var double: Double? { if case .double(let v) = self { v } else { nil } }
    public var bool: Bool? { if case .bool(let v) = self { v } else { nil } }

    var typeCode: Character {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        }
    }
}

/// The ContentState of an activity (and the attributes): `a{sv}` on the bus.
public typealias ActivityState = [String: ActivityValue]

public enum ActivityKind: String, Equatable, Sendable, Codable {
    case fast, timer, custom
}

/// The one live activity.
public struct Activity: Equatable, Sendable, Codable {
    public var id: String
    public var owner: String
    public var kind: ActivityKind
    public var attributes: ActivityState
    /// A custom activity's own state; fasts and timers compute theirs.
    public var customState: ActivityState = [:]
    /// The unique bus name that started a custom activity.
    public var sender: String = ""
    /// A finished timer's last state, shown while it lingers; 0 = not completed.
    public var completedAt: USec = 0
    public var completedState: ActivityState = [:]
    /// When a fast's goal-reached was shown (for GoalReachedLingerSeconds); 0 = not yet.
    public var goalReachedShownAt: USec = 0
    /// A program's activity after Finish: when it goes (its dismissal policy); 0 = not finished.
    public var dismissAt: USec = 0

    /// A source's activity always ends with its program (contract 1.4).
    public var endsWithOwner: Bool { kind == .custom && (isSource || (attributes["ends_with_owner"]?.bool ?? true)) }
    /// What merely runs (a song, a Pomodoro app's block), shown by a source: it never takes the
    /// island from what the user started (``IslandRule``).
    public var isSource: Bool { kind == .custom && attributes["source"]?.bool == true }
}

/// A source's activity (contract 1.4): kept from its `Start` to its `End` or its program's
/// leaving, shown while ``IslandRule`` gives it the island, waiting otherwise. Its updates are
/// kept while it waits, so it comes back as it is now.
public struct SourceActivity: Equatable, Sendable, Codable {
    public var owner: String
    public var attributes: ActivityState
    public var state: ActivityState
    /// The unique bus name of the program that started it.
    public var sender: String
    /// Its place in the producers' start order.
    public var sequence: UInt64

    /// How relevant it is now: its state's `relevance` (a player that pauses gives way), else
    /// its attributes', else 0 (ActivityKit's relevanceScore goes with each update too).
    public var relevance: Double { state["relevance"]?.double ?? attributes["relevance"]?.double ?? 0 }
}

extension Activity {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        owner = try c.decode(String.self, forKey: .owner)
        kind = try c.decode(ActivityKind.self, forKey: .kind)
        attributes = try c.decode(.attributes, or: [:])
        customState = try c.decode(.customState, or: [:])
        sender = try c.decode(.sender, or: "")
        completedAt = try c.decode(.completedAt, or: 0)
        completedState = try c.decode(.completedState, or: [:])
        goalReachedShownAt = try c.decode(.goalReachedShownAt, or: 0)
        dismissAt = try c.decode(.dismissAt, or: 0)
    }
}

public enum EndReason: String, Sendable, Equatable {
    case stopped, completed, replaced, disabled
    case ownerVanished = "owner-vanished"
}

/// The bounds on what callers may put in a custom activity.
public enum CustomDictionary {
    static let typedKeys: [String: Character] = [
        "status": "s", "started_at_usec": "t", "ends_at_usec": "t", "remaining_usec": "t", "elapsed_usec": "t",
        "progress": "d", "goal_usec": "t", "total_usec": "t", "total_remaining_usec": "t", "updated_at_usec": "t",
        "title": "s", "phase_name": "s", "phase_index": "u", "phase_count": "u", "round": "u", "rounds": "u",
        "kind": "s", "ends_with_owner": "b", "stale_at_usec": "t", "stale": "b", "alert": "b", "outcome": "s",
        "source": "b", "relevance": "d", "app_id": "s", "actions": "s", "art_url": "s",
    ]
    /// The buttons a program's activity may offer (contract 1.4, `actions`): pressed anywhere,
    /// each reaches the program as ActionInvoked.
    public static let actionWords: [String] = ["pause", "resume", "next", "skip", "stop"]

    /// The words of an `actions` value ("pause next"), in order; empty for none.
    public static func actions(_ value: ActivityValue?) -> [String] {
        (value?.string ?? "").split(separator: " ").map(String.init)
    }
    /// Set by the service alone: what a caller sends under it is dropped.
    static let serviceKeys: Set<String> = ["stale"]
    static let statuses: Set<String> = ["running", "paused", "goal-reached", "completed"]

    /// At most ``Limits/maxDictionaryKeys`` keys: checked before anything else is read.
    public static func checkKeyCount(_ count: Int, what: String) throws(IsletError) {
        guard count <= Limits.maxDictionaryKeys else {
            throw .invalidArgument(
                trn("%1$s has %2$s key; at most %3$s", "%1$s has %2$s keys; at most %3$s", UInt64(count), "\(what)", "\(count)", "\(Limits.maxDictionaryKeys)"))
        }
    }

    /// The state as the service keeps it: without the keys only it sets (`stale`) and without
    /// `alert`, which belongs to the one update that carries it.
    public static func kept(_ state: ActivityState) -> ActivityState {
        state.filter { !serviceKeys.contains($0.key) && $0.key != "alert" }
    }

    public static func validate(_ dictionary: ActivityState, what: String) throws(IsletError) {
        try checkKeyCount(dictionary.count, what: what)
        for (key, value) in dictionary {
            guard Limits.keyLength.contains(key.utf8.count),
                key.unicodeScalars.allSatisfy(isKeyScalar)
            else { throw .invalidArgument(tr("%1$s: the key \"%2$s\" must be 1 to 64 characters of A-Z a-z 0-9 _ -", "\(what)", "\(key.prefix(80))")) }
            if case .string(let text) = value, text.utf8.count > Limits.maxStringBytes {
                throw .invalidArgument(tr("%1$s value for \"%2$s\" is over 1024 bytes", "\(what)", "\(key)"))
            }
            if let expected = typedKeys[key], value.typeCode != expected {
                throw .invalidArgument(
                    tr("%1$s: the key \"%2$s\" must have type \"%3$s\", got \"%4$s\"", "\(what)", "\(key)", "\(expected)", "\(value.typeCode)"))
            }
        }
        if let status = dictionary["status"]?.string, !statuses.contains(status) {
            throw .invalidArgument(tr("status must be running, paused, goal-reached or completed, got \"%s\"", "\(status.prefix(80))"))
        }
        if let progress = dictionary["progress"]?.double, !(0...1).contains(progress) {
            throw .invalidArgument(tr("progress must be within 0 ... 1"))
        }
        if let outcome = dictionary["outcome"]?.string, outcome != "success", outcome != "failure" {
            throw .invalidArgument(tr("outcome must be success or failure, got \"%s\"", "\(outcome.prefix(80))"))
        }
        let actions = actions(dictionary["actions"])
        if let unknown = actions.first(where: { !actionWords.contains($0) }) {
            throw .invalidArgument(
                tr("actions are words among %1$s, separated by spaces; got \"%2$s\"", actionWords.joined(separator: ", "), "\(unknown.prefix(40))"))
        }
        if Set(actions).count != actions.count { throw .invalidArgument(tr("actions names a button twice")) }
        if let relevance = dictionary["relevance"]?.double, !(0...1).contains(relevance) {
            throw .invalidArgument(tr("relevance must be within 0 ... 1"))
        }
        if let art = dictionary["art_url"]?.string, !isLocalFileURL(art) {
            throw .invalidArgument(tr("art_url must be a local file's URL (file:///...), got \"%s\"", "\(art.prefix(80))"))
        }
        if let appID = dictionary["app_id"]?.string, !isDesktopEntryID(appID) {
            throw .invalidArgument(
                tr("app_id must be a desktop entry's id (1 to 255 of A-Z a-z 0-9 . _ -, without .desktop), got \"%s\"", "\(appID.prefix(80))"))
        }
    }

    /// A local file's URL (contract 1.4's `art_url`): `file://` and an absolute path, with no
    /// control character, no `..` and no query, so that a surface loads a file and nothing else.
    public static func isLocalFileURL(_ url: String) -> Bool {
        guard url.hasPrefix("file:///"), !url.contains("?"), !url.contains("#") else { return false }
        let path = url.dropFirst("file://".count)
        return !path.split(separator: "/").contains { $0 == ".." || $0.lowercased() == "%2e%2e" }
            && url.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
    }

    /// A desktop entry's id as the freedesktop specs write it (`org.gnome.Rhythmbox3`, `mpv`),
    /// without its `.desktop`: safe to show and to look up, never a path.
    public static func isDesktopEntryID(_ id: String) -> Bool {
        Limits.appIDLength.contains(id.utf8.count) && !id.hasSuffix(".desktop") && !id.hasPrefix(".")
            && id.unicodeScalars.allSatisfy { isKeyScalar($0) || $0 == "." }
    }

    private static func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
        default: false
        }
    }
}

extension RunningFast {
    /// The fast's activity state as of `now`.
    public func state(at now: USec) -> ActivityState {
        let elapsed = now > startedAt ? now - startedAt : 0
        let goal = goalSeconds * usecPerSecond
        let remaining = goal > elapsed ? goal - elapsed : 0
        let reached = goalReached
        return [
            "status": .string(reached ? "goal-reached" : "running"),
            "started_at_usec": .uint64(startedAt),
            "ends_at_usec": .uint64(goal == 0 ? 0 : startedAt + goal),
            "remaining_usec": .uint64(reached ? 0 : remaining),
            "elapsed_usec": .uint64(elapsed),
            "progress": .double(goal == 0 ? 0 : min(1, Double(elapsed) / Double(goal))),
            "goal_usec": .uint64(goal),
            "title": .string("Fasting Goal"),
            "updated_at_usec": .uint64(now),
        ]
    }
}
