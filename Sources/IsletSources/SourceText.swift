/// Text read from another program, made fit for the contract: no control characters (a title
/// of markup and escapes is shown as the characters it is; each surface escapes for its own
/// protocol, as it does for every string of the contract), runs of white space one space, and
/// at most `limit` characters, cut with an ellipsis.
public enum SourceText {
    public static func clean(_ text: String, limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        var space = false
        var count = 0
        for scalar in text.unicodeScalars {
            let blank = scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            if blank {
                space = !scalars.isEmpty
                continue
            }
            if space {
                guard count + 1 < limit else { return String(scalars) + "…" }
                scalars.append(" ")
                count += 1
                space = false
            }
            guard count + 1 < limit else { return String(scalars) + "…" }
            scalars.append(scalar)
            count += 1
        }
        return String(scalars)
    }
}
