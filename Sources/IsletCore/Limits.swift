import Translation

/// The contract's limits.
public enum Limits {
    public static let goalSeconds: ClosedRange<UInt64> = 60...604_800
    public static let phaseSeconds: ClosedRange<UInt64> = 1...604_800
    public static let maxPhases = 32
    public static let rounds: ClosedRange<UInt32> = 1...100
    public static let maxTotalSeconds: UInt64 = 604_800
    /// Timers.Extend: time added at once.
    public static let extendSeconds: ClosedRange<UInt64> = 1...86_400
    public static let ownerLength: ClosedRange<Int> = 1...64
    public static let titleLength: ClosedRange<Int> = 1...128
    public static let listLimit: ClosedRange<UInt32> = 1...1000
    public static let lingerSeconds: ClosedRange<UInt32> = 0...3600
    /// How long after Finish a program's ended activity may stay (dismissal `at`): 4 hours,
    /// as long as an iPhone keeps an ended Live Activity on its lock screen.
    public static let maxDismissalSeconds: UInt64 = 4 * 3600
    public static let goalReachedLingerSeconds: ClosedRange<UInt32> = 0...86400
    public static let maxDictionaryKeys = 32
    public static let keyLength: ClosedRange<Int> = 1...64
    public static let maxStringBytes = 1024
    /// How long after a stop UndoStopFast brings the fast back.
    public static let undoStopSeconds: UInt64 = 600
    /// Sources' activities kept at once (contract 1.4): the shown one and those waiting.
    public static let maxSources = 16
    /// An activity's `app_id`: a desktop entry's id, without ".desktop".
    public static let appIDLength: ClosedRange<Int> = 1...255

    static func checkText(_ text: String, _ what: String, _ range: ClosedRange<Int>) throws(IsletError) {
        let count = text.unicodeScalars.count
        guard range.contains(count) else {
            throw .invalidArgument(
                trn(
                    "%1$s must be %2$s to %3$s character, got %4$s", "%1$s must be %2$s to %3$s characters, got %4$s", UInt64(range.upperBound), "\(what)",
                    "\(range.lowerBound)", "\(range.upperBound)", "\(count)"))
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .invalidArgument(tr("%s must not contain control characters", "\(what)"))
        }
    }

    static func checkGoal(_ seconds: UInt64) throws(IsletError) {
        guard goalSeconds.contains(seconds) else {
            throw .invalidArgument(tr("a goal must be 60 seconds to 7 days (604800 seconds), got %s", "\(seconds)"))
        }
    }
}
