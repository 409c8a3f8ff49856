/// What a shell's hook writes (`islet init bash|zsh|fish`, one file per shell named by its
/// process id) and what it means: `run LINE` when a command line starts, `end STATUS` when the
/// prompt is back. Pure: the reading, the program's name out of the line, and which programs
/// never become an activity.
public enum ShellCommand {
    /// One record of a shell's file.
    public enum Record: Equatable, Sendable {
        /// A command line started (as the hook cut it: at most a few hundred characters).
        case run(String)
        /// The prompt is back: the command's `$?`.
        case end(Int32)
    }

    /// The record in `text` (its first line), nil where it is neither.
    public static func record(_ text: Substring) -> Record? {
        let line = text.prefix { $0 != "\n" && $0 != "\r" }
        if line.hasPrefix("run ") { return .run(String(line.dropFirst(4))) }
        if line.hasPrefix("end "), let status = Int32(String(line.dropFirst(4).filter { $0 != " " })) { return .end(status) }
        return nil
    }

    /// The program a command line runs, by name: "make" for `CC=clang /usr/bin/make -j2`,
    /// "apt" for `sudo apt upgrade`, "make" for `cd build && make` (a quick builtin before it is
    /// passed over); its arguments never (they can hold secrets, and the lock screen and the
    /// panels show the title). Nil when the line runs nothing worth naming.
    public static func program(of line: String) -> (name: String, hasArguments: Bool)? {
        var rest = Substring(line.prefix(4096))
        for _ in 0..<16 {
            let end = rest.firstIndex { ";&|\n".contains($0) } ?? rest.endIndex
            if let found = program(ofCommand: rest[..<end]), !quickBuiltins.contains(found.name) { return found }
            guard end < rest.endIndex else { return nil }
            rest = rest[end...].drop { ";&| \t\n".contains($0) }
        }
        return nil
    }

    /// One simple command's program.
    static func program(ofCommand command: Substring) -> (name: String, hasArguments: Bool)? {
        var words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).prefix(64)[...]
        // A group or a negation around the command, then assignments, then wrappers and their options.
        while let first = words.first {
            let word = first.drop { "({!".contains($0) }
            if word.isEmpty || isAssignment(word) {
                words = words.dropFirst()
            } else if wrappers.contains(String(word)) {
                words = words.dropFirst()
                while let option = words.first, option.hasPrefix("-") || isAssignment(option) {
                    words = words.dropFirst()
                    // sudo -u USER, doas -u USER, nice -n N: the option's value too.
                    if ["-u", "-g", "-n", "-C", "-p"].contains(option), !words.isEmpty { words = words.dropFirst() }
                }
                if words.isEmpty { return (String(word), false) }
            } else {
                break
            }
        }
        guard let first = words.first else { return nil }
        let unquoted = first.drop { "\"'({!".contains($0) }.prefix { !"\"';)<>".contains($0) }
        let base = unquoted.split(separator: "/").last.map(String.init) ?? String(unquoted)
        let name = SourceText.clean(base, limit: 64)
        guard !name.isEmpty else { return nil }
        return (name, words.count > 1)
    }

    /// Whether a command of `program` may become the island's activity: not a shell's builtin,
    /// not a program people use interactively (an editor, a pager, a remote shell, a REPL with no
    /// script), not in the user's `ignore` list.
    public static func watched(_ program: (name: String, hasArguments: Bool), ignore: Set<String>) -> Bool {
        let name = program.name
        if builtins.contains(name) || interactive.contains(name) || ignore.contains(name) { return false }
        if repls.contains(name) && !program.hasArguments { return false }
        return true
    }

    /// Programs that run another: the name shown is the one they run.
    static let wrappers: Set<String> = [
        "sudo", "doas", "env", "nice", "ionice", "nohup", "time", "command", "exec", "builtin", "stdbuf", "caffeinate", "systemd-inhibit",
    ]
    /// Builtins that end at once, passed over for the command after them (`cd build && make`).
    /// The bash hook passes over the same ones (``ShellHook``).
    static let quickBuiltins: Set<String> = [
        "cd", "pushd", "popd", "echo", "printf", "export", "set", "unset", "alias", "local", "declare", "typeset", "let", "shift", "true",
        "false", "test", "[", "[[", ":", "umask", "ulimit", "hash", "type", "source", ".",
    ]
    /// Builtins of bash, zsh and fish that can take long, never shown.
    static let builtins: Set<String> = [
        "read", "wait", "fg", "bg", "select", "suspend", "eval", "exit", "logout", "jobs", "history", "vared", "funced", "fish_config",
    ]
    /// Programs people use while looking at them, for as long as they like.
    static let interactive: Set<String> = [
        "vi", "vim", "nvim", "view", "nano", "emacs", "emacsclient", "micro", "hx", "helix", "kak", "ed", "less", "more", "most", "man",
        "info", "ssh", "mosh", "telnet", "sftp", "ftp", "top", "htop", "btop", "atop", "iotop", "nmon", "watch", "tail", "tmux", "screen",
        "zellij", "bash", "zsh", "fish", "sh", "dash", "ksh", "tcsh", "csh", "su", "sudo", "doas", "mc", "ranger", "nnn", "lf", "yazi",
        "vifm", "mutt", "neomutt", "aerc", "newsboat", "weechat", "irssi", "cmus", "ncmpcpp", "journalctl", "tig", "lazygit", "gdb", "lldb",
        "fzf", "dialog", "whiptail",
    ]
    /// Programs that are an interactive prompt when given nothing to run.
    static let repls: Set<String> = [
        "python", "python3", "ipython", "ipython3", "node", "deno", "irb", "ruby", "ghci", "lua", "R", "julia", "bc", "psql", "mysql",
        "mariadb", "sqlite3", "redis-cli", "swift", "php", "perl", "guile", "sbcl", "ocaml", "erl", "iex",
    ]

    private static func isAssignment(_ word: Substring) -> Bool {
        guard let equals = word.firstIndex(of: "="), equals != word.startIndex else { return false }
        return word[..<equals].allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }
}
