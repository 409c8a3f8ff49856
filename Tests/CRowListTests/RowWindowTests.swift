import CRowList
import Testing

/// The History list's widget (CRowList) makes a widget only for each row on screen: which rows
/// those are, for a view's top and height (FR-005, issue 44: a lifetime of fasts, a screenful
/// of widgets).
@Suite struct RowWindow {
    func window(value: Double, height: Double, rowHeight: Int32, count: UInt32) -> (first: UInt32, shown: UInt32) {
        var first: guint = 99
        var shown: guint = 99
        islet_row_list_window(value, height, rowHeight, count, &first, &shown)
        return (first, shown)
    }

    @Test func theTopOfTheList() {
        // 600 px of 60 px rows: ten rows, the eleventh not yet.
        #expect(window(value: 0, height: 600, rowHeight: 60, count: 100_000) == (0, 10))
        // One pixel down: the eleventh shows its top.
        #expect(window(value: 1, height: 600, rowHeight: 60, count: 100_000) == (0, 11))
    }

    @Test func anywhereInALifetimeOfFasts() {
        // A row's top at the view's top; halfway through a row.
        #expect(window(value: 60 * 50_000, height: 600, rowHeight: 60, count: 100_000) == (50_000, 10))
        #expect(window(value: 60 * 50_000 + 30, height: 600, rowHeight: 60, count: 100_000) == (50_000, 11))
        // The bottom: the last ten rows, none past the end.
        #expect(window(value: 60 * 100_000 - 600, height: 600, rowHeight: 60, count: 100_000) == (99_990, 10))
        // A million rows of 62 px (62,000,000 px: past an int's pixels in a float's hands).
        #expect(window(value: 62 * 999_990, height: 620, rowHeight: 62, count: 1_000_000) == (999_990, 10))
    }

    @Test func aShortListAndOddViews() {
        // Fewer rows than the view holds: all of them.
        #expect(window(value: 0, height: 600, rowHeight: 60, count: 3) == (0, 3))
        // Nothing to show: no rows, no height, no row height yet.
        #expect(window(value: 0, height: 600, rowHeight: 60, count: 0) == (0, 0))
        #expect(window(value: 0, height: 0, rowHeight: 60, count: 10) == (0, 0))
        #expect(window(value: 0, height: 600, rowHeight: 0, count: 10) == (0, 0))
        #expect(window(value: 0, height: .nan, rowHeight: 60, count: 10) == (0, 0))
        // A view scrolled above the top (an overshoot) or past the end (the list just shrank):
        // still the rows there are.
        #expect(window(value: -40, height: 600, rowHeight: 60, count: 100) == (0, 10))
        #expect(window(value: 60 * 500, height: 600, rowHeight: 60, count: 100) == (99, 1))
    }
}
