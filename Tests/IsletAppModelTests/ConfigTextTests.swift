import Foundation
import IsletAppModel
import IsletCore
import Testing

/// The app writes islet-notify's settings into the user's config.toml without losing anything
/// the user wrote there.
@Suite struct ConfigTextEdits {
    let shipped = """
        # islet-notify's settings.
        style = "standard"   # or "minimal": the time alone
        buttons = true

        # How long a finished timer shows completion:
        # linger_seconds = 5

        [icons]
        fast = "appointment-soon-symbolic"

        """

    @Test func anExistingLineKeepsItsCommentAndPlace() {
        let changed = ConfigText.setting(shipped, key: "style", to: "\"minimal\"")
        #expect(changed == shipped.replacingFirst("style = \"standard\"   # or", with: "style = \"minimal\" # or"))
    }

    @Test func aKeyShownInACommentGetsItsLineBelowIt() {
        let changed = ConfigText.setting(shipped, key: "linger_seconds", to: "30")
        #expect(changed.contains("# linger_seconds = 5\nlinger_seconds = 30\n\n[icons]"))
        #expect(changed.hasPrefix("# islet-notify's settings.\nstyle = \"standard\"   # or \"minimal\": the time alone\n"))
    }

    @Test func aNewKeyGoesAfterTheTopLevelKeysNeverIntoATable() {
        let changed = ConfigText.setting(shipped, key: "lock_screen", to: "false")
        #expect(changed.contains("buttons = true\nlock_screen = false\n"))
        #expect(changed.hasSuffix("[icons]\nfast = \"appointment-soon-symbolic\"\n"))
        // A key of the same name inside [icons] is not the top-level one.
        #expect(ConfigText.setting("[icons]\nfast = \"x\"\n", key: "fast", to: "\"y\"") == "fast = \"y\"\n[icons]\nfast = \"x\"\n")
    }

    @Test func valuesAreReadAsWritten() {
        #expect(ConfigText.value(shipped, key: "style") == "\"standard\"")
        #expect(ConfigText.value(shipped, key: "buttons") == "true")
        #expect(ConfigText.value(shipped, key: "linger_seconds") == nil, "only in a comment")
        #expect(ConfigText.value(shipped, key: "fast") == nil, "a table's key is not a top-level one")
    }

    @Test func anEmptyOrMissingFileGetsTheOneLine() {
        #expect(ConfigText.setting("", key: "style", to: "\"minimal\"") == "style = \"minimal\"\n")
        #expect(ConfigText.setting("# only a comment", key: "kde_jobs", to: "false") == "# only a comment\nkde_jobs = false\n")
    }

    @Test func aHashInsideAStringIsNotAComment() {
        let text = "style = \"standard\"\n[icons]\nfast = \"a#b\" # mine\n"
        #expect(ConfigText.setting(text, key: "style", to: "\"minimal\"") == "style = \"minimal\"\n[icons]\nfast = \"a#b\" # mine\n")
        #expect(ConfigText.setting("sound = \"a#b\" # mine\n", key: "sound", to: "false") == "sound = false # mine\n")
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

/// The app's Preferences: what it shows for isletd's and islet-notify's settings.
@Suite struct PreferencesModelTests {
    @Test func theSettingsAsTheyAre() {
        let notify = PreferencesModel.Notify(minimalStyle: true, switches: [.kdeJobs: false, .lockScreen: true, .mediaPlayer: true], problem: "")
        let page = PreferencesModel(.init(activitiesEnabled: true, lingerSeconds: 5, goalReachedLingerSeconds: 0, notify: notify))
        #expect(page.activitiesEnabled && page.minimalStyle && page.notifyRunning && page.notifyNote == nil)
        #expect(page.switches[.kdeJobs] == false && page.switches[.lockScreen] == true && page.switches[.mediaPlayer] == true)
        #expect(page.linger == "5 seconds" && page.goalLinger == "0")
        let none = PreferencesModel(.init(activitiesEnabled: false, lingerSeconds: 60, goalReachedLingerSeconds: 120, notify: nil))
        #expect(!none.activitiesEnabled && !none.minimalStyle && none.switches.values.allSatisfy { $0 })
        #expect(!none.notifyRunning && none.notifyNote == "islet-notify is not running: it shows these and keeps them.")
        #expect(none.linger == "1 minute" && none.goalLinger == "2 minutes")
    }

    /// islet-notify's file does not read: the page says where, and that its switches wait for it.
    @Test func aConfigThatDoesNotReadIsSaid() {
        let problem = "/home/u/.config/islet/config.toml:3: sound must be true or false, got a string"
        let notify = PreferencesModel.Notify(minimalStyle: false, switches: [:], problem: problem)
        let page = PreferencesModel(.init(activitiesEnabled: true, lingerSeconds: 5, goalReachedLingerSeconds: 0, notify: notify))
        #expect(page.notifyRunning)
        #expect(page.notifyNote == "Fix islet's config file to change these here: " + problem)
    }

    @Test func lingersAsTyped() {
        #expect(PreferencesModel.seconds("30s", in: Limits.lingerSeconds) == 30)
        #expect(PreferencesModel.seconds("0", in: Limits.lingerSeconds) == 0)
        #expect(PreferencesModel.seconds("2h", in: Limits.lingerSeconds) == nil, "past 3600")
        #expect(PreferencesModel.seconds("soon", in: Limits.goalReachedLingerSeconds) == nil)
    }
}
