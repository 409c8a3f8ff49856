#if canImport(Glibc)
    import Glibc
#endif

/// The lock file beside the database (`PATH.lock`): held (`flock`) by the one store that
/// writes the database, and holding the ``FileRecord`` of how that store left the file.
final class DatabaseLock {
    let databasePath: String
    /// The boot this store runs in; nil when it cannot be read (then no open record is
    /// written, and a crash always brings the full check back).
    let boot: String?
    private var descriptor: Int32

    /// Opens (creating) and locks `PATH.lock`, or throws ``StoreError/inUse(path:)`` when
    /// another process holds it.
    init(databasePath: String, boot: String?) throws(StoreError) {
        self.databasePath = databasePath
        self.boot = boot
        let fd = open(databasePath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw .readOnly(path: databasePath, detail: "cannot open its lock file: \(String(cString: strerror(errno)))")
        }
        guard DatabaseLock.lock(fd) else {
            Glibc.close(fd)
            throw .inUse(path: databasePath)
        }
        descriptor = fd
    }

    /// Takes the lock on `fd`, trying again for up to 100 ms: a lock just released can still be
    /// held for a moment by a child this process is spawning, whose copy of the descriptor
    /// lives until its exec closes it (seen once in CI: a test's own store refused right after
    /// its close while another test started a program). Another isletd holds it for longer.
    private static func lock(_ fd: Int32) -> Bool {
        for attempt in 0..<20 {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR else { return false }
            if attempt < 19 { usleep(5000) }
        }
        return false
    }

    deinit { release() }

    /// The id of the running boot, from `/proc/sys/kernel/random/boot_id`; nil when unreadable.
    static func currentBoot() -> String? {
        let fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        var bytes = [UInt8](repeating: 0, count: 80)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[0..<count], as: UTF8.self)
        let boot = text.split(separator: "\n").first ?? ""
        return FileRecord.isBootID(boot) ? String(boot) : nil
    }

    /// Takes the record out of the lock file: reads it and empties the file, so that nothing
    /// written from now on is vouched for until a new record says so.
    func takeRecord() -> FileRecord? {
        guard descriptor >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        clear()
        return FileRecord(text: String(decoding: bytes[0..<count], as: UTF8.self))
    }

    /// What the files are now, as the next open will see them: the database's fingerprint and
    /// the WAL's (nil when it is not there).
    func currentFiles() -> (file: FileFingerprint?, wal: FileFingerprint?) {
        (FileFingerprint(path: databasePath), FileFingerprint(path: databasePath + "-wal"))
    }

    /// Records the database as it is now, open in this boot: after the open and after every
    /// checkpoint (the only writes to the file while the WAL is in use). Without a boot, or
    /// with a file that cannot be read, the record is emptied.
    func recordOpen() {
        let (file, wal) = currentFiles()
        guard let boot, let file else { return clear() }
        write(.open(boot: boot, file: file, wal: wal?.identity))
    }

    /// Records the file as a clean close left it (the WAL checkpointed and removed).
    func recordClosed() {
        let (file, wal) = currentFiles()
        guard let file, wal == nil else { return clear() }
        write(.closed(file: file))
    }

    /// Writes `record`, whole or not at all (a short write is emptied again): a torn one would
    /// only fail to match.
    private func write(_ record: FileRecord) {
        guard descriptor >= 0 else { return }
        let bytes = Array(record.text.utf8)
        _ = ftruncate(descriptor, 0)
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        if written != bytes.count { clear() }
    }

    /// Empties the lock file: it vouches for nothing.
    func clear() {
        if descriptor >= 0 { _ = ftruncate(descriptor, 0) }
    }

    /// Closes the lock file, which lets another store take it.
    func release() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }
}
