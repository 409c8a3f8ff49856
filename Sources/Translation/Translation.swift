import CIntl

#if canImport(Glibc)
    import Glibc
#endif

/// islet's words in the user's language: gettext's catalogues for the domain `islet`
/// (po/*.po, built into share/locale/LANG/LC_MESSAGES/islet.mo).
///
/// Until a program calls ``start()`` every lookup gives the English text itself, which is what
/// the in-process tests see. The English texts are the message ids; `po/update` finds them in
/// the sources by the names `tr` and `trn` (so the first argument of each must be a literal).
public enum Translation {
    public static let domain = "islet"

    /// Takes the session's language and time formats (LANGUAGE, LC_ALL, LC_MESSAGES, LC_TIME,
    /// LANG) and finds the catalogues: `$ISLET_LOCALEDIR` when set (a translator trying a
    /// `.po`, the tests), else `share/locale` beside the program's `bin` folder (so a staged
    /// `make install PREFIX=DIR` finds its own), else the system's. The work is done at the
    /// first lookup (or ``prepareLocale()``), not here: a program that never says a word, as an
    /// idle isletd, never maps the locale's data.
    public static func start() { started.store(true) }

    private static let started = Flag()

    /// Reads the locale and binds the catalogues, once, if ``start()`` was called.
    public static func prepareLocale() { _ = prepared }

    private static let prepared: Bool = {
        guard started.load() else { return false }
        islet_use_environment_locale()
        islet_bind_domain(domain, localeDirectory())
        return true
    }()

    /// Where the catalogues are looked for (nil: the C library's default, /usr/share/locale).
    public static func localeDirectory() -> String? {
        if let dir = getenv("ISLET_LOCALEDIR"), dir.pointee != 0 { return String(cString: dir) }
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let bin = path[..<slash]
        let prefix = bin.lastIndex(of: "/").map { String(bin[..<$0]) } ?? ""
        let candidate = prefix + "/share/locale"
        return access(candidate, F_OK) == 0 ? candidate : nil
    }

    /// The catalogue's text for `msgid`, or `msgid` itself.
    static func lookup(_ msgid: StaticString) -> String {
        prepareLocale()
        return msgid.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let base = chars.baseAddress, let found = islet_dgettext(domain, base) else { return msgid.description }
                return found == base ? msgid.description : String(cString: found)
            }
        }
    }

    static func lookup(_ singular: StaticString, _ plural: StaticString, _ n: UInt64) -> String {
        prepareLocale()
        return singular.withUTF8Buffer { one in
            plural.withUTF8Buffer { many in
                one.withMemoryRebound(to: CChar.self) { oneChars in
                    many.withMemoryRebound(to: CChar.self) { manyChars in
                        guard let oneBase = oneChars.baseAddress, let manyBase = manyChars.baseAddress,
                            let found = islet_dngettext(domain, oneBase, manyBase, UInt(clamping: n))
                        else { return n == 1 ? singular.description : plural.description }
                        if found == oneBase { return singular.description }
                        if found == manyBase { return plural.description }
                        return String(cString: found)
                    }
                }
            }
        }
    }

    /// printf's placeholders as translators know them, every argument already text: `%s` and
    /// `%d` take the next argument, `%2$s` the second, `%%` is a percent sign. A placeholder
    /// without its argument is left out rather than read past the end. It works on the UTF-8
    /// bytes: translated text is rarely ASCII, and walking it by Character would bring in the
    /// standard library's grapheme tables for nothing.
    public static func fill(_ format: String, _ arguments: [String]) -> String {
        let percent = UInt8(ascii: "%")
        guard format.utf8.contains(percent) else { return format }
        let bytes = Array(format.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + arguments.reduce(0) { $0 + $1.utf8.count })
        var next = 0
        var i = 0
        while i < bytes.count {
            guard bytes[i] == percent, i + 1 < bytes.count else {
                out.append(bytes[i])
                i += 1
                continue
            }
            var j = i + 1
            if bytes[j] == percent {
                out.append(percent)
                i = j + 1
                continue
            }
            var position: Int?
            if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[j]), j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "$") {
                position = Int(bytes[j] - UInt8(ascii: "1"))
                j += 2
            }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "s") || bytes[j] == UInt8(ascii: "d") else {
                out.append(percent)
                i += 1
                continue
            }
            let index = position ?? next
            if position == nil { next += 1 }
            if arguments.indices.contains(index) { out.append(contentsOf: arguments[index].utf8) }
            i = j + 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A flag set once from the main thread before any lookup and read by every lookup after.
private final class Flag: @unchecked Sendable {
    private var value = false
    func store(_ new: Bool) { value = new }
    func load() -> Bool { value }
}

/// `msgid` in the user's language, its placeholders (`%s`, `%d`, `%1$s`) filled with
/// `arguments` in order.
public func tr(_ msgid: StaticString, _ arguments: String...) -> String {
    Translation.fill(Translation.lookup(msgid), arguments)
}

/// The singular or a plural form for `n`, as the language counts ("1 Minute", "2 Minuten").
public func trn(_ singular: StaticString, _ plural: StaticString, _ n: UInt64, _ arguments: String...) -> String {
    Translation.fill(Translation.lookup(singular, plural, n), arguments)
}
