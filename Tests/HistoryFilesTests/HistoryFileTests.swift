import HistoryFiles
import IsletCore
import Testing

let s: UInt64 = 1_000_000
let hour: UInt64 = 3600 * s
/// 2026-11-01 00:00 UTC.
let day0: USec = 1_793_491_200 * s
let utc = LocalTime.utc
let berlin = LocalTime(style: .iso) { _ in 3600 }
let german = LocalTime(style: ClockStyle(twelveHour: false, am: "", pm: "", weekdays: [], datePattern: "%d.%m.%Y")) { _ in 3600 }
let american = LocalTime(style: ClockStyle(twelveHour: true, am: "AM", pm: "PM", weekdays: [], datePattern: "%m/%d/%Y")) { _ in -5 * 3600 }

func read(_ text: String, _ zone: LocalTime = utc) throws -> HistoryFile.Contents {
    try HistoryFile.read(Array(text.utf8), localTime: zone)
}

/// islet's own files read back lose nothing: every field, notes with commas, quotes, line
/// breaks and tabs, and ratings, at 10^4 fasts.
@Suite struct RoundTrip {
    static let records: [FastRecord] = (0..<10_000).map { n in
        let start = day0 - UInt64(n) * 24 * hour + UInt64(n % 7) * 1_234_567
        let notes = [
            "", "Easy.", "coffee, then \"fine\"", "line one\nline two\r\nthree", "Tab\there; ünïcødé ★", "a;b, c",
            // What a spreadsheet would run or drop (issue 53), and notes that only look guarded.
            "=HYPERLINK(\"http://example.invalid\",\"x\")", "+1 kg", "-2 kg", "@home", "\tindented", "'=kept as typed", "'just a quote", "''",
        ]
        return FastRecord(
            fast: CompletedFast(id: UInt64(n + 1), startedAt: start, endedAt: start + UInt64(12 + n % 9) * hour + 17, goalSeconds: n % 3 == 0 ? 0 : 57600),
            note: notes[n % notes.count], rating: UInt8(n % 6))
    }

    func expectSame(_ contents: HistoryFile.Contents) {
        #expect(contents.unreadable.isEmpty && contents.leftOut.isEmpty)
        #expect(contents.rows.count == Self.records.count)
        let entries = Self.records.map {
            HistoryImport.Entry(startedAt: $0.fast.startedAt, endedAt: $0.fast.endedAt, goalSeconds: $0.fast.goalSeconds, note: $0.note, rating: $0.rating)
        }
        #expect(contents.rows.map(\.entry) == entries)
    }

    @Test func csv() throws {
        let text = HistoryExport.csv(Self.records, localTime: berlin)
        let contents = try read(text, utc)
        #expect(contents.kind == .isletCSV)
        expectSame(contents)
        // The line a fast starts on, past notes with line breaks.
        #expect(contents.rows[3].place == .line(5) && contents.rows[4].place == .line(8))
    }

    /// Issue 53: a note a spreadsheet would take for a formula is never written as one.
    @Test func noCSVNoteStartsAFormula() throws {
        let text = HistoryExport.csv(Self.records, localTime: berlin)
        let notes = CSVText.records(Array(text.utf8)).dropFirst().compactMap { $0.fields.count > 7 ? $0.fields[7] : nil }
        #expect(notes.count == Self.records.count)
        let starts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]
        #expect(!notes.contains { $0.first.map(starts.contains) == true }, "\(notes.filter { $0.first.map(starts.contains) == true }.prefix(3))")
        #expect(notes.contains("'=HYPERLINK(\"http://example.invalid\",\"x\")") && notes.contains("''=kept as typed"))
    }

    @Test func json() throws {
        let contents = try read(HistoryExport.json(Self.records, localTime: berlin), utc)
        #expect(contents.kind == .isletJSON)
        expectSame(contents)
    }

    @Test func withoutTheMicrosecondColumnsTheISOTimesSayTheSame() throws {
        // Whole seconds: what an ISO time can say.
        let record = FastRecord(fast: CompletedFast(id: 1, startedAt: day0 + 7 * s, endedAt: day0 + 16 * hour, goalSeconds: 0))
        let line = HistoryExport.csvLine(record, localTime: american).split(separator: ",")
        let contents = try read("started_at,ended_at\n\(line[1]),\(line[2])\n", berlin)
        #expect(contents.rows.map(\.entry) == [HistoryImport.Entry(startedAt: day0 + 7 * s, endedAt: day0 + 16 * hour)])
    }
}

