/// Which activity the island shows (contract 1.4, producers.md): exactly one, chosen by the
/// service so that every surface shows the same one, in the style of ActivityKit's
/// `relevanceScore`.
///
/// - What the user started (a fast with a goal, a timer, `islet run`, a program's own `Start`)
///   always outranks what merely runs (a song, a Pomodoro app's block, an update: a source's
///   activity). Among the user's, the newest wins.
/// - Among sources, the more relevant wins (a Pomodoro's countdown over a song, a song that
///   plays over one paused); on a tie the earlier one keeps the island, as ActivityKit does, so
///   two players that both play do not take turns.
/// - A source's activity that gives way waits: it is shown again when the island is free.
public enum IslandRule {
    /// Who may hold the island.
    public enum Producer: Equatable, Hashable, Sendable {
        case fast
        case timer(String)
        /// A program's own activity (`LiveActivity.Start`, `islet run`): the user's, and gone for
        /// good once it ends, so never handed the island back.
        case program(String)
        /// A source's activity, by its owner.
        case source(String)
    }

    /// A producer alive now, as the rule weighs it.
    public struct Candidate: Equatable, Sendable {
        public var producer: Producer
        /// Its place in the start order: the larger, the newer.
        public var sequence: UInt64
        /// A source's relevance, 0 ... 1; the user's producers have none (they outrank every source).
        public var relevance: Double

        public init(_ producer: Producer, sequence: UInt64, relevance: Double = 0) {
            self.producer = producer
            self.sequence = sequence
            self.relevance = relevance
        }

        public var isSource: Bool { if case .source = producer { true } else { false } }
    }

    /// Whether `challenger` takes the island from `holder`: the user's over a source's always,
    /// never a source's over the user's; among the user's, the newer; among sources, the more
    /// relevant, then the earlier.
    public static func outranks(_ challenger: Candidate, _ holder: Candidate) -> Bool {
        switch (challenger.isSource, holder.isSource) {
        case (false, true): return true
        case (true, false): return false
        case (false, false):
            return challenger.sequence > holder.sequence
        case (true, true):
            if challenger.relevance != holder.relevance { return challenger.relevance > holder.relevance }
            return challenger.sequence < holder.sequence
        }
    }

    /// The one to show among those alive; nil when none is.
    public static func choose(_ candidates: [Candidate]) -> Candidate? {
        candidates.reduce(nil) { best, candidate in
            guard let best else { return candidate }
            return outranks(candidate, best) ? candidate : best
        }
    }
}
