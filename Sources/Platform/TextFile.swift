#if canImport(Glibc)
    import Glibc
#endif

/// Reading a whole text file without Foundation (islet-notify links none).
public enum TextFile {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// The errno, 0 when the file was read but is not what we take.
        public var code: Int32
        public var description: String

        init(errno code: Int32) {
            self.code = code
            description = String(cString: strerror(code))
        }

        init(_ description: String) {
            code = 0
            self.description = description
        }
    }

    /// The file at `path` ("-": standard input) as UTF-8 text, at most `limit` bytes.
    public static func read(_ path: String, limit: Int = 1 << 20) -> Result<String, Failure> {
        let file = path == "-" ? fdopen(dup(0), "r") : fopen(path, "r")
        guard let file else { return .failure(Failure(errno: errno)) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            bytes += buffer[0..<count]
            if bytes.count > limit { return .failure(Failure("over \(limit >> 20) MiB")) }
            if count < buffer.count {
                if ferror(file) != 0 { return .failure(Failure(errno: errno)) }
                break
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(Failure("not UTF-8 text")) }
        return .success(text)
    }

    /// `path` from the working directory when it is relative.
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        guard let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        let folder = String(cString: cwd)
        return (folder == "/" ? "" : folder) + "/" + path
    }

    /// The bytes of the file at `path` ("-": standard input), refused at once when the file
    /// says it is larger than `limit` (and when more than `limit` bytes arrive from a pipe).
    public static func bytes(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        let fd = path == "-" ? dup(0) : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Failure(errno: errno)) }
        defer { close(fd) }
        var status = stat()
        if fstat(fd, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR { return .failure(Failure(errno: EISDIR)) }
            if (status.st_mode & S_IFMT) == S_IFREG, status.st_size > limit {
                return .failure(Failure("\(status.st_size >> 20) MiB, over the \(limit >> 20) MiB a history file may have"))
            }
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(errno: errno))
            }
            if count == 0 { return .success(bytes) }
            bytes += buffer[0..<count]
            if bytes.count > limit { return .failure(Failure("over the \(limit >> 20) MiB a history file may have")) }
        }
    }

    /// The folder at absolute `path` and those above it, made (owner only) where missing.
    public static func makeFolder(_ path: String) -> Result<Void, Failure> {
        var folder = ""
        for part in path.split(separator: "/") {
            folder += "/" + part
            if mkdir(folder, 0o700) != 0 && errno != EEXIST { return .failure(Failure(errno: errno)) }
        }
        return .success(())
    }

    /// Replaces the file at `path` with `text` whole or not at all (a file beside it, then a
    /// rename), creating its folder (owner only) when missing; a file that was there keeps
    /// its permissions.
    public static func write(_ text: String, to path: String) -> Result<Void, Failure> {
        guard let slash = path.lastIndex(of: "/") else { return .failure(Failure("not an absolute path")) }
        if case .failure(let failure) = makeFolder(String(path[..<slash])) { return .failure(failure) }
        var mode: mode_t = 0o644
        var status = stat()
        if stat(path, &status) == 0 { mode = status.st_mode & 0o7777 }
        let temporary = path + ".new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { return .failure(Failure(errno: errno)) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            return .failure(Failure(errno: code == 0 ? EIO : code))
        }
        return .success(())
    }
}
