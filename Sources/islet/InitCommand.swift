import ArgumentParser
import Translation

/// `islet init bash|zsh|fish`: the shell hook, printed for the shell's rc file to evaluate
/// (`eval "$(islet init bash)"`), as starship, zoxide and direnv do. The hook only writes a line
/// to a file of its shell's own (``ShellHook``); islet-notify reads it and puts a command that
/// runs long on the island.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: tr("Print the shell hook that shows a long command on the island: bash, zsh or fish."),
        discussion: tr(
            "Add the line to the end of your shell's rc file (after starship's or any other prompt's):\n  bash (~/.bashrc):  eval \"$(islet init bash)\"\n  zsh (~/.zshrc):    eval \"$(islet init zsh)\"\n  fish (~/.config/fish/config.fish):  islet init fish | source\nA command that runs longer than 10 seconds (islet-notify's long_command_seconds) shows on the island with its program's name and the time counting up; its end is announced, \"Done\" or \"Failed (exit 2)\". Shorter commands cost no process and no bus call. Editors, pagers, remote shells and the names in long_command_ignore never show."
        ))

    @Argument(help: .init(tr("bash, zsh or fish."))) var shell: String

    func validate() throws {
        guard ShellHook.Shell(rawValue: shell) != nil else {
            throw ValidationError(tr("no hook for \"%s\": bash, zsh or fish", String(shell.prefix(40))))
        }
    }

    func run() throws {
        guard let shell = ShellHook.Shell(rawValue: shell) else { return }
        print(ShellHook.script(for: shell), terminator: "")
    }
}
