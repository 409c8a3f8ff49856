#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Writes the Swift argument types of a `.arguments` file (Sources/IsletBus/*.arguments), run by
// the ContractArguments build plugin: `contract-arguments IN.arguments OUT.swift`. A mistake in
// the file stops the build with its line ("Fasting.arguments:12: error: ..."). The format:
//
//     # a comment, not copied
//     extension IsletBus.Fasting          the types' home, once, before the first type
//     /// A doc comment, copied onto the next type.
//     arguments FastRunning               a DBusArguments (a method's input or reply, a signal)
//     entry FastEntry                     a DBusStruct (an entry of a list)
//         fast_id fastID: UInt64          a field: its published name, its Swift name and type
//         owner: String                   a field whose published and Swift names are one
//         ...fast: FastEntry              a field whose type's fields stand in its place
//
// Field types: UInt8, Bool, Int32, UInt32, Int64, UInt64, Double, String and USec (UInt64, in
// microseconds); DBusValue, a dictionary of variants (a{sv}, IsletBus.stateType) that the code
// reading it checks by its own rules; [T], an array of any of those or of an entry.

/// A field as the file gives it.
enum Field {
    /// Its published name, its Swift name, its Swift type.
    case plain(wire: String, name: String, type: String)
    /// A field of an entry type whose fields are published in its place, one after another.
    case spread(name: String, type: String)

    var name: String {
        switch self {
        case .plain(_, let name, _), .spread(let name, _): name
        }
    }
    var type: String {
        switch self {
        case .plain(_, _, let type), .spread(_, let type): type
        }
    }
}

/// A type as the file gives it.
struct TypeSpec {
    var doc: [String]
    var name: String
    var isEntry: Bool
    var line: Int
    var fields: [Field] = []
}

/// D-Bus's basic types by the Swift type that holds them: the `DBusType` case and `DBusValue` case.
let basic: [String: String] = [
    "UInt8": "byte", "Bool": "boolean", "Int32": "int32", "UInt32": "uint32", "Int64": "int64", "UInt64": "uint64", "USec": "uint64",
    "Double": "double", "String": "string",
]

struct SpecError: Error {
    let line: Int
    let message: String
}

/// The file's home and types, or the first line that does not fit the format.
func parse(_ lines: [String]) throws(SpecError) -> (home: String, types: [TypeSpec]) {
    var home: String?
    var types: [TypeSpec] = []
    var doc: [String] = []
    for (index, raw) in lines.enumerated() {
        let number = index + 1
        let line = raw.drop { $0 == " " }
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if line.isEmpty || line.hasPrefix("#") { continue }
        if line.hasPrefix("///") {
            doc.append(String(line))
            continue
        }
        if raw.hasPrefix(" ") {
            guard !types.isEmpty else { throw SpecError(line: number, message: "a field before any type") }
            types[types.count - 1].fields.append(try field(words, line: number, known: types))
            continue
        }
        switch (words.first, words.count) {
        case ("extension", 2):
            guard home == nil else { throw SpecError(line: number, message: "a second extension: one a file") }
            home = words[1]
        case ("arguments", 2), ("entry", 2):
            guard home != nil else { throw SpecError(line: number, message: "a type before the extension line") }
            guard isIdentifier(words[1]), !types.contains(where: { $0.name == words[1] }) else {
                throw SpecError(line: number, message: "'\(words[1])' is not a new type name")
            }
            types.append(TypeSpec(doc: doc, name: words[1], isEntry: words[0] == "entry", line: number))
            doc = []
        default:
            throw SpecError(line: number, message: "expected 'extension NAME', 'arguments NAME', 'entry NAME' or an indented field")
        }
    }
    guard let home else { throw SpecError(line: lines.count, message: "no extension line") }
    if let empty = types.first(where: \.fields.isEmpty) {
        throw SpecError(line: empty.line, message: "\(empty.name) has no fields (nothing to send is NoArguments)")
    }
    return (home, types)
}

/// A field line: `wire_name swiftName: Type` or `...swiftName: EntryType`.
func field(_ words: [String], line: Int, known: [TypeSpec]) throws(SpecError) -> Field {
    if words.count == 2, words[0].hasPrefix("..."), words[0].hasSuffix(":") {
        let name = String(words[0].dropFirst(3).dropLast())
        guard isIdentifier(name), known.dropLast().contains(where: { $0.name == words[1] }) else {
            throw SpecError(line: line, message: "'...\(name): \(words[1])' needs a Swift name and a type written above it")
        }
        return .spread(name: name, type: words[1])
    }
    // `name: Type` where the published name and the Swift name are one.
    let words = words.count == 2 && words[0].hasSuffix(":") ? [String(words[0].dropLast())] + words : words
    guard words.count == 3, words[1].hasSuffix(":") else {
        throw SpecError(line: line, message: "a field is 'published_name swiftName: Type' (or 'name: Type' where both are one)")
    }
    let (wire, name, type) = (words[0], String(words[1].dropLast()), words[2])
    guard wire.allSatisfy({ $0 == "_" || $0.isLowercase || $0.isNumber }), wire.first?.isLetter == true else {
        throw SpecError(line: line, message: "'\(wire)': a published name is lower case letters, digits and _")
    }
    guard isIdentifier(name) else { throw SpecError(line: line, message: "'\(name)' is not a Swift name") }
    guard argumentType(type, known: known) != nil else {
        throw SpecError(line: line, message: "'\(type)' is not a type the format knows (see contract-arguments' main.swift)")
    }
    return .plain(wire: wire, name: name, type: type)
}

