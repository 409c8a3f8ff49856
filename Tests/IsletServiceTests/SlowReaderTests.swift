import CDBus
import DBus
import Foundation
import TestSupport
import Testing

/// A client that sends calls and never reads its replies, written at the socket level (a real
/// library would read): it authenticates, says Hello, sends its calls, and stops reading.
final class SlowReader {
    let fd: Int32

    init(address: String) throws {
        guard let pathStart = address.range(of: "unix:path=") else { throw TestFailure("not a unix:path address: \(address)") }
        let path = String(address[pathStart.upperBound...].prefix { $0 != "," })
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard ok == 0 else { throw TestFailure("connect: \(errno)") }
        let uid = String(getuid()).utf8.map { String(format: "%02x", $0) }.joined()
        try send(Array("\0AUTH EXTERNAL \(uid)\r\n".utf8))
        var reply = [UInt8](repeating: 0, count: 256)
        let n = read(fd, &reply, reply.count)
        guard n > 2, String(decoding: reply[0..<n], as: UTF8.self).hasPrefix("OK ") else { throw TestFailure("auth refused") }
        try send(Array("BEGIN\r\n".utf8))
        try call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "Hello", serial: 1, arguments: [])
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw TestFailure("write: \(errno)") }
            offset += n
        }
    }

    /// One method call with uint32 arguments, marshalled by libdbus.
    func call(destination: String, path: String, interface: String, member: String, serial: UInt32, arguments: [UInt32]) throws {
        guard let message = dbus_message_new_method_call(destination, path, interface, member) else { throw TestFailure("no message") }
        defer { dbus_message_unref(message) }
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(message, &iter)
        for var value in arguments { _ = dbus_message_iter_append_basic(&iter, Int32(UInt8(ascii: "u")), &value) }
        dbus_message_set_serial(message, serial)
        var buffer: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(message, &buffer, &length) != 0, let buffer else { throw TestFailure("marshal") }
        defer { dbus_free(buffer) }
        try send(Array(UnsafeRawBufferPointer(start: buffer, count: Int(length))))
    }

    deinit { close(fd) }
}

@Suite(.startsProcesses) struct SlowClients {
    /// 3,000 calls whose replies (about 32 KiB each, some 90 MiB in all) nobody reads: the
    /// replies pile up in dbus-daemon or get the reader thrown off; isletd answers everyone
    /// else, and holds none of them itself. (How long the others wait is printed, not judged:
    /// on a busy machine dbus-daemon's copying alone can take seconds.)
    @Test func aClientThatNeverReadsDoesNotSlowOthers() async throws {
        let daemon = try await Daemon()
        let now = UInt64(Date().timeIntervalSince1970 * 1_000_000)
        for i in 0..<1000 {
            let start = now - UInt64(2000 - i) * 3_600_000_000
            try await daemon.fasting.call("AddFast", [.uint64(start), .uint64(start + 1_800_000_000), .uint64(0)])
        }
        let residentBefore = residentKiB(pid: daemon.pid, peak: true)
        func latencies(_ count: Int) async throws -> [Double] {
            var result: [Double] = []
            for _ in 0..<count {
                let t0 = ContinuousClock.now
                let answer = try await daemon.fasting.get("Fasting")
                let d = ContinuousClock.now - t0
                #expect(answer == .boolean(false))
                result.append(Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000)
            }
            return result.sorted()
        }
        let before = try await latencies(200)
        let slow = try SlowReader(address: daemon.bus.address)
        let flood = Task.detached {
            for serial in 2..<3002 {
                try? slow.call(
                    destination: Daemon.name, path: Daemon.path.rawValue, interface: "org.islet.Islet1.Fasting",
                    member: "ListFasts", serial: UInt32(serial), arguments: [0, 1000])
            }
        }
        try await Task.sleep(for: .milliseconds(200))
        let during = try await latencies(200)
        await flood.value
        let after = try await latencies(200)
        // Every call was answered (latencies throws otherwise), the service is still there, and
        // the unread replies are not queued in isletd (they would be some 90 MiB).
        #expect(try await daemon.client.nameOwner(Daemon.name) != nil)
        let residentAfter = residentKiB(pid: daemon.pid, peak: true)
        #expect(residentAfter < residentBefore + 16 * 1024, "isletd's peak grew from \(residentBefore) to \(residentAfter) KiB")
        print(
            "slow reader: Properties.Get median \(before[100]) ms before, \(during[100]) ms during (max \(during.last ?? 0)), \(after[100]) ms after;"
                + " isletd \(residentBefore) -> \(residentAfter) KiB")
    }
}
