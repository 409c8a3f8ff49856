#if canImport(Glibc)
    import Glibc
#endif

/// What the messages of one connection repeat: the same paths, interfaces, members and peer
/// names in their headers, the same body signatures. The wire reader takes them from here
/// instead of allocating a string and parsing a signature for every message. A few dozen
/// entries, replaced in turn, so a peer that sends endless new names cannot grow it.
/// Used only on the connection's loop, one lookup at a time (so its storage goes without the
/// run-time exclusivity checks, which cost more than a lookup that hits).
final class WireCache {
    /// Each entry with its ``key(_:)``: a lookup compares the keys and the bytes only where one
    /// matches (strings here share long prefixes such as "org.islet.Islet1.").
    @exclusivity(unchecked) private var strings: [(key: UInt64, text: String)] = []
    @exclusivity(unchecked) private var nextString = 0
    @exclusivity(unchecked) private var signatures: [(key: UInt64, text: String, types: [DBusType])] = []
    @exclusivity(unchecked) private var nextSignature = 0
    static let stringLimit = 32
    static let signatureLimit = 16

    /// How many of each it holds (for tests).
    var counts: (strings: Int, signatures: Int) { (strings.count, signatures.count) }

    /// The string whose UTF-8 is `bytes` (which libdbus has checked).
    func string(_ bytes: UnsafeRawBufferPointer) -> String {
        let key = Self.key(bytes)
        for index in strings.indices where strings[index].key == key && Self.same(strings[index].text, bytes) {
            return strings[index].text
        }
        let text = String(decoding: bytes, as: UTF8.self)
        remember((key, text), in: &strings, next: &nextString, limit: Self.stringLimit)
        return text
    }

    /// The complete types of a signature, nil if it is not a valid one.
    func types(_ bytes: UnsafeRawBufferPointer) -> [DBusType]? {
        let key = Self.key(bytes)
        for index in signatures.indices where signatures[index].key == key && Self.same(signatures[index].text, bytes) {
            return signatures[index].types
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let types = try? DBusType.parse(text) else { return nil }
        remember((key, text, types), in: &signatures, next: &nextSignature, limit: Self.signatureLimit)
        return types
    }

    /// Appends while there is room, then replaces the oldest entry in turn.
    private func remember<T>(_ value: T, in list: inout [T], next: inout Int, limit: Int) {
        if list.count < limit {
            list.append(value)
        } else {
            list[next] = value
            next = (next + 1) % limit
        }
    }

    /// The length and the last eight bytes (where these strings differ), folded together; equal
    /// bytes give equal keys, so a different key rules a candidate out.
    static func key(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let length = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
        if bytes.count >= 8 { return length ^ bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self) }
        var tail: UInt64 = 0
        for byte in bytes { tail = tail << 8 | UInt64(byte) }
        return length ^ tail
    }

    private static func same(_ text: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let compared = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard utf8.count == bytes.count else { return false }
            guard let mine = utf8.baseAddress, let theirs = bytes.baseAddress else { return true }  // both empty
            return memcmp(mine, theirs, bytes.count) == 0
        }
        return compared ?? text.utf8.elementsEqual(bytes)
    }
}
