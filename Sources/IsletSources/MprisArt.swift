import IsletCore

#if canImport(Glibc)
    import Glibc
#endif

/// A player's art (`mpris:artUrl`), shown where it is cheap (issue 70): a local image file of
/// at most ``largest`` bytes. A URL on the network is never fetched (one that does not answer
/// costs nothing), a `data:` URL is not carried, and a file too large, missing or not a
/// regular file is no art: the surfaces show the player's icon instead.
public enum MprisArt {
    /// Cover art is tens or hundreds of kilobytes; a larger file would be decoded by every
    /// surface that shows it.
    public static let largest: Int64 = 2 * 1024 * 1024

    /// The path a `file://` URL names, percent-escapes decoded; nil for anything else or a URL
    /// the contract would refuse. Pure.
    public static func path(of url: String) -> String? {
        guard CustomDictionary.isLocalFileURL(url) else { return nil }
        var bytes: [UInt8] = []
        var utf8 = Array(url.utf8.dropFirst("file://".count))[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%") {
                guard utf8.count >= 2, let high = hex(utf8[utf8.startIndex]), let low = hex(utf8[utf8.startIndex + 1]) else { return nil }
                utf8 = utf8.dropFirst(2)
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        guard !bytes.contains(0), let path = String(validating: bytes, as: UTF8.self),
            !path.split(separator: "/").contains("..")
        else { return nil }
        return path
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `url` when it names a regular local file of at most ``largest`` bytes (one `stat`, never
    /// a read); nil otherwise.
    public static func cheap(_ url: String) -> String? {
        guard let path = path(of: url) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, Int64(info.st_size) <= largest else { return nil }
        return url
    }
}
