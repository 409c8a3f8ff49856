#if canImport(Glibc)
    import Glibc
#endif

/// A file's device, inode, size, modification and change times. Any write to the file, by
/// anyone, moves its change time, which no program can set back; a copy or a restored backup is
/// another inode.
struct FileFingerprint: Equatable {
    let fields: [Int64]

    /// The file at `path` as it is now; nil when it cannot be read (or is not there).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        fields = [
            Int64(bitPattern: UInt64(info.st_dev)), Int64(bitPattern: UInt64(info.st_ino)), Int64(info.st_size),
            Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec),
        ]
    }

    /// From the seven numbers ``fields`` holds; nil for any other count.
    init?(fields: [Int64]) {
        guard fields.count == 7 else { return nil }
        self.fields = fields
    }

    /// The device and the inode: which file it is, whatever it holds.
    var identity: [Int64] { Array(fields.prefix(2)) }
}
