import ArgumentParser
import DBus
import IsletClient
import IsletCore
import Platform

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Completed fasts: list, export, edit, delete, import.",
        subcommands: [List.self, Edit.self, Delete.self, Import.self], defaultSubcommand: List.self)

    enum Layout: String, ExpressibleByArgument, CaseIterable { case table, json, csv }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List completed fasts, most recent first; json and csv are the export formats `islet history import` reads.")
        @Option(help: "How many (1 to 1000); all of them for json and csv unless given.") var limit: UInt32?
        @Option(help: "table, json or csv.") var format: Layout = .table
        @OptionGroup var bus: BusOptions

        func validate() throws {
            if let limit, !(1...1000).contains(limit) { throw ValidationError("--limit must be 1 to 1000, got \(limit)") }
        }

        func run() async throws {
            let fasts = try await bus.run { client in
                if let limit { return try await client.fasts(offset: 0, limit: limit) }
                return format == .table ? try await client.fasts(offset: 0, limit: 20) : try await client.allFasts()
            }
            switch format {
            case .table:
                if fasts.isEmpty {
                    Output.line("No fasts yet; start one with `islet fast start`.")
                    return
                }
                // FR-005: the duration in hours and minutes, with their units ("16:04" would
                // read as minutes and seconds).
                Output.line("ID".padding(7) + "Started".padding(17) + "Ended".padding(17) + "Length".padding(13) + "Goal")
                for f in fasts {
                    let length = (f.endedAt - f.startedAt) / usecPerSecond
                    let goal = f.goalSeconds == 0 ? "-" : Format.hoursMinutes(seconds: f.goalSeconds) + (length >= f.goalSeconds ? " ✓" : "")
                    Output.line(
                        "\(f.id)".padding(7) + Times.format(f.startedAt).padding(17) + Times.format(f.endedAt).padding(17)
                            + Format.hoursMinutes(seconds: length).padding(13) + goal)
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
        static let configuration = CommandConfiguration(abstract: "Correct a completed fast's start and end.")
        @Argument(help: "The fast's id (see `islet history`).") var id: UInt64
        @Option(help: "The new start.") var start: String
        @Option(help: "The new end.") var end: String
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let (s, e) = (try Parse.time(start), try Parse.time(end))
            try await bus.run { try await $0.editFast(id: id, startedAt: s, endedAt: e) }
            Output.line("Fast \(id): \(Times.format(s)) to \(Times.format(e)).")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a completed fast.")
        @Argument(help: "The fast's id (see `islet history`).") var id: UInt64
        @OptionGroup var bus: BusOptions

        func run() async throws {
            try await bus.run { try await $0.deleteFast(id: id) }
            Output.line("Fast \(id) deleted.")
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add fasts from a file that `islet history --format csv|json` wrote; fasts already there are skipped.")
        @Argument(help: "A .csv or .json file, or - for standard input (format by content).") var file: String
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let text: String
            switch TextFile.read(file, limit: 64 << 20) {
            case .success(let t): text = t
            case .failure(let message): throw ValidationError("cannot read \(file): \(message)")
            }
            let rows: [Exchange.Row]
            do {
                rows = try Exchange.parse(text)
            } catch {
                throw ValidationError("\(file): \(error)")
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
            Output.line("Imported \(added) fast\(added == 1 ? "" : "s"); \(skipped) already in the history.")
            for failure in failed { Output.error(failure) }
            if !failed.isEmpty { throw ExitCode(1) }
        }
    }
}

struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: "Totals, averages, goals met and streaks.")
    @Option(help: "table or json.") var format: HistoryCommand.Layout = .table
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
            Output.line("Fasts:          \(u("count"))")
            Output.line("Total:          \(hms(u("total_usec")))")
            Output.line("Longest:        \(hms(u("longest_usec")))")
            Output.line("Average:        \(hms(u("average_usec")))")
            Output.line("Goals met:      \(u("goal_hits"))")
            Output.line("Current streak: \(u("current_streak_days")) day\(u("current_streak_days") == 1 ? "" : "s")")
            Output.line("Longest streak: \(u("longest_streak_days")) day\(u("longest_streak_days") == 1 ? "" : "s")")
        }
    }
}
