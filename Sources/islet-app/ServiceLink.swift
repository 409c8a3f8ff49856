import DBus
import HistoryFiles
import IsletAppModel
import IsletBus
import IsletClient
import IsletCore
import Platform
import Synchronization
import Translation

#if canImport(Glibc)
    import Glibc
#endif

/// The app's side of the contract: isletd's fast as ``FastModel/Facts``, followed through its
/// signals (never polled), and the calls the page makes. Runs on Swift's executors; what it
/// learns goes to GTK's main thread through `deliver`.
final class ServiceLink: @unchecked Sendable {
    enum Update: Sendable {
        case facts(FastModel.Facts)
        /// isletd is not on the bus (or could not be started): the window says so in its own words.
        case unavailable
        case failed(String)
        case stopped(CompletedFast)
        /// The goal presets, as isletd describes them (in the session's language).
        case presets([Preset])
        /// How many completed fasts there are, isletd's statistics of them and the last four
        /// weeks' days (ListDays).
        /// With the history's first page: the rows first on screen.
        case historySummary(count: Int, figures: [String: UInt64], days: [FastingDays.Day], firstPage: [FastRecord])
        /// A month's days for the calendar.
        case calendar(year: Int64, month: Int, days: [FastingDays.Day])
        /// A page of the history (ListFastRecords), asked for in the list's `generation`.
        case historyPage(page: Int, records: [FastRecord], generation: Int)
        /// A fast that went to the history (stopped, added, added back).
        case historyInserted(FastRecord)
        /// A fast's note or rating changed here (its place in the list stays).
        case historyNoted(FastRecord)
        /// The history changed in ways the list cannot follow row by row (times edited, an
        /// import): it is read again with the next figures.
        case historyChanged
        /// A fast deleted from the history, kept here so that Undo can add it back.
        case deleted(FastRecord)
        /// Something done, said in a toast ("Exported 12 fasts to …").
        case done(String)
        /// The editor's fast saved (nil), or refused in isletd's words: the editor closes, or
        /// stays open saying why.
        case saved(refusal: String?)
        /// A file read and checked by isletd (a dry run): what an import would do.
        case importChecked(path: String, report: ImportReport)
    }

    private let address: String?
    private let deliver: @Sendable (Update) -> Void
    /// The client once connected, and whether the presets were read since isletd came.
    private let state = Mutex<(client: IsletClient?, havePresets: Bool)>((nil, false))
    /// The client once connected (the Preferences window's own link talks through it).
    var client: IsletClient? { state.withLock { $0.client } }

    init(address: String?, deliver: @escaping @Sendable (Update) -> Void) {
        self.address = address
        self.deliver = deliver
    }

    /// Connects and follows isletd for as long as the app runs.
    /// Connects and follows isletd for as long as the app runs. The connection is made here, so
    /// that a call asked for at once (a desktop action's Start Fast) has a client.
    func start() {
        let connection: DBusConnection
        do {
            connection = try DBusConnection(bus: address.map { .address($0) } ?? .session, label: "islet-app")
        } catch {
            deliver(.unavailable)
            return
        }
        let client = IsletClient(connection: connection)
        state.withLock { $0.client = client }
        Task { await self.follow(client, connection) }
    }

