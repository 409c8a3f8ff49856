import DBus
import IdleLoop
import IsletBus
import IsletClient
import IsletNotify
import IsletSources
import OptionScanner
import Platform
import Synchronization
import Translation

#if canImport(Glibc)
    import Glibc
#endif

/// islet-notify's command line. Parsed by hand: the bridge runs all session long, and without
/// swift-argument-parser it links no Foundation at all, which keeps it small in memory.
struct Options: Equatable {
    var config: String?
    var style: String?
    var updateUrgency: String?
    var buttons: Bool?
    var address: String?
    var verbose = false
    /// `--job-keeper BRIDGE`: run as the KDE job keeper of that bridge (``JobKeeper``; started by
    /// islet-notify itself, not documented for people).
    var jobKeeper: String?

    static let synopsis =
        "islet-notify [--config <config>] [--style <style>] [--update-urgency <update-urgency>] [--[no-]buttons] [--address <address>] [--verbose]"

    /// --help, in the user's language (the option names stay as they are typed).
    static var usage: String {
        let options: [(String, String)] = [
            ("--config <config>", tr("The configuration file (default: $XDG_CONFIG_HOME/islet/config.toml).")),
            ("--style <style>", tr("standard (title, time, progress, buttons) or minimal (the time alone).")),
            ("--update-urgency <update-urgency>", tr("Urgency of in-place updates: low, normal or critical.")),
            ("--buttons/--no-buttons", tr("Pause / Resume, +1 min and Stop buttons (standard style).")),
            ("--address <address>", tr("A D-Bus address to use instead of the session bus.")),
            ("-v, --verbose", tr("Log what the bridge does to stderr.")),
            ("--version", tr("Show the version.")),
            ("-h, --help", tr("Show help information.")),
        ]
        var text = tr("USAGE: %s", synopsis) + "\n\n"
        text += tr("Shows islet's live activity as a desktop notification, updated in place.") + "\n\n"
        text +=
            tr("Settings come from $XDG_CONFIG_HOME/islet/config.toml (see the example in share/doc/islet/config.toml); the options below override the file.")
            + "\n\n"
        text += tr("OPTIONS:") + "\n"
        for (name, help) in options {
            text += name.count > 22 ? "  " + name + "\n" + String(repeating: " ", count: 26) + help + "\n" : "  " + name.padded(to: 24) + help + "\n"
        }
        return text + "\n"
    }

    typealias UsageError = OptionScanner.UsageError

    static func parse(_ arguments: [String]) throws(UsageError) -> OptionScanner.Parsed<Options> {
        var options = Options()
        var scanner = OptionScanner(arguments)
        while let option = scanner.next() {
            switch option.name {
            case "-h", "--help": return .help
            case "--version": return .version
            case "-v", "--verbose":
                try scanner.flag(option)
                options.verbose = true
            case "--buttons":
                try scanner.flag(option)
                options.buttons = true
            case "--no-buttons":
                try scanner.flag(option)
                options.buttons = false
            case "--config": options.config = try scanner.value(of: option)
            case "--style": options.style = try scanner.value(of: option)
            case "--update-urgency": options.updateUrgency = try scanner.value(of: option)
            case "--address": options.address = try scanner.value(of: option)
            case "--job-keeper": options.jobKeeper = try scanner.value(of: option)
            default:
                throw OptionScanner.unexpected(option)
            }
        }
        return .run(options)
    }

    /// The config file: `--config`, else the default one (nil when there is no home).
    func configPath(environment: [String: String]) -> String? {
        (config ?? ConfigFile.defaultPath(environment: environment)).map(TextFile.absolute)
    }

