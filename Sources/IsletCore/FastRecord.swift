import Translation

/// A completed fast as the history keeps it for a person: its times and goal, and what they
/// wrote about it afterwards (contract 1.3).
public struct FastRecord: Equatable, Sendable {
    public var fast: CompletedFast
    /// Free text, at most ``Limits/noteLength`` characters; "" for none.
    public var note: String
    /// How it went, 1 to 5; 0 for not rated.
    public var rating: UInt8

    public init(fast: CompletedFast, note: String = "", rating: UInt8 = 0) {
        self.fast = fast
        self.note = note
        self.rating = rating
    }
}

extension FastRecord {
    /// The rating as stars and the note's first line, cut at `width` characters:
    /// "★★★★☆ Easy; coffee at 10 …"; "" with neither.
    public func summary(width: Int = 40) -> String {
        let stars = rating == 0 ? "" : String(repeating: "★", count: Int(min(rating, 5))) + String(repeating: "☆", count: 5 - Int(min(rating, 5)))
        let lines = note.split(whereSeparator: \.isNewline)
        var first = lines.first.map(String.init) ?? ""
        if first.count > width || lines.count > 1 { first = String(first.prefix(width)) + " …" }
        return [stars, first].filter { !$0.isEmpty }.joined(separator: " ")
    }
}

extension Limits {
    /// A fast's note: up to 1000 characters, lines allowed.
    public static let noteLength: ClosedRange<Int> = 0...1000
    /// A fast's rating: 0 (none) or 1 to 5.
    public static let rating: ClosedRange<UInt8> = 0...5

    /// A note and a rating as the history takes them.
    public static func checkNote(_ note: String, rating: UInt8) throws(IsletError) {
        let count = note.unicodeScalars.count
        guard noteLength.contains(count) else {
            throw .invalidArgument(
                trn(
                    "a note must be at most %1$s character, got %2$s", "a note must be at most %1$s characters, got %2$s", UInt64(noteLength.upperBound),
                    "\(noteLength.upperBound)", "\(count)"))
        }
        // Line breaks and tabs are text; other control characters are not.
        if note.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F }) {
            throw .invalidArgument(tr("a note must not contain control characters"))
        }
        guard Limits.rating.contains(rating) else {
            throw .invalidArgument(tr("a rating must be 1 to 5, or 0 for none, got %s", "\(rating)"))
        }
    }
}
