/// CSV as spreadsheets and other fasting apps write it (RFC 4180: quoted fields, doubled
/// quotes, line breaks inside quotes), read on UTF-8 bytes: a file of 10^5 rows is read in a
/// fraction of a second.
public enum CSVText {
    /// A record and the line it starts on (1-based).
    public struct Record: Equatable, Sendable {
        public var line: Int
        public var fields: [String]
    }

    /// The separator a file uses: the one its first line has most of, outside quotes
    /// (",", ";" as spreadsheets write it where the decimal mark is a comma, or a tab).
    static func separator(_ bytes: ArraySlice<UInt8>) -> UInt8 {
        var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, UInt8(ascii: "\t"): 0]
        var quoted = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted, byte == UInt8(ascii: "\n") { break }
            if !quoted, counts[byte] != nil { counts[byte, default: 0] += 1 }
        }
        let best = counts.max { ($0.value, $0.key == UInt8(ascii: ",") ? 1 : 0) < ($1.value, $1.key == UInt8(ascii: ",") ? 1 : 0) }
        return best.map { $0.value > 0 ? $0.key : UInt8(ascii: ",") } ?? UInt8(ascii: ",")
    }

    /// Every record of valid UTF-8 text (a byte-order mark skipped); blank lines left out.
    public static func records(_ bytes: [UInt8]) -> [Record] {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        let text = bytes[start...]
        let separator = separator(text)
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var quoted = false
        var wasQuoted = false
        var index = text.startIndex
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: recordLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
        }
        while index < text.endIndex {
            let byte = text[index]
            index += 1
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index < text.endIndex, text[index] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\"") where field.isEmpty && !wasQuoted:
                quoted = true
                wasQuoted = true
            case separator: endField()
            case UInt8(ascii: "\r"):
                // CRLF, or a lone CR (old Macs): the end of a line either way.
                if index < text.endIndex, text[index] == UInt8(ascii: "\n") { index += 1 }
                endRecord()
                line += 1
                recordLine = line
            case UInt8(ascii: "\n"):
                endRecord()
                line += 1
                recordLine = line
            default: field.append(byte)
            }
        }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }

    /// What a spreadsheet takes, at a cell's start, for a formula (=, +, -, @) or drops (a tab, a
    /// carriage return). A note that begins so (after any apostrophes) is written after one more
    /// apostrophe, which spreadsheets show as text and never run, and which islet's import takes
    /// off again: `=HYPERLINK(…)` goes out as `'=HYPERLINK(…)` and comes back as it was.
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    static func startsAsFormula<S: StringProtocol>(_ text: S) -> Bool {
        text.drop { $0 == "'" }.first.map { formulaStarts.contains($0) } ?? false
    }

    /// A note as islet's CSV writes it: never the start of a formula.
    public static func guarded(_ text: String) -> String { startsAsFormula(text) ? "'" + text : text }

    /// A note as islet's CSV read it: the apostrophe ``guarded(_:)`` added, taken off.
    public static func unguarded(_ text: String) -> String {
        text.first == "'" && startsAsFormula(text.dropFirst()) ? String(text.dropFirst()) : text
    }

    /// A field as CSV writes it: quoted when it holds a comma, a quote or a line break.
    public static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }) else { return text }
        var out = "\""
        for character in text.unicodeScalars {
            if character == "\"" { out += "\"\"" } else { out.unicodeScalars.append(character) }
        }
        return out + "\""
    }
}
