import DBus
import HistoryFiles
import IsletAppModel
import IsletBus
import IsletClient
import IsletCore
import Platform
import Translation

/// The History and Progress pages' own link to isletd (made when the first of them is shown):
/// the history's figures, its days and the rows on screen, followed through isletd's
/// HistoryChanged, FastStopped and PropertiesChanged (the daily goal, neutral mode) and its
/// coming back; the calls the pages make; and the history's files, read and written here.
/// What it learns goes to the pages on GTK's main thread, each taking what it shows.
final class HistoryLink: Sendable {
    /// What isletd said of the history.
    enum News: Sendable {
        /// How many completed fasts, isletd's figures, the last weeks' days and the first page
        /// of rows, with the daily goal and neutral mode they are shown with.
        case summary(HistoryModel, count: Int, firstPage: [FastRecord])
        /// A month's days for the calendar.
        case calendar(year: Int64, month: Int, days: [FastingDays.Day])
        /// A page of rows (ListFastRecords), asked for in the list's `generation`.
        case page(Int, records: [FastRecord], generation: Int)
        /// A fast that went to the history (stopped, added, added back).
        case inserted(FastRecord)
        /// A fast's note or rating changed here (its place in the list stays).
        case noted(FastRecord)
        /// Changed in ways the list cannot follow row by row (times edited, an import).
        case changed
        /// A fast deleted, kept so that Undo can add it back.
        case deleted(FastRecord)
        /// The editor's fast saved (nil), or refused in isletd's words.
        case saved(refusal: String?)
        /// A file read and checked by isletd (a dry run): what an import would do.
        case importChecked(path: String, report: ImportReport)
        /// Something done or refused, said in a toast.
        case done(String)
        case failed(String)
    }

    private let client: IsletClient
    /// Whether the summary brings the first page of rows (the History page's list).
    private let rows: Bool
    private let deliver: @Sendable (News) -> Void
    private let following = Following()

    /// `deliver` is called off the main thread.
    init(client: IsletClient, rows: Bool, deliver: @escaping @Sendable (News) -> Void) {
        self.client = client
        self.rows = rows
        self.deliver = deliver
    }

