#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment, without Foundation.
public enum Environment {
    /// Every variable (islet-notify reads its configuration and runtime folders from these).
    public static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    /// One variable; nil when unset or empty.
    public static func value(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
