import ArgumentParser
import DBus
import IsletClient
import IsletCore
import Platform
import Translation

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: tr("Completed fasts: list, export, edit, delete, import."),
        subcommands: [List.self, Edit.self, Delete.self, Import.self], defaultSubcommand: List.self)

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
            let fasts = try await bus.run { client in
                if let limit { return try await client.fasts(offset: 0, limit: limit) }
                return format == .table ? try await client.fasts(offset: 0, limit: 20) : try await client.allFasts()
            }
            switch format {
            case .table:
                if fasts.isEmpty {
                    Output.line(tr("No fasts yet; start one with `islet fast start`."))
                    return
                }
                // FR-005: the duration in hours and minutes, with their units ("16:04" would
                // read as minutes and seconds).
                // Columns as wide as their widest entry: dates and times are written as the
                // locale writes them ("22.11.2026 07:30", "11/22/2026 7:30 AM").
                var rows = [[tr("ID"), tr("Started"), tr("Ended"), tr("Length"), tr("Goal")]]
                for f in fasts {
                    let length = (f.endedAt - f.startedAt) / usecPerSecond
                    let goal = f.goalSeconds == 0 ? "-" : Format.hoursMinutes(seconds: f.goalSeconds) + (length >= f.goalSeconds ? " ✓" : "")
                    rows.append(["\(f.id)", Times.format(f.startedAt), Times.format(f.endedAt), Format.hoursMinutes(seconds: length), goal])
                }
                let least = [6, 16, 16, 12]
                let widths = (0..<4).map { column in max(least[column], rows.map { $0[column].count }.max() ?? 0) }
                for row in rows {
                    Output.line((0..<4).map { row[$0].padding(widths[$0] + 1) }.joinedText() + row[4])
                }
            case .json:
                Output.line("[" + fasts.map(Exchange.json).joined(separator: ",\n ") + "]")
            case .csv:
                Output.line(Exchange.csvHeader)
                for f in fasts { Output.line(Exchange.csv(f)) }
            }
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

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("Add fasts from a file that `islet history --format csv|json` wrote; fasts already there are skipped."))
        @Argument(help: .init(tr("A .csv or .json file, or - for standard input (format by content)."))) var file: String
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let text: String
            switch TextFile.read(file, limit: 64 << 20) {
            case .success(let t): text = t
            case .failure(let message): throw ValidationError(tr("cannot read %1$s: %2$s", "\(file)", "\(message)"))
            }
            let rows: [Exchange.Row]
            do {
                rows = try Exchange.parse(text)
            } catch {
                throw ValidationError(tr("%1$s: %2$s", "\(file)", "\(error)"))
            }
            let (added, skipped, failed) = try await bus.run { client in
                let existing = Set(try await client.allFasts().map { Exchange.Key(start: $0.startedAt, end: $0.endedAt) })
                var added = 0
                var skipped = 0
                var failed: [String] = []
                for row in rows {
                    if existing.contains(Exchange.Key(start: row.start, end: row.end)) {
                        skipped += 1
                        continue
                    }
                    do {
                        _ = try await client.addFast(startedAt: row.start, endedAt: row.end, goalSeconds: row.goal)
                        added += 1
                    } catch let error as DBusError where error.isIsletError {
                        failed.append("\(row.place): \(error.message)")
                    }
                }
                return (added, skipped, failed)
            }
            Output.line(
                trn(
                    "Imported %1$d fast; %2$d already in the history.", "Imported %1$d fasts; %2$d already in the history.", UInt64(added), "\(added)",
                    "\(skipped)"))
            for failure in failed { Output.error(failure) }
            if !failed.isEmpty { throw ExitCode(1) }
        }
    }
}

struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: tr("Totals, averages, goals met and streaks."))
    @Option(help: .init(tr("table or json."))) var format: HistoryCommand.Layout = .table
    @OptionGroup var bus: BusOptions

    func run() async throws {
        let stats = try await bus.run { try await $0.stats() }
        func u(_ key: String) -> UInt64 {
            if let v = stats[key]?.uint64 { return v }
            return UInt64(stats[key]?.uint32 ?? 0)
        }
        switch format {
        case .json, .csv:
            let keys = ["count", "total_usec", "longest_usec", "average_usec", "goal_hits", "current_streak_days", "longest_streak_days"]
            Output.line("{" + keys.map { "\(JSON.string($0)):\(u($0))" }.joined(separator: ",") + "}")
        case .table:
            let hms = { (usec: UInt64) in Format.hoursMinutes(seconds: usec / usecPerSecond) }
            Output.line(tr("Fasts:          %s", "\(u("count"))"))
            Output.line(tr("Total:          %s", "\(hms(u("total_usec")))"))
            Output.line(tr("Longest:        %s", "\(hms(u("longest_usec")))"))
            Output.line(tr("Average:        %s", "\(hms(u("average_usec")))"))
            Output.line(tr("Goals met:      %s", "\(u("goal_hits"))"))
            let current = u("current_streak_days")
            let longest = u("longest_streak_days")
            Output.line(tr("Current streak: %s", trn("%d day", "%d days", current, "\(current)")))
            Output.line(tr("Longest streak: %s", trn("%d day", "%d days", longest, "\(longest)")))
        }
    }
}
