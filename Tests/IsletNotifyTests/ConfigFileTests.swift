import Foundation
import Testing

@testable import IsletNotify

@Suite struct ConfigFileTests {
    @Test func readsEverySetting() throws {
        var s = NotifySettings()
        try ConfigFile.apply(
            """
            # islet-notify
            style = "minimal"   # the time alone
            update_urgency = 'normal'
            buttons = false
            sound = false
            media_player = false
            kde_jobs = false
            lock_screen = false
            linger_seconds = 10
            goal_reached_linger_seconds = 600

            [icons]
            fast = "hourglass # not a comment"
            "timer" = "/usr/share/icons/x.png"
            """, path: "config.toml", to: &s)
        #expect(s.style == .minimal)
        #expect(s.updateUrgency == .normal)
        #expect(!s.buttons)
        #expect(!s.sound)
        #expect(!s.mediaPlayer && !s.kdeJobs && !s.lockScreen)
        #expect(s.lingerSeconds == 10 && s.goalReachedLingerSeconds == 600)
        #expect(s.icons.fast == "hourglass # not a comment")
        #expect(s.icons.timer == "/usr/share/icons/x.png")
    }

    @Test func theShippedExampleIsValid() throws {
        let path = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        var s = NotifySettings()
        try ConfigFile.apply(
            try String(contentsOfFile: "/" + path + "/packaging/config.toml", encoding: .utf8),
            path: "config.toml", to: &s)
        #expect(s == NotifySettings())
    }

    @Test(arguments: [
        ("style = \"fancy\"", 1, "style must be \"standard\" or \"minimal\""),
        ("\n\nstlye = \"minimal\"", 3, "unknown key stlye"),
        ("buttons = \"yes\"", 1, "buttons must be true or false"),
        ("style = \"minimal", 1, "unterminated string"),
        ("[colors]", 1, "unknown table [colors]"),
        ("style", 1, "expected key = value"),
        ("sound = false\nsound = false", 2, "sound is set twice"),
        ("style = minimal", 1, "strings go in double quotes"),
        ("[icons]\nfast = 3", 2, "icons.fast must be a string"),
        ("linger_seconds = 7200", 1, "linger_seconds must be 0 to 3600 seconds, got 7200"),
        ("goal_reached_linger_seconds = \"1h\"", 1, "goal_reached_linger_seconds must be a number of seconds"),
    ])
    func badLinesAreNamed(text: String, line: Int, message: String) {
        var s = NotifySettings()
        s.style = .minimal
        #expect {
            try ConfigFile.apply(text, path: "/home/u/.config/islet/config.toml", to: &s)
        } throws: { error in
            guard let e = error as? ConfigError else { return false }
            return e.line == line && e.message.contains(message) && "\(e)".hasPrefix("/home/u/.config/islet/config.toml:\(line): ")
        }
        #expect(
            s
                == {
                    var m = NotifySettings()
                    m.style = .minimal
                    return m
                }())  // nothing half-applied
    }
}
