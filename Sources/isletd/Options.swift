import Logging
import OptionScanner
import Translation

/// isletd's command line. Parsed by hand: swift-argument-parser's reflection and help machinery
/// would stay resident for the whole session in a service that parses four options once.
struct Options: Equatable {
    var database: String?
    var address: String?
    var replace = false
    var logLevel: Logger.Level = .info
    var printIntrospection = false
    /// For tests: isletd's clock runs this many seconds ahead of the machine's (behind when
    /// negative), so that a test can put a schedule's minute a second away. Not in the usage.
    var clockOffsetSeconds: Int64 = 0

    static let version = "0.1.0"

    static let synopsis = "isletd [--database <path>] [--address <address>] [--replace] [--log-level <level>]"

    static let usage = """
        OVERVIEW: The islet session service (org.islet.Islet1): fasts, timers and the live activity.

        USAGE: \(synopsis)

        OPTIONS:
          --database <path>       The database file (default: $XDG_DATA_HOME/islet/islet.sqlite).
          --address <address>     A D-Bus address to use instead of the session bus.
          --replace               Take org.islet.Islet1 over from a running isletd.
          --log-level <level>     trace, debug, info, notice, warning, error or critical (default: info).
          --version               Show the version.
          -h, --help              Show help information.

        """

    typealias UsageError = OptionScanner.UsageError

    static func parse(_ arguments: [String]) throws(UsageError) -> OptionScanner.Parsed<Options> {
        var options = Options()
        var scanner = OptionScanner(arguments)
        while let option = scanner.next() {
            switch option.name {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--replace":
                try scanner.flag(option)
                options.replace = true
            case "--print-introspection":
                try scanner.flag(option)
                options.printIntrospection = true
            case "--test-clock-offset":
                let text = try scanner.value(of: option)
                guard let seconds = Int64(text), abs(seconds) <= 400 * 86400 * 366 else {
                    throw UsageError(description: tr("--test-clock-offset takes whole seconds, got \"%s\"", "\(text)"))
                }
                options.clockOffsetSeconds = seconds
            case "--database": options.database = try scanner.value(of: option)
            case "--address": options.address = try scanner.value(of: option)
            case "--log-level":
                let level = try scanner.value(of: option)
                guard let parsed = Logger.Level(rawValue: level) else {
                    throw UsageError(description: tr("unknown log level \"%s\"; use trace, debug, info, notice, warning, error or critical", "\(level)"))
                }
                options.logLevel = parsed
            default:
                throw OptionScanner.unexpected(option)
            }
        }
        return .run(options)
    }
}
