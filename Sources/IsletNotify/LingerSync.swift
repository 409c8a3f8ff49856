import DBus
import IsletBus
import IsletClient
import Synchronization

/// isletd owns the linger settings (LiveActivity.LingerSeconds, GoalReachedLingerSeconds);
/// config.toml may set them too, by hand. Kept in step both ways: the file's values are set on
/// isletd when islet-notify starts and when the file changes, and a change made on isletd (by
/// islet's app, or any client) is written into the file's lines, where it has them.
public final class LingerSync: Sendable {
    let islet: IsletClient
    let owner: SettingsOwner
    let warn: @Sendable (String) -> Void
    let log: @Sendable (String) -> Void
    /// What isletd was last heard to have: not set on it again.
    private let known = Mutex<(linger: UInt32?, goalReached: UInt32?)>((nil, nil))

    public init(islet: IsletClient, owner: SettingsOwner, log: @escaping @Sendable (String) -> Void, warn: @escaping @Sendable (String) -> Void) {
        self.islet = islet
        self.owner = owner
        self.log = log
        self.warn = warn
    }

    /// The file's values set on isletd, those it already has left alone.
    public func push(_ settings: NotifySettings) async {
        let (linger, goalReached) = known.withLock { ($0.linger, $0.goalReached) }
        do {
            if let value = settings.lingerSeconds, value != linger {
                log("linger: LingerSeconds \(value) set on isletd, as the config file says")
                try await islet.activity.set(IsletBus.LiveActivity.Property.lingerSeconds, .uint32(value))
            }
            if let value = settings.goalReachedLingerSeconds, value != goalReached {
                log("linger: GoalReachedLingerSeconds \(value) set on isletd, as the config file says")
                try await islet.activity.set(IsletBus.LiveActivity.Property.goalReachedLingerSeconds, .uint32(value))
            }
        } catch {
            warn("cannot set the linger settings on isletd: \(error)")
        }
    }

    /// Follows isletd's linger settings for as long as the connection lasts; `changed` hears
    /// what writing them into the file changed (a save by hand not read yet among it).
    public func follow(changed: @escaping @Sendable (SettingsOwner.Change) -> Void) async {
        guard
            let changes = try? await islet.connection.signals(
                matching: MatchRule(
                    interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: IsletBus.path,
                    arg0: IsletBus.LiveActivity.name))
        else { return }
        for await message in changes {
            let (linger, goalReached) = Self.lingers(fromChange: message.body)
            guard linger != nil || goalReached != nil else { continue }
            log("linger: isletd says \(linger.map { "LingerSeconds \($0) " } ?? "")\(goalReached.map { "GoalReachedLingerSeconds \($0)" } ?? "")")
            known.withLock { known in
                if let linger { known.linger = linger }
                if let goalReached { known.goalReached = goalReached }
            }
            if let change = owner.follow(lingerSeconds: linger, goalReachedLingerSeconds: goalReached) { changed(change) }
        }
    }

    /// LingerSeconds and GoalReachedLingerSeconds from a PropertiesChanged body (interface,
    /// changed, invalidated), each nil when it is not among the changes.
    static func lingers(fromChange body: [DBusValue]) -> (UInt32?, UInt32?) {
        guard body.count >= 2, case .dictionary(_, _, let entries) = body[1] else { return (nil, nil) }
        var linger: UInt32?
        var goalReached: UInt32?
        for entry in entries {
            guard case .variant(.uint32(let value)) = entry.value else { continue }
            switch entry.key {
            case .string(IsletBus.LiveActivity.Property.lingerSeconds.rawValue): linger = value
            case .string(IsletBus.LiveActivity.Property.goalReachedLingerSeconds.rawValue): goalReached = value
            default: break
            }
        }
        return (linger, goalReached)
    }
}
