import FoundationEssentials
import IsletCore
import Translation

#if canImport(Glibc)
    import Glibc
#endif

/// The history's export formats (CSV and JSON), written by `islet history --format` and read
/// back by `islet history import`.
enum Exchange {
    static let csvHeader = "id,started_at,ended_at,duration_seconds,goal_seconds,started_at_usec,ended_at_usec"

    static func csv(_ f: CompletedFast) -> String {
        "\(f.id),\(Times.iso(f.startedAt)),\(Times.iso(f.endedAt)),\((f.endedAt - f.startedAt) / usecPerSecond),\(f.goalSeconds),\(f.startedAt),\(f.endedAt)"
    }

    static func json(_ f: CompletedFast) -> String {
        "{\"id\":\(f.id),\"started_at\":\(JSON.string(Times.iso(f.startedAt))),\"ended_at\":\(JSON.string(Times.iso(f.endedAt))),"
            + "\"duration_seconds\":\((f.endedAt - f.startedAt) / usecPerSecond),\"goal_seconds\":\(f.goalSeconds),"
            + "\"started_at_usec\":\(f.startedAt),\"ended_at_usec\":\(f.endedAt)}"
    }

    struct Key: Hashable {
        var start: USec
        var end: USec
    }

    struct Row: Equatable {
        var place: String
        var start: USec
        var end: USec
        var goal: UInt64
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Rows from CSV or JSON (told apart by the first character), checked before anything is sent.
    static func parse(_ text: String) throws(Failure) -> [Row] {
        let trimmed = text.trimmingWhitespace()
        if trimmed.hasPrefix("[") { return try parseJSON(trimmed) }
        return try parseCSV(text)
    }

    static func parseCSV(_ text: String) throws(Failure) -> [Row] {
        let rows = CSV.parse(text)
        guard let header = rows.first else { throw Failure(description: tr("the file is empty")) }
        let columns = Dictionary(header.enumerated().map { ($1.trimmingWhitespace(), $0) }) { a, _ in a }
        guard
            (columns["started_at_usec"] != nil && columns["ended_at_usec"] != nil)
                || (columns["started_at"] != nil && columns["ended_at"] != nil)
        else { throw Failure(description: tr("line 1: expected the header %s", "\(csvHeader)")) }
        var result: [Row] = []
        for (index, fields) in rows.dropFirst().enumerated() {
            let place = tr("line %s", "\(index + 2)")
            func field(_ name: String) -> String? {
                guard let i = columns[name], i < fields.count else { return nil }
                let v = fields[i].trimmingWhitespace()
                return v.isEmpty ? nil : v
            }
            result.append(try row(place: place, field))
        }
        return result
    }

    static func parseJSON(_ text: String) throws(Failure) -> [Row] {
        let entries: [[String: Scalar]]
        do {
            entries = try JSONDecoder().decode([[String: Scalar]].self, from: Data(text.utf8))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw Failure(description: tr("expected a JSON array of fasts (objects) at %s", "\(context.codingPath.map(\.description))"))
        } catch {
            throw Failure(description: tr("not valid JSON (%s)", "\(error)"))
        }
        return try entries.enumerated().map { index, entry throws(Failure) in
            try row(place: tr("entry %s", "\(index + 1)")) { entry[$0]?.text }
        }
    }

    /// A field's value as it may come: a string, a whole number, or anything else (unread).
    enum Scalar: Decodable {
        case text(String)
        case other

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let number = try? value.decode(UInt64.self) {
                self = .text(String(number))
            } else if let string = try? value.decode(String.self) {
                self = .text(string)
            } else {
                self = .other
            }
        }

        var text: String? { if case .text(let t) = self { t } else { nil } }
    }

    static func row(place: String, _ field: (String) -> String?) throws(Failure) -> Row {
        func time(_ name: String) throws(Failure) -> USec {
            if let text = field(name + "_usec") {
                guard let v = UInt64(text) else {
                    throw Failure(description: tr("%1$s: %2$s_usec must be a whole number, got %3$s", "\(place)", "\(name)", "\(text.prefix(30))"))
                }
                return v
            }
            guard let text = field(name) else { throw Failure(description: tr("%1$s: %2$s is missing", "\(place)", "\(name)")) }
            guard let v = Times.parseISO(text) ?? Times.parse(text) else {
                throw Failure(description: tr("%1$s: cannot read the time %2$s in %3$s", "\(place)", "\(text.prefix(40))", "\(name)"))
            }
            return v
        }
        let start = try time("started_at")
        let end = try time("ended_at")
        var goal: UInt64 = 0
        if let text = field("goal_seconds") {
            guard let g = UInt64(text) else {
                throw Failure(description: tr("%1$s: goal_seconds must be a whole number, got %2$s", "\(place)", "\(text.prefix(30))"))
            }
            goal = g
        }
        guard start < end else { throw Failure(description: tr("%s: the fast ends before it starts", "\(place)")) }
        return Row(place: place, start: start, end: end, goal: goal)
    }
}