    /// The settings: the defaults, then the config file, then the options.
    func settings(environment: [String: String]) throws(UsageError) -> NotifySettings {
        var settings = NotifySettings()
        let explicit = config != nil
        if let path = configPath(environment: environment) {
            switch TextFile.read(path) {
            case .success(let text):
                do {
                    try ConfigFile.apply(text, path: path, to: &settings)
                } catch {
                    throw UsageError(description: "\(error)")
                }
            case .failure(let error) where error.code == ENOENT && !explicit:
                break
            case .failure(let error):
                throw UsageError(description: tr("cannot read %1$s: %2$s", "\(path)", "\(error)"))
            }
        }
        try overrides()(&settings)
        return settings
    }

    /// What the options set, laid over the file's settings (each time the file is read).
    func overrides() throws(UsageError) -> @Sendable (inout NotifySettings) -> Void {
        var style: NotifySettings.Style?
        if let name = self.style {
            guard let value = NotifySettings.Style(rawValue: name) else {
                throw UsageError(description: tr("--style must be standard or minimal, got \"%s\"", "\(name)"))
            }
            style = value
        }
        var urgency: Urgency?
        if let updateUrgency {
            guard let value = Urgency(name: updateUrgency) else {
                throw UsageError(description: tr("--update-urgency must be low, normal or critical, got \"%s\"", "\(updateUrgency)"))
            }
            urgency = value
        }
        let buttons = self.buttons
        let (chosenStyle, chosenUrgency) = (style, urgency)
        return { settings in
            if let chosenStyle { settings.style = chosenStyle }
            if let chosenUrgency { settings.updateUrgency = chosenUrgency }
            if let buttons { settings.buttons = buttons }
        }
    }
}

@main
enum IsletNotifyMain {
    static let version = "0.1.0"

    /// Everything runs on the main thread's event loop: idle, the bridge wakes for nothing.
    static func main() {
        Translation.start()
        EventLoop.runMain { await run() }
    }

