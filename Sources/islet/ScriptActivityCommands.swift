import ArgumentParser
import DBus
import IsletBus
import IsletClient
import IsletCore
import Translation

/// `islet activity start|update|end`: a script's own live activity (LiveActivity.Start,
/// Update, End), named by an owner. It outlives the call that started it (`ends_with_owner`
/// false): a script starts it, updates it as it goes and ends it, each from a separate call.
struct ScriptActivityOptions: ParsableArguments {
    @Option(help: .init(tr("The activity's owner: a name of your own (1 to 64 characters), the same for update and end.")))
    var owner: String

    @Option(help: .init(tr("The phase or step shown beside the time (\"Compiling\")."))) var phase: String?
    @Option(help: .init(tr("Progress from 0 to 1 (0.25), drawn where the desktop draws progress."))) var progress: Double?
    @Option(name: .customLong("ends-in"), help: .init(tr("A countdown: it ends in this long (10m, 1h30m)."))) var endsIn: String?
    @Option(name: .customLong("ends-at"), help: .init(tr("A countdown to a clock time (14:30: the next one) or a date."))) var endsAt: String?
    @Option(name: .customLong("stale-in"), help: .init(tr("Out of date if not updated within this long (5m): surfaces say so.")))
    var staleIn: String?

    func validate() throws {
        guard (1...64).contains(owner.count) else { throw ValidationError(tr("the owner must be 1 to 64 characters")) }
        if let progress, !(0...1).contains(progress) { throw ValidationError(tr("the progress must be from 0 to 1, got %s", "\(progress)")) }
        if endsIn != nil, endsAt != nil { throw ValidationError(tr("give --ends-in or --ends-at, not both")) }
        if let phase, !(1...128).contains(phase.count) { throw ValidationError(tr("the phase must be 1 to 128 characters")) }
    }

    /// When the countdown ends, if one was asked for.
    func end(now: USec) throws -> USec? {
        if let endsIn { return now + (try Parse.duration(endsIn)) * usecPerSecond }
        guard let endsAt else { return nil }
        let time = try Self.upcoming(endsAt, now: now)
        guard time > now else { throw ValidationError(tr("%s has passed", "\(endsAt)")) }
        return time
    }

    /// A time to come: a clock time means the next one ("14:30"); a date is as written.
    static func upcoming(_ text: String, now: USec) throws -> USec {
        guard var time = Times.parse(text, now: now) else {
            throw ValidationError(tr("cannot read the time \"%s\"; write 14:30 or \"2026-11-22 14:30\"", "\(text)"))
        }
        if time <= now, text.contains(":"), !text.contains("-") { time += 86_400 * usecPerSecond }
        return time
    }

    /// The state `owner`'s activity holds now, as it would be sent back (Update and Finish
    /// replace the whole state); empty when the island holds something else.
    static func held(by owner: String, _ client: IsletClient) async throws -> [String: DBusValue] {
        let current = try await client.currentActivity()
        return current?.owner == owner ? (current?.state ?? [:]).mapValues(ActivityCoding.value) : [:]
    }

    /// The state: `base` with what the options say, at `now`.
    func state(base: [String: DBusValue], startedAt: USec, now: USec) throws -> [String: DBusValue] {
        var state = base
        state["status"] = .string("running")
        state["started_at_usec"] = .uint64(startedAt)
        state["updated_at_usec"] = .uint64(now)
        state["elapsed_usec"] = .uint64(now > startedAt ? now - startedAt : 0)
        if let phase { state["phase_name"] = .string(phase) }
        if let progress { state["progress"] = .double(progress) }
        if let staleIn { state["stale_at_usec"] = .uint64(now + (try Parse.duration(staleIn)) * usecPerSecond) }
        // An update is fresh again: the service says `stale` itself when its time comes.
        state["stale"] = nil
        state["alert"] = nil
        if let end = try end(now: now) {
            state["ends_at_usec"] = .uint64(end)
            state["remaining_usec"] = .uint64(end - now)
        } else if case .uint64(let end)? = state["ends_at_usec"] {
            // A countdown given at the start goes on.
            state["remaining_usec"] = .uint64(end > now ? end - now : 0)
        }
        return state
    }
}

