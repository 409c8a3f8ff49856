#if canImport(Glibc)
    import Glibc
#endif

/// A line on standard error, written at once (no buffering to lose on exit).
public func printError(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}
