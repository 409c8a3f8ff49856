import IsletCore
import Testing

@testable import IsletSources

/// Issue 71's long commands, the pure part: what a shell's hook writes, the program's name out
/// of a command line (never its arguments), and which programs never show.
struct ShellCommandTests {
    func name(_ line: String) -> String? { ShellCommand.program(of: line)?.name }
    func watched(_ line: String, ignore: Set<String> = []) -> Bool {
        ShellCommand.program(of: line).map { ShellCommand.watched($0, ignore: ignore) } ?? false
    }

    @Test func aRecordIsRunOrEndOnItsFirstLine() {
        #expect(ShellCommand.record("run make -j2\n") == .run("make -j2"))
        #expect(ShellCommand.record("end 2\n") == .end(2))
        #expect(ShellCommand.record("end 130") == .end(130))
        #expect(ShellCommand.record("run make\nend 0\n") == .run("make"))
        #expect(ShellCommand.record("end two") == nil)
        #expect(ShellCommand.record("end 99999999999") == nil)
        #expect(ShellCommand.record("") == nil)
        #expect(ShellCommand.record("\u{1B}[2Jrun x") == nil)
    }

    @Test func theProgramIsNamedWithoutItsArgumentsPathOrWrappers() {
        #expect(name("make -j2") == "make")
        #expect(name("CC=clang CFLAGS=-O2 /usr/bin/make -j2 all") == "make")
        #expect(name("sudo -u builder apt upgrade -y") == "apt")
        #expect(name("time nice -n 10 ./configure --prefix=/usr") == "configure")
        #expect(name("env FOO=1 cargo build --release") == "cargo")
        #expect(name("(cd build; ninja)") == "ninja")
        #expect(name("cd build && make -j2 && make install") == "make")
        #expect(name("echo start; rsync -a src/ host:dst/") == "rsync")
        #expect(name("curl -H 'Authorization: Bearer s3cr3t' https://example.org") == "curl")
        #expect(name("'./long script.sh' arg") == "long")
        #expect(name("cd /tmp") == nil)
        #expect(name("") == nil)
        #expect(name("   ") == nil)
    }

    @Test func aSecretInTheArgumentsNeverReachesTheTitle() {
        let line = "mysql -u root -pHunter2 -e 'select 1' && curl --user me:hunter2 https://x"
        #expect(name(line) == "mysql")
        #expect(!(name(line) ?? "").contains("unter2"))
    }

    @Test func badLinesAreBoundedAndClean() {
        // A megabyte of command line, control characters, escapes: a short, clean name or none.
        let huge = String(repeating: "a", count: 1 << 20) + " arg"
        #expect((name(huge)?.count ?? 0) <= 64)
        #expect(name("\u{1B}]0;title\u{07}make").map { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 } } ?? true)
        #expect(name("ma\u{0}ke -j2").map { !$0.contains("\u{0}") } ?? true)
        #expect(name(String(repeating: "; ", count: 100_000) + "make") == nil)
        #expect(ShellCommand.record(Substring(String(repeating: "x", count: 1 << 20))) == nil)
    }

    @Test func editorsPagersShellsAndBuiltinsNeverShow() {
        for line in [
            "vim notes.md", "less log", "man bash", "ssh host make", "top", "tail -f log", "bash", "fish", "tmux attach", "sudo -i", "read x", "wait", "fg",
        ] {
            #expect(!watched(line), "\(line)")
        }
        for line in ["make -j2", "sleep 600", "apt upgrade", "cargo build", "git clone https://x", "pkcon install vlc"] {
            #expect(watched(line), "\(line)")
        }
    }

    @Test func aReplOnlyWithNothingToRun() {
        #expect(!watched("python3"))
        #expect(watched("python3 train.py"))
        #expect(!watched("node"))
        #expect(watched("node build.js"))
    }

    @Test func theUsersIgnoreList() {
        #expect(watched("rsync -a a b"))
        #expect(!watched("rsync -a a b", ignore: ["rsync"]))
    }

    @Test func anOutcomeFromTheShellsStatus() {
        #expect(CommandActivity.Outcome(shellStatus: 0) == .init(code: 0))
        #expect(CommandActivity.Outcome(shellStatus: 2) == .init(code: 2))
        #expect(CommandActivity.Outcome(shellStatus: 130).interrupted)
        #expect(CommandActivity.Outcome(shellStatus: 148).suspended)
        #expect(CommandActivity.Outcome(shellStatus: 143).signal == 15)
        #expect(CommandActivity.words(.init(code: 0), elapsed: 192_000_000) == "Done in 3:12")
        #expect(CommandActivity.words(.init(code: 2), elapsed: 192_000_000) == "Failed (exit 2) after 3:12")
        #expect(CommandActivity.words(.init(shellStatus: 143), elapsed: 5_000_000) == "Failed (SIGTERM) after 0:05")
    }
}
