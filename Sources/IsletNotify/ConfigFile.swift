import IsletCore
import Translation

/// A bad configuration file: which file, which line, what is wrong.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var message: String
    public var description: String { "\(path):\(line): \(message)" }
}

/// `config.toml`: the TOML that a settings file needs (tables, `key = value`, strings,
/// booleans, integers, comments), read strictly: an unknown key or a wrong type names its line.
public enum ConfigFile {
    enum Value: Equatable {
        case string(String), bool(Bool), integer(Int64)
        var typeName: String {
            switch self {
            case .string: tr("a string")
            case .bool: tr("true or false")
            case .integer: tr("an integer")
            }
        }
    }

    /// `$XDG_CONFIG_HOME/islet/config.toml`, else `$HOME/.config/islet/config.toml`.
    public static func defaultPath(environment: [String: String]) -> String? { ConfigText.defaultPath(environment: environment) }

    /// Applies the file's settings over `settings`: all of them, or none when a line is bad.
    public static func apply(_ text: String, path: String, to settings: inout NotifySettings) throws(ConfigError) {
        var result = settings
        try read(text, path: path, into: &result)
        settings = result
    }

    static func read(_ text: String, path: String, into settings: inout NotifySettings) throws(ConfigError) {
        var table = ""
        var seen: Set<String> = []
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            func fail(_ message: String) -> ConfigError { ConfigError(path: path, line: number, message: message) }
            let line = try stripComment(Substring(rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine), fail)
            if line.isEmpty { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]"), !line.hasPrefix("[[") else { throw fail(tr("a table header looks like [icons]")) }
                let name = trim(line.dropFirst().dropLast())
                guard name == "icons" else { throw fail(tr("unknown table [%s]; the only table is [icons]", "\(name)")) }
                guard seen.insert("[" + name + "]").inserted else { throw fail(tr("table [%s] appears twice", "\(name)")) }
                table = name
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw fail(tr("expected key = value, got \"%s\"", "\(line.prefix(60))"))
            }
            var key = trim(line[..<equals])
            if key.count >= 2, key.first == "\"", key.last == "\"" { key = String(key.dropFirst().dropLast()) }
            let value = try parseValue(trim(line[line.index(after: equals)...]), fail)
            let full = table.isEmpty ? key : table + "." + key
            guard seen.insert(full).inserted else { throw fail(tr("%s is set twice", "\(full)")) }
            try set(full, value, on: &settings, fail)
        }
    }

    static let keys = [
        "style", "update_urgency", "buttons", "sound", "timer_on_screen", "keep_completion", "media_player",
        "kde_jobs", "lock_screen", "players", "pomodoro", "long_commands", "long_command_seconds", "long_command_ignore", "app_progress",
        "linger_seconds",
        "goal_reached_linger_seconds",
        "icons.fast", "icons.goal_reached", "icons.timer", "icons.paused", "icons.completed", "icons.custom", "icons.failed",
    ]