    private func follow(_ client: IsletClient, _ connection: DBusConnection) async {
        do {
            // The subscriptions asked for at once, not each after the last one's answer:
            // isletd's first read, which waits for them (no signal is missed in between), is
            // two round trips after the connection rather than four. (The Timers page and the
            // Preferences window follow what they show through links of their own.)
            async let fastSubscription = client.fasting.signals()
            async let propertiesSubscription = connection.signals(
                matching: MatchRule(
                    interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: IsletBus.path,
                    arg0: IsletBus.Fasting.name))
            async let ownersSubscription = connection.watchNameOwner(IsletBus.name)
            let (fastSignals, properties, owners) = try await (fastSubscription, propertiesSubscription, ownersSubscription)
            Task {
                for await message in fastSignals {
                    // A history changed elsewhere (the command line, an import, another app):
                    // the rows on screen and the figures read again.
                    if message.member == IsletBus.Fasting.Signal.historyChanged.rawValue {
                        self.deliver(.historyChanged)
                        await self.loadHistory()
                        continue
                    }
                    await self.refresh()
                    if message.member == IsletBus.Fasting.Signal.fastStopped.rawValue { await self.stoppedFastToHistory() }
                }
            }
            Task {
                for await _ in properties { await self.refresh() }
            }
            // The first owner (nil: not running) and every change: isletd started, stopped,
            // crashed or restarted while the app is open.
            var first = true
            for await owner in owners {
                if owner != nil || first { await refresh(withPresets: first) }
                if owner == nil, !first { deliver(.unavailable) }
                first = false
            }
        } catch {
            deliver(.unavailable)
        }
    }

    /// Reads the fast (D-Bus starts isletd when it is installed and not running); with
    /// `withPresets`, or when they were never read, the presets too.
    func refresh(withPresets: Bool = false) async {
        guard let client else { return }
        do {
            if withPresets || !state.withLock({ $0.havePresets }) {
                let presets = try await client.presets()
                state.withLock { $0.havePresets = true }
                deliver(.presets(presets))
            }
            let status = try await client.fastStatus()
            var facts = FastModel.Facts(
                fasting: status.fasting, startedAt: status.startedAt, goalSeconds: status.activeGoalSeconds,
                dailyGoalSeconds: status.dailyGoalSeconds)
            facts.schedule = status.schedule
            facts.showStages = status.showStages
            facts.announceStages = status.announceStages
            facts.neutralMode = status.neutralMode
            // The eating window starts where the last fast ended.
            if !status.fasting { facts.lastFastEnd = try await client.fasts(offset: 0, limit: 1).first?.endedAt ?? 0 }
            deliver(.facts(facts))
        } catch let error as DBusError where error.meansServiceUnavailable {
            deliver(.unavailable)
        } catch {
            deliver(.failed(ServiceLink.words(error)))
        }
    }

    /// A fast from now, or from `start` (one begun earlier).
    func startFast(at start: USec? = nil) { call { _ = try await $0.startFast(at: start) } }

    /// The running fast's goal (DI-006 B), 0: none.
    func setFastGoal(_ seconds: UInt64) { call { try await $0.setActiveFastGoal(seconds: seconds) } }

    func stopFast() {
        call { client in
            let fast = try await client.stopFast()
            self.deliver(.stopped(fast))
        }
    }

    func undoStop() { call { _ = try await $0.undoStopFast() } }

    /// The running fast began at another time (SetFastStart); isletd's words when it refuses.
    func moveStart(to start: USec) {
        call { client in
            _ = try await client.setFastStart(start)
            self.deliver(.done(tr("Fast started at %s", LocalTime.system.describe(start, now: WallClock.now()))))
        }
    }

    /// "I ate at 11:30": the fast ends then (StopFastAt), with Undo as for a stop.
    func stopFast(at end: USec) {
        call { client in
            let fast = try await client.stopFast(at: end)
            self.deliver(.stopped(fast))
        }
    }

    /// The schedule as a whole (SetSchedule); the facts follow from PropertiesChanged.
    func setSchedule(_ schedule: FastingSchedule) { call { try await $0.setSchedule(schedule) } }

