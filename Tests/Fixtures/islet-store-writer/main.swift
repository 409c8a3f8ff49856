import Foundation
import IsletCore
import IsletStore

// islet-store-writer PATH: starts and stops fasts as fast as it can, printing the id of each
// completed fast once its transaction has committed. Tests kill it at random moments.
guard CommandLine.arguments.count == 2 else { exit(64) }
let store = try Store(path: CommandLine.arguments[1])
var state = try store.loadState()
// A clock that runs ahead of the real one, so that a restarted writer continues after the
// last stored moment.
var now = max(UInt64(Date().timeIntervalSince1970 * 1_000_000), try store.latestEnd(), state.fast?.startedAt ?? 0)
while true {
    var engine = Engine(state: state, localTime: .utc)
    now += 1_000_000
    if engine.state.fast == nil {
        _ = try engine.startFast(at: nil, now: now, latestCompletedEnd: try store.latestEnd())
        try store.commit(state: engine.state, history: engine.history)
    } else {
        let done = try engine.stopFast(at: nil, now: now)
        try store.commit(state: engine.state, history: engine.history)
        FileHandle.standardOutput.write(Data("\(done.id)\n".utf8))
    }
    state = engine.state
}