    /// Subscribes first, then reads: no change is missed in between.
    func start() {
        following.start(client) { feed in
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await message in feed.signals {
                        switch message.member {
                        // Changed elsewhere (the command line, an import, another app): read again.
                        case IsletBus.Fasting.Signal.historyChanged.rawValue:
                            self.deliver(.changed)
                            await self.load()
                        case IsletBus.Fasting.Signal.fastStopped.rawValue:
                            // The fast just stopped, as the history keeps it (the newest).
                            if self.rows, let newest = try? await self.client.records(offset: 0, limit: 1).first { self.deliver(.inserted(newest)) }
                            await self.load()
                        default: break
                        }
                    }
                }
                // The daily goal or neutral mode changed: the figures and charts with them.
                group.addTask { for await _ in feed.properties { await self.load() } }
                // isletd (re)started: everything read again.
                group.addTask { for await owner in feed.owners where owner != nil { await self.load() } }
            }
        }
    }

    /// The figures, the last weeks' days and the first page (FR-005): on a page's showing and
    /// after a change. Never the whole history.
    func load() async {
        do {
            let stats = try await client.stats()
            var figures: [String: UInt64] = [:]
            for (key, value) in stats {
                if let v = value.uint64 { figures[key] = v } else if let v = value.uint32 { figures[key] = UInt64(v) }
            }
            let status = try await client.fastStatus()
            let now = WallClock.now()
            let zone = LocalTime.system
            let first = zone.local(now).day - Int64(HistoryModel.daysShown - 1)
            let days = try await days(from: first, count: HistoryModel.daysShown)
            let firstPage = rows ? try await client.records(offset: 0, limit: UInt32(HistoryList.pageSize)) : []
            let count = Int(figures["count"] ?? 0)
            let model = HistoryModel(
                count: count, statistics: figures, days: days, localTime: zone, now: now, goalSeconds: status.dailyGoalSeconds,
                neutral: status.neutralMode)
            deliver(.summary(model, count: count, firstPage: firstPage))
        } catch let error as DBusError where error.meansServiceUnavailable {
            // The window says isletd is not running.
        } catch {
            deliver(.failed(ServiceLink.words(error)))
        }
    }

    /// ListDays from the local day `first` on.
    private func days(from first: Int64, count: Int) async throws -> [FastingDays.Day] {
        let zone = LocalTime.system
        return try await client.days(from: FastingDays.midnight(of: first, in: zone), count: UInt32(count)).map {
            FastingDays.Day(day: zone.local($0.startsAt).day, startsAt: $0.startsAt, fastedUSec: $0.fasted, goalMet: $0.goalMet)
        }
    }

    /// A month of the calendar.
    func loadMonth(year: Int64, month: Int) {
        call { link in
            let days = try await link.days(from: CalendarMonth.firstDay(year, month), count: CalendarMonth.length(year, month))
            link.deliver(.calendar(year: year, month: month, days: days))
        }
    }

    /// A page of the history, for the rows that came into view.
    func loadPage(_ page: Int, generation: Int) {
        call { link in
            let records = try await link.client.records(offset: UInt32(clamping: page * HistoryList.pageSize), limit: UInt32(HistoryList.pageSize))
            link.deliver(.page(page, records: records, generation: generation))
        }
    }

    /// Deletes a fast; Undo adds it back (the contract has no undelete: AddFast, a new id).
    func deleteFast(_ record: FastRecord) {
        call { link in
            try await link.client.deleteFast(id: record.fast.id)
            link.deliver(.deleted(record))
            await link.load()
        }
    }

    /// A completed fast corrected (FR-005): its times, when they changed, then its note and
    /// rating, when they did.
    func editFast(_ record: FastRecord, timesChanged: Bool, noteChanged: Bool) {
        answer { link in
            let fast = record.fast
            if timesChanged { try await link.client.editFast(id: fast.id, startedAt: fast.startedAt, endedAt: fast.endedAt) }
            if noteChanged { try await link.client.setNote(id: fast.id, note: record.note, rating: record.rating) }
            link.deliver(timesChanged ? .changed : .noted(record))
            await link.load()
        }
    }

    /// A fast the user forgot to start, added with the daily goal it would have had.
    func addFast(startedAt: USec, endedAt: USec, note: String, rating: UInt8) {
        answer { link in
            let goal = try await link.client.fastStatus().dailyGoalSeconds
            let fast = CompletedFast(id: 0, startedAt: startedAt, endedAt: endedAt, goalSeconds: goal)
            try await link.add(FastRecord(fast: fast, note: note, rating: rating))
        }
    }

    /// A deleted fast back, note and rating included.
    func addBack(_ record: FastRecord) { call { link in try await link.add(record) } }

    private func add(_ record: FastRecord) async throws {
        var added = record
        added.fast.id = try await client.addFast(startedAt: record.fast.startedAt, endedAt: record.fast.endedAt, goalSeconds: record.fast.goalSeconds)
        if !record.note.isEmpty || record.rating != 0 { try await client.setNote(id: added.fast.id, note: record.note, rating: record.rating) }
        deliver(.inserted(added))
        await load()
    }

    /// The whole history written to `path`: islet's JSON for a .json file, its CSV otherwise.
    func exportHistory(to path: String) {
        call { link in
            let records = try await link.client.allRecords()
            let json = path.lowercased().hasSuffix(".json")
            let text = json ? HistoryExport.json(records, localTime: .system) : HistoryExport.csv(records, localTime: .system)
            if case .failure(let failure) = TextFile.write(text, to: path) {
                throw ServiceLink.WordsError(words: tr("cannot write %1$s: %2$s", path, failure.description))
            }
            // A toast says the file's name; the folder is the one just chosen.
            let name = path.split(separator: "/").last.map(String.init) ?? path
            link.deliver(.done(trn("Exported %1$d fast to %2$s", "Exported %1$d fasts to %2$s", UInt64(records.count), "\(records.count)", name)))
        }
    }

    /// A history file read and checked by isletd (nothing added): what an import would do.
    func checkImport(_ path: String) {
        call { link in
            let bytes: [UInt8]
            switch TextFile.bytes(path, limit: HistoryFile.maxBytes) {
            case .success(let b): bytes = b
            case .failure(let failure): throw ServiceLink.WordsError(words: tr("cannot read %1$s: %2$s", path, failure.description))
            }
            let contents: HistoryFile.Contents
            do {
                contents = try HistoryFile.read(bytes, localTime: .system)
            } catch {
                throw ServiceLink.WordsError(words: tr("%1$s: %2$s", path, "\(error)"))
            }
            var verdicts = HistoryImport.Verdicts()
            if !contents.rows.isEmpty { verdicts = try await link.client.importFasts(contents.rows.map(\.entry), dryRun: true).verdicts }
            link.deliver(.importChecked(path: path, report: ImportReport(contents: contents, verdicts: verdicts)))
        }
    }

    /// The fasts an import adds (those the check found new and sound), all or none.
    func importFasts(_ entries: [HistoryImport.Entry]) {
        call { link in
            let (added, verdicts) = try await link.client.importFasts(entries, dryRun: false)
            if let refused = verdicts.refused.first {
                throw ServiceLink.WordsError(words: tr("Nothing imported: %s", refused.reason))
            }
            link.deliver(
                .done(
                    trn(
                        "Imported %1$d fast; %2$d already in the history.", "Imported %1$d fasts; %2$d already in the history.", UInt64(added),
                        "\(added)", "\(verdicts.duplicates.count)")))
            link.deliver(.changed)
            await link.load()
        }
    }

    /// Runs a call of the editor's: its answer, saved or refused in words, goes back to it.
    private func answer(_ body: @escaping @Sendable (HistoryLink) async throws -> Void) {
        Task {
            do {
                try await body(self)
                self.deliver(.saved(refusal: nil))
            } catch {
                self.deliver(.saved(refusal: ServiceLink.words(error)))
            }
        }
    }

    /// A call whose failure is said in isletd's own words.
    private func call(_ body: @escaping @Sendable (HistoryLink) async throws -> Void) {
        client.call(failed: { self.deliver(.failed($0)) }, { _ in try await body(self) })
    }
}
