import ArgumentParser
import IsletClient
import IsletCore
import OptionScanner
import Translation

#if canImport(Glibc)
    import Glibc
#endif

/// `islet status`, which panels run every second or two (i3blocks, xfce4-genmon, polybar's
/// custom/script), read without swift-argument-parser when its command line is plain: the
/// parser's start-up (its look-ups of protocol conformances) took three times as long as the
/// bus call itself. Anything else, `--help` or a mistake included, goes to the full parser,
/// which answers it as before.
enum PanelStatus {
    struct Request {
        var format: PanelFormat = .plain
        var style: PanelStyle = .standard
        var address: String?
    }

    /// The line for the activity (or a running fast without a goal), on standard output.
    static func print(_ request: Request) async throws {
        // A second call only when there is no activity: a running fast without a goal shows.
        let (activity, fastStartedAt) = try await BusOptions.run(address: request.address) { client -> (ActivitySnapshot?, USec?) in
            if let activity = try await client.currentActivity() { return (activity, nil) }
            let status = try await client.fastStatus()
            return (nil, status.fasting ? status.startedAt : nil)
        }
        Output.line(Panel.line(activity, fastStartedAt: fastStartedAt, now: Times.now(), format: request.format, style: request.style).text)
    }

    /// Runs the request and exits with the status `islet status` has.
    static func main(_ request: Request) async -> Never {
        do {
            try await print(request)
            exit(0)
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            Output.error("\(error)")
            exit(1)
        }
    }
}

extension PanelStatus.Request {
    /// `status` with only --format, --style and --address, each with a value it takes; nil for
    /// anything else.
    init?(_ arguments: [String]) {
        guard arguments.first == "status" else { return nil }
        self.init()
        var scanner = OptionScanner(Array(arguments.dropFirst()))
        while let option = scanner.next() {
            // An option taking no value would swallow the next argument here: it is refused below.
            guard let value = try? scanner.value(of: option) else { return nil }
            switch option.name {
            case "--format":
                guard let format = PanelFormat(rawValue: value) else { return nil }
                self.format = format
            case "--style":
                guard let style = PanelStyle(rawValue: value) else { return nil }
                self.style = style
            case "--address":
                address = value
            default:
                return nil
            }
        }
    }
}
