import Foundation
import Testing

/// docs/TRACEABILITY.md maps every seed requirement to the tests that prove it. It cannot go
/// stale silently: every requirement and scenario of the seeds has a row, and every test it
/// names exists (a Swift test by suite and function, a gjs, desktop or app check by its label).
@Suite struct Traceability {
    static let root = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")

    /// The table rows: first cell and last cell.
    static func rows(_ page: String) -> [(first: String, tests: String)] {
        page.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| "), !line.hasPrefix("| ---") else { return nil }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, let first = cells.dropFirst().first, let last = cells.dropLast().last else { return nil }
            return (first, last)
        }
    }

    /// The spans between backticks.
    static func quoted(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The requirement ids and scenario titles of the seed documents.
    static func seedRequirements(_ seeds: String) throws -> [String] {
        var found: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: seeds).sorted() where name.hasSuffix(".txt") {
            let text = try String(contentsOfFile: seeds + "/" + name, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("#### Scenario: ") {
                    found.append(String(trimmed.dropFirst("#### Scenario: ".count)))
                    continue
                }
                // "* **DI-001: Start Live Activity**", "* **NFR-001: Platform:**", "- [ ] **FR-01**: ...",
                // "| **AR-01** | ...".
                guard let open = trimmed.range(of: "**") else { continue }
                let rest = trimmed[open.upperBound...]
                let id = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
                let isID =
                    id.contains("-") && id.first?.isUppercase == true && id.last?.isNumber == true
                    || id.hasPrefix("NFR-")
                if isID, ["DI-", "DFG-", "FR-", "NFR-", "UI-", "AR-"].contains(where: { id.hasPrefix($0) }) {
                    found.append(String(id))
                }
            }
        }
        return found
    }

    @Test func everySeedRequirementHasARowAndEveryNamedTestExists() throws {
        let page = try String(contentsOfFile: Self.root + "/docs/TRACEABILITY.md", encoding: .utf8)
        let rows = Self.rows(page)
        #expect(rows.count > 70, "the table has its rows: \(rows.count)")

        // Every test named in the last column exists.
        var sources: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: Self.root + "/Tests")
        while let path = enumerator?.nextObject() as? String {
            guard [".swift", ".js", ".sh", ".py", ".qml"].contains(where: { path.hasSuffix($0) }) else { continue }
            sources[path] = try String(contentsOfFile: Self.root + "/Tests/" + path, encoding: .utf8)
        }
        var named = 0
        for row in rows where row.first != "id" && row.first != "scenario" {
            let tests = Self.quoted(row.tests)
            #expect(!tests.isEmpty, "\(row.first) names at least one test")
            for test in tests {
                named += 1
                if let colon = test.range(of: ": ") {
                    let file = String(test[..<colon.lowerBound])
                    let label = String(test[colon.upperBound...])
                    let matches = sources.filter { $0.key.hasSuffix("/" + file) }
                    #expect(matches.count == 1, "\(row.first): \(file) is one file under Tests")
                    #expect(matches.values.contains { $0.contains(label) }, "\(row.first): \(file) has the check \"\(label)\"")
                } else {
                    let parts = test.split(separator: ".")
                    guard parts.count == 2 else {
                        Issue.record("\(row.first): \"\(test)\" is neither Suite.function nor file: check")
                        continue
                    }
                    let suite = "struct \(parts[0]) "
                    let function = "func \(parts[1])("
                    #expect(
                        sources.values.contains { $0.contains(suite) && $0.contains(function) },
                        "\(row.first): the test \(test) exists")
                }
            }
        }
        #expect(named > 150, "tests named: \(named)")

        // Every requirement of the seeds has its row (where the seeds are: ../shared/seeds).
        let seeds = Self.root + "/../shared/seeds"
        guard FileManager.default.fileExists(atPath: seeds) else { return }
        let requirements = try Self.seedRequirements(seeds)
        #expect(requirements.count > 70, "the seeds' requirements were read: \(requirements)")
        let firsts = Set(rows.map(\.first))
        for requirement in requirements {
            #expect(firsts.contains(requirement), "docs/TRACEABILITY.md has a row for \(requirement)")
        }
    }
}
