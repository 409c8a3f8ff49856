import ArgumentParser
import DBus
import HistoryFiles
import IsletClient
import IsletCore
import JSONCoding
import Platform
import Translation

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: tr("Completed fasts: list, export, import, notes, edit, delete."),
        subcommands: [List.self, Export.self, Import.self, Note.self, Edit.self, Delete.self], defaultSubcommand: List.self)

    enum Layout: String, ExpressibleByArgument, CaseIterable { case table, json, csv }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("List completed fasts, most recent first; json and csv are the export formats `islet history import` reads."))
        @Option(help: .init(tr("How many (1 to 1000); all of them for json and csv unless given."))) var limit: UInt32?
        @Option(help: .init(tr("table, json or csv."))) var format: Layout = .table
        @OptionGroup var bus: BusOptions

        func validate() throws {
            if let limit, !(1...1000).contains(limit) { throw ValidationError(tr("--limit must be 1 to 1000, got %s", "\(limit)")) }
        }

        func run() async throws {
            let records = try await bus.run { client in
                if let limit { return try await client.records(offset: 0, limit: limit) }
                return format == .table ? try await client.records(offset: 0, limit: 20) : try await client.allRecords()
            }
            switch format {
            case .table:
                if records.isEmpty {
                    Output.line(tr("No fasts yet; start one with `islet fast start`."))
                    return
                }
                // FR-005: the duration in hours and minutes, with their units ("16:04" would
                // read as minutes and seconds).
                // Columns as wide as their widest entry: dates and times are written as the
                // locale writes them ("22.11.2026 07:30", "11/22/2026 7:30 AM"). A note
                // column only when a fast on the page has a note or a rating.
                let noted = records.contains { !$0.note.isEmpty || $0.rating != 0 }
                var rows = [[tr("ID"), tr("Started"), tr("Ended"), tr("Length"), tr("Goal")] + (noted ? [tr("Note")] : [])]
                for record in records {
                    let f = record.fast
                    let length = (f.endedAt - f.startedAt) / usecPerSecond
                    let goal = f.goalSeconds == 0 ? "-" : Format.hoursMinutes(seconds: f.goalSeconds) + (length >= f.goalSeconds ? " ✓" : "")
                    let row = ["\(f.id)", Times.format(f.startedAt), Times.format(f.endedAt), Format.hoursMinutes(seconds: length), goal]
                    rows.append(row + (noted ? [record.summary()] : []))
                }
                let least = [6, 16, 16, 12, 6]
                let last = rows[0].count - 1
                let widths = (0..<last).map { column in max(least[column], rows.map { $0[column].count }.max() ?? 0) }
                for row in rows {
                    let line = (0..<last).map { row[$0].padding(widths[$0] + 1) }.joinedText() + row[last]
                    Output.line(String(line.reversed().drop(while: { $0 == " " }).reversed()))
                }
            case .json: Output.line(HistoryExport.json(records, localTime: .system), newline: false)
            case .csv: Output.line(HistoryExport.csv(records, localTime: .system), newline: false)
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("Write the whole history, notes and ratings included, as CSV or JSON that `islet history import` reads back."))
        @Option(help: .init(tr("csv or json; by default the output file's extension says, else csv."))) var format: Layout?
        @Option(name: [.short, .long], help: .init(tr("The file to write (replaced whole); standard output when not given."))) var output: String?
        @OptionGroup var bus: BusOptions

        func validate() throws {
            if format == .table { throw ValidationError(tr("--format must be csv or json")) }
        }

        func run() async throws {
            let records = try await bus.run { try await $0.allRecords() }
            let json = format == .json || (format == nil && output?.lowercased().hasSuffix(".json") == true)
            let text = json ? HistoryExport.json(records, localTime: .system) : HistoryExport.csv(records, localTime: .system)
            guard let output, output != "-" else {
                Output.line(text, newline: false)
                return
            }
            if case .failure(let failure) = TextFile.write(text, to: TextFile.absolute(output)) {
                throw ValidationError(tr("cannot write %1$s: %2$s", "\(output)", "\(failure)"))
            }
            printError(trn("Exported %1$d fast to %2$s.", "Exported %1$d fasts to %2$s.", UInt64(records.count), "\(records.count)", "\(output)"))
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr(
                "Add fasts from a file: islet's CSV or JSON, FastTrack's CSV, Zero's biodata.json, or any CSV naming a start and an end. Fasts already there are skipped; nothing is added while a line cannot be imported, unless --skip-bad."
            ))
        @Argument(help: .init(tr("The file, or - for standard input (its format by its content)."))) var file: String
        @Flag(help: .init(tr("Say what would be added, skipped and refused, and add nothing."))) var dryRun = false
        @Flag(help: .init(tr("Add what can be added, leaving out the lines that cannot be imported."))) var skipBad = false
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let bytes: [UInt8]
            switch TextFile.bytes(file, limit: HistoryFile.maxBytes) {
            case .success(let b): bytes = b
            case .failure(let message): throw ValidationError(tr("cannot read %1$s: %2$s", "\(file)", "\(message)"))
            }
            let contents: HistoryFile.Contents
            do {
                contents = try HistoryFile.read(bytes, localTime: .system)
            } catch {
                throw ValidationError(tr("%1$s: %2$s", "\(file)", "\(error)"))
            }
            let rows = contents.rows
            // A file with no fast in it and nothing wrong with it (an empty history exported, by
            // islet or anyone): read back as nothing, not refused.
            if rows.isEmpty && contents.unreadable.isEmpty && contents.leftOut.isEmpty {
                Output.line(tr("%s: no fasts in it; nothing to import.", "\(file)"))
                return
            }
            guard !rows.isEmpty else {
                for problem in contents.unreadable + contents.leftOut { Output.error("\(problem)") }
                throw ValidationError(tr("%s: no fast to import", "\(file)"))
            }
            let (_, checked) = try await bus.run { try await $0.importFasts(rows.map(\.entry), dryRun: true) }
            let report = ImportReport(contents: contents, verdicts: checked)
            for line in report.problems { Output.error(line) }
            for line in report.leftOut { Output.line(line) }
            if dryRun {
                Output.line(report.summary(dryRun: true))
                if !report.duplicateLines.isEmpty { Output.line(report.duplicateLines) }
                return
            }
            if report.blocked && !skipBad {
                Output.error(
                    trn(
                        "nothing imported: %d line cannot be imported.", "nothing imported: %d lines cannot be imported.", UInt64(report.badCount),
                        "\(report.badCount)"),
                    hint: tr("Correct the file, or add the rest with --skip-bad (see --dry-run)."))
                throw ExitCode(1)
            }
            let chosen = checked.added.map { rows[$0].entry }
            let (added, final) = chosen.isEmpty ? (0, HistoryImport.Verdicts()) : try await bus.run { try await $0.importFasts(chosen, dryRun: false) }
            if !final.refused.isEmpty {
                // The history changed between the check and the import (another program).
                for refusal in final.refused { Output.error(refusal.reason) }
                Output.error(tr("nothing imported: the history changed meanwhile; run the import again."))
                throw ExitCode(1)
            }
            Output.line(
                trn(
                    "Imported %1$d fast; %2$d already in the history.", "Imported %1$d fasts; %2$d already in the history.", UInt64(added), "\(added)",
                    "\(checked.duplicates.count)"))
            if skipBad && report.blocked {
                Output.line(
                    trn(
                        "Left out %d line that cannot be imported.", "Left out %d lines that cannot be imported.", UInt64(report.badCount), "\(report.badCount)"
                    ))
            }
        }
    }

    struct Note: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Write a note about a completed fast, and how it went (1 to 5)."))
        @Argument(help: .init(tr("The fast's id (see `islet history`)."))) var id: UInt64
        @Argument(help: .init(tr("The note (up to 1000 characters); the note stays as it is when not given."))) var text: String?
        @Option(help: .init(tr("How it went, 1 to 5; 0 for not rated."))) var rating: UInt8?
        @Flag(help: .init(tr("Remove the note and the rating."))) var clear = false
        @OptionGroup var bus: BusOptions

        func validate() throws {
            if let rating, rating > 5 { throw ValidationError(tr("--rating must be 1 to 5, or 0 for none, got %s", "\(rating)")) }
            if clear && (text != nil || rating != nil) { throw ValidationError(tr("--clear takes no note and no --rating")) }
            if !clear && text == nil && rating == nil { throw ValidationError(tr("give a note, --rating or --clear")) }
        }

        func run() async throws {
            let record = try await bus.run { client -> FastRecord in
                var kept = FastRecord(fast: CompletedFast(id: id, startedAt: 0, endedAt: 0, goalSeconds: 0))
                if !clear, text == nil || rating == nil {
                    // What is not given stays: read it (the history, newest first, a page at a time).
                    var offset: UInt32 = 0
                    search: while true {
                        let page = try await client.records(offset: offset, limit: 1000)
                        if let found = page.first(where: { $0.fast.id == id }) {
                            kept = found
                            break search
                        }
                        if page.count < 1000 { break }
                        offset += 1000
                    }
                }
                let note = clear ? "" : text ?? kept.note
                let stars = clear ? 0 : rating ?? kept.rating
                try await client.setNote(id: id, note: note, rating: stars)
                return FastRecord(fast: kept.fast, note: note, rating: stars)
            }
            Output.line(
                record.note.isEmpty && record.rating == 0
                    ? tr("Fast %s: no note.", "\(id)") : tr("Fast %1$s: %2$s", "\(id)", "\(record.summary(width: 200))"))
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Correct a completed fast's start and end."))
        @Argument(help: .init(tr("The fast's id (see `islet history`)."))) var id: UInt64
        @Option(help: .init(tr("The new start."))) var start: String
        @Option(help: .init(tr("The new end."))) var end: String
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let (s, e) = (try Parse.time(start), try Parse.time(end))
            try await bus.run { try await $0.editFast(id: id, startedAt: s, endedAt: e) }
            Output.line(tr("Fast %1$s: %2$s to %3$s.", "\(id)", "\(Times.format(s))", "\(Times.format(e))"))
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("Delete a completed fast."))
        @Argument(help: .init(tr("The fast's id (see `islet history`)."))) var id: UInt64
        @OptionGroup var bus: BusOptions

        func run() async throws {
            try await bus.run { try await $0.deleteFast(id: id) }
            Output.line(tr("Fast %s deleted.", "\(id)"))
        }
    }
}

struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: tr("Totals, averages, goals met and streaks."))
    @Option(help: .init(tr("table or json."))) var format: HistoryCommand.Layout = .table
    @OptionGroup var bus: BusOptions

    func run() async throws {
        let (stats, neutral) = try await bus.run { client in (try await client.stats(), try await client.fastStatus().neutralMode) }
        func u(_ key: String) -> UInt64 {
            if let v = stats[key]?.uint64 { return v }
            return UInt64(stats[key]?.uint32 ?? 0)
        }
        switch format {
        case .json, .csv:
            // Neutral mode (`islet settings neutral on`): no streaks, here either.
            let keys =
                ["count", "total_usec", "longest_usec", "average_usec", "goal_hits"] + (neutral ? [] : ["current_streak_days", "longest_streak_days"])
            Output.line("{" + keys.map { "\(JSONValue.quoted($0)):\(u($0))" }.joined(separator: ",") + "}")
        case .table:
            let hms = { (usec: UInt64) in Format.hoursMinutes(seconds: usec / usecPerSecond) }
            Output.line(tr("Fasts:          %s", "\(u("count"))"))
            Output.line(tr("Total:          %s", "\(hms(u("total_usec")))"))
            Output.line(tr("Longest:        %s", "\(hms(u("longest_usec")))"))
            Output.line(tr("Average:        %s", "\(hms(u("average_usec")))"))
            Output.line(tr("Goals met:      %s", "\(u("goal_hits"))"))
            guard !neutral else { return }
            let current = u("current_streak_days")
            let longest = u("longest_streak_days")
            Output.line(tr("Current streak: %s", trn("%d day", "%d days", current, "\(current)")))
            Output.line(tr("Longest streak: %s", trn("%d day", "%d days", longest, "\(longest)")))
        }
    }
}
