import Translation

#if canImport(Glibc)
    import Glibc
#endif

/// The options of a small program, read by hand: `--name value`, `--name=value`, flags. For the
/// two programs that run all session (isletd, islet-notify), where a full argument parser's
/// reflection and help machinery would stay resident for nothing.
public struct OptionScanner {
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// What a command line asks for: to run with these options, or only the help or the version.
    public enum Parsed<Options> {
        case run(Options)
        case help
        case version
    }

    /// Answers `--help` and `--version` (printed, exit 0) and a bad command line (exit 64, see
    /// ``usageFailure(_:of:synopsis:)``); otherwise returns the options to run with.
    public static func options<Options>(
        of program: String, version: String, usage: String, synopsis: String,
        _ parse: () throws(UsageError) -> Parsed<Options>
    ) -> Options {
        do {
            switch try parse() {
            case .run(let options): return options
            case .help: print(usage, terminator: "")
            case .version: print(version)
            }
            exit(0)
        } catch {
            usageFailure(error, of: program, synopsis: synopsis)
        }
    }

    /// Names a bad command line on standard error, with the synopsis, and exits 64 (EX_USAGE).
    public static func usageFailure(_ error: UsageError, of program: String, synopsis: String) -> Never {
        let text =
            tr("Error: %s", "\(error)") + "\n" + tr("Usage: %s", synopsis) + "\n  " + tr("See '%s --help' for more information.", program) + "\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
        exit(64)
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
            throw UsageError(description: tr("Missing value for '%s <value>'", "\(option.name)"))
        }
        return next
    }

    /// A flag takes no value: `--replace=yes` is a mistake, not a yes.
    public func flag(_ option: Option) throws(UsageError) {
        if option.inline != nil { throw UsageError(description: tr("'%s' takes no value", "\(option.name)")) }
    }

    /// The error for an argument the program does not take.
    public static func unexpected(_ option: Option) -> UsageError {
        UsageError(
            description: option.argument.hasPrefix("-")
                ? tr("Unknown option '%s'", option.argument) : tr("Unexpected argument '%s'", option.argument))
    }
}