    static func set(_ key: String, _ value: Value, on settings: inout NotifySettings, _ fail: (String) -> ConfigError) throws(ConfigError) {
        func string() throws(ConfigError) -> String {
            guard case .string(let s) = value else { throw fail(tr("%1$s must be a string, got %2$s", "\(key)", "\(value.typeName)")) }
            return s
        }
        func seconds(_ range: ClosedRange<UInt32>) throws(ConfigError) -> UInt32 {
            guard case .integer(let n) = value else { throw fail(tr("%1$s must be a number of seconds, got %2$s", "\(key)", "\(value.typeName)")) }
            guard n >= Int64(range.lowerBound), n <= Int64(range.upperBound) else {
                throw fail(
                    trn(
                        "%1$s must be %2$s to %3$s second, got %4$s", "%1$s must be %2$s to %3$s seconds, got %4$s", UInt64(range.upperBound), "\(key)",
                        "\(range.lowerBound)", "\(range.upperBound)", "\(n)"))
            }
            return UInt32(n)
        }
        func bool() throws(ConfigError) -> Bool {
            guard case .bool(let b) = value else { throw fail(tr("%1$s must be true or false, got %2$s", "\(key)", "\(value.typeName)")) }
            return b
        }
        switch key {
        case "style":
            let name = try string()
            guard let style = NotifySettings.Style(rawValue: name) else {
                throw fail(tr("style must be \"standard\" or \"minimal\", got \"%s\"", "\(name.prefix(40))"))
            }
            settings.style = style
        case "update_urgency":
            let name = try string()
            guard let urgency = Urgency(name: name) else {
                throw fail(tr("update_urgency must be \"low\", \"normal\" or \"critical\", got \"%s\"", "\(name.prefix(40))"))
            }
            settings.updateUrgency = urgency
        case "buttons": settings.buttons = try bool()
        case "sound": settings.sound = try bool()
        case "timer_on_screen": settings.timerOnScreen = try bool()
        case "keep_completion": settings.keepCompletion = try bool()
        case "media_player": settings.mediaPlayer = try bool()
        case "kde_jobs": settings.kdeJobs = try bool()
        case "lock_screen": settings.lockScreen = try bool()
        case "players": settings.players = try bool()
        case "pomodoro": settings.pomodoro = try bool()
        case "long_commands": settings.longCommands = try bool()
        case "app_progress": settings.appProgress = try bool()
        case "long_command_seconds": settings.longCommandSeconds = try seconds(1...86_400)
        case "long_command_ignore":
            let names = try string().split(separator: " ").map(String.init)
            guard names.count <= 256, names.allSatisfy({ $0.count <= 64 }) else {
                throw fail(tr("long_command_ignore must be at most 256 program names separated by spaces"))
            }
            settings.longCommandIgnore = names
        case "linger_seconds": settings.lingerSeconds = try seconds(Limits.lingerSeconds)
        case "goal_reached_linger_seconds": settings.goalReachedLingerSeconds = try seconds(Limits.goalReachedLingerSeconds)
        case "icons.fast": settings.icons.fast = try string()
        case "icons.goal_reached": settings.icons.goalReached = try string()
        case "icons.timer": settings.icons.timer = try string()
        case "icons.paused": settings.icons.paused = try string()
        case "icons.completed": settings.icons.completed = try string()
        case "icons.custom": settings.icons.custom = try string()
        case "icons.failed": settings.icons.failed = try string()
        default:
            throw fail(tr("unknown key %1$s; known keys: %2$s", "\(key.prefix(60))", "\(keys.joined(separator: ", "))"))
        }
    }

    /// The line without its comment (a `#` outside quotes).
    static func stripComment(_ line: Substring, _ fail: (String) -> ConfigError) throws(ConfigError) -> Substring {
        var quote: Character?
        var escaped = false
        for index in line.indices {
            let c = line[index]
            if let q = quote {
                if escaped { escaped = false } else if c == "\\" && q == "\"" { escaped = true } else if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#" {
                return trim(line[..<index])[...]
            }
        }
        return trim(line)[...]
    }

    static func parseValue(_ text: String, _ fail: (String) -> ConfigError) throws(ConfigError) -> Value {
        switch text {
        case "": throw fail(tr("a value is missing after ="))
        case "true": return .bool(true)
        case "false": return .bool(false)
        default: break
        }
        if text.hasPrefix("\"\"\"") || text.hasPrefix("'''") { throw fail(tr("multi-line strings are not used here")) }
        if text.hasPrefix("'") {
            guard text.count >= 2, text.hasSuffix("'"), !text.dropFirst().dropLast().contains("'") else {
                throw fail(tr("unterminated string"))
            }
            return .string(String(text.dropFirst().dropLast()))
        }
        if text.hasPrefix("\"") {
            var result = ""
            var escaped = false
            var closed = false
            for c in text.dropFirst() {
                if closed { throw fail(tr("unexpected text after the closing quote")) }
                if escaped {
                    switch c {
                    case "\"": result.append("\"")
                    case "\\": result.append("\\")
                    case "n": result.append("\n")
                    case "t": result.append("\t")
                    default: throw fail(tr("unknown escape \\%s in a string", "\(c)"))
                    }
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == "\"" {
                    closed = true
                } else {
                    result.append(c)
                }
            }
            guard closed else { throw fail(tr("unterminated string")) }
            return .string(result)
        }
        let digits = text.replacingUnderscores()
        if let n = Int64(digits) { return .integer(n) }
        throw fail(tr("cannot read the value %s; strings go in double quotes, booleans are true or false", "\(text.prefix(40))"))
    }

    static func trim(_ s: Substring) -> String {
        var t = s
        while let f = t.first, f == " " || f == "\t" { t = t.dropFirst() }
        while let l = t.last, l == " " || l == "\t" { t = t.dropLast() }
        return String(t)
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(filter { $0 != "_" }) }
}
