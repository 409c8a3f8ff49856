// A program's own live activity from Swift, with islet's client library (the IsletClient
// product of this package: `.product(name: "IsletClient", package: "islet")`).
import DBus
import IsletClient

#if canImport(Glibc)
    import Glibc
#endif

let owner = "example-swift"
func state(_ progress: Double) -> [String: DBusValue] {
    ["status": .string("running"), "phase_name": .string("Uploading"), "progress": .double(progress)]
}

do {
    let connection = try DBusConnection(bus: .session)
    let island = IsletClient(connection: connection)
    let id = try await island.startActivity(owner: owner, attributes: ["title": .string("Upload")], state: state(0.1))
    print("started", id.isEmpty ? "nothing (live activities are off)" : id)
    try await island.updateActivity(owner: owner, state: state(0.6))
    try await island.endActivity(owner: owner)
    connection.close()
} catch let error as DBusError {
    // isletd's errors are named: org.islet.Islet1.Error.NotOwner, .InvalidArgument, ...
    print(error.name, error.message)
    exit(1)
}
