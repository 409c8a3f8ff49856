import IsletCore
import Testing

@Suite struct Formatting {
    @Test func seedExamples() {
        #expect(Format.goalIn(seconds: 3 * 3600 + 12 * 60 + 9) == "Goal in 03:12:09")
        #expect(Format.timer(seconds: 14 * 60 + 32) == "14:32")
        #expect(Format.timer(seconds: 120) == "02:00")
        #expect(Format.timer(seconds: 0) == "00:00")
        #expect(Format.minimal(seconds: 300) == "5:00")
        #expect(Format.minimal(seconds: 0) == "0:00")
        #expect(Format.minimal(seconds: 14 * 60 + 32) == "14:32")
        #expect(Format.hm(seconds: 3 * 3600 + 12 * 60 + 59) == "3:12")
        #expect(Format.hms(seconds: 3723) == "1:02:03")
        #expect(Format.goal(seconds: 57600) == "Goal: 16 hours")
        #expect(Format.duration(seconds: 59400) == "16 hours 30 minutes")
        #expect(Format.countdownSeconds(119_000_001) == 120)
        #expect(Format.countdownSeconds(0) == 0)
    }

    @Test func parsesDurationsPeopleWrite() {
        #expect(Format.parseDuration("16h") == 57600)
        #expect(Format.parseDuration("16h30m") == 59400)
        #expect(Format.parseDuration("90m") == 5400)
        #expect(Format.parseDuration("1:30:00") == 5400)
        #expect(Format.parseDuration("16:30") == 59400)
        #expect(Format.parseDuration("45s") == 45)
        for bad in ["", "16", "h", "16x", "-5m", "1:60", "0s", "1::2", "99999999999h", "16h 30"] {
            #expect(Format.parseDuration(bad) == nil, "\(bad)")
        }
    }

    @Test func streaksInLocalDays() {
        // A 37-hour fast covering days 10, 11, 12 keeps the streak going.
        #expect(Streaks.compute(spans: [(9, 9), (10, 12), (13, 13)], today: 13) == (4 + 1, 5))
        #expect(Streaks.compute(spans: [(1, 1), (2, 2), (5, 5)], today: 6) == (1, 2))  // yesterday counts
        #expect(Streaks.compute(spans: [(1, 1), (2, 2)], today: 6) == (0, 2))
        #expect(Streaks.compute(spans: [], today: 6) == (0, 0))
    }
}
