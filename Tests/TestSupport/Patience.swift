import Foundation

/// How long a test waits for an event before it gives up: a safety net for a test whose event
/// never comes, never a statement about speed. A test waits for the event it checks and goes on
/// the moment it comes, so a generous figure costs nothing when the test passes, and a loaded
/// machine (a browser building a page beside `make test`, a slow laptop) only makes it wait
/// longer. `ISLET_TEST_PATIENCE` (whole seconds) changes it for a run.
public enum Patience {
    public static let deadline: Duration = {
        let text = ProcessInfo.processInfo.environment["ISLET_TEST_PATIENCE"] ?? ""
        guard let seconds = Int(text), seconds > 0 else { return .seconds(90) }
        return .seconds(seconds)
    }()
}
