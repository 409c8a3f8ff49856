/// What the lock file says of the database: how the store that held it last left the file.
/// The next open reads every page (`PRAGMA quick_check`) unless the record vouches for the file
/// as it is then. A process that stops without closing (killed, crashed) cannot damage what
/// SQLite wrote: the kernel holds every write it made, and SQLite's WAL is built for the
/// writer to stop at any moment. A power cut or a system crash can leave the disk behind the
/// kernel; another program can write the file. So the file is trusted unread only when it is
/// exactly as this program last left it, and, if it was not closed, only in the same boot.
enum FileRecord: Equatable {
    /// Closed cleanly: SQLite checkpointed the WAL into the file and removed it, then the file
    /// was fingerprinted.
    case closed(file: FileFingerprint)
    /// Open in the boot `boot` (`/proc/sys/kernel/random/boot_id`), and possibly stopped since
    /// without a close: the file as the open or the last checkpoint left it (nothing else
    /// writes the file while the WAL is in use), and the WAL's device and inode (nil: none).
    case open(boot: String, file: FileFingerprint, wal: [Int64]?)

    /// Why a file is not read again at the open.
    enum Trust: Equatable {
        case closedCleanly
        case unchangedThisBoot
    }

    /// Whether the record vouches for the database file `file` with the WAL `wal` beside it
    /// (nil: none) in the boot `boot` (nil: unknown), and why; nil when the file must be read.
    func trust(file: FileFingerprint?, wal: FileFingerprint?, boot: String?) -> Trust? {
        switch self {
        case .closed(let recorded):
            // A WAL beside a closed file is some other writer's, whose pages the check must see.
            return file == recorded && wal == nil ? .closedCleanly : nil
        case .open(let recordedBoot, let recorded, let recordedWAL):
            guard let boot, boot == recordedBoot, file == recorded, wal?.identity == recordedWAL else { return nil }
            return .unchangedThisBoot
        }
    }

    private static let closedTag = "islet-clean-close-1"
    private static let openTag = "islet-open-1"

    /// One line: a tag, then the numbers (and, open, the boot first and the WAL's last, `-`
    /// for none).
    var text: String {
        switch self {
        case .closed(let file):
            ([Self.closedTag] + file.fields.map(String.init)).joined(separator: " ") + "\n"
        case .open(let boot, let file, let wal):
            ([Self.openTag, boot] + file.fields.map(String.init) + (wal.map { $0.map(String.init) } ?? ["-"]))
                .joined(separator: " ") + "\n"
        }
    }

    /// Read back from ``text``; nil for anything else (an empty lock file, a torn write, another
    /// format), which vouches for nothing.
    init?(text: String) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\0" })
        switch words.first {
        case Self.closedTag?:
            guard words.count == 8, let file = FileFingerprint(fields: Self.numbers(words[1...])) else { return nil }
            self = .closed(file: file)
        case Self.openTag?:
            guard words.count == 10 || words.count == 11, FileRecord.isBootID(words[1]),
                let file = FileFingerprint(fields: Self.numbers(words[2..<9]))
            else { return nil }
            let rest = words[9...]
            if rest.count == 1 {
                guard rest.first == "-" else { return nil }
                self = .open(boot: String(words[1]), file: file, wal: nil)
            } else {
                let wal = Self.numbers(rest)
                guard wal.count == 2 else { return nil }
                self = .open(boot: String(words[1]), file: file, wal: wal)
            }
        default:
            return nil
        }
    }

    /// The words as numbers; shorter than `words` when one is not a number.
    private static func numbers(_ words: ArraySlice<Substring>) -> [Int64] { words.compactMap { Int64($0) } }

    /// A boot id as the kernel writes it: letters, digits and dashes, 1 to 64 of them.
    static func isBootID(_ text: Substring) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x2D }
    }
}