    static func run() async {
        let options = OptionScanner.options(
            of: "islet-notify", version: version, usage: Options.usage, synopsis: Options.synopsis
        ) { () throws(Options.UsageError) in try Options.parse(Array(CommandLine.arguments.dropFirst())) }
        let settings: NotifySettings
        let overrides: @Sendable (inout NotifySettings) -> Void
        do {
            settings = try options.settings(environment: Environment.current)
            overrides = try options.overrides()
        } catch {
            OptionScanner.usageFailure(error, of: "islet-notify", synopsis: Options.synopsis)
        }
        let verbose = options.verbose
        let log: @Sendable (String) -> Void = { message in
            if verbose { printError("islet-notify: " + message) }
        }
        if let bridge = options.jobKeeper { await keepJobs(of: bridge, address: options.address, log: log) }
        let connection: DBusConnection
        do {
            connection = try DBusConnection(bus: options.address.map { .address($0) } ?? .session, label: "islet-notify")
        } catch {
            printError("islet-notify: cannot connect to the session bus: \(error)")
            exit(69)
        }
        connection.onDisconnect {
            printError("islet-notify: lost the bus connection; exiting")
            exit(1)
        }
        // Plasma's progress area, where there is one, is asked for a job by a keeper process
        // (the job lives as long as the connection that asked for it).
        // Built step by step: Swift 6.2.3 compiled the same list written as one `+` expression
        // of optionals into a request for petabytes of memory (Debian unstable's swiftlang, -O).
        var arguments = ["islet-notify", "--job-keeper", connection.uniqueName]
        if let address = options.address { arguments += ["--address", address] }
        if verbose { arguments.append("--verbose") }
        let keeperArguments = arguments
        let islet = IsletClient(connection: connection)
        let warn: @Sendable (String) -> Void = { printError("islet-notify: " + $0) }
        let owner = SettingsOwner(
            path: options.configPath(environment: Environment.current), settings: settings,
            overridden: options.style != nil ? [.style] : [], overrides: overrides)
        let lingers = LingerSync(islet: islet, owner: owner, log: log, warn: warn)
        let server = NotificationServer(connection: connection)
        let memory = MemoryFiles.store(environment: Environment.current)
        // What other programs run (media players, Pomodoro apps), on the island as sources' activities.
        let sourceSwitch = SourceSwitch(bus: options.address.map { .address($0) } ?? .session, log: log)
        @Sendable func surfaces(for settings: NotifySettings) -> Surfaces {
            let wiring = Surfaces.Wiring(
                islet: islet, server: server, settings: settings, memory: memory, startKeeper: { spawnDetached(keeperArguments) }, log: log,
                warn: warn)
            return Surfaces(islet: islet, Surfaces.standard(wiring), log: log, warn: warn)
        }
        // The surfaces of the settings in force; when they change, these stop and take down
        // what they show, and surfaces of the new settings take over.
        let current = Current((surfaces(for: settings), settings))
        let stopping = Mutex(false)
        let changed: @Sendable (SettingsOwner.Change) -> Void = { change in
            if let problem = change.properties.contains(.configProblem) ? owner.problem : nil {
                warn(problem.isEmpty ? "\(owner.path ?? "config.toml") reads again" : "\(problem); the settings in force are kept until it is fixed")
            }
            Task { await lingers.push(change.new) }
            sourceSwitch.set(.players, change.new.players)
            sourceSwitch.set(.pomodoro, change.new.pomodoro)
            sourceSwitch.setCommands(commandsSetting(change.new))
            sourceSwitch.set(.apps, change.new.appProgress)
            let running = current.withLock { $0 }
            if !running.settings.showsAlike(change.new) { Task { await running.surfaces.stop() } }
        }
        // A change read from the file (not a Set, which the object server announces itself).
        let fileChanged: @Sendable (SettingsOwner.Change) -> Void = { change in
            NotifyControl.announce(connection, change.properties)
            changed(change)
        }
        let sources: SignalWatch
        do {
            // SIGHUP: read the configuration again (it is watched; this is for a file system
            // that does not tell).
            sources = try SignalWatch(loop: connection.loop, signals: [SIGTERM, SIGINT, SIGHUP]) { number in
                if number == SIGHUP {
                    if let change = owner.reload() { fileChanged(change) }
                    return
                }
                stopping.withLock { $0 = true }
                Task {
                    await current.withLock { $0.surfaces }.shutdown()
                    exit(0)
                }
            }
        } catch {
            printError("islet-notify: \(error)")
            exit(71)
        }
        log("started, style \(settings.style.rawValue), as \(connection.uniqueName)")
        // `islet expand`, the settings.
        do {
            let expand: @Sendable () -> Void = { current.withLock { $0.surfaces }.first(LiveNotification.self)?.expand() }
            if try await !NotifyControl.serve(connection, settings: owner, expand: expand, changed: changed) {
                printError("islet-notify: \(NotifyBus.busName) is owned already: is another islet-notify running?")
            }
        } catch {
            printError("islet-notify: cannot serve \(NotifyBus.busName): \(error)")
        }
        let watch = NotifyControl.watch(connection, settings: owner, log: log, warn: warn, changed: fileChanged)
        Task { await lingers.follow(changed: fileChanged) }
        Task { await lingers.push(settings) }
        sourceSwitch.set(.players, owner.settings.players)
        sourceSwitch.set(.pomodoro, owner.settings.pomodoro)
        sourceSwitch.setCommands(commandsSetting(owner.settings))
        sourceSwitch.set(.apps, owner.settings.appProgress)
        while true {
            let running = current.withLock { $0 }
            let ending: Surfaces.Ending
            do {
                ending = try await running.surfaces.run()
            } catch {
                printError("islet-notify: \(error)")
                exit(1)
            }
            // SIGTERM's task takes the surfaces down and exits.
            if stopping.withLock({ $0 }) { await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in } }
            if ending == .feedEnded { break }
            await running.surfaces.shutdown()
            let settings = owner.settings
            log("settings changed: style \(settings.style.rawValue)")
            let next = surfaces(for: settings)
            current.withLock { $0 = (next, settings) }
            // Changed again while these were made: they stop at once, for the newest.
            if !settings.showsAlike(owner.settings) { await next.stop() }
        }
        // The feed ends only when the connection does (the disconnect handler may not have run
        // yet): the same exit, so that the service manager restarts the bridge.
        // Kept alive to here for certain: `_ = sources` is no use of it, and Swift 6.2 -O let the
        // watch go at once (SIGTERM then went unheard).
        withExtendedLifetime((sources, watch)) {}
        printError("islet-notify: lost the bus connection; exiting")
        exit(1)
    }
}

