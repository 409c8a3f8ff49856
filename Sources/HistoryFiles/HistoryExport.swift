import IsletCore
import JSONCoding

/// islet's own history files, written so that reading them back loses nothing: the times to
/// the microsecond (`*_usec`) beside the same times as people read them, the goal, the note
/// and the rating.
public enum HistoryExport {
    public static let csvHeader = "id,started_at,ended_at,duration_seconds,goal_seconds,started_at_usec,ended_at_usec,note,rating"

    public static func csvLine(_ record: FastRecord, localTime: LocalTime) -> String {
        let f = record.fast
        return "\(f.id),\(MomentText.iso(f.startedAt, localTime: localTime)),\(MomentText.iso(f.endedAt, localTime: localTime)),"
            + "\((f.endedAt - f.startedAt) / usecPerSecond),\(f.goalSeconds),\(f.startedAt),\(f.endedAt),\(CSVText.field(CSVText.guarded(record.note))),\(record.rating)"
    }

    public static func jsonObject(_ record: FastRecord, localTime: LocalTime) -> String {
        let f = record.fast
        return "{\"id\":\(f.id),\"started_at\":\(JSONValue.quoted(MomentText.iso(f.startedAt, localTime: localTime))),"
            + "\"ended_at\":\(JSONValue.quoted(MomentText.iso(f.endedAt, localTime: localTime))),"
            + "\"duration_seconds\":\((f.endedAt - f.startedAt) / usecPerSecond),\"goal_seconds\":\(f.goalSeconds),"
            + "\"started_at_usec\":\(f.startedAt),\"ended_at_usec\":\(f.endedAt),\"note\":\(JSONValue.quoted(record.note)),\"rating\":\(record.rating)}"
    }

    /// The whole file: CSV (a header, a line a fast) or JSON (an array, a fast a line).
    public static func csv(_ records: [FastRecord], localTime: LocalTime) -> String {
        ([csvHeader] + records.map { csvLine($0, localTime: localTime) }).joined(separator: "\n") + "\n"
    }

    public static func json(_ records: [FastRecord], localTime: LocalTime) -> String {
        "[" + records.map { jsonObject($0, localTime: localTime) }.joined(separator: ",\n ") + "]\n"
    }
}
