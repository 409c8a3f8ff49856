import DBus
import Foundation

/// `islet run`'s cost (issue 36): `islet run -- true` against `true` alone, whole processes in
/// turn, wall and CPU time of each (wait4), the difference taken pair by pair. With isletd on
/// the bus (the activity started, finished and announced by the service) and with no isletd
/// (the command runs with a warning).
enum RunBench {
    static func run(rounds: Int, programs: String?) async throws {
        let rig = try await BenchIslet(programs: programs, label: "bench-run")
        defer { rig.stop() }
        // Linger 0: each run's activity ends at its finish, as nothing else would hold it.
        try await rig.proxy("LiveActivity").set("LingerSeconds", .uint32(0))
        // A session bus of the benchmark's own with nothing on it: no isletd, none to start.
        say("## islet run: `islet run -- true` against `true` (islet-bench run)\n")
        say("Programs from \(rig.bin.path); \(rounds) runs of each, in turn.\n")
        say("| isletd | islet run wall | true wall | wall difference | islet run CPU | true CPU | target |")
        say("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        let bare = ["/bin/true"]
        let nobody = try BenchBus()
        defer { nobody.stop() }
        for (label, address) in [("running", rig.bus.address), ("absent", nobody.address)] {
            let wrapped = [rig.program("islet"), "run", "--address", address, "--", "/bin/true"]
            _ = try PanelBench.time(wrapped)
            _ = try PanelBench.time(bare)
            var islet: [PanelBench.Run] = []
            var reference: [PanelBench.Run] = []
            for _ in 0..<rounds {
                islet.append(try PanelBench.time(wrapped))
                reference.append(try PanelBench.time(bare))
            }
            let median = DBusBench.median
            let difference = median(zip(islet, reference).map { $0.wall - $1.wall })
            say(
                String(
                    format: "| %@ | %.2f ms | %.2f ms | %.2f ms | %.2f ms | %.2f ms | <= 30 ms |", label, median(islet.map(\.wall)),
                    median(reference.map(\.wall)), difference, median(islet.map(\.cpu)), median(reference.map(\.cpu))))
        }
    }
}
