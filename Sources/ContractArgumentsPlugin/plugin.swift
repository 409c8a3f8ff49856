import PackagePlugin

/// IsletBus's argument types, written by `contract-arguments` from the `.arguments` files beside
/// the contract (Sources/IsletBus/*.arguments): each field of each type is said once there, and
/// its declaration, memberwise initializer, published `<arg>`s, encoding and decoding follow.
@main
struct ContractArguments: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "contract-arguments")
        return target.sourceFiles(withSuffix: "arguments").map { file in
            let name = file.url.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(name)Arguments.swift")
            return .buildCommand(
                displayName: "Writing the Swift types of \(name).arguments", executable: tool.url, arguments: [file.url.path, output.path],
                inputFiles: [file.url], outputFiles: [output])
        }
    }
}
