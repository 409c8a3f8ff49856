import DBus
import Foundation
import IsletBus
import TestSupport
import Testing

@testable import IsletNotify

/// islet-notify's settings over the bus (org.islet.Notify1's properties), with islet-notify the
/// one writer of its config.toml: a Set lands in the file and takes effect at once, an edit by
/// hand is read as it is saved, two writers at once lose nothing, and a file that does not read
/// loses nothing either. Real gdbus, playerctl and dbus-monitor against the real islet-notify.
@Suite(.startsProcesses) struct SettingsOverTheBus {
    /// A config file of its own in a folder of its own, removed after.
    final class ConfigFolder {
        let folder: URL
        var path: String { folder.appendingPathComponent("config.toml").path }
        init(_ text: String) throws {
            folder = try TemporaryDirectory.make(prefix: "islet-config")
            try save(text)
        }
        /// Saved as an editor saves: a new file beside it, renamed over it. (Foundation's
        /// atomic write leaves a folder behind in /tmp each time.)
        func save(_ text: String) throws {
            try text.write(toFile: path + ".edit", atomically: false, encoding: .utf8)
            guard rename(path + ".edit", path) == 0 else { throw TestFailure("cannot rename over \(path)") }
        }
        var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    func gdbus(_ d: Daemon, _ arguments: [String]) async throws -> CommandResult {
        try await Command.run(["gdbus", "call", "--address", d.bus.address] + arguments)
    }

    func notifySet(_ d: Daemon, _ property: String, _ value: String) async throws -> CommandResult {
        try await gdbus(
            d,
            [
                "--dest", NotifyBus.busName, "--object-path", NotifyBus.path.rawValue, "--method", "org.freedesktop.DBus.Properties.Set",
                NotifyBus.name, property, value,
            ])
    }