@Suite struct OtherApps {
    @Test func fastTrackAsItsExporterWritesIt() throws {
        // FastTrack's exporter: "ID,Start Date,Start Time,Duration (hours)", the start in local
        // time as H:mm, the length in whole hours.
        let contents = try read("ID,Start Date,Start Time,Duration (hours)\n1,2026-11-01,8:00,16\n2,2026-11-02,19:30,24", berlin)
        #expect(contents.kind == .fastTrack)
        #expect(
            contents.rows.map(\.entry) == [
                HistoryImport.Entry(startedAt: day0 + 7 * hour, endedAt: day0 + 23 * hour),
                HistoryImport.Entry(startedAt: day0 + 24 * hour + 18 * hour + 1800 * s, endedAt: day0 + 48 * hour + 18 * hour + 1800 * s),
            ])
        #expect(contents.rows.map(\.place) == [.line(2), .line(3)])
    }

    @Test func zerosBiodataLeavesOutTheRunningFast() throws {
        let text = """
            {"fast_data":[
              {"FastID":"A1","StartDTM":"2026-11-01T20:00:00.000Z","EndDTM":"2026-11-02T12:30:00.000Z","GoalHours":16,"GoalID":"16-8","IsEnded":true},
              {"FastID":"B2","StartDTM":"2026-11-03T20:00:00Z","EndDTM":null,"GoalHours":18.5,"IsEnded":false}
            ], "other": 1}
            """
        let contents = try read(text)
        #expect(contents.kind == .zero)
        #expect(
            contents.rows.map(\.entry) == [
                HistoryImport.Entry(startedAt: day0 + 20 * hour, endedAt: day0 + 36 * hour + 1800 * s, goalSeconds: 57600)
            ])
        #expect(contents.leftOut.map(\.description) == ["entry 2: not ended yet: left out"])
    }

    @Test func anyCSVByItsColumnNames() throws {
        // A spreadsheet's: byte-order mark, CRLF, semicolons, a decimal comma, quoted
        // separators and line breaks, a goal in hours, German headers and dates.
        let text =
            "\u{FEFF}Beginn;Dauer (Stunden);Ziel;Notiz;Bewertung\r\n01.11.2026 20:00;16,5;16;\"gut; müde\r\nam Abend\";4\r\n\r\n02.11.2026 19:00;12;;;\r\n"
        let contents = try read(text, german)
        #expect(contents.kind == .csv)
        #expect(contents.unreadable.isEmpty)
        #expect(
            contents.rows.map(\.entry) == [
                HistoryImport.Entry(
                    startedAt: day0 + 19 * hour, endedAt: day0 + 35 * hour + 1800 * s, goalSeconds: 57600, note: "gut; müde\r\nam Abend", rating: 4),
                HistoryImport.Entry(startedAt: day0 + 42 * hour, endedAt: day0 + 54 * hour),
            ])
        #expect(contents.rows.map(\.place) == [.line(2), .line(5)])
    }

    @Test func americanDatesAndTwelveHourClocks() throws {
        let contents = try read("Start,End\n11/01/2026 8:00 PM,11/02/2026 12:30 PM\n\"11/3/26 7:00 am\",2026-11-04T01:00:00Z\n", american)
        #expect(
            contents.rows.map(\.entry) == [
                HistoryImport.Entry(startedAt: day0 + 25 * hour, endedAt: day0 + 41 * hour + 1800 * s),
                HistoryImport.Entry(startedAt: day0 + 48 * hour + 12 * hour, endedAt: day0 + 73 * hour),
            ])
    }

    @Test func unixTimesInSecondsMillisecondsOrMicroseconds() throws {
        let start = day0 / s
        let contents = try read("start,end\n\(start),\(start * 1000 + 3_600_000)\n\(start * 1_000_000),\(start + 7200)\n")
        #expect(contents.rows.map(\.entry.endedAt) == [day0 + hour, day0 + 2 * hour])
    }
}

