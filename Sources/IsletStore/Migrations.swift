import IsletCore

/// The schema's history, applied in order, each once, each in its own transaction together
/// with its name in `grdb_migrations`: the table and names the releases that used GRDB wrote,
/// so that their databases open as they are.
enum Migrations {
    static let all: [(name: String, apply: @Sendable (SQLiteConnection, LocalTime) throws -> Void)] = [
        ("v1", { db, _ in try db.execute(script: v1) }),
        (
            "v2-goal-days",
            { db, localTime in
                // The local calendar days that goal-meeting fasts touch, kept as fasts change, so
                // that streaks need no per-fast time-zone arithmetic when asked for.
                try db.execute(script: "CREATE TABLE goal_day (day INTEGER PRIMARY KEY, hits INTEGER NOT NULL)")
                var fasts: [CompletedFast] = []
                try db.run("SELECT id, started_at, ended_at, goal_seconds FROM fast") { fasts.append(Store.fast($0)) }
                for fast in fasts { try Store.countGoalDays(db, fast, by: 1, localTime: localTime) }
            }
        ),
        ("v3-totals", { db, _ in try db.execute(script: v3) }),
        ("v4-notes", { db, _ in try db.execute(script: v4) }),
    ]

    /// Brings the database up to date. Refuses one that holds a migration this release does
    /// not know (written by a newer islet), leaving it as it is.
    static func migrate(_ db: SQLiteConnection, localTime: LocalTime, path: String) throws {
        try db.execute(script: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        var applied: Set<String> = []
        try db.run("SELECT identifier FROM grdb_migrations") { row in
            if let name = row.text(0) { applied.insert(name) }
        }
        let known = Set(all.map(\.name))
        if !applied.isSubset(of: known) {
            throw StoreError.newer(path: path, detail: "it holds changes to the schema that this islet does not know")
        }
        for migration in all where !applied.contains(migration.name) {
            try db.transaction {
                try migration.apply(db, localTime)
                try db.run("INSERT INTO grdb_migrations (identifier) VALUES (?)", [.text(migration.name)])
            }
        }
    }

    /// Every CHECK constraint of the schema, as its table and its condition: the whole-file
    /// check looks for rows that break them on a connection of its own (``WholeFileCheck``).
    /// A test holds this list to the schema.
    static let checkConstraints: [(table: String, condition: String)] = [
        ("fast", "started_at < ended_at"), ("fast", "rating BETWEEN 0 AND 5"), ("live", "id = 1"), ("totals", "id = 1"),
    ]

    static let v1 = """
        CREATE TABLE fast (
            id INTEGER PRIMARY KEY,
            started_at INTEGER NOT NULL,
            ended_at INTEGER NOT NULL,
            goal_seconds INTEGER NOT NULL DEFAULT 0,
            CHECK (started_at < ended_at)
        );
        CREATE INDEX fast_by_start ON fast (started_at DESC, id DESC);
        CREATE INDEX fast_by_end ON fast (ended_at);
        CREATE TABLE live (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            state TEXT NOT NULL
        );
        """

    /// Count, total and goal hits kept as fasts change; the longest through an index.
    static let v3 = """
        CREATE INDEX fast_by_length ON fast (ended_at - started_at);
        CREATE TABLE totals (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            count INTEGER NOT NULL, total_usec INTEGER NOT NULL, goal_hits INTEGER NOT NULL
        );
        INSERT INTO totals (id, count, total_usec, goal_hits)
        SELECT 1, count(*), coalesce(sum(ended_at - started_at), 0),
               coalesce(sum(goal_seconds > 0 AND ended_at - started_at >= goal_seconds * 1000000), 0)
        FROM fast;
        """

    /// A note and a rating for each fast (contract 1.3): none for the fasts already there.
    static let v4 = """
        ALTER TABLE fast ADD COLUMN note TEXT NOT NULL DEFAULT '';
        ALTER TABLE fast ADD COLUMN rating INTEGER NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5);
        """
}
