#if canImport(Glibc)
    import Glibc
#endif

/// The database file as a clean close left it: device, inode, size, modification and change
/// times. Written to the lock file once the last connection has closed (SQLite has then
/// checkpointed the WAL into the file and removed it); the next open compares it with the file
/// and reads every page (`PRAGMA quick_check`) only when they differ. Any write to the file,
/// by anyone, moves its change time, which no program can set back; a copy or a restored
/// backup is another inode. A crash leaves no fingerprint: the open takes it out of the lock
/// file before anything is written.
struct FileFingerprint: Equatable {
    let fields: [Int64]

    private static let tag = "islet-clean-close-1"

    /// The file at `path` as it is now; nil when it cannot be read.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        fields = [
            Int64(bitPattern: UInt64(info.st_dev)), Int64(bitPattern: UInt64(info.st_ino)), Int64(info.st_size),
            Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec), Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec),
        ]
    }

    /// Read back from ``text``; nil for anything else (an empty lock file, another format).
    init?(text: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map { $0.trimmingCharacters() }
        guard words.count == 8, words[0] == Self.tag else { return nil }
        let numbers = words.dropFirst().compactMap { Int64($0) }
        guard numbers.count == 7 else { return nil }
        fields = numbers
    }

    var text: String { ([Self.tag] + fields.map(String.init)).joined(separator: " ") + "\n" }

    /// Takes the fingerprint out of the lock file `descriptor`: reads it and empties the file,
    /// so that a crash from now on leaves none.
    static func take(from descriptor: Int32) -> FileFingerprint? {
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        _ = ftruncate(descriptor, 0)
        return FileFingerprint(text: String(decoding: bytes[0..<count], as: UTF8.self))
    }

    /// Writes the fingerprint to the lock file `descriptor`, whole or not at all (a short write
    /// is emptied again): a torn one would only fail to match.
    func record(in descriptor: Int32) {
        let bytes = Array(text.utf8)
        _ = ftruncate(descriptor, 0)
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        if written != bytes.count { _ = ftruncate(descriptor, 0) }
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> Substring {
        var text = self
        while let last = text.last, last == "\n" || last == "\r" || last == "\0" { text.removeLast() }
        return text
    }
}
