/// Whether a text holds another, without the standard library's `contains(_:)` on strings: that
/// one is `_StringProcessing`'s, and one call links it and the regex parser behind it into every
/// static program (0.8 MB of code, 1.2 MB stripped in each: packaging/test-install fails if
/// either module is linked again).
extension StringProtocol {
    /// Whether `part` occurs in the text, compared as UTF-8 bytes: right for the ASCII patterns
    /// and SQL islet looks for; a combining mark after the match is not looked at, where
    /// `_StringProcessing` compares whole characters.
    public func contains(text part: some StringProtocol) -> Bool {
        let (text, part) = (Array(utf8), Array(part.utf8))
        guard let first = part.first else { return true }
        guard part.count <= text.count else { return false }
        for start in 0...(text.count - part.count) where text[start] == first {
            if text[start..<start + part.count].elementsEqual(part) { return true }
        }
        return false
    }
}
