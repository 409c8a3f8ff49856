import DBus
import IsletBus
import IsletCore
import Platform
import Synchronization
import Translation

#if canImport(Glibc)
    import Glibc
#endif

/// islet-notify's settings and the one writer of its config.toml: a Set over the bus
/// (``NotifyBus/Property``) rewrites that one line of the file as it is on disk now (a line the
/// user saved a moment ago is kept), an edit by hand is read when it is saved, and the settings
/// in force are always what the file says, over which islet-notify's options are laid. A file
/// that does not read keeps the last settings that did, says why in `problem`, and refuses
/// every Set until it is fixed: nothing the user wrote is lost or overwritten.
public final class SettingsOwner: Sendable {
    /// What a read or a write changed.
    public struct Change: Sendable, Equatable {
        public var old: NotifySettings
        public var new: NotifySettings
        /// The bus properties whose values changed (ConfigProblem among them).
        public var properties: [NotifyBus.Property]
    }

    struct State {
        var settings: NotifySettings
        var problem: String
    }

    /// nil: islet-notify has no config file (neither $XDG_CONFIG_HOME nor $HOME).
    public let path: String?
    let overrides: @Sendable (inout NotifySettings) -> Void
    let overridden: Set<NotifyBus.Property>
    private let state: Mutex<State>

    /// `settings`: what islet-notify started with (read from `path`, `overrides` laid over it).
    public init(
        path: String?, settings: NotifySettings, overridden: Set<NotifyBus.Property>,
        overrides: @escaping @Sendable (inout NotifySettings) -> Void
    ) {
        self.path = path
        self.overrides = overrides
        self.overridden = overridden
        state = Mutex(State(settings: settings, problem: ""))
    }

    public var settings: NotifySettings { state.withLock { $0.settings } }
    public var problem: String { state.withLock { $0.problem } }

    /// A property's value as the bus reads it.
    public func value(of property: NotifyBus.Property) -> DBusValue {
        let (settings, problem) = state.withLock { ($0.settings, $0.problem) }
        return Self.value(of: property, in: settings, problem: problem)
    }

    static func value(of property: NotifyBus.Property, in settings: NotifySettings, problem: String) -> DBusValue {
        switch property {
        case .style: .string(settings.style.rawValue)
        case .lockScreen: .boolean(settings.lockScreen)
        case .mediaPlayer: .boolean(settings.mediaPlayer)
        case .kdeJobs: .boolean(settings.kdeJobs)
        case .players: .boolean(settings.players)
        case .pomodoro: .boolean(settings.pomodoro)
        case .configProblem: .string(problem)
        }
    }

    /// The file read again (it was saved, replaced or removed: a removed file is every default).
    /// nil when nothing the bus or the surfaces see changed.
    @discardableResult
    public func reload() -> Change? {
        guard let path else { return nil }
        let text: String
        switch TextFile.read(path) {
        case .success(let read): text = read
        case .failure(let failure) where failure.code == ENOENT: text = ""
        case .failure(let failure): return adopt(nil, problem: tr("cannot read %1$s: %2$s", path, failure.description))
        }
        do throws(ConfigError) {
            return adopt(try settings(from: text, path: path), problem: "")
        } catch {
            return adopt(nil, problem: error.description)
        }
    }

    /// A Set: `property`'s line of the file written as `value`, every other line as the file
    /// has it now. Returns what changed (the property itself and anything the file changed
    /// since it was last read).
    public func set(_ property: NotifyBus.Property, _ value: DBusValue) throws(DBusError) -> Change? {
        guard let key = property.configKey else { throw DBusError.propertyReadOnly("\(property.name) is read-only") }
        if overridden.contains(property) {
            throw NotifyBus.Refusal.overridden.error(tr("islet-notify's command line sets %s; it wins over config.toml", "--" + key))
        }
        let written: String
        switch (property, value) {
        case (.style, .string(let name)):
            guard NotifySettings.Style(rawValue: name) != nil else {
                throw NotifyBus.Refusal.invalidValue.error(tr("Style must be standard or minimal, got \"%s\"", String(name.prefix(60))))
            }
            written = "\"" + name + "\""
        case (.lockScreen, .boolean(let on)), (.mediaPlayer, .boolean(let on)), (.kdeJobs, .boolean(let on)),
            (.players, .boolean(let on)), (.pomodoro, .boolean(let on)):
            written = on ? "true" : "false"
        default:
            throw DBusError.invalidArgs("\(property.name) has type \"\(property.contract.type.signature)\", got \"\(value.type.signature)\"")
        }
        return try rewrite { text in ConfigText.setting(text, key: key, to: written) }
    }

