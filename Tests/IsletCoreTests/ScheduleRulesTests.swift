import IsletCore
import Testing

/// Issue 45's rules about time, pure: a schedule's reminders across summer time, suspend and
/// weekdays off; the goal as a clock time across midnight; the stages; the eating window.
@Suite struct ScheduleRules {
    let s: UInt64 = 1_000_000
    /// Berlin in 2027: summer time from 2027-03-28 01:00 UTC.
    static let change: UInt64 = 1_806_195_600 * 1_000_000
    let berlin = LocalTime { $0 < ScheduleRules.change ? 3600 : 7200 }

    func utc(_ year: Int64, _ month: Int, _ day: Int, _ hour: Int64, _ minute: Int64 = 0) -> UInt64 {
        UInt64(LocalTime.days(fromCivil: year, month, day) * 86400 + hour * 3600 + minute * 60) * s
    }

    var daily: FastingSchedule {
        var schedule = FastingSchedule()
        schedule.enabled = true
        return schedule
    }

    @Test func schedule_remindersFollowTheLocalClockAcrossSummerTime() {
        // 20:00 in Berlin is 19:00 UTC in winter, 18:00 UTC from 28 March.
        let before = daily.reminders(after: utc(2027, 3, 27, 12), through: utc(2027, 3, 29, 0), in: berlin)
        #expect(before.map(\.kind) == [.eatingEnds, .fastStarts, .eatingEnds, .fastStarts])
        #expect(before.map(\.at) == [utc(2027, 3, 27, 18), utc(2027, 3, 27, 19), utc(2027, 3, 28, 17), utc(2027, 3, 28, 18)])
        #expect(before.allSatisfy { $0.fastStartsAt == ($0.kind == .fastStarts ? $0.at : $0.at + 3600 * s) })
        #expect(daily.nextReminder(after: utc(2027, 3, 27, 19), in: berlin)?.at == utc(2027, 3, 28, 17))
        #expect(daily.nextFastStart(after: utc(2027, 3, 28, 0), in: berlin) == utc(2027, 3, 28, 18))
        // 02:30 does not exist on 28 March: read with the offset before the change (03:30 summer time).
        var night = daily
        night.startMinutes = Array(repeating: 150, count: 7)
        night.remindBeforeMinutes = 0
        #expect(night.nextReminder(after: utc(2027, 3, 27, 12), in: berlin)?.at == utc(2027, 3, 28, 1, 30))
    }

    @Test func schedule_daysOffAndRemindersOffAreSkipped() {
        var weekdays = daily
        // Monday to Friday at 20:00; 2027-03-26 is a Friday.
        weekdays.startMinutes = [1200, 1200, 1200, 1200, 1200, FastingSchedule.off, FastingSchedule.off]
        #expect(FastingSchedule.weekday(ofDay: LocalTime.days(fromCivil: 2027, 3, 26)) == 4)
        // Friday 20:30 local: Saturday and Sunday have none; Monday 29 March, 19:00 CEST.
        let next = weekdays.nextReminder(after: utc(2027, 3, 26, 19, 30), in: berlin)
        #expect(next == .init(kind: .eatingEnds, at: utc(2027, 3, 29, 17), fastStartsAt: utc(2027, 3, 29, 18)))
        var quiet = daily
        quiet.remindAtStart = false
        quiet.remindBeforeMinutes = 0
        #expect(quiet.nextReminder(after: utc(2027, 3, 27, 12), in: berlin) == nil)
        var off = daily
        off.enabled = false
        #expect(off.reminders(after: 0, through: utc(2027, 3, 30, 0), in: berlin).isEmpty)
    }

