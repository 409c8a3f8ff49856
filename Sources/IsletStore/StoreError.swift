import CSQLite

/// What can go wrong with the database, said plainly. The store never resets a database it
/// cannot read: it reports it and leaves the file as it is.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case damaged(path: String, detail: String)
    case inUse(path: String)
    case readOnly(path: String, detail: String)
    case full(path: String)
    case failed(path: String, detail: String)
    /// Written by a newer islet: left untouched rather than read in part and overwritten.
    case newer(path: String, detail: String)

    public var description: String {
        switch self {
        case .damaged(let path, let detail):
            "the database \(path) is damaged (\(detail)); it was left untouched: move it aside or restore a backup"
        case .inUse(let path):
            "the database \(path) is in use by another isletd; stop that one or pass --replace"
        case .readOnly(let path, let detail):
            "the database \(path) cannot be written (\(detail)); check its permissions and the file system"
        case .full(let path): "the disk holding \(path) is full; nothing was changed"
        case .failed(let path, let detail): "the database \(path) failed: \(detail)"
        case .newer(let path, let detail):
            "the database \(path) was written by a newer islet (\(detail)); it was left untouched: run that islet, or restore a backup"
        }
    }

    static func from(_ error: Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? SQLiteError else { return .failed(path: path, detail: "\(error)") }
        switch error.primary {
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .damaged(path: path, detail: error.message)
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN: return .readOnly(path: path, detail: error.message)
        case SQLITE_FULL: return .full(path: path)
        case SQLITE_BUSY, SQLITE_LOCKED: return .inUse(path: path)
        default: return .failed(path: path, detail: error.message)
        }
    }
}
