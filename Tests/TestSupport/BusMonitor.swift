import Foundation

/// `dbus-monitor` on a bus, its output parsed into messages: the outside witness of what
/// really crossed the bus.
public final class BusMonitor: @unchecked Sendable {
    let child: Background

    public struct Seen: Sendable, CustomStringConvertible {
        public var kind: String  // "method call", "signal", "method return", "error"
        public var member: String
        public var header: String
        /// The argument lines, trimmed ("string \"Tea\"", "uint32 0", ...).
        public var arguments: [String]
        public var description: String { "\(kind) \(member) \(arguments.prefix(6))" }

        /// The string arguments, in order, unquoted.
        public var strings: [String] {
            arguments.compactMap { line in
                guard line.hasPrefix("string \""), line.hasSuffix("\"") else { return nil }
                return String(line.dropFirst(8).dropLast())
            }
        }
        public var uint32s: [UInt32] {
            arguments.compactMap { $0.hasPrefix("uint32 ") ? UInt32($0.dropFirst(7)) : nil }
        }
    }

    public init(address: String, rules: [String]) async throws {
        child = try Background(["dbus-monitor", "--address", address] + rules)
        // dbus-monitor prints its own NameAcquired/NameLost first: wait until it is listening.
        guard await eventually({ self.child.stdout.contains("member=NameAcquired") || self.child.stdout.contains("member=NameLost") })
        else { throw TestFailure("dbus-monitor did not start: \(child.stderr)") }
    }

    public var messages: [Seen] {
        var result: [Seen] = []
        for line in child.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if let kind = ["method call", "signal", "method return", "error"].first(where: { line.hasPrefix($0 + " ") }) {
                let member = line.split(separator: " ").first { $0.hasPrefix("member=") }.map { String($0.dropFirst(7)) } ?? ""
                result.append(Seen(kind: kind, member: member, header: String(line), arguments: []))
            } else if result.isEmpty {
                continue
            } else if line.hasPrefix(" ") {
                result[result.count - 1].arguments.append(line.trimmingCharacters(in: .whitespaces))
            } else if !result[result.count - 1].arguments.isEmpty {
                // A string argument with a newline in it goes on over several lines.
                result[result.count - 1].arguments[result[result.count - 1].arguments.count - 1] += "\n" + line
            }
        }
        return result
    }

    /// Calls of `member` (as they were sent, with their arguments).
    public func calls(_ member: String) -> [Seen] { messages.filter { $0.kind == "method call" && $0.member == member } }
}