extension ActivityCommand {
    struct Start: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("Start a live activity of your own (for scripts); it stays after this call ends."),
            discussion: tr("Example: islet activity start --owner build --title Build --phase Compiling --progress 0.25"))
        @Option(help: .init(tr("What the island calls it (1 to 128 characters)."))) var title: String
        @OptionGroup var options: ScriptActivityOptions
        @OptionGroup var bus: BusOptions

        func validate() throws {
            guard (1...128).contains(title.count) else { throw ValidationError(tr("the title must be 1 to 128 characters")) }
        }

        func run() async throws {
            let now = Times.now()
            let state = try options.state(base: [:], startedAt: now, now: now)
            let attributes: [String: DBusValue] = [
                "kind": .string("custom"), "title": .string(title), "ends_with_owner": .boolean(false),
            ]
            let id = try await bus.run { try await $0.startActivity(owner: options.owner, attributes: attributes, state: state) }
            Output.line(id.isEmpty ? tr("Live activities are off; nothing started.") : tr("Started %1$s's activity %2$s.", options.owner, id))
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("Update your own live activity: its phase, progress or end (the rest stays as it was)."))
        @OptionGroup var options: ScriptActivityOptions
        @Flag(help: .init(tr("This update deserves attention: a banner and a sound, once."))) var alert = false
        @OptionGroup var bus: BusOptions

        func run() async throws {
            try await bus.run { client in
                // Update replaces the whole state: start from the one the island holds.
                let base = try await ScriptActivityOptions.held(by: options.owner, client)
                let startedAt = base["started_at_usec"].flatMap { try? $0.decode(UInt64.self) } ?? Times.now()
                let now = Times.now()
                var state = try options.state(base: base, startedAt: startedAt, now: now)
                if alert { state["alert"] = .boolean(true) }
                try await client.updateActivity(owner: options.owner, state: state)
            }
            Output.line(tr("Updated %s's activity.", "\(options.owner)"))
        }
    }

    struct End: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("End your own live activity: shown as done for a few seconds (--dismiss), then gone."))
        enum Dismissal: String, ExpressibleByArgument, CaseIterable { case `default`, immediate }
        @Option(help: .init(tr("The owner it was started with."))) var owner: String
        @Option(help: .init(tr("default (shown done for LingerSeconds, 5 s unless set) or immediate."))) var dismiss: Dismissal = .default
        @Option(name: .customLong("dismiss-at"), help: .init(tr("Shown done until this time (14:30, at most 4 hours ahead)."))) var dismissAt: String?
        @Option(help: .init(tr("How it ended, in its own words (\"Deployed\"), shown and announced."))) var phase: String?
        @Flag(help: .init(tr("It failed: an error icon and sound."))) var failed = false
        @OptionGroup var bus: BusOptions

        func run() async throws {
            let now = Times.now()
            let until = try dismissAt.map { try ScriptActivityOptions.upcoming($0, now: now) } ?? 0
            try await bus.run { client in
                var state = try await ScriptActivityOptions.held(by: owner, client)
                state["stale"] = nil
                state["alert"] = nil
                state["status"] = .string("completed")
                // A time that counts up stops where it ended.
                if state["ends_at_usec"] == nil, case .uint64(let started)? = state["started_at_usec"], now > started {
                    state["elapsed_usec"] = .uint64(now - started)
                }
                state["updated_at_usec"] = .uint64(now)
                if let phase { state["phase_name"] = .string(phase) }
                state["outcome"] = .string(failed ? "failure" : "success")
                try await client.finishActivity(
                    owner: owner, state: state, dismissal: dismissAt == nil ? dismiss.rawValue : "at", dismissAt: until)
            }
            Output.line(tr("Ended %s's activity.", "\(owner)"))
        }
    }
}
