import IsletCore
import Translation

/// A history file from islet or another fasting app, read into fasts to import: islet's own
/// CSV and JSON, FastTrack's CSV (its exporter writes "ID,Start Date,Start Time,Duration
/// (hours)", local time), Zero's biodata.json (`fast_data`: StartDTM, EndDTM, GoalHours), and
/// any CSV or JSON whose columns name a start and an end (or a duration), and optionally a
/// goal, a note and a rating (in English or German: "Start", "Beginn", "Ende", "Notiz"). Pure: the zone and the locale come in as a ``LocalTime``.
public enum HistoryFile {
    /// Files larger than this are refused before they are read.
    public static let maxBytes = 64 << 20

    /// Where an entry came from, as a person finds it in the file.
    public enum Place: Equatable, Sendable, CustomStringConvertible {
        case line(Int)
        case entry(Int)

        public var description: String {
            switch self {
            case .line(let n): tr("line %s", "\(n)")
            case .entry(let n): tr("entry %s", "\(n)")
            }
        }
    }

    public enum Kind: Equatable, Sendable, CustomStringConvertible {
        case isletCSV, isletJSON, fastTrack, zero, csv, json

        public var description: String {
            switch self {
            case .isletCSV: tr("islet CSV")
            case .isletJSON: tr("islet JSON")
            case .fastTrack: tr("FastTrack CSV")
            case .zero: tr("Zero export (biodata.json)")
            case .csv: tr("CSV")
            case .json: tr("JSON")
            }
        }
    }