/// Odd and hostile files: a clear refusal or a named line, never a crash.
@Suite struct HostileFiles {
    func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try HistoryFile.read(bytes, localTime: utc)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func wholeFilesThatAreRefused() {
        #expect(refusal([]) == "the file is empty")
        #expect(refusal(Array("\u{FEFF}\r\n  \n".utf8)) == "the file is empty")
        #expect(refusal([0x50, 0x4B, 0x03, 0x04, 0x00, 0x00]) == "this is a binary file, not CSV or JSON text")
        #expect(refusal(Array("name,age\nBob,3\n".utf8))?.hasPrefix("line 1 names no start and end of a fast") == true)
        #expect(refusal(Array("[{\"started_at_usec\": 1}".utf8)) == "line 1: not valid JSON (the JSON ends too early)")
        #expect(refusal(Array("{\"a\":\n1,\n\"b\": tru}".utf8)) == "line 3: not valid JSON (unexpected character)")
        #expect(
            refusal(Array("\"just a string\"".utf8))
                == "line 1 names no start and end of a fast (columns such as started_at and ended_at, start and end, or Start Date, Start Time and Duration); it has: just a string"
        )
        #expect(refusal(Array("{\"x\": 1}".utf8)) == "the JSON holds no list of fasts")
        #expect(refusal(Array(String(repeating: "[", count: 100_000).utf8)) == "line 1: not valid JSON (nested too deeply)")
        #expect(refusal([UInt8](repeating: 0x41, count: HistoryFile.maxBytes + 1)) == "the file is larger than 64 MiB, more than any history")
    }

    @Test func linesThatCannotBeReadAreNamedWithTheirReason() throws {
        let text = """
            started_at,ended_at,goal_seconds,rating
            2026-02-30 10:00,2026-03-01 10:00,0,
            2026-11-01 08:00,,0,
            2026-11-01 08:00,2026-11-01 20:00,lots,
            2026-11-01 08:00,2026-11-01 20:00,0,9
            yesterday,today,0,
            2026-11-01 08:00,2026-11-01 20:00,57600,3
            """
        let contents = try read(text)
        #expect(
            contents.unreadable.map(\.description) == [
                "line 2: cannot read the time 2026-02-30 10:00 in started_at",
                "line 4: cannot read the length lots in goalseconds",
                "line 5: a rating must be 1 to 5, or 0 for none, got 9",
                "line 6: cannot read the time yesterday in started_at",
            ])
        #expect(contents.rows.map(\.place) == [.line(7)])
        // A blank end: a fast still running where the file comes from.
        #expect(contents.leftOut.map(\.description) == ["line 3: not ended yet: left out"])
    }

    @Test func textInLatin1IsReadAsSuch() throws {
        // "Café" written by a spreadsheet on Windows (é is 0xE9).
        let bytes: [UInt8] = Array("start,end,note\n2026-11-01 08:00,2026-11-01 20:00,Caf".utf8) + [0xE9] + [10]
        let contents = try HistoryFile.read(bytes, localTime: utc)
        #expect(contents.rows.first?.entry.note == "Café")
    }

    @Test func aHundredThousandRowsAreAllRead() throws {
        var text = "started_at_usec,ended_at_usec,goal_seconds\n"
        for n in 0..<100_000 { text += "\(day0 + UInt64(n) * 24 * hour),\(day0 + UInt64(n) * 24 * hour + 16 * hour),57600\n" }
        let contents = try read(text)
        #expect(contents.rows.count == 100_000 && contents.unreadable.isEmpty)
        #expect(contents.rows.last?.place == .line(100_001))
    }
}
