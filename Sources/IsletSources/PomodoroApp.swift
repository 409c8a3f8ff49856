import DBus
import IsletCore

/// A Pomodoro app on the session bus, as ``PomodoroSource`` follows it: where it is, whose it
/// is, and what its properties mean (pure). One conformance per app: ``FocusTimer``,
/// ``GnomePomodoro``.
public protocol PomodoroApp: Sendable {
    static var busName: String { get }
    static var path: ObjectPath { get }
    static var interface: String { get }
    /// Its desktop entry's id and its name, for the island (contract 1.4's `app_id`).
    static var appID: String { get }
    static var appName: String { get }
    /// The owner its activity is started as.
    static var owner: String { get }
    /// Its block at `now`, from its properties as last read, each with the moment it was read
    /// (nil when no block runs: stopped, or properties it does not give).
    static func block(_ properties: [String: ReadValue], at now: USec) -> PomodoroBlock?
    /// The app's method for a button of its activity (pause, resume, skip).
    static func method(for action: String) -> String?
}

/// A property's value and when it was read (a count the app gives as of that moment).
public struct ReadValue: Equatable, Sendable {
    public var value: DBusValue
    public var at: USec
    public init(_ value: DBusValue, at: USec) {
        self.value = value.unwrappingVariants
        self.at = at
    }
}

extension PomodoroApp {
    public static func method(for action: String) -> String? {
        switch action {
        case "pause": "Pause"
        case "resume": "Resume"
        case "skip": "Skip"
        default: nil
        }
    }
}
