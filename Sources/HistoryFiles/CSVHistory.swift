import IsletCore
import JSONCoding
import Translation

/// A history in CSV, its columns found by their names in the first line.
enum CSVHistory {
    static func read(_ bytes: [UInt8], localTime: LocalTime) throws(HistoryFile.Refusal) -> HistoryFile.Contents {
        let records = CSVText.records(bytes)
        guard let header = records.first else { throw HistoryFile.Refusal(description: tr("the file is empty")) }
        var columns: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() where columns[HistoryFile.normalized(name)] == nil {
            columns[HistoryFile.normalized(name)] = index
        }
        var index: [HistoryFile.Field: Int] = [:]
        for field in HistoryFile.Field.allCases {
            if let found = field.names.lazy.compactMap({ columns[$0] }).first { index[field] = found }
        }
        let hasStart = index[.startUSec] != nil || index[.start] != nil || index[.startDate] != nil
        let hasEnd = [.endUSec, .end, .endDate, .durationSeconds, .durationMinutes, .durationHours, .duration].contains { index[$0] != nil }
        guard hasStart, hasEnd else {
            throw HistoryFile.Refusal(
                description: tr(
                    "line 1 names no start and end of a fast (columns such as started_at and ended_at, start and end, or Start Date, Start Time and Duration); it has: %s",
                    "\(header.fields.prefix(12).joined(separator: ", ").prefix(200))"))
        }
        let names = Set(columns.keys)
        let kind: HistoryFile.Kind =
            names.contains("startedatusec") || (names.contains("startedat") && names.contains("endedat"))
            ? .isletCSV : names == Set(["id", "startdate", "starttime", "durationhours"]) ? .fastTrack : .csv
        var contents = HistoryFile.Contents(kind: kind)
        contents.rows.reserveCapacity(records.count - 1)
        for record in records.dropFirst() {
            let place = HistoryFile.Place.line(record.line)
            let outcome = HistoryFile.entry(
                { field in
                    guard let column = index[field], column < record.fields.count else { return nil }
                    let text = field == .note ? CSVText.unguarded(record.fields[column]) : record.fields[column].trimmed
                    return text.isEmpty ? nil : text
                }, localTime: localTime)
            contents.add(outcome, at: place)
        }
        return contents
    }
}

/// A history in JSON: an array of fasts (islet's export), or an object holding one (Zero's
/// `fast_data`, or the first array of objects it has).
enum JSONHistory {
    static func read(_ bytes: [UInt8], localTime: LocalTime) throws(HistoryFile.Refusal) -> HistoryFile.Contents {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw HistoryFile.Refusal(description: tr("line %1$s: not valid JSON (%2$s)", "\(error.line)", "\(error.reason)"))
        }
        var kind = HistoryFile.Kind.json
        let list: [JSONValue]
        switch value {
        case .array(let items): list = items
        case .object(let members):
            if let zero = members.first(where: { $0.0 == "fast_data" }), case .array(let items) = zero.1 {
                kind = .zero
                list = items
            } else if let found = members.lazy.compactMap({ member -> [JSONValue]? in
                if case .array(let items) = member.1, items.contains(where: { if case .object = $0 { true } else { false } }) { return items }
                return nil
            }).first {
                list = found
            } else {
                throw HistoryFile.Refusal(description: tr("the JSON holds no list of fasts"))
            }
        default: throw HistoryFile.Refusal(description: tr("the JSON holds no list of fasts"))
        }
        var contents = HistoryFile.Contents(kind: kind)
        contents.rows.reserveCapacity(list.count)
        for (number, item) in list.enumerated() {
            let place = HistoryFile.Place.entry(number + 1)
            guard case .object(let members) = item else {
                contents.unreadable.append(HistoryFile.Problem(place: place, reason: tr("not a fast (an object) but something else")))
                continue
            }
            var fields: [String: String] = [:]
            for (key, member) in members {
                if let text = member.text { fields[HistoryFile.normalized(key)] = text }
            }
            if kind == .json, fields["startedatusec"] != nil || fields["startedat"] != nil { kind = .isletJSON }
            let outcome = HistoryFile.entry(
                { field in
                    guard let text = field.names.lazy.compactMap({ fields[$0] }).first else { return nil }
                    let value = field == .note ? text : text.trimmed
                    return value.isEmpty ? nil : value
                }, localTime: localTime)
            contents.add(outcome, at: place)
        }
        contents.kind = kind
        return contents
    }
}
