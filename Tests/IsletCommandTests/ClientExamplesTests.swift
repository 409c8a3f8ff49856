import DBus
import Foundation
import TestSupport
import Testing

/// docs/CLIENTS.md's examples, each run as a program author would run it, against isletd on a
/// private bus: each starts its activity, updates it and ends it, as the signals show. The page
/// shows every example as its file is, so neither can drift from the other.
@Suite(.startsProcesses) struct ClientExamples {
    static let root = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
    static let examples = Root.examples

    enum Root {
        static let examples: [(owner: String, command: [String], file: String)] = [
            ("example-cli", ["/bin/sh"], "docs/examples/activity-cli.sh"),
            ("example-gdbus", ["/bin/sh"], "docs/examples/activity-gdbus.sh"),
            ("example-python", ["/usr/bin/python3"], "docs/examples/activity.py"),
            ("example-gjs", ["gjs", "-m"], "docs/examples/activity.js"),
            ("example-swift", [], "docs/examples/swift/main.swift"),
        ]
    }

    @Test(arguments: Root.examples.map(\.owner)) func exampleStartsUpdatesAndEndsItsActivity(_ owner: String) async throws {
        let example = try #require(Self.examples.first { $0.owner == owner })
        let d = try await Daemon()
        let signals = try await d.signals()
        var environment = d.bus.environment
        let bin = (builtProduct("islet") as NSString).deletingLastPathComponent
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let command = example.command.isEmpty ? [builtProduct("islet-example-activity")] : example.command + [Self.root + "/" + example.file]
        let r = try await Command.run(command, environment: environment)
        #expect(r.status == 0, "\(r)")
        let seen = await collect(signals, until: { $0.names.contains("ActivityEnded") })
        // `islet activity end` finishes (contract 1.2): its final state, then the end.
        let finishes = owner == "example-cli"
        let names = ["ActivityStarted", "ActivityUpdated"] + (finishes ? ["ActivityUpdated"] : []) + ["ActivityEnded"]
        #expect(seen.names == names, "\(seen.names) \(r)")
        let started = try #require(seen.first)
        #expect(started.body.count == 4 && started.body[1] == .string(owner))
        #expect(started.body[2].stringVariantEntries?["title"] == .string("Upload"))
        #expect(started.body[3].stringVariantEntries?["progress"] == .double(0.1))
        let updated = seen.dropFirst().first
        #expect(updated?.body.last?.stringVariantEntries?["progress"] == .double(0.6))
        #expect(seen.last?.body.last == .string(finishes ? "completed" : "stopped"), "ended by End or Finish")
    }

    @Test func thePageShowsEveryExampleAsItsFileIs() throws {
        let page = try String(contentsOfFile: Self.root + "/docs/CLIENTS.md", encoding: .utf8)
        for example in Self.examples {
            let file = try String(contentsOfFile: Self.root + "/" + example.file, encoding: .utf8)
            #expect(page.contains(file), "docs/CLIENTS.md shows \(example.file) as it is")
        }
    }
}