    public struct Row: Equatable, Sendable {
        public var place: Place
        public var entry: HistoryImport.Entry
    }

    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        public var place: Place
        public var reason: String
        public var description: String { "\(place): \(reason)" }
    }

    public struct Contents: Equatable, Sendable {
        public var kind: Kind
        public var rows: [Row] = []
        /// Lines or entries that cannot be read, and why.
        public var unreadable: [Problem] = []
        /// Entries left out on purpose: a fast still running in the other app.
        public var leftOut: [Problem] = []

        /// What a line or an entry gave: a fast, nothing (a fast not ended), or a reason.
        mutating func add(_ outcome: Result<HistoryImport.Entry?, Reason>, at place: Place) {
            switch outcome {
            case .success(let entry?): rows.append(Row(place: place, entry: entry))
            case .success(nil): leftOut.append(Problem(place: place, reason: tr("not ended yet: left out")))
            case .failure(let reason): unreadable.append(Problem(place: place, reason: reason.text))
            }
        }
    }

    /// Why a whole file is refused.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The fasts in a file's bytes. Text that is not UTF-8 is read as Latin-1 (spreadsheets
    /// on Windows write it); a file with NUL bytes is not text and is refused, as is one with
    /// no header naming a start.
    public static func read(_ bytes: [UInt8], localTime: LocalTime) throws(Refusal) -> Contents {
        guard bytes.count <= maxBytes else {
            throw Refusal(description: tr("the file is larger than %s MiB, more than any history", "\(maxBytes >> 20)"))
        }
        guard !bytes.contains(0) else { throw Refusal(description: tr("this is a binary file, not CSV or JSON text")) }
        var text = bytes
        if String(validating: bytes, as: UTF8.self) == nil {
            text = Array(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })).utf8)
        }
        let first = text.drop(while: { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }).first
        guard let first else { throw Refusal(description: tr("the file is empty")) }
        if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") { return try JSONHistory.read(text, localTime: localTime) }
        return try CSVHistory.read(text, localTime: localTime)
    }

    /// A header or key as the columns are matched: lower case, letters and digits only
    /// ("Start Date" and "start_date" are "startdate").
    static func normalized(_ name: String) -> String {
        String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }))
    }

    /// The fields a fast is made of, by their normalized names.
    enum Field: CaseIterable {
        case startUSec, start, startDate, startTime, endUSec, end, endDate, endTime
        case durationSeconds, durationMinutes, durationHours, duration, goalSeconds, goalHours, goal, note, rating, ended

        var names: [String] {
            switch self {
            case .startUSec: ["startedatusec", "startusec"]
            case .start:
                ["startedat", "started", "start", "begin", "began", "startdatetime", "starttimestamp", "startdtm", "from", "fastingstart", "beginn", "anfang"]
            case .startDate: ["startdate", "date", "datum", "startdatum"]
            case .startTime: ["starttime", "startzeit", "beginnzeit"]
            case .endUSec: ["endedatusec", "endusec"]
            case .end:
                ["endedat", "ended", "end", "stop", "stopped", "finish", "finished", "enddatetime", "endtimestamp", "enddtm", "to", "fastingend", "ende"]
            case .endDate: ["enddate", "enddatum"]
            case .endTime: ["endtime", "endzeit"]
            case .durationSeconds: ["durationseconds", "lengthseconds"]
            case .durationMinutes: ["durationminutes", "durationmin"]
            case .durationHours: ["durationhours", "durationh", "hours", "lengthhours", "dauerstunden", "stunden"]
            case .duration: ["duration", "length", "dauer"]
            case .goalSeconds: ["goalseconds"]
            case .goalHours: ["goalhours", "goalh", "targethours", "zielstunden"]
            case .goal: ["goal", "target", "ziel"]
            case .note: ["note", "notes", "comment", "comments", "journal", "notiz", "notizen", "kommentar"]
            case .rating: ["rating", "mood", "feeling", "bewertung", "stimmung"]
            case .ended: ["isended"]
            }
        }
    }

    /// Why a line or an entry cannot be read.
    struct Reason: Error {
        var text: String
    }

    static func fail<T>(_ text: String) -> Result<T, Reason> { .failure(Reason(text: text)) }

    /// A fast from a record's fields (`value` gives a field's text, nil when absent or blank).
    static func entry(_ value: (Field) -> String?, localTime: LocalTime) -> Result<HistoryImport.Entry?, Reason> {
        func moment(_ usec: Field, _ whole: Field, _ date: Field, _ time: Field, _ name: String) -> Result<USec?, Reason> {
            if let text = value(usec) {
                guard let number = UInt64(text) else { return fail(tr("%1$s must be a whole number, got %2$s", "\(name)_usec", "\(text.prefix(30))")) }
                return .success(number)
            }
            if let text = value(whole) {
                guard let at = MomentText.read(text, localTime: localTime) else {
                    return fail(tr("cannot read the time %1$s in %2$s", "\(text.prefix(40))", "\(name)"))
                }
                return .success(at)
            }
            if let day = value(date) {
                let clock = value(time) ?? "00:00"
                guard let at = MomentText.read(date: day, time: clock, localTime: localTime) ?? MomentText.read(day, localTime: localTime) else {
                    return fail(tr("cannot read the time %1$s in %2$s", "\((day + " " + clock).prefix(40))", "\(name)"))
                }
                return .success(at)
            }
            return .success(nil)
        }
        if let ended = value(.ended)?.lowercased(), ended == "false" || ended == "0" { return .success(nil) }
        let start: USec
        switch moment(.startUSec, .start, .startDate, .startTime, "started_at") {
        case .failure(let reason): return .failure(reason)
        case .success(nil): return fail(tr("%s is missing", "started_at"))
        case .success(let at?): start = at
        }
        var end: USec
        switch moment(.endUSec, .end, .endDate, .endTime, "ended_at") {
        case .failure(let reason): return .failure(reason)
        case .success(let at?): end = at
        case .success(nil):
            switch seconds([(.durationSeconds, 1), (.durationMinutes, 60), (.durationHours, 3600), (.duration, 3600)], value) {
            case .failure(let reason): return .failure(reason)
            case .success(nil):
                // A fast not ended: still running in the app it comes from.
                if value(.end) == nil, value(.endUSec) == nil { return .success(nil) }
                return fail(tr("%s is missing", "ended_at"))
            case .success(let length?): end = start &+ length &* usecPerSecond
            }
        }
        var goal: UInt64 = 0
        switch seconds([(.goalSeconds, 1), (.goalHours, 3600), (.goal, 3600)], value) {
        case .failure(let reason): return .failure(reason)
        case .success(let g): goal = g ?? 0
        }
        var rating: UInt8 = 0
        if let text = value(.rating) {
            guard let number = Double(text), number >= 0, number <= 5, number == number.rounded() else {
                return fail(tr("a rating must be 1 to 5, or 0 for none, got %s", "\(text.prefix(20))"))
            }
            rating = UInt8(number)
        }
        return .success(HistoryImport.Entry(startedAt: start, endedAt: end, goalSeconds: goal, note: value(.note) ?? "", rating: rating))
    }

    /// A length in seconds from the first of `fields` present: a number in the field's unit
    /// (decimals allowed: "16.5" hours), or a duration as islet reads one ("16h30m", "16:30").
    static func seconds(_ fields: [(Field, UInt64)], _ value: (Field) -> String?) -> Result<UInt64?, Reason> {
        for (field, unit) in fields {
            guard let text = value(field) else { continue }
            if let number = Double(text.replacingComma), number >= 0, number < 1e9 {
                return .success(UInt64((number * Double(unit)).rounded()))
            }
            if let parsed = Format.parseDuration(text) { return .success(parsed) }
            return fail(tr("cannot read the length %1$s in %2$s", "\(text.prefix(30))", "\(field.names[0])"))
        }
        return .success(nil)
    }
}

extension String {
    /// "16,5" as "16.5": a decimal comma.
    var replacingComma: String { String(map { $0 == "," ? "." : $0 }) }
}
