// swift-tools-version:6.1
import Foundation
import PackageDescription

/// A dependency from its repository, or from the copy beside the sources where there is one: a
/// source package carries swift-argument-parser, swift-log and swift-property-based as
/// component tarballs unpacked there (docs/PACKAGING.md), so that it builds offline.
func dependency(_ owner: String, _ name: String, from version: Version) -> Package.Dependency {
    let vendored = Context.packageDirectory + "/" + name
    if FileManager.default.fileExists(atPath: vendored + "/Package.swift") { return .package(path: vendored) }
    return .package(url: "https://github.com/\(owner)/\(name)", from: version)
}

let package = Package(
    name: "islet",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "DBus", targets: ["DBus"]),
        .library(name: "IdleLoop", targets: ["IdleLoop"]),
        // For programs that show a live activity of their own (docs/CLIENTS.md).
        .library(name: "IsletClient", targets: ["IsletClient"]),
        .executable(name: "isletd", targets: ["isletd"]),
        .executable(name: "islet-notify", targets: ["islet-notify"]),
        .executable(name: "islet", targets: ["islet"]),
        .executable(name: "islet-app", targets: ["islet-app"]),
    ],
    dependencies: [
        dependency("apple", "swift-argument-parser", from: "1.8.2"),
        dependency("apple", "swift-log", from: "1.16.2"),
        dependency("x-sheep", "swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // libdbus-1 and nothing else.
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // An event loop that wakes for nothing when idle, and can run Swift concurrency.
        // DWARF 4, as CIntl and CArguments below: valgrind 3.19 gives up on clang's DWARF 5.
        .target(name: "CIdleLoop", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .target(name: "IdleLoop", dependencies: ["CIdleLoop"]),
        // A general D-Bus library: knows nothing of islet.
        .target(name: "DBus", dependencies: ["CDBus", "IdleLoop"]),
        // gettext and the locale's time formats, from the C library (DWARF 4, as CArguments below).
        .target(name: "CIntl", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // islet's words in the user's language (po/, gettext's catalogues): `tr`, `trn`.
        .target(name: "Translation", dependencies: ["CIntl"]),
        // The domain, pure: Foundation at most; no clock, no time zone, no files. Its texts go
        // through Translation (English until a program starts it).
        .target(name: "IsletCore", dependencies: ["Translation"]),
        // What the system gives the programs: the wall clock, the local zone, files, stderr.
        // DWARF 4: valgrind 3.19 (Debian 12) gives up on a program whose C parts carry clang's
        // default DWARF 5 (the link order's traces and the callgrind benchmarks use it).
        .target(name: "CArguments", cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .target(name: "Platform", dependencies: ["IsletCore", "CArguments", "CIntl", "Translation"]),
        // The D-Bus contract, described once: names, members, signatures, errors, the XML.
        // Its argument types are written at build time from the .arguments files beside it, which
        // say each field once: the ContractArguments plugin runs contract-arguments on each.
        .target(name: "IsletBus", dependencies: ["IsletCore", "DBus", "Translation"], plugins: ["ContractArguments"]),
        .executableTarget(name: "contract-arguments"),
        .plugin(name: "ContractArguments", capability: .buildTool(), dependencies: ["contract-arguments"], path: "Sources/ContractArgumentsPlugin"),
        // JSON without Foundation: read into plain values, and Codable types encoded and decoded
        // (the live state in the database): FoundationEssentials' JSON would link 4 MB into isletd.
        .target(name: "JSONCoding"),
        // The system's libsqlite3, and nothing else.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The database: SQLite directly, no Foundation.
        .target(name: "IsletStore", dependencies: ["IsletCore", "JSONCoding", "Platform", "CSQLite", "IdleLoop"]),
        .target(
            name: "IsletService",
            dependencies: [
                "IsletCore", "IsletBus", "IsletStore", "Platform", "DBus", "IdleLoop", .product(name: "Logging", package: "swift-log"),
            ]),
        .target(name: "IsletClient", dependencies: ["IsletCore", "IsletBus", "DBus"]),
        // History files to export and import (islet's CSV and JSON, FastTrack, Zero, any CSV
        // with a start and an end): pure, on bytes, the zone and locale handed in.
        .target(name: "HistoryFiles", dependencies: ["IsletCore", "JSONCoding", "Translation"]),
        .target(name: "IsletNotify", dependencies: ["IsletCore", "IsletBus", "IsletClient", "Platform", "DBus", "IdleLoop", "Translation"]),
        // Sources (contract 1.4): what other programs already run (MPRIS players), as sources'
        // activities through the public contract only; run by islet-notify.
        .target(name: "IsletSources", dependencies: ["IsletCore", "IsletBus", "IsletClient", "Platform", "DBus", "IdleLoop", "Translation"]),
        // No swift-argument-parser in the two programs that run all session: its reflection
        // and help machinery would stay resident (the bridge also links no Foundation at all).
        .target(name: "OptionScanner", dependencies: ["Translation"]),
        .executableTarget(
            name: "isletd",
            dependencies: [
                "IsletService", "IsletBus", "IdleLoop", "OptionScanner", "Platform", "Translation", .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "islet-notify",
            dependencies: ["IsletNotify", "IsletSources", "IsletBus", "IsletClient", "IdleLoop", "OptionScanner", "Platform", "Translation"]),
        .executableTarget(
            name: "islet",
            dependencies: [
                "IsletClient", "IsletBus", "DBus", "IsletCore", "HistoryFiles", "JSONCoding", "IdleLoop", "OptionScanner", "Platform", "Translation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // docs/CLIENTS.md's Swift example, built and run by the tests so that it never rots.
        .executableTarget(name: "islet-example-activity", dependencies: ["IsletClient", "DBus"], path: "docs/examples/swift"),
        // The app (issue 34): what its pages show, pure; and the GTK 4 / libadwaita program.
        .target(name: "IsletAppModel", dependencies: ["IsletCore", "Translation"]),
        .systemLibrary(name: "CAdw", pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
        // A program's desktop entry (its name and icon) for the Timers page's card of its activity.
        .systemLibrary(name: "CGioUnix", pkgConfig: "gio-unix-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // The History page's list: a GtkScrollable in C that makes widgets only for the rows on screen.
        .target(name: "CRowList", dependencies: ["CAdw"]),
        .executableTarget(
            name: "islet-app",
            dependencies: [
                "IsletAppModel", "IsletClient", "IsletBus", "IsletCore", "HistoryFiles", "DBus", "IdleLoop", "CAdw", "CGioUnix", "CRowList", "Platform",
                "Translation",
            ]),
        // Benchmarks (make bench); built with everything else so they never rot.
        .executableTarget(name: "islet-bench", dependencies: ["DBus", "IdleLoop", "IsletBus", "IsletCore", "IsletStore"], path: "bench/Sources/islet-bench"),
        // Writes fasts until killed: the crash-safety tests SIGKILL it.
        .executableTarget(name: "islet-store-writer", dependencies: ["IsletStore", "IsletCore"], path: "Tests/Fixtures/islet-store-writer"),
        // Test helpers: a private dbus-daemon, running outside clients.
        .target(name: "TestSupport", dependencies: ["DBus"], path: "Tests/TestSupport"),
        .testTarget(name: "IdleLoopTests", dependencies: ["IdleLoop"]),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "CDBus", "TestSupport"]),
        .testTarget(
            name: "IsletCoreTests", dependencies: ["IsletCore", "Translation", .product(name: "PropertyBased", package: "swift-property-based")]),
        // The app's pure page models; the History list's row window (C, GTK's headers, no display).
        .testTarget(name: "IsletAppModelTests", dependencies: ["IsletAppModel", "IsletCore", "Translation"]),
        .testTarget(name: "CRowListTests", dependencies: ["CRowList"]),
        .testTarget(name: "IsletNotifyTests", dependencies: ["IsletNotify", "IsletSources", "IsletClient", "IsletBus", "IsletCore", "DBus", "TestSupport"]),
        // The built `islet` against isletd on a private bus.
        .testTarget(name: "IsletCommandTests", dependencies: ["DBus", "TestSupport"]),
        .testTarget(name: "JSONCodingTests", dependencies: ["JSONCoding"]),
        .testTarget(name: "HistoryFilesTests", dependencies: ["HistoryFiles", "IsletCore"]),
        .testTarget(
            name: "IsletStoreTests",
            dependencies: ["IsletStore", "IsletCore", "JSONCoding", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")]),
        // End to end: the built isletd on a private bus, driven by real clients.
        .testTarget(name: "IsletServiceTests", dependencies: ["DBus", "CDBus", "IsletBus", "IsletCore", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
