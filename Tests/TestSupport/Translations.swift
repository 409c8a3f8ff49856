import Foundation

/// The programs in another language: po/*.po built with msgfmt (the real tool) into a folder
/// of this run, and an environment that asks for a locale.
public enum Translations {
    /// The repository's po/ folder.
    public static var poDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("po")
    }

    /// A folder `LANG/LC_MESSAGES/islet.mo` for every language of po/LINGUAS.
    public static func catalogs() async throws -> String {
        let root = try TemporaryDirectory.make(prefix: "islet-locale")
        let linguas = try String(contentsOf: poDirectory.appendingPathComponent("LINGUAS"), encoding: .utf8)
        for lang in linguas.split(whereSeparator: \.isWhitespace) {
            let folder = root.appendingPathComponent("\(lang)/LC_MESSAGES")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let r = try await Command.run([
                "msgfmt", "--check", "-o", folder.appendingPathComponent("islet.mo").path, poDirectory.appendingPathComponent("\(lang).po").path,
            ])
            guard r.status == 0 else { throw TestFailure("msgfmt \(lang).po: \(r)") }
        }
        return root.path
    }

    /// Whether the system has the locale (`locale -a`; packaging/install-deps makes de_DE,
    /// en_US and en_GB).
    public static func hasLocale(_ name: String) async -> Bool {
        let listed = (try? await Command.run(["locale", "-a"]).stdout) ?? ""
        let wanted = name.lowercased().replacingOccurrences(of: "utf-8", with: "utf8")
        return listed.split(separator: "\n").contains { $0.lowercased() == wanted }
    }

    /// This process's environment asking for `locale` alone (LANGUAGE, LC_ALL and the other
    /// LC_ variables removed), with the catalogues of `catalogs`.
    public static func environment(_ locale: String, catalogs: String, base: [String: String] = ProcessInfo.processInfo.environment)
        -> [String: String]
    {
        var env = base.filter { !$0.key.hasPrefix("LC_") && $0.key != "LANGUAGE" }
        env["LANG"] = locale
        env["ISLET_LOCALEDIR"] = catalogs
        return env
    }
}
