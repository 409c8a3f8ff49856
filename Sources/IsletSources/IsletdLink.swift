import DBus
import IsletBus

/// What a source hears from isletd, the same for every source: the buttons of its activities
/// pressed anywhere (ActionInvoked, sent to the source's connection alone), and isletd coming
/// back on the bus (restarted, it knows nothing of the source's activities). Each runs on its
/// caller's actor (the source's), whose state the handling reads.
enum IsletdLink {
    typealias LiveActivity = IsletBus.LiveActivity

    /// Each press until the connection closes: the owner the activity was started as, the action.
    static func presses(
        on connection: DBusConnection, isolation: isolated (any Actor)? = #isolation, _ body: (LiveActivity.Invoked) async -> Void
    ) async {
        guard
            let presses = try? await connection.signals(
                matching: MatchRule(
                    sender: IsletBus.name, interface: LiveActivity.name, member: LiveActivity.Signal.actionInvoked.name, path: IsletBus.path))
        else { return }
        for await message in presses {
            if let invoked = try? LiveActivity.Invoked(values: message.body) { await body(invoked) }
        }
    }

    /// Each time isletd takes its name after it was gone.
    static func returns(on connection: DBusConnection, isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void) async {
        guard let owners = try? await connection.watchNameOwner(IsletBus.name) else { return }
        var first = true
        for await owner in owners {
            defer { first = false }
            if owner != nil, !first { await body() }
        }
    }

    /// The program's method for a press, called and not waited for: a program that never
    /// answers holds up no other press.
    static func press(_ program: DBusProxy, _ method: String, log: @escaping @Sendable (String) -> Void) {
        Task {
            do { try await program.call(method) } catch { log("\(program.destination).\(method): \(error)") }
        }
    }
}
