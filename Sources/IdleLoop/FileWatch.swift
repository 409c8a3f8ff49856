#if canImport(Glibc)
    import Glibc
#endif

/// One file watched through inotify on an ``EventLoop``: `handler` runs on the loop when the
/// file is saved (closed after writing), replaced (an editor's rename over it), created or
/// removed. The folder is watched, not the file, so that a file written by rename or made
/// later is seen; the folder must exist. Changes that come together (a save is a create, a
/// write and a close) reach `handler` once, after `settle` without another. Idle, it wakes
/// for nothing.
public final class FileWatch: @unchecked Sendable {
    private let fd: Int32
    private var watch: Watch?
    private let loop: EventLoop
    private var pending: LoopTimer?

    public init(loop: EventLoop, path: String, settle: Duration = .milliseconds(50), _ handler: @escaping @Sendable () -> Void) throws(EventLoop.SetupError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw EventLoop.SetupError(call: "inotify_init1", errno: errno) }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE)
        guard inotify_add_watch(fd, folder, mask) >= 0 else {
            let failure = errno
            close(fd)
            throw EventLoop.SetupError(call: "inotify_add_watch \(folder)", errno: failure)
        }
        self.fd = fd
        self.loop = loop
        watch = loop.watch(fd: fd, events: Int16(POLLIN)) { [weak self] _ in
            guard let self else { return }
            if Self.drain(fd, naming: name) { self.changed(settle, handler) }
        }
    }

    /// Reads every queued event; true when one names `name` (or the queue overflowed, which may
    /// have hidden one).
    private static func drain(_ fd: Int32, naming name: String) -> Bool {
        var named = false
        let size = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = read(fd, buffer, size)
            guard count > 0 else { return named }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameLength = Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { named = true }
                if nameLength > 0 {
                    let start = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size).assumingMemoryBound(to: CChar.self)
                    if String(cString: start) == name { named = true }
                }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
    }

    private func changed(_ settle: Duration, _ handler: @escaping @Sendable () -> Void) {
        pending?.cancel()
        pending = loop.schedule(after: settle) { [weak self] in
            self?.pending = nil
            handler()
        }
    }

    deinit {
        pending?.cancel()
        watch?.cancel()
        close(fd)
    }
}