    func notifyGet(_ d: Daemon, _ property: String) async throws -> String {
        try await gdbus(
            d,
            [
                "--dest", NotifyBus.busName, "--object-path", NotifyBus.path.rawValue, "--method", "org.freedesktop.DBus.Properties.Get",
                NotifyBus.name, property,
            ]
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func players(_ d: Daemon) async throws -> String {
        try await Command.run(["playerctl", "--list-all"], environment: d.bus.environment).stdout
    }

    func bridge(_ d: Daemon, _ config: ConfigFolder, _ extra: [String] = []) async throws -> Background {
        let notify = try Background([builtProduct("islet-notify"), "--verbose", "--config", config.path, "--address", d.bus.address] + extra)
        #expect(await eventually { notify.stderr.contains("in step with isletd") }, "\(notify.stderr)")
        return notify
    }

    /// The Preferences' switch as any client flips it: the file keeps the user's lines, the
    /// surface goes at once (no restart), PropertiesChanged says so; and back.
    @Test func aSetLandsInTheFileAndTakesEffectAtOnce() async throws {
        let d = try await Daemon()
        let config = try ConfigFolder("# mine: keep this\nsound = false\n")
        let monitor = try Background(["dbus-monitor", "--address", d.bus.address, "path=\(NotifyBus.path.rawValue)"])
        let notify = try await bridge(d, config)
        try await d.timers.call("Start", [.string("kitchen"), .string("Tea"), .uint64(600)])
        #expect(try await eventually { try await players(d).contains("islet") }, "the timer's MPRIS player")
        #expect(try await notifyGet(d, "MediaPlayer") == "(<true>,)")

        var r = try await notifySet(d, "MediaPlayer", "<false>")
        #expect(r.status == 0, "\(r)")
        #expect(config.text == "# mine: keep this\nsound = false\nmedia_player = false\n", "\(config.text)")
        #expect(try await notifyGet(d, "MediaPlayer") == "(<false>,)")
        #expect(try await eventually { try await !players(d).contains("islet") }, "the player gone, with no restart")
        #expect(await eventually { monitor.stdout.contains("string \"MediaPlayer\"") }, "\(monitor.stdout)")
        #expect(notify.isRunning && !notify.stderr.contains("started, style standard, as :1.", occurrences: 2))

        r = try await notifySet(d, "MediaPlayer", "<true>")
        #expect(r.status == 0, "\(r)")
        #expect(config.text.contains("media_player = true\n") && config.text.hasPrefix("# mine: keep this\n"))
        #expect(try await eventually { try await players(d).contains("islet") }, "the player back")

        r = try await notifySet(d, "Style", "<'fancy'>")
        #expect(r.status != 0 && r.stderr.contains("org.islet.Notify1.Error.InvalidValue"), "\(r)")
        r = try await notifySet(d, "ConfigProblem", "<'no'>")
        #expect(r.status != 0 && r.stderr.contains("PropertyReadOnly"), "\(r)")
        #expect(!config.text.contains("fancy"))
    }

    /// An edit by hand (an editor's save: a new file renamed over the old) is read at once, said
    /// with PropertiesChanged and acted on; a removed file is every default.
    @Test func anEditByHandIsSeenWithoutARestart() async throws {
        let d = try await Daemon()
        let config = try ConfigFolder("")
        let monitor = try Background(["dbus-monitor", "--address", d.bus.address, "path=\(NotifyBus.path.rawValue)"])
        let notify = try await bridge(d, config)
        try await d.timers.call("Start", [.string("kitchen"), .string("Tea"), .uint64(600)])
        #expect(try await eventually { try await players(d).contains("islet") })

        try config.save("media_player = false\nstyle = \"minimal\"\n")
        #expect(try await eventually { try await notifyGet(d, "MediaPlayer") == "(<false>,)" })
        #expect(try await notifyGet(d, "Style") == "(<'minimal'>,)")
        #expect(try await eventually { try await !players(d).contains("islet") })
        #expect(await eventually { monitor.stdout.contains("string \"Style\"") && monitor.stdout.contains("string \"MediaPlayer\"") })
        #expect(await eventually { notify.stderr.contains("settings changed: style minimal") }, "\(notify.stderr)")

        try FileManager.default.removeItem(atPath: config.path)
        #expect(try await eventually { try await notifyGet(d, "Style") == "(<'standard'>,)" })
        #expect(try await eventually { try await players(d).contains("islet") })
    }

    /// Two writers at once, four times over: a line saved by hand and, at once after it (before
    /// islet-notify has read the save), four clients setting four settings together. Each Set
    /// rewrites the file as it is on disk then, one at a time: every line is kept.
    @Test func writersAtOnceLoseNothing() async throws {
        let d = try await Daemon()
        let config = try ConfigFolder("# the user's own\n")
        let notify = try await bridge(d, config)
        defer { withExtendedLifetime(notify) {} }
        for round in 0..<4 {
            let on = round % 2 == 1
            try config.save(config.text + "# round \(round), by hand\n")
            async let a = notifySet(d, "Style", on ? "<'standard'>" : "<'minimal'>")
            async let b = notifySet(d, "LockScreen", "<\(on)>")
            async let c = notifySet(d, "KdeJobs", "<\(on)>")
            async let e = notifySet(d, "MediaPlayer", "<\(on)>")
            for r in try await [a, b, c, e] { #expect(r.status == 0, "\(r)") }
            let text = config.text
            let lines = [on ? "style = \"standard\"" : "style = \"minimal\"", "lock_screen = \(on)", "kde_jobs = \(on)", "media_player = \(on)"]
            for line in lines + ["# the user's own"] + (0...round).map({ "# round \($0), by hand" }) {
                #expect(text.contains(line + "\n"), "round \(round): \(line) lost from\n\(text)")
            }
            #expect(text.split(separator: "\n").count == 5 + round + 1, "each key once: \(text)")
            #expect(try await notifyGet(d, "LockScreen") == "(<\(on)>,)")
            #expect(try await notifyGet(d, "KdeJobs") == "(<\(on)>,)")
        }
    }

    /// A file that does not read: the settings in force stay, ConfigProblem says where, a Set is
    /// refused by name and the file is not touched; fixed, all is well again.
    @Test func aFileThatDoesNotReadLosesNothing() async throws {
        let d = try await Daemon()
        let config = try ConfigFolder("lock_screen = false\n")
        let notify = try await bridge(d, config)
        let broken = "lock_screen = false\nsound = \"loud\"\n"
        try config.save(broken)
        #expect(try await eventually { try await notifyGet(d, "ConfigProblem").contains("config.toml:2: sound must be true or false") })
        #expect(try await notifyGet(d, "LockScreen") == "(<false>,)", "the settings in force kept")
        let r = try await notifySet(d, "MediaPlayer", "<false>")
        #expect(r.status != 0 && r.stderr.contains("org.islet.Notify1.Error.ConfigInvalid") && r.stderr.contains(":2:"), "\(r)")
        #expect(config.text == broken, "the user's file untouched")
        #expect(notify.isRunning && notify.stderr.contains("the settings in force are kept until it is fixed"), "\(notify.stderr)")
        try config.save("lock_screen = true\n")
        #expect(try await eventually { try await notifyGet(d, "ConfigProblem") == "(<''>,)" })
        #expect(try await notifyGet(d, "LockScreen") == "(<true>,)")
    }

    /// islet-notify's --style decides over the file: a Set of Style says so by name.
    @Test func anOptionOverridesAndSaysSo() async throws {
        let d = try await Daemon()
        let config = try ConfigFolder("")
        let notify = try await bridge(d, config, ["--style", "minimal"])
        let r = try await notifySet(d, "Style", "<'standard'>")
        #expect(r.status != 0 && r.stderr.contains("org.islet.Notify1.Error.Overridden") && r.stderr.contains("--style"), "\(r) \(notify.stderr)")
        #expect(try await notifyGet(d, "Style") == "(<'minimal'>,)")
        #expect(config.text == "")
    }

    /// isletd owns the linger settings: the file's lines are set on it at start and when edited,
    /// and a change made on isletd (islet's app) is written into the lines the file has.
    @Test func lingerLinesFollowIsletd() async throws {
        let d = try await Daemon()
        let config = try ConfigFolder("linger_seconds = 7 # mine\n")
        let notify = try await bridge(d, config)
        defer { withExtendedLifetime(notify) {} }
        #expect(try await eventually { try await d.live.get("LingerSeconds") == .uint32(7) })
        try await d.live.set("LingerSeconds", .uint32(12))
        #expect(await eventually { config.text == "linger_seconds = 12 # mine\n" }, "\(config.text)")
        try await d.live.set("GoalReachedLingerSeconds", .uint32(60))
        try config.save("linger_seconds = 20 # mine\n")
        #expect(try await eventually { try await d.live.get("LingerSeconds") == .uint32(20) }, "\(notify.stderr)")
        #expect(!config.text.contains("goal_reached"), "a line the file does not have is not added: \(config.text)")
    }

    /// The pure part: what a change of the file changes on the bus.
    @Test func whatAReadChangesIsWhatIsAnnounced() throws {
        let config = try ConfigFolder("")
        let owner = SettingsOwner(path: config.path, settings: NotifySettings(), overridden: [], overrides: { _ in })
        #expect(owner.reload() == nil, "the same file: nothing to say")
        try config.save("kde_jobs = false\nlinger_seconds = 9\n")
        let change = try #require(owner.reload())
        #expect(change.properties == [.kdeJobs])
        #expect(change.new.lingerSeconds == 9 && change.old.lingerSeconds == nil)
        #expect(!change.old.showsAlike(change.new))
        try config.save("kde_jobs = false\nlinger_seconds = 10\n")
        let linger = try #require(owner.reload())
        #expect(linger.properties.isEmpty && linger.old.showsAlike(linger.new), "a linger alone rebuilds no surface")
        // A save by hand not read yet, then isletd's change written: the save is in what changed
        // (seen under load: it was adopted silently, and its linger never reached isletd).
        try config.save("kde_jobs = true\nlinger_seconds = 20\n")
        let both = try #require(owner.follow(lingerSeconds: nil, goalReachedLingerSeconds: 60))
        #expect(both.properties == [.kdeJobs] && both.new.lingerSeconds == 20 && both.old.lingerSeconds == 10)
        #expect(owner.reload() == nil, "read already")
    }
}

extension String {
    fileprivate func contains(_ part: String, occurrences: Int) -> Bool { components(separatedBy: part).count - 1 >= occurrences }
}
