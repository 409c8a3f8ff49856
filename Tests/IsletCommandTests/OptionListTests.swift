import Foundation
import TestSupport
import Testing

/// The two programs that parse their command line by hand (isletd, islet-notify) list their
/// options in five places: --help, the parser, the man page, three shell completions and the
/// README. Each option --help shows must be accepted by the parser and appear in all the rest,
/// and none of the rest may offer an option --help does not show. (`islet`'s man page and
/// completions are generated from its command definitions by swift-argument-parser.)
@Suite(.startsProcesses) struct OptionLists {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The long options in `--help` (`--[no-]x` is both), with whether each takes a value.
    func helpOptions(_ program: String) async throws -> [(name: String, takesValue: Bool)] {
        let help = try await Command.run([builtProduct(program), "--help"])
        #expect(help.status == 0)
        let body = help.stdout.components(separatedBy: "OPTIONS:").last ?? ""
        var options: [(String, Bool)] = []
        for line in body.split(separator: "\n") where line.hasPrefix("  -") {
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: true)
            let takesValue = words.count > 1 && words[1].hasPrefix("<")
            for word in words.prefix(2) where word.hasPrefix("--") || word.hasPrefix("-") {
                for name in word.trimmingCharacters(in: CharacterSet(charactersIn: ",")).split(separator: "/") where name.hasPrefix("--") {
                    options.append((String(name), takesValue))
                }
            }
        }
        return options
    }

    /// Every long option a file offers.
    func offered(_ text: String) -> Set<String> {
        let plain = text.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\fB", with: " ")
            .replacingOccurrences(of: "\\fR", with: " ").replacingOccurrences(of: "\\fI", with: " ")
        var found = Set<String>()
        let pattern = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9-])--[a-z][a-z-]*[a-z]")
        for match in pattern.matches(in: plain, range: NSRange(plain.startIndex..., in: plain)) {
            if let range = Range(match.range, in: plain) { found.insert(String(plain[range])) }
        }
        // fish: `-l name`
        let fish = try! NSRegularExpression(pattern: "-l ([a-z][a-z-]*)")
        for match in fish.matches(in: plain, range: NSRange(plain.startIndex..., in: plain)) {
            if let range = Range(match.range(at: 1), in: plain) { found.insert("--" + plain[range]) }
        }
        return found
    }

    @Test(arguments: ["isletd", "islet-notify"])
    func everyOptionIsParsedDocumentedAndCompleted(_ program: String) async throws {
        let options = try await helpOptions(program)
        #expect(options.count >= 5, "\(options)")
        let names = Set(options.map(\.name))
        let sample = ["--log-level": "info", "--style": "minimal", "--update-urgency": "low"]
        for (name, takesValue) in options where name != "--help" && name != "--version" {
            let run = try await Command.run(
                [builtProduct(program), name] + (takesValue ? [sample[name] ?? "x"] : []) + ["--version"])
            #expect(run.status == 0, "\(program) \(name): \(run)")
        }
        let unknown = try await Command.run([builtProduct(program), "--no-such-option"])
        #expect(unknown.status == 64, "\(unknown)")
        for file in [
            "packaging/man/\(program).1", "packaging/completions/\(program).bash", "packaging/completions/_\(program)",
            "packaging/completions/\(program).fish",
        ] {
            let listed = offered(try text(file))
            #expect(names.subtracting(listed).isEmpty, "\(file) lacks \(names.subtracting(listed).sorted())")
            #expect(listed.subtracting(names).isEmpty, "\(file) offers \(listed.subtracting(names).sorted()), which --help does not show")
        }
        let readme = offered(try text("README.md"))
        let userFacing = names.subtracting(["--help", "--version"])
        #expect(userFacing.subtracting(readme).isEmpty, "README.md lacks \(userFacing.subtracting(readme).sorted()) of \(program)")
    }
}
