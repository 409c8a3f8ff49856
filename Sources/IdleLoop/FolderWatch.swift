#if canImport(Glibc)
    import Glibc
#endif

/// The files of one folder watched through inotify on an ``EventLoop``: `handler` runs on the
/// loop with the names of the files created, written (closed after writing), moved in, removed
/// or moved out since it last ran, `settle` after the first of them; an overflowed queue says
/// `nil` (read the whole folder again). Idle, it wakes for nothing.
public final class FolderWatch: @unchecked Sendable {
    private let fd: Int32
    private var watch: Watch?
    private let loop: EventLoop
    private var pending: LoopTimer?
    private var names: Set<String>? = []

    public init(loop: EventLoop, folder: String, settle: Duration = .milliseconds(20), _ handler: @escaping @Sendable (Set<String>?) -> Void)
        throws(EventLoop.SetupError)
    {
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
            self.drain()
            guard self.pending == nil else { return }
            self.pending = loop.schedule(after: settle) { [weak self] in
                guard let self else { return }
                let names = self.names
                self.names = []
                self.pending = nil
                handler(names)
            }
        }
    }

    /// Reads every queued event into `names` (nil once the queue overflowed).
    private func drain() {
        let size = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = read(fd, buffer, size)
            guard count > 0 else { return }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameLength = Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { names = nil }
                if nameLength > 0, names != nil {
                    let start = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size).assumingMemoryBound(to: CChar.self)
                    names?.insert(String(cString: start))
                }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
    }

    deinit {
        pending?.cancel()
        watch?.cancel()
        close(fd)
    }
}
