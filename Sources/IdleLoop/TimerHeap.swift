/// The loop's timers: a binary min-heap on (deadline, order of scheduling). Cancelled timers
/// are dropped when they reach the top, so a cancel costs a set insertion.
struct TimerHeap {
    struct Entry {
        var deadline: UInt64
        var id: UInt64
        var work: EventLoop.Work

        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : id < other.id
        }
    }

    private var entries: [Entry] = []
    /// Timers in the heap and not cancelled, so that a cancel is O(1) whatever the heap holds.
    private var live: Set<UInt64> = []
    private var cancelled: Set<UInt64> = []
    private var nextID: UInt64 = 1

    var isEmpty: Bool { entries.isEmpty }

    /// Timers scheduled and neither run nor cancelled.
    var liveCount: Int { live.count }

    /// The earliest live deadline.
    var earliest: UInt64? {
        mutating get {
            dropCancelled()
            return entries.first?.deadline
        }
    }

    mutating func push(deadline: UInt64, work: EventLoop.Work) -> UInt64 {
        let id = nextID
        nextID += 1
        entries.append(Entry(deadline: deadline, id: id, work: work))
        live.insert(id)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].precedes(entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
        return id
    }

    mutating func cancel(_ id: UInt64) {
        guard live.remove(id) != nil else { return }
        cancelled.insert(id)
        dropCancelled()
    }

    /// Removes and returns the earliest timer if it is due.
    mutating func popDue(now: UInt64) -> EventLoop.Work? {
        dropCancelled()
        guard let first = entries.first, first.deadline <= now else { return nil }
        popFirst()
        live.remove(first.id)
        return first.work
    }

    private mutating func dropCancelled() {
        while let first = entries.first, cancelled.remove(first.id) != nil { popFirst() }
    }

    private mutating func popFirst() {
        guard !entries.isEmpty else { return }
        entries.swapAt(0, entries.count - 1)
        entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < entries.count, entries[left].precedes(entries[first]) { first = left }
            if right < entries.count, entries[right].precedes(entries[first]) { first = right }
            if first == parent { return }
            entries.swapAt(parent, first)
            parent = first
        }
    }
}