    /// How many fasts there are, their statistics and the last four weeks' days (FR-005): on the
    /// page's showing and after a change. Never the whole history.
    func loadHistory() async {
        guard let client else { return }
        do {
            let stats = try await client.stats()
            var figures: [String: UInt64] = [:]
            for (key, value) in stats {
                if let v = value.uint64 { figures[key] = v } else if let v = value.uint32 { figures[key] = UInt64(v) }
            }
            let now = WallClock.now()
            let zone = LocalTime.system
            let first = zone.local(now).day - Int64(HistoryModel.daysShown - 1)
            let days = try await self.days(client, from: first, count: HistoryModel.daysShown)
            let firstPage = try await client.records(offset: 0, limit: UInt32(HistoryList.pageSize))
            deliver(.historySummary(count: Int(figures["count"] ?? 0), figures: figures, days: days, firstPage: firstPage))
        } catch let error as DBusError where error.meansServiceUnavailable {
            deliver(.unavailable)
        } catch {
            deliver(.failed(ServiceLink.words(error)))
        }
    }

    /// ListDays from the local day `first` on.
    private func days(_ client: IsletClient, from first: Int64, count: Int) async throws -> [FastingDays.Day] {
        let zone = LocalTime.system
        return try await client.days(from: FastingDays.midnight(of: first, in: zone), count: UInt32(count)).map {
            FastingDays.Day(day: zone.local($0.startsAt).day, startsAt: $0.startsAt, fastedUSec: $0.fasted, goalMet: $0.goalMet)
        }
    }

    /// A month of the calendar.
    func loadMonth(year: Int64, month: Int) {
        call { client in
            let days = try await self.days(client, from: CalendarMonth.firstDay(year, month), count: CalendarMonth.length(year, month))
            self.deliver(.calendar(year: year, month: month, days: days))
        }
    }

    /// A page of the history, for the rows that came into view.
    func loadPage(_ page: Int, generation: Int) {
        call { client in
            let records = try await client.records(offset: UInt32(clamping: page * HistoryList.pageSize), limit: UInt32(HistoryList.pageSize))
            self.deliver(.historyPage(page: page, records: records, generation: generation))
        }
    }

    /// The fast just stopped, as the history keeps it (the newest), and the new figures.
    private func stoppedFastToHistory() async {
        guard let client else { return }
        if let newest = try? await client.records(offset: 0, limit: 1).first { deliver(.historyInserted(newest)) }
        await loadHistory()
    }

    /// Deletes a fast; Undo adds it back (the contract has no undelete: AddFast, a new id).
    func deleteFast(_ record: FastRecord) {
        call { client in
            try await client.deleteFast(id: record.fast.id)
            self.deliver(.deleted(record))
            await self.loadHistory()
        }
    }

    /// A completed fast corrected (FR-005): its times, when they changed, then its note and
    /// rating, when they did.
    func editFast(_ record: FastRecord, timesChanged: Bool, noteChanged: Bool) {
        answer { client in
            let fast = record.fast
            if timesChanged { try await client.editFast(id: fast.id, startedAt: fast.startedAt, endedAt: fast.endedAt) }
            if noteChanged { try await client.setNote(id: fast.id, note: record.note, rating: record.rating) }
            self.deliver(timesChanged ? .historyChanged : .historyNoted(record))
            await self.loadHistory()
        }
    }

    /// A fast the user forgot to start, added with the daily goal it would have had.
    func addFast(startedAt: USec, endedAt: USec, note: String, rating: UInt8) {
        answer { client in
            let goal = try await client.fastStatus().dailyGoalSeconds
            let fast = CompletedFast(id: 0, startedAt: startedAt, endedAt: endedAt, goalSeconds: goal)
            try await self.add(FastRecord(fast: fast, note: note, rating: rating), client)
        }
    }

    /// A deleted fast back, note and rating included.
    func addBack(_ record: FastRecord) { call { client in try await self.add(record, client) } }

    private func add(_ record: FastRecord, _ client: IsletClient) async throws {
        var added = record
        added.fast.id = try await client.addFast(startedAt: record.fast.startedAt, endedAt: record.fast.endedAt, goalSeconds: record.fast.goalSeconds)
        if !record.note.isEmpty || record.rating != 0 { try await client.setNote(id: added.fast.id, note: record.note, rating: record.rating) }
        deliver(.historyInserted(added))
        await loadHistory()
    }

