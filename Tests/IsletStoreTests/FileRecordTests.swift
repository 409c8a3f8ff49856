import Testing

@testable import IsletStore

/// The lock file's record vouches for a file exactly as a store left it: closed cleanly in
/// any boot, or open (then possibly killed) in the same boot only. Anything else is read.
@Suite struct FileRecordTests {
    static let file = FileFingerprint(fields: [2049, 1234, 409_600, 1_790_000_000, 5, 1_790_000_000, 7])
    static let wal = FileFingerprint(fields: [2049, 1235, 4_000_000, 1_790_000_100, 9, 1_790_000_100, 11])
    static let boot = "73b97c35-b8be-4290-b5ee-fd1fe15f8eb0"

    /// The same file with its field `index` moved by one: another write, size, inode or device.
    static func moved(_ fingerprint: FileFingerprint?, _ index: Int) -> FileFingerprint? {
        guard var fields = fingerprint?.fields else { return nil }
        fields[index] += 1
        return FileFingerprint(fields: fields)
    }

    @Test func aCleanCloseVouchesForTheSameFileWithNoWAL() throws {
        let record = FileRecord.closed(file: try #require(Self.file))
        #expect(record.trust(file: Self.file, wal: nil, boot: nil) == .closedCleanly)
        #expect(record.trust(file: Self.file, wal: nil, boot: "another-boot") == .closedCleanly, "a clean close was synced: any boot")
        #expect(record.trust(file: Self.file, wal: Self.wal, boot: Self.boot) == nil, "a WAL beside it is another writer's")
        for index in 0..<7 {
            #expect(record.trust(file: Self.moved(Self.file, index), wal: nil, boot: Self.boot) == nil, "field \(index)")
        }
        #expect(record.trust(file: nil, wal: nil, boot: Self.boot) == nil, "no file")
    }

    @Test func anOpenRecordVouchesOnlyInItsBootForTheSameFileAndWAL() throws {
        let record = FileRecord.open(boot: Self.boot, file: try #require(Self.file), wal: Self.wal?.identity)
        #expect(record.trust(file: Self.file, wal: Self.wal, boot: Self.boot) == .unchangedThisBoot)
        // The WAL's size and times move with every commit: only which file it is counts.
        for index in 2..<7 {
            #expect(record.trust(file: Self.file, wal: Self.moved(Self.wal, index), boot: Self.boot) == .unchangedThisBoot)
        }
        #expect(record.trust(file: Self.file, wal: Self.wal, boot: "1d4c0fd2-0000-4000-8000-000000000000") == nil, "after a reboot")
        #expect(record.trust(file: Self.file, wal: Self.wal, boot: nil) == nil, "boot unknown")
        for index in 0..<7 {
            #expect(record.trust(file: Self.moved(Self.file, index), wal: Self.wal, boot: Self.boot) == nil, "file field \(index)")
        }
        #expect(record.trust(file: Self.file, wal: Self.moved(Self.wal, 1), boot: Self.boot) == nil, "another WAL")
        #expect(record.trust(file: Self.file, wal: nil, boot: Self.boot) == nil, "the WAL removed")
        let noWAL = FileRecord.open(boot: Self.boot, file: try #require(Self.file), wal: nil)
        #expect(noWAL.trust(file: Self.file, wal: nil, boot: Self.boot) == .unchangedThisBoot)
        #expect(noWAL.trust(file: Self.file, wal: Self.wal, boot: Self.boot) == nil, "a WAL that appeared since")
    }

    @Test func recordsReadBackAsWritten() throws {
        let file = try #require(Self.file)
        let records: [FileRecord] = [
            .closed(file: file), .open(boot: Self.boot, file: file, wal: Self.wal?.identity), .open(boot: Self.boot, file: file, wal: nil),
        ]
        for record in records {
            #expect(FileRecord(text: record.text) == record, "\(record.text)")
        }
        // As the releases before open records wrote it.
        #expect(FileRecord(text: "islet-clean-close-1 2049 1234 409600 1790000000 5 1790000000 7\n") == .closed(file: file))
    }

    @Test(arguments: [
        "", "\n", "islet-clean-close-1", "islet-clean-close-1 2049 1234 409600 1790000000 5 1790000000",
        "islet-clean-close-1 2049 1234 409600 1790000000 5 1790000000 7 8", "islet-clean-close-1 2049 1234 x 1790000000 5 1790000000 7",
        "islet-open-1 73b97c35 2049 1234 409600 1790000000 5 1790000000 7",
        "islet-open-1 73b97c35 2049 1234 409600 1790000000 5 1790000000 7 +",
        "islet-open-1 73b97c35 2049 1234 409600 1790000000 5 1790000000 7 2049",
        "islet-open-1 73b97c35 2049 1234 409600 1790000000 5 1790000000 7 2049 1235 1",
        "islet-open-1 a/b 2049 1234 409600 1790000000 5 1790000000 7 -",
        "islet-clean-close-2 2049 1234 409600 1790000000 5 1790000000 7", "\0\0\0\0islet-open-1",
    ])
    func anythingElseVouchesForNothing(text: String) {
        #expect(FileRecord(text: text) == nil)
    }
}
