import IsletCore
import Testing

@Suite struct TextSearch {
    @Test func findsAPartAnywhereAndNothingElse() {
        #expect("%d.%m.%Y".contains(text: "%m"))
        #expect("%m/%d/%y".contains(text: "%m/%d/%y"))
        #expect("%I:%M:%S %p".contains(text: "%p"))
        #expect("CREATE TABLE fasts (x CHECK (a > 0))".contains(text: "CHECK (a > 0)"))
        #expect("anything".contains(text: ""))
        #expect(!"%H:%M".contains(text: "%I"))
        #expect(!"%".contains(text: "%D"))
        #expect(!"".contains(text: "a"))
        #expect(!"aab".contains(text: "abb"))
        #expect("aaab".contains(text: "aab"))
        #expect("Übergang 12h".dropFirst(1).contains(text: "bergang"))
    }
}