    /// The whole history written to `path`: islet's JSON for a .json file, its CSV otherwise.
    func exportHistory(to path: String) {
        call { client in
            let records = try await client.allRecords()
            let json = path.lowercased().hasSuffix(".json")
            let text = json ? HistoryExport.json(records, localTime: .system) : HistoryExport.csv(records, localTime: .system)
            if case .failure(let failure) = TextFile.write(text, to: path) {
                throw WordsError(words: tr("cannot write %1$s: %2$s", path, failure.description))
            }
            // A toast says the file's name; the folder is the one just chosen.
            let name = path.split(separator: "/").last.map(String.init) ?? path
            self.deliver(.done(trn("Exported %1$d fast to %2$s", "Exported %1$d fasts to %2$s", UInt64(records.count), "\(records.count)", name)))
        }
    }

    /// A history file read and checked by isletd (nothing added): what an import would do.
    func checkImport(_ path: String) {
        call { client in
            let bytes: [UInt8]
            switch TextFile.bytes(path, limit: HistoryFile.maxBytes) {
            case .success(let b): bytes = b
            case .failure(let failure): throw WordsError(words: tr("cannot read %1$s: %2$s", path, failure.description))
            }
            let contents: HistoryFile.Contents
            do {
                contents = try HistoryFile.read(bytes, localTime: .system)
            } catch {
                throw WordsError(words: tr("%1$s: %2$s", path, "\(error)"))
            }
            var verdicts = HistoryImport.Verdicts()
            if !contents.rows.isEmpty { verdicts = try await client.importFasts(contents.rows.map(\.entry), dryRun: true).verdicts }
            self.deliver(.importChecked(path: path, report: ImportReport(contents: contents, verdicts: verdicts)))
        }
    }

    /// The fasts an import adds (those the check found new and sound), all or none.
    func importFasts(_ entries: [HistoryImport.Entry]) {
        call { client in
            let (added, verdicts) = try await client.importFasts(entries, dryRun: false)
            if let refused = verdicts.refused.first {
                throw WordsError(words: tr("Nothing imported: %s", refused.reason))
            }
            self.deliver(
                .done(
                    trn(
                        "Imported %1$d fast; %2$d already in the history.", "Imported %1$d fasts; %2$d already in the history.", UInt64(added),
                        "\(added)", "\(verdicts.duplicates.count)")))
            self.deliver(.historyChanged)
            await self.loadHistory()
        }
    }

    /// The daily goal (DFG-002, DFG-003): seconds, or 0 for none.
    func setGoal(_ seconds: UInt64) {
        call { client in
            if seconds == 0 { try await client.clearGoal() } else { try await client.setGoal(seconds: seconds) }
        }
    }

    /// A call whose failure is shown in the service's own words.
    /// Runs a call of the editor's: its answer, saved or refused in words, goes back to it.
    private func answer(_ body: @escaping @Sendable (IsletClient) async throws -> Void) {
        guard let client else { return deliver(.saved(refusal: tr("Not saved: fasts cannot be read or changed right now."))) }
        Task {
            do {
                try await body(client)
                self.deliver(.saved(refusal: nil))
            } catch {
                self.deliver(.saved(refusal: ServiceLink.words(error)))
            }
        }
    }

    private func call(_ body: @escaping @Sendable (IsletClient) async throws -> Void) {
        guard let client else { return }
        Task {
            do {
                try await body(client)
            } catch {
                self.deliver(.failed(ServiceLink.words(error)))
            }
        }
    }

    struct WordsError: Error {
        var words: String
    }

    /// isletd's message for its errors ("no fast is running"); the error itself otherwise.
    static func words(_ error: Error) -> String {
        if let error = error as? WordsError { return error.words }
        if let error = error as? DBusError, !error.message.isEmpty { return error.message }
        return "\(error)"
    }
}
