import IsletCore
import JSONCoding

/// The live state as it is stored: JSON of ``IsletState`` in the `live` row, written by
/// ``StateWriter`` and read here, both through JSONCoding (islet before November 2026 wrote it
/// with FoundationEssentials' `JSONEncoder`: the same JSON, read alike). The version of its
/// shape is the database's `user_version` (written in the same transaction as the state).
///
/// Versions of the whole database, as released:
/// - 1: the history (`fast`) and the state; no version column.
/// - 2: `goal_day` and `totals` kept beside the history (migrations `v2-goal-days`, `v3-totals`).
/// - 3: the state gained `lastStop` (UndoStopFast).
/// - 4: `user_version` says the state's shape (older databases read 0); timers gained
///   `extensions` (Timers.Extend).
///
/// A field added to a persisted type takes its default when absent (``IsletCore`` decodes every
/// later field that way), so adding one needs no step here. A change that cannot be read that
/// way (a field renamed, its meaning changed) bumps ``current`` and adds a step to ``upgrade``.
/// A state written by a newer islet is refused, not read: reading it would drop what this
/// release does not know, and the next write would lose it.
enum StateDocument {
    static let current = 4

    /// `version` is at most ``current`` (the store refuses a newer database before reading).
    static func decode(_ json: String, version: Int, path: String) throws(StoreError) -> IsletState {
        do {
            return try JSONDecoding.value(IsletState.self, from: upgrade(json, from: version))
        } catch {
            throw .damaged(path: path, detail: "the saved state cannot be read: \(error)")
        }
    }

    /// The stored JSON brought to the current shape, one version at a time. From 0 (releases 1
    /// to 3, before versions were stored) to 4 fields were only added, which decoding takes
    /// care of; a later reshaping adds its step here (`if version < 5 { ... }`).
    static func upgrade(_ json: String, from version: Int) -> String {
        json
    }
}