func isIdentifier(_ word: String) -> Bool {
    guard let first = word.first, first.isLetter else { return false }
    return word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
}

/// The `DBusType` of a field's Swift type, as Swift source.
func argumentType(_ type: String, known: [TypeSpec]) -> String? {
    if let name = basic[type] { return ".\(name)" }
    if type == "DBusValue" { return "IsletBus.stateType" }
    guard type.hasPrefix("["), type.hasSuffix("]") else { return nil }
    let element = String(type.dropFirst().dropLast())
    if let name = basic[element] { return ".array(.\(name))" }
    return known.contains { $0.name == element && $0.isEntry } ? "\(type).dbusType" : nil
}

/// A list expression of the fields' parts: literal runs between `[` `]`, a spread type's own
/// list in its place, joined by `+`.
func joined(_ fields: [Field], plain: (String, String, String) -> String, spread: (String, String) -> String) -> String {
    var parts: [String] = []
    var run: [String] = []
    for field in fields {
        switch field {
        case .plain(let wire, let name, let type): run.append(plain(wire, name, type))
        case .spread(let name, let type):
            if !run.isEmpty { parts.append("[\(run.joined(separator: ", "))]") }
            run = []
            parts.append(spread(name, type))
        }
    }
    if !run.isEmpty || parts.isEmpty { parts.append("[\(run.joined(separator: ", "))]") }
    return parts.joined(separator: " + ")
}

/// The decoding of the fields, in order, as initializer arguments.
func decoded(_ fields: [Field], types: [TypeSpec]) -> String {
    fields.map { field in
        switch field {
        case .plain(_, let name, let type): "\(name): try reader.\(type == "DBusValue" ? "raw" : "next")()"
        case .spread(let name, let type):
            "\(name): \(type)(\(decoded(types.first { $0.name == type }?.fields ?? [], types: types)))"
        }
    }.joined(separator: ", ")
}

/// The Swift source of the file's types.
func source(home: String, types: [TypeSpec], from input: String) -> String {
    var out = """
        // Written by contract-arguments from \(input): edit that file, not this one.
        import DBus
        import IsletCore

        extension \(home) {

        """
    for type in types {
        let fields = type.fields
        for line in type.doc { out += "    \(line)\n" }
        out += "    public struct \(type.name): \(type.isEntry ? "DBusStruct" : "DBusArguments") {\n"
        for field in fields { out += "        public var \(field.name): \(field.type)\n" }
        let arguments = joined(
            fields, plain: { wire, _, swiftType in "arg(\"\(wire)\", \(argumentType(swiftType, known: types) ?? ""))" },
            spread: { _, type in "\(type).arguments" })
        out += "        public static let arguments: [DBusArgument] = \(arguments)\n"
        let parameters = fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        out += "        public init(\(parameters)) {\n"
        for field in fields { out += "            self.\(field.name) = \(field.name)\n" }
        out += "        }\n"
        let values = joined(
            fields,
            plain: { _, name, type in
                if let basic = basic[type] { return ".\(basic)(\(name))" }
                return type == "DBusValue" ? name : "\(name).dbusValue"
            },
            spread: { name, _ in "\(name).values" })
        out += "        public var values: [DBusValue] { \(values) }\n"
        out += "        public init(values: [DBusValue]) throws(DBusError) {\n"
        out += "            var reader = try ArgumentReader(values, Self.self)\n"
        out += "            self.init(\(decoded(fields, types: types)))\n"
        out += "        }\n    }\n\n"
    }
    return out + "}\n"
}

func readLines(_ path: String) -> [String]? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var lines: [String] = []
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    while getline(&buffer, &capacity, file) >= 0, let buffer {
        var line = String(cString: buffer)
        if line.hasSuffix("\n") { line.removeLast() }
        lines.append(line)
    }
    return lines
}

func fail(_ message: String) -> Never {
    var text = "\(message)\n"
    _ = text.withUTF8 { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: contract-arguments IN.arguments OUT.swift") }
let (input, output) = (arguments[1], arguments[2])
guard let lines = readLines(input) else { fail("\(input): error: cannot read it") }
let name = input.split(separator: "/").last.map(String.init) ?? input
do throws(SpecError) {
    let (home, types) = try parse(lines)
    guard let file = fopen(output, "w") else { fail("\(output): error: cannot write it") }
    let written = fputs(source(home: home, types: types, from: name), file) >= 0
    guard fclose(file) == 0, written else { fail("\(output): error: cannot write it") }
} catch {
    fail("\(input):\(error.line): error: \(error.message)")
}
