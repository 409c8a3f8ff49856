import Translation

/// Completed fasts brought in from a file (ImportFasts): which would be added, which are
/// already in the history, and which are refused and why. Pure: the history comes in as its
/// spans, the running fast as its start.
public enum HistoryImport {
    /// One fast to import, as a file gave it.
    public struct Entry: Equatable, Sendable {
        public var startedAt: USec
        public var endedAt: USec
        public var goalSeconds: UInt64
        public var note: String
        public var rating: UInt8

        public init(startedAt: USec, endedAt: USec, goalSeconds: UInt64 = 0, note: String = "", rating: UInt8 = 0) {
            self.startedAt = startedAt
            self.endedAt = endedAt
            self.goalSeconds = goalSeconds
            self.note = note
            self.rating = rating
        }
    }

    /// A completed fast already in the history.
    public struct Span: Equatable, Sendable {
        public var id: UInt64
        public var startedAt: USec
        public var endedAt: USec

        public init(id: UInt64, startedAt: USec, endedAt: USec) {
            self.id = id
            self.startedAt = startedAt
            self.endedAt = endedAt
        }
    }

    /// An entry that cannot be imported: its index in the import, why, and (1-based) the
    /// entry of the same import it collides with, 0 for none.
    public struct Refusal: Equatable, Sendable {
        public var index: Int
        public var reason: String
        public var otherEntry: Int

        public init(index: Int, reason: String, otherEntry: Int = 0) {
            self.index = index
            self.reason = reason
            self.otherEntry = otherEntry
        }
    }

    public struct Verdicts: Equatable, Sendable {
        /// The entries that would be added, in the import's order.
        public var added: [Int] = []
        /// Same start and end as a fast in the history or an earlier entry: skipped.
        public var duplicates: [Int] = []
        public var refused: [Refusal] = []

        public init() {}
    }

    /// At most this many entries in one import.
    public static let maxEntries = 200_000

    /// The verdict on every entry. `history`: the completed fasts' spans, in any order;
    /// `runningSince`: the running fast's start, if one runs.
    public static func check(
        _ entries: [Entry], history: [Span], runningSince: USec?, now: USec, localTime: LocalTime
    ) -> Verdicts {
        var verdicts = Verdicts()
        let sorted = history.sorted { ($0.startedAt, $0.endedAt) < ($1.startedAt, $1.endedAt) }
        // The latest end among the fasts up to each one: finds an overlap among spans that
        // may themselves overlap (a history edited by an older islet).
        var reach: [USec] = []
        reach.reserveCapacity(sorted.count)
        for span in sorted { reach.append(max(reach.last ?? 0, span.endedAt)) }
        var known = Set<Pair>(minimumCapacity: sorted.count + entries.count)
        for span in sorted { known.insert(Pair(start: span.startedAt, end: span.endedAt)) }
        func describe(_ usec: USec) -> String { localTime.describe(usec, now: now) }

        var candidates: [Int] = []
        for (index, entry) in entries.enumerated() {
            if let problem = problem(entry, now: now) {
                verdicts.refused.append(Refusal(index: index, reason: problem))
                continue
            }
            let pair = Pair(start: entry.startedAt, end: entry.endedAt)
            if known.contains(pair) {
                verdicts.duplicates.append(index)
                continue
            }
            if let since = runningSince, entry.endedAt > since {
                verdicts.refused.append(Refusal(index: index, reason: tr("it overlaps the running fast, which started at %s", "\(describe(since))")))
                continue
            }
            if let other = overlapping(entry, sorted, reach) {
                verdicts.refused.append(
                    Refusal(
                        index: index,
                        reason: tr(
                            "it overlaps the fast from %1$s to %2$s (id %3$s)", "\(describe(other.startedAt))", "\(describe(other.endedAt))",
                            "\(other.id)")))
                continue
            }
            known.insert(pair)
            candidates.append(index)
        }
        // Entries that overlap each other: the later start is refused, naming the other.
        let byStart = candidates.sorted { (entries[$0].startedAt, $0) < (entries[$1].startedAt, $1) }
        var kept: Set<Int> = []
        var reaching: Int?
        for index in byStart {
            if let last = reaching, entries[last].endedAt > entries[index].startedAt {
                verdicts.refused.append(
                    Refusal(index: index, reason: tr("it overlaps entry %s of this import", "\(last + 1)"), otherEntry: last + 1))
                continue
            }
            kept.insert(index)
            if reaching.map({ entries[$0].endedAt < entries[index].endedAt }) ?? true { reaching = index }
        }
        verdicts.added = candidates.filter { kept.contains($0) }
        verdicts.refused.sort { $0.index < $1.index }
        return verdicts
    }

    /// What is wrong with an entry on its own, if anything.
    static func problem(_ entry: Entry, now: USec) -> String? {
        guard entry.startedAt < entry.endedAt else { return tr("a fast must start before it ends") }
        guard entry.endedAt <= now else { return tr("a fast cannot end in the future") }
        if entry.goalSeconds != 0, !Limits.goalSeconds.contains(entry.goalSeconds) {
            return tr("a goal must be 60 seconds to 7 days (604800 seconds), got %s", "\(entry.goalSeconds)")
        }
        do { try Limits.checkNote(entry.note, rating: entry.rating) } catch { return error.message }
        return nil
    }

    /// A fast of the history that overlaps the entry (not the same span), if any.
    static func overlapping(_ entry: Entry, _ sorted: [Span], _ reach: [USec]) -> Span? {
        // The last fast that starts before the entry ends.
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].startedAt < entry.endedAt { low = middle + 1 } else { high = middle }
        }
        var index = low - 1
        while index >= 0, reach[index] > entry.startedAt {
            if sorted[index].endedAt > entry.startedAt { return sorted[index] }
            index -= 1
        }
        return nil
    }

    struct Pair: Hashable {
        var start: USec
        var end: USec
    }
}
