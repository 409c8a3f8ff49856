import Foundation
import TestSupport
import Testing

/// islet in the user's language (po/de.po) and with the locale's clock: the built programs
/// under LANG=de_DE.UTF-8, en_US.UTF-8 and en_GB.UTF-8 against isletd on a private bus.
@Suite(.startsProcesses) struct InTheUsersLanguage {
    /// A daemon and `islet` in one locale.
    struct Session {
        let daemon: Daemon
        let environment: [String: String]

        init(_ locale: String) async throws {
            try #require(await Translations.hasLocale(locale), "\(locale) is missing: packaging/install-deps --with-desktop makes it")
            environment = Translations.environment(locale, catalogs: try await Translations.catalogs())
            daemon = try await Daemon(environment: environment)
        }

        func islet(_ arguments: String...) async throws -> CommandResult {
            try await Command.run([builtProduct("islet")] + arguments + ["--address", daemon.bus.address], environment: environment)
        }
    }

    @Test func germanCommandLineGoalsFastsHistoryAndErrors() async throws {
        let s = try await Session("de_DE.UTF-8")
        var r = try await s.islet("goal", "presets")
        // The seed's preset descriptions, from isletd, in German.
        #expect(r.stdout.contains("16:8  16 Stunden  Beliebt; kann beim Gewichtsmanagement und der Blutzuckerkontrolle helfen."), "\(r)")
        #expect(r.stdout.contains("14:10 14 Stunden  Ein sanfter Einstieg ins zeitlich begrenzte Essen."), "\(r)")
        r = try await s.islet("goal")
        #expect(r.stdout == "Kein Tagesziel; `islet goal set 16h` setzt eins.\n", "\(r)")
        r = try await s.islet("goal", "set", "16:8")
        #expect(r.status == 0 && r.stdout == "Tagesziel: 16 Stunden.\n", "\(r)")
        r = try await s.islet("goal", "set", "1m")
        #expect(r.stdout == "Tagesziel: 1 Minute.\n", "plural forms: \(r)")
        r = try await s.islet("goal", "set", "16h")

        r = try await s.islet("fast", "start", "--at", "2h ago")
        #expect(r.status == 0 && r.stdout.hasPrefix("Fasten 1 begann um "), "\(r)")
        r = try await s.islet("fast")
        #expect(r.stdout.contains("Fasten seit ") && r.stdout.contains(": 2:00:0"), "\(r)")
        #expect((r.stdout.contains("Ziel in 14:00:00.") || r.stdout.contains("Ziel in 13:59:5")) && r.stdout.contains("Ziel: 16 Stunden."), "\(r)")
        // isletd's own message, in the session's language, and islet's hint.
        r = try await s.islet("fast", "start")
        #expect(r.status == 1, "\(r)")
        #expect(r.stderr.hasPrefix("islet: seit ") && r.stderr.contains(" läuft ein Fasten (ID 1)."), "\(r)")
        #expect(r.stderr.contains("Beenden Sie es zuerst mit `islet fast stop`."), "\(r)")
        r = try await s.islet("fast", "stop", "--at", "gestern")
        #expect(r.status == 64 && r.stderr.contains("die Zeit „gestern“ ist nicht lesbar"), "\(r)")
        r = try await s.islet("fast", "stop", "--at=-30m")
        #expect(r.status == 0 && r.stdout.hasPrefix("Fasten 1 nach 1 Std. 30 Min. beendet ("), "\(r)")
        #expect(r.stdout.contains("Versehentlich beendet? `islet fast undo` holt es innerhalb von"), "\(r)")

        r = try await s.islet("history")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true) == ["ID", "Beginn", "Ende", "Dauer", "Ziel"], "\(r)")
        // Dates as German writes them: 25.11.2026 07:30.
        #expect(lines.count == 2 && lines[1].contains("1 Std. 30 Min.") && lines[1].contains("16 Std."), "\(r)")
        #expect(
            lines.count == 2 && lines[1].wholeMatch(of: /1 +\d\d\.\d\d\.\d{4} \d\d:\d\d +\d\d\.\d\d\.\d{4} \d\d:\d\d +1 Std\. 30 Min\. +16 Std\./) != nil,
            "\(r)")
        r = try await s.islet("stats")
        #expect(r.stdout.contains("Fasten:             1") && r.stdout.contains("Aktuelle Serie:     0 Tage"), "\(r)")

        r = try await s.islet("--help")
        #expect(r.stdout.contains("Fasten, Timer und die Live-Aktivität von islet"), "\(r)")
        #expect(r.stdout.contains("Fasten beginnen, beenden und verfolgen."), "\(r)")
        r = try await s.islet("timer", "start", "Tee", "3m")
        #expect(r.stdout == "Tee: 03:00 (Besitzer cli).\n" || r.stdout.hasPrefix("Tee: 03:00"), "\(r)")
        r = try await s.islet("status", "--format", "plain")
        #expect(r.stdout.hasPrefix("Tee 02:5") || r.stdout.hasPrefix("Tee 03:00"), "\(r)")
        r = try await s.islet("timer", "pause")
        r = try await s.islet("status", "--format", "waybar")
        #expect(r.stdout.contains("Pausiert"), "the panel's tooltip in German: \(r)")
    }

    /// "Until 16:04", history and messages: a 12-hour clock where the locale has one.
    @Test func clockAndDateFollowTheLocale() async throws {
        let expected: [(String, Regex<Substring>)] = [
            ("en_US.UTF-8", /Fast 1 started at \d\d\/\d\d\/\d{4} 7:30 PM\.\n/),
            ("en_GB.UTF-8", /Fast 1 started at \d\d\/\d\d\/\d\d 19:30\.\n/),
            ("de_DE.UTF-8", /Fasten 1 begann um \d\d\.\d\d\.\d{4} 19:30\.\n/),
            ("C.UTF-8", /Fast 1 started at \d{4}-\d\d-\d\d 19:30\.\n/),
        ]
        for (locale, pattern) in expected {
            let s = try await Session(locale)
            let r = try await s.islet("fast", "start", "--at", "19:30")
            #expect(r.status == 0 && r.stdout.wholeMatch(of: pattern) != nil, "\(locale): \(r)")
            // isletd's messages write times the same way.
            let refused = try await s.islet("fast", "start")
            let since = locale == "en_US.UTF-8" ? "7:30 PM" : "19:30"
            #expect(refused.stderr.contains(since), "\(locale): \(refused)")
        }
    }
}
