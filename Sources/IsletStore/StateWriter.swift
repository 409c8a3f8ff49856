import IsletCore
import JSONCoding

/// Writes the live state's JSON, re-encoding only the parts that changed since the last write.
///
/// A command changes one timer, the fast or the activity; the state holds every timer (fifty
/// callers, fifty timers), and encoding all of it on every commit was isletd's largest cost
/// under load. Each part is encoded by ``JSONEncoding`` (so the text is what ``StateDocument``
/// reads back), and kept beside the value it was made from; the
/// top-level object is assembled around the kept texts. One writer per store, used under the
/// store's lock.
final class StateWriter {
    private var settings = Kept<ServiceSettings>()
    private var fast = Kept<RunningFast>()
    private var activity = Kept<Activity>()
    private var lastStop = Kept<StoppedFast>()
    private var sources = Kept<[String: SourceActivity]>()
    /// Per owner: the timer and its `"owner":{...}` member text.
    private var timers: [String: (timer: CountdownTimer, member: String)] = [:]

    /// A value and its JSON, as last encoded.
    private struct Kept<Value: Encodable & Equatable> {
        var value: Value?
        var json = ""

        mutating func json(for new: Value) throws -> String {
            if value != new {
                json = try JSONEncoding.text(new)
                value = new
            }
            return json
        }
    }

    /// The state as one JSON object with the members `IsletState`'s Codable conformance reads
    /// (an absent optional is left out).
    func encode(_ state: IsletState) throws -> String {
        var json = "{\"settings\":"
        json += try settings.json(for: state.settings)
        if let value = state.fast { json += ",\"fast\":" + (try fast.json(for: value)) }
        json += ",\"fastSequence\":\(state.fastSequence),\"timers\":{"
        var first = true
        for (owner, timer) in state.timers {
            let member: String
            if let kept = timers[owner], kept.timer == timer {
                member = kept.member
            } else {
                member = JSONValue.quoted(owner) + ":" + (try JSONEncoding.text(timer))
                timers[owner] = (timer, member)
            }
            if !first { json += "," }
            first = false
            json += member
        }
        if timers.count > state.timers.count { timers = timers.filter { state.timers[$0.key] != nil } }
        json += "}"
        if let value = state.activity { json += ",\"activity\":" + (try activity.json(for: value)) }
        if !state.sources.isEmpty { json += ",\"sources\":" + (try sources.json(for: state.sources)) }
        json += ",\"nextFastID\":\(state.nextFastID),\"nextSequence\":\(state.nextSequence)"
        json += ",\"nextActivitySerial\":\(state.nextActivitySerial)"
        if let value = state.lastStop { json += ",\"lastStop\":" + (try lastStop.json(for: value)) }
        return json + "}"
    }
}
