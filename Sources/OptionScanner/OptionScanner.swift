/// The options of a small program, read by hand: `--name value`, `--name=value`, flags. For the
/// two programs that run all session (isletd, islet-notify), where a full argument parser's
/// reflection and help machinery would stay resident for nothing.
public struct OptionScanner {
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// One argument as written, its option name, and the value after `=` if there is one.
    public struct Option {
        public let argument: String
        public let name: String
        let inline: String?
    }

    private var rest: ArraySlice<String>

    public init(_ arguments: [String]) { rest = arguments[...] }

    /// The next argument, nil after the last.
    public mutating func next() -> Option? {
        guard let argument = rest.popFirst() else { return nil }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return Option(
                argument: argument, name: String(argument[..<equals]),
                inline: String(argument[argument.index(after: equals)...]))
        }
        return Option(argument: argument, name: argument, inline: nil)
    }

    /// The option's value: what follows `=`, or else the next argument.
    public mutating func value(of option: Option) throws(UsageError) -> String {
        if let inline = option.inline { return inline }
        guard let next = rest.popFirst() else {
            throw UsageError(description: "Missing value for '\(option.name) <value>'")
        }
        return next
    }

    /// A flag takes no value: `--replace=yes` is a mistake, not a yes.
    public func flag(_ option: Option) throws(UsageError) {
        if option.inline != nil { throw UsageError(description: "'\(option.name)' takes no value") }
    }

    /// The error for an argument the program does not take.
    public static func unexpected(_ option: Option) -> UsageError {
        UsageError(
            description: option.argument.hasPrefix("-")
                ? "Unknown option '\(option.argument)'" : "Unexpected argument '\(option.argument)'")
    }
}
