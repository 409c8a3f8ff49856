/// One file watched through inotify on an ``EventLoop``: `handler` runs on the loop when the
/// file is saved (closed after writing), replaced (an editor's rename over it), created or
/// removed. The folder is watched (a ``FolderWatch``), not the file, so that a file written by
/// rename or made later is seen; the folder must exist. Changes that come together (a save is a
/// create, a write and a close) reach `handler` once, `settle` after the first. Idle, it wakes
/// for nothing.
public final class FileWatch: @unchecked Sendable {
    private let folder: FolderWatch

    public init(loop: EventLoop, path: String, settle: Duration = .milliseconds(50), _ handler: @escaping @Sendable () -> Void) throws(EventLoop.SetupError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        folder = try FolderWatch(loop: loop, folder: directory, settle: settle) { names in
            // nil: the queue overflowed, which may have hidden this file's change.
            if names?.contains(name) ?? true { handler() }
        }
    }
}
