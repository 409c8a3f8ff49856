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
}
