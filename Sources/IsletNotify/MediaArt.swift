#if canImport(Glibc)
    import Glibc
#endif

/// islet's icon as the media player's art (`mpris:artUrl`): lock screens and media widgets
/// (Phosh, GNOME 49+, Plasma) draw it instead of a generic music note. The icon installed beside
/// the program (PREFIX/bin/islet-notify, PREFIX/share/icons/...); none in a build tree.
enum MediaArt {
    static let iconPath = "share/icons/hicolor/scalable/apps/org.islet.Islet.App.svg"

    /// file:///usr/share/icons/hicolor/scalable/apps/org.islet.Islet.App.svg, or nil.
    static let url: String? = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let program = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return url(forProgram: program) { access($0, R_OK) == 0 }
    }()

    /// The art's URL for a program at `program` (its absolute path), when `exists` says the icon
    /// is there.
    static func url(forProgram program: String, exists: (String) -> Bool) -> String? {
        let parts = program.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, program.hasPrefix("/") else { return nil }
        let prefix = parts.dropLast(2).joined(separator: "/")
        let icon = prefix + "/" + iconPath
        guard exists(icon) else { return nil }
        // Only characters a file URL may carry as they are; anything else percent-encoded.
        var encoded = ""
        for byte in icon.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.append(Character(UnicodeScalar(byte)))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return "file://" + encoded
    }
}