/// The bridge's memory (``NotifyMemory``) as a file per bus in `$XDG_RUNTIME_DIR/islet/`: it
/// lives as long as the login session, as notification ids do. No runtime directory: no memory.
enum MemoryFiles {
    static func store(environment: [String: String]) -> MemoryStore {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return .none }
        let folder = runtime + "/islet"
        @Sendable func path(_ busID: String) -> String? {
            guard !busID.isEmpty, busID.utf8.count <= 64, busID.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit })
            else { return nil }
            return folder + "/notify-" + busID + ".state"
        }
        return MemoryStore(
            load: { busID in
                guard let file = path(busID), case .success(let text) = TextFile.read(file) else { return nil }
                return NotifyMemory.decode(text)
            },
            save: { memory in
                guard let file = path(memory.busID) else { return }
                mkdir(folder, 0o700)
                let temporary = file + ".new"
                guard let handle = fopen(temporary, "w") else { return }
                let text = memory.encoded
                let written = text.withCString { fwrite($0, 1, strlen($0), handle) }
                let closed = fclose(handle) == 0
                if written == text.utf8.count, closed { rename(temporary, file) } else { unlink(temporary) }
            })
    }
}

extension IsletNotifyMain {
    /// `--job-keeper BRIDGE` (``JobKeeper``): outlives the bridge to end its KDE jobs. Ctrl-C in
    /// a terminal and the service manager's stop reach both processes at once: ignored here, the
    /// bridge's departure is what ends the keeper.
    static func keepJobs(of bridge: String, address: String?, log: @escaping @Sendable (String) -> Void) async -> Never {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        do {
            let connection = try DBusConnection(bus: address.map { .address($0) } ?? .session, label: "islet-notify job keeper")
            connection.onDisconnect { exit(0) }
            try await JobKeeper.serve(connection, bridge: bridge, log: log)
            exit(0)
        } catch {
            printError("islet-notify --job-keeper: \(error)")
            exit(1)
        }
    }

    /// Starts this program again with `arguments`, not waited for (SIGCHLD is ignored, so it
    /// leaves no zombie); true when it started.
    static func spawnDetached(_ arguments: [String]) -> Bool {
        signal(SIGCHLD, SIG_IGN)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        return posix_spawn(&pid, "/proc/self/exe", nil, nil, argv, environ) == 0
    }
}

/// The surfaces running now and the settings they were made for.
final class Current: Sendable {
    private let running: Mutex<(surfaces: Surfaces, settings: NotifySettings)>
    init(_ running: (surfaces: Surfaces, settings: NotifySettings)) { self.running = Mutex(running) }
    func withLock<T>(_ body: (inout (surfaces: Surfaces, settings: NotifySettings)) -> T) -> T { running.withLock { body(&$0) } }
}

extension String {
    /// The text followed by spaces up to `width` characters.
    fileprivate func padded(to width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}

/// The long commands' part of the settings, nil while they are off.
private func commandsSetting(_ settings: NotifySettings) -> SourceSwitch.CommandsSetting? {
    settings.longCommands ? SourceSwitch.CommandsSetting(seconds: settings.longCommandSeconds, ignore: Set(settings.longCommandIgnore)) : nil
}