    /// isletd's linger settings changed (by islet's app, or any client): where the file sets
    /// them, its lines follow, so that islet-notify's next start does not set the old values
    /// back. A file that does not set them is left alone. Returns what changed, as ``set(_:_:)``
    /// does (a save by hand not read yet among it).
    public func follow(lingerSeconds: UInt32?, goalReachedLingerSeconds: UInt32?) -> Change? {
        let keys: [(String, UInt32?)] = [("linger_seconds", lingerSeconds), ("goal_reached_linger_seconds", goalReachedLingerSeconds)]
        return try? rewrite { text in
            var text = text
            for (key, value) in keys {
                guard let value, let written = ConfigText.value(text, key: key), written != "\(value)" else { continue }
                text = ConfigText.setting(text, key: key, to: "\(value)")
            }
            return text
        }
    }

    /// The file as it is now, changed by `change` and written whole (when it changed), then
    /// adopted. Under the lock: two Sets at once each see the other's line.
    private func rewrite(_ change: (String) -> String) throws(DBusError) -> Change? {
        guard let path else { throw NotifyBus.Refusal.configUnwritable.error(tr("islet-notify has no config file: neither XDG_CONFIG_HOME nor HOME is set")) }
        return try state.withLock { (state: inout State) throws(DBusError) -> Change? in
            let old: String
            switch TextFile.read(path) {
            case .success(let text): old = text
            case .failure(let failure) where failure.code == ENOENT: old = ""
            case .failure(let failure): throw NotifyBus.Refusal.configUnwritable.error(tr("cannot read %1$s: %2$s", path, failure.description))
            }
            let current: NotifySettings
            do throws(ConfigError) {
                current = try settings(from: old, path: path)
            } catch {
                // The watch reads the same file and says so in ConfigProblem.
                throw NotifyBus.Refusal.configInvalid.error(error.description)
            }
            let new = change(old)
            if new != old, case .failure(let failure) = TextFile.write(new, to: path) {
                throw NotifyBus.Refusal.configUnwritable.error(tr("cannot write %1$s: %2$s", path, failure.description))
            }
            let settings: NotifySettings
            do throws(ConfigError) {
                settings = try self.settings(from: new, path: path)
            } catch {
                settings = current
            }
            return Self.adopt(&state, settings, problem: "")
        }
    }

    private func settings(from text: String, path: String) throws(ConfigError) -> NotifySettings {
        var settings = NotifySettings()
        try ConfigFile.apply(text, path: path, to: &settings)
        overrides(&settings)
        return settings
    }

    /// `settings` (nil: keep the ones in force) and `problem` taken; what that changed.
    private func adopt(_ settings: NotifySettings?, problem: String) -> Change? {
        state.withLock { Self.adopt(&$0, settings ?? $0.settings, problem: problem) }
    }

    private static func adopt(_ state: inout State, _ settings: NotifySettings, problem: String) -> Change? {
        let old = state
        state.settings = settings
        state.problem = problem
        let properties = NotifyBus.Property.allCases.filter {
            value(of: $0, in: old.settings, problem: old.problem) != value(of: $0, in: settings, problem: problem)
        }
        guard old.settings != settings || !properties.isEmpty else { return nil }
        return Change(old: old.settings, new: settings, properties: properties)
    }
}
