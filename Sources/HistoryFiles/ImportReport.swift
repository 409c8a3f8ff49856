import IsletCore
import Translation

/// What an import would do, in words: from what the file held (``HistoryFile/Contents``) and
/// isletd's verdict on its fasts (ImportFasts with dry_run), each problem named by its line.
public struct ImportReport: Equatable, Sendable {
    public var contents: HistoryFile.Contents
    public var verdicts: HistoryImport.Verdicts

    public init(contents: HistoryFile.Contents, verdicts: HistoryImport.Verdicts) {
        self.contents = contents
        self.verdicts = verdicts
    }

    /// Lines that cannot be imported: unreadable, or refused by isletd.
    public var badCount: Int { contents.unreadable.count + verdicts.refused.count }
    /// Whether a real import would add nothing (all or nothing).
    public var blocked: Bool { badCount > 0 }

    /// "line 7: cannot read the time …", "line 9: it overlaps line 8", in the file's order.
    public var problems: [String] {
        let rows = contents.rows
        var found: [(order: Int, text: String)] = contents.unreadable.map { (order($0.place), "\($0)") }
        for refusal in verdicts.refused where refusal.index < rows.count {
            let place = rows[refusal.index].place
            var reason = refusal.reason
            if refusal.otherEntry > 0, refusal.otherEntry <= rows.count {
                reason = tr("it overlaps %s of this file", "\(rows[refusal.otherEntry - 1].place)")
            }
            found.append((order(place), "\(place): \(reason)"))
        }
        return found.sorted { $0.order < $1.order }.map(\.text)
    }

    /// Entries left out on purpose (a fast still running in the other app), in words.
    public var leftOut: [String] { contents.leftOut.map(\.description) }

    private func order(_ place: HistoryFile.Place) -> Int {
        switch place {
        case .line(let n), .entry(let n): n
        }
    }

    /// "islet CSV, 12 fasts: 9 to add, 2 already in the history, 1 cannot be imported."
    public func summary(dryRun: Bool) -> String {
        let total = contents.rows.count + contents.unreadable.count
        return tr(
            "%1$s, %2$s: %3$s to add, %4$s already in the history, %5$s cannot be imported.", "\(contents.kind)",
            trn("%d fast", "%d fasts", UInt64(total), "\(total)"), "\(verdicts.added.count)", "\(verdicts.duplicates.count)", "\(badCount)")
            + (dryRun ? " " + tr("(A dry run: nothing was added.)") : "")
    }

    /// "Already in the history (skipped): line 2, line 3, …" ("" with none; at most 20 named).
    public var duplicateLines: String {
        let places = verdicts.duplicates.filter { $0 < contents.rows.count }.map { "\(contents.rows[$0].place)" }
        guard !places.isEmpty else { return "" }
        let shown = places.prefix(20).joined(separator: ", ") + (places.count > 20 ? ", …" : "")
        return tr("Already in the history (skipped): %s", "\(shown)")
    }
}
