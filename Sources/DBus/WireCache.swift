#if canImport(Glibc)
    import Glibc
#endif

/// What the messages of one connection repeat: the same paths, interfaces, members and peer
/// names in their headers, the same body signatures. The wire reader takes them from here
/// instead of allocating a string and parsing a signature for every message. A few dozen
/// entries, replaced in turn, so a peer that sends endless new names cannot grow it.
/// Used only on the connection's loop.
final class WireCache {
    private var strings: [String] = []
    private var nextString = 0
    private var signatures: [(text: String, types: [DBusType])] = []
    private var nextSignature = 0
    static let stringLimit = 32
    static let signatureLimit = 16

    /// How many of each it holds (for tests).
    var counts: (strings: Int, signatures: Int) { (strings.count, signatures.count) }

    /// The string whose UTF-8 is `bytes` (which libdbus has checked).
    func string(_ bytes: UnsafeRawBufferPointer) -> String {
        for candidate in strings where Self.same(candidate, bytes) { return candidate }
        let text = String(decoding: bytes, as: UTF8.self)
        remember(text, in: &strings, next: &nextString, limit: Self.stringLimit)
        return text
    }

    /// The complete types of a signature, nil if it is not a valid one.
    func types(_ bytes: UnsafeRawBufferPointer) -> [DBusType]? {
        for candidate in signatures where Self.same(candidate.text, bytes) { return candidate.types }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let types = try? DBusType.parse(text) else { return nil }
        remember((text, types), in: &signatures, next: &nextSignature, limit: Self.signatureLimit)
        return types
    }

    private func remember<T>(_ value: T, in list: inout [T], next: inout Int, limit: Int) {
        if list.count < limit {
            list.append(value)
        } else {
            list[next] = value
            next = (next + 1) % limit
        }
    }

    private static func same(_ text: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            guard utf8.count == bytes.count else { return false }
            guard let mine = utf8.baseAddress, let theirs = bytes.baseAddress else { return true }  // both empty
            return memcmp(mine, theirs, bytes.count) == 0
        }
    }
}
