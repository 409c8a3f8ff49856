/// Changes to islet's config.toml made as a person would make them: one top-level
/// `key = value` line set, every other line (comments, blank lines, tables, the user's own
/// order) left as it was. Pure: text in, text out (islet-notify writes its own settings so, for
/// a Set over the bus).
public enum ConfigText {
    /// `$XDG_CONFIG_HOME/islet/config.toml`, else `$HOME/.config/islet/config.toml`.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/islet/config.toml" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/islet/config.toml" }
        return nil
    }

    /// `text` with top-level `key` set to `value` (a TOML value as written: `"minimal"`, `true`,
    /// `5`). An existing line keeps its indentation and its comment; a key only shown in a
    /// comment (`# linger_seconds = 5`, as the shipped file has them) gets its line just after
    /// it; any other goes last among the top-level keys, before the first table.
    public static func setting(_ text: String, key: String, to value: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let firstTable = lines.firstIndex { $0.trimmingWhitespace().hasPrefix("[") } ?? lines.count
        for index in 0..<firstTable where keyOf(lines[index]) == key {
            let line = lines[index]
            let indent = String(line.prefix { $0 == " " || $0 == "\t" })
            let comment = commentOf(line).map { " " + $0 } ?? ""
            lines[index] = indent + key + " = " + value + comment
            return lines.joined(separator: "\n") + "\n"
        }
        let newLine = key + " = " + value
        if let example = (0..<firstTable).last(where: { commentedKeyOf(lines[$0]) == key }) {
            lines.insert(newLine, at: example + 1)
        } else {
            // After the last top-level key, or at the top when there is none.
            let lastKey = (0..<firstTable).last { keyOf(lines[$0]) != nil }
            lines.insert(newLine, at: lastKey.map { $0 + 1 } ?? min(firstTable, lines.count))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The value of top-level `key` as written (`"minimal"`, `true`, `5`), its comment left
    /// out; nil when the file does not set it.
    public static func value(_ text: String, key: String) -> String? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.trimmingWhitespace().hasPrefix("[") { return nil }
            guard keyOf(line) == key, let equals = line.firstIndex(of: "=") else { continue }
            let value = String(line[line.index(after: equals)...])
            guard let comment = commentOf(line) else { return value.trimmingWhitespace() }
            return String(value.dropLast(comment.count)).trimmingWhitespace()
        }
        return nil
    }

    /// The key of a `key = value` line; nil for comments, blank lines, tables.
    static func keyOf(_ line: String) -> String? {
        let trimmed = line.trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("["), let equals = trimmed.firstIndex(of: "=") else {
            return nil
        }
        var key = String(trimmed[..<equals]).trimmingWhitespace()
        if key.count >= 2, key.hasPrefix("\""), key.hasSuffix("\"") { key = String(key.dropFirst().dropLast()) }
        return key
    }

    /// The key of a commented-out setting, `# key = value`.
    static func commentedKeyOf(_ line: String) -> String? {
        let trimmed = line.trimmingWhitespace()
        guard trimmed.hasPrefix("#") else { return nil }
        let rest = String(trimmed.drop { $0 == "#" })
        guard let key = keyOf(rest), !key.contains(" ") else { return nil }
        return key
    }

    /// A line's trailing comment ("# the time alone"), outside any string.
    static func commentOf(_ line: String) -> String? {
        var inString = false
        var escaped = false
        var index = line.startIndex
        var seenEquals = false
        while index < line.endIndex {
            let character = line[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = seenEquals
            } else if character == "=" {
                seenEquals = true
            } else if character == "#", seenEquals {
                return String(line[index...])
            }
            index = line.index(after: index)
        }
        return nil
    }
}