    @Test func schedule_aSleepingMachineSaysOnlyWhatStillMeansSomething() {
        var engine = Engine(state: IsletState(), localTime: berlin)
        let noon = utc(2027, 3, 27, 11)
        try? engine.setSchedule(daily, now: noon)
        #expect(engine.nextDeadline(now: noon) == utc(2027, 3, 27, 18))
        // Asleep from noon until 19:30 local (18:30 UTC): the "time to start" is still timely.
        engine.advance(to: utc(2027, 3, 27, 18, 30))
        #expect(engine.events == [.reminder(.init(kind: .eatingEnds, at: utc(2027, 3, 27, 18), fastStartsAt: utc(2027, 3, 27, 19)))])
        // Asleep again until 21:30 local: the fast was due at 20:00, "time to start" within its hour is gone.
        var late = Engine(state: engine.state, localTime: berlin)
        late.advance(to: utc(2027, 3, 27, 20, 30))
        #expect(late.events.isEmpty)
        // While a fast runs, nothing is said, and nothing is saved up for later; no wake-up for it either.
        var fasting = Engine(state: late.state, localTime: berlin)
        _ = try? fasting.startFast(at: nil, now: utc(2027, 3, 28, 9), latestCompletedEnd: 0)
        #expect(fasting.nextDeadline(now: utc(2027, 3, 28, 9)) == nil)
        fasting.advance(to: utc(2027, 3, 28, 18, 30))
        #expect(!fasting.events.contains { if case .reminder = $0 { true } else { false } })
        // A clock set back a day: the next reminder is the one after the new now, not held back.
        var back = Engine(state: late.state, localTime: berlin)
        back.advance(to: utc(2027, 3, 26, 12))
        #expect(back.nextDeadline(now: utc(2027, 3, 26, 12)) == utc(2027, 3, 26, 18))
        back.advance(to: utc(2027, 3, 26, 18))
        #expect(back.events.count == 1)
        #expect(throws: IsletError.self) {
            var bad = daily
            bad.startMinutes = [1440, 0, 0, 0, 0, 0, 0]
            try engine.setSchedule(bad, now: noon)
        }
    }

    @Test func goalTime_readsAcrossMidnightInTheLocalesClock() {
        let zone = LocalTime { _ in 3600 }
        let start = utc(2026, 11, 26, 19)  // 20:00 local
        #expect(GoalTime.line(startedAt: start, goalSeconds: 16 * 3600, now: start + 3600 * s, in: zone) == "Goal at 12:00 tomorrow")
        #expect(GoalTime.line(startedAt: start, goalSeconds: 3 * 3600, now: start + 3600 * s, in: zone) == "Goal at 23:00")
        #expect(GoalTime.line(startedAt: start, goalSeconds: 72 * 3600, now: start, in: zone)?.hasPrefix("Goal at Sun 20:00") == true)
        #expect(GoalTime.line(startedAt: start, goalSeconds: 3600, now: start + 7200 * s, in: zone) == "Goal reached at 21:00")
        #expect(GoalTime.line(startedAt: start, goalSeconds: 0, now: start, in: zone) == nil)
        let us = LocalTime(style: ClockStyle(twelveHour: true, am: "AM", pm: "PM", weekdays: [], datePattern: "%m/%d/%Y", firstWeekday: 0)) { _ in 3600 }
        #expect(GoalTime.line(startedAt: start, goalSeconds: 16 * 3600, now: start, in: us) == "Goal at 12:00 PM tomorrow")
    }

    @Test func stages_followTheTableAndSayTheNext() {
        #expect(FastingStages.all.map(\.startHours) == [0, 4, 16, 24])
        #expect(FastingStages.position(seconds: 0).index == 0)
        #expect(FastingStages.position(seconds: 4 * 3600 - 1) == (0, 4 * 3600))
        #expect(FastingStages.position(seconds: 4 * 3600).index == 1)
        #expect(FastingStages.position(seconds: 30 * 3600) == (3, nil))
        let zone = LocalTime { _ in 3600 }
        let start = utc(2026, 11, 26, 19)
        #expect(FastingStages.line(startedAt: start, now: start + 5 * 3600 * s, in: zone) == "Stage: Catabolic · Fat burning at 12:00")
        #expect(FastingStages.line(startedAt: start, now: start + 25 * 3600 * s, in: zone) == "Stage: Ketosis")
    }

    @Test func eatingWindow_saysSinceWhenAndTheNextFast() {
        let zone = LocalTime { _ in 3600 }
        let now = utc(2026, 11, 26, 15)  // 16:00 local
        #expect(
            GoalTime.eatingLine(lastFastEnd: utc(2026, 11, 26, 11, 3), nextFastStart: utc(2026, 11, 26, 19), now: now, in: zone)
                == "Eating · since 12:03 · next fast at 20:00")
        #expect(GoalTime.eatingLine(lastFastEnd: utc(2026, 11, 26, 11, 3), nextFastStart: nil, now: now, in: zone) == "Eating · since 12:03")
        #expect(GoalTime.eatingLine(lastFastEnd: nil, nextFastStart: nil, now: now, in: zone) == nil)
        var schedule = daily
        schedule.startMinutes = [1200, 1200, 1200, 1200, 1200, FastingSchedule.off, 1320]
        #expect(schedule.summary(.iso) == "Mon–Fri 20:00, Sun 22:00")
        #expect(daily.summary(.iso) == "every day at 20:00")
    }
}
