import CDBus

enum StandardInterfaces {
    static let peer = "org.freedesktop.DBus.Peer"
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let properties = "org.freedesktop.DBus.Properties"

    /// The standard interface that a call naming none means by `member`, if any.
    static func owner(of member: String) -> String? {
        switch member {
        case "Ping", "GetMachineId": peer
        case "Introspect": introspectable
        default: nil
        }
    }
}

extension DBusConnection {
    // MARK: Exporting

    /// Exports an object. Export every object before requesting a well-known name: with bus
    /// activation, calls arrive the moment the name is owned.
    public func export(_ path: ObjectPath, interfaces: [DBusInterface]) throws {
        for interface in interfaces {
            try DBusValidation.checkInterfaceName(interface.name)
            for method in interface.methods {
                try DBusValidation.checkMemberName(method.name)
                // Declared types within the spec's limits: replies matched against them are
                // not checked again (libdbus aborts on a signature past the limits).
                try DBusValidation.checkSignature(method.inputSignature)
                try DBusValidation.checkSignature(method.outputSignature)
            }
            for signal in interface.signals { try DBusValidation.checkMemberName(signal.name) }
        }
        loop.sync { objects.objects[path] = interfaces }
    }

    public func unexport(_ path: ObjectPath) {
        loop.sync { _ = objects.objects.removeValue(forKey: path) }
    }

    /// Emits a signal. Checked against the exported description when there is one, so a
    /// signal cannot go out with another signature than the one introspection advertises.
    /// Emits a signal; with `destination`, to that connection alone (a unicast signal).
    public func emit(path: ObjectPath, interface: String, signal: String, _ arguments: [DBusValue], to destination: String? = nil) throws {
        let declared: DBusSignal? = loop.sync { objects.interface(path, interface)?.signal(signal) }
        if let declared {
            let actual = arguments.map(\.type).signature
            guard actual == declared.signature else {
                throw DBusError.invalidArgs(
                    "signal \(interface).\(signal) declares \"\(declared.signature)\", got \"\(actual)\"")
            }
        }
        var message = Message.signal(path: path, interface: interface, member: signal, body: arguments)
        message.destination = destination
        try send(message)
    }

    /// The introspection XML this connection serves for `path`.
    public func introspectionXML(for path: ObjectPath) -> String {
        loop.sync {
            Introspection.xml(interfaces: objects.objects[path] ?? [], children: objects.childNames(of: path))
        }
    }

    // MARK: Dispatch

    func dispatchMethodCall(_ call: DBusMethodCall) {
        guard let path = call.message.path, let member = call.message.member else { return }
        var interfaceName = call.message.interface
        if let method = objects.rememberedMethod(path, interfaceName, member) { return invoke(method, call) }
        let interfaces = objects.interfaces(at: path)
        // Every object has the standard interfaces: a call that names no interface and that no
        // exported method takes may be one of theirs (the spec leaves the choice open).
        if interfaceName == nil, interfaces?.contains(where: { $0.method(member) != nil }) != true {
            interfaceName = StandardInterfaces.owner(of: member)
        }

        switch interfaceName {
        case StandardInterfaces.peer?:
            answerPeer(call, member: member)
            return
        case StandardInterfaces.introspectable?:
            guard member == "Introspect" else { return reply(call, .failure(DBusError.unknownMethod(unknown(call.message)))) }
            guard interfaces != nil || !objects.childNames(of: path).isEmpty else {
                return reply(call, .failure(DBusError.unknownObject("no object at \(path)")))
            }
            return reply(call, expecting: [], outputs: [DBusArgument("xml", .string)]) {
                [.string(introspectionXML(for: path))]
            }
        default: break
        }

        guard let interfaces else { return reply(call, .failure(DBusError.unknownObject("no object at \(path)"))) }

        if interfaceName == StandardInterfaces.properties {
            return answerProperties(call, member: member, interfaces: interfaces)
        }

        let method: DBusMethod?
        if let interfaceName {
            guard let interface = interfaces.first(where: { $0.name == interfaceName }) else {
                return reply(call, .failure(DBusError.unknownInterface("no interface \(interfaceName) at \(path)")))
            }
            method = interface.method(member)
        } else {
            method = interfaces.lazy.compactMap { $0.method(member) }.first
        }
        guard let method else { return reply(call, .failure(DBusError.unknownMethod(unknown(call.message)))) }
        objects.remember(method, path, interfaceName, member)
        invoke(method, call)
    }

    /// Checks the arguments against the method's declared inputs and runs its handler.
    private func invoke(_ method: DBusMethod, _ call: DBusMethodCall) {
        guard call.message.bodyHasTypes(method.inputs.lazy.map(\.type)) else {
            return reply(
                call,
                .failure(
                    DBusError.invalidArgs(
                        "\(method.name) takes \"\(method.inputSignature)\", got \"\(call.message.signature)\"")))
        }
        switch method.handler {
        case .immediate(let handler):
            let result = Result { try handler(call) }
            sendReply(to: call.message, outputs: method.outputs, result: result)
        case .deferred(let handler):
            handler(call, DBusReplier(call: call, outputs: method.outputs))
        case .prepared(let handler):
            do {
                sendPrepared(try handler(call), to: call.message, signature: method.outputSignature)
            } catch {
                sendReply(to: call.message, outputs: method.outputs, result: .failure(error))
            }
        }
    }

    private func unknown(_ message: Message) -> String {
        "no method \(message.member ?? "") with signature \"\(message.signature)\" on interface \"\(message.interface ?? "")\""
    }

    private func reply(_ call: DBusMethodCall, _ result: Result<[DBusValue], Error>) {
        sendReply(to: call.message, outputs: nil, result: result)
    }

    private func reply(
        _ call: DBusMethodCall, expecting types: [DBusType], outputs: [DBusArgument],
        _ body: () throws -> [DBusValue]
    ) {
        guard arguments(of: call, are: types) else { return }
        sendReply(to: call.message, outputs: outputs, result: Result { try body() })
    }

    /// Whether the call's arguments have `types`; if not, it is answered InvalidArgs.
    private func arguments(of call: DBusMethodCall, are types: [DBusType]) -> Bool {
        guard !call.message.bodyHasTypes(types) else { return true }
        reply(call, .failure(DBusError.invalidArgs("expected \"\(types.signature)\", got \"\(call.message.signature)\"")))
        return false
    }

    /// Sends the reply to `message`, unless the caller asked for none. Output values are checked
    /// against the declared outputs, so a handler's mistake becomes an error reply, not a message
    /// that contradicts introspection.
    func sendReply(to message: Message, outputs: [DBusArgument]?, result: Result<[DBusValue], Error>) {
        guard !message.noReplyExpected else { return }
        var reply: Message
        switch result {
        case .success(let values):
            if let outputs, values.count != outputs.count || !zip(values, outputs).allSatisfy({ $0.hasType($1.type) }) {
                reply = message.errorReply(
                    .failed(
                        "internal error: \(message.member ?? "") produced \"\(values.map(\.type).signature)\" instead of \"\(outputs.map(\.type).signature)\""
                    ))
            } else {
                reply = message.methodReturn(values)
                // Fixed-size values of the declared types all the way down need no further check.
                if let outputs, !outputs.contains(where: { $0.type.holdsTextOrVariants }) {
                    reply.bodyIsChecked = zip(values, outputs).allSatisfy { $0.matches($1.type) }
                }
            }
        case .failure(let error as DBusError):
            reply = message.errorReply(error)
        case .failure(let error):
            reply = message.errorReply(.failed(String(describing: error)))
        }
        do {
            try send(reply)
        } catch {
            // The values failed validation (say, a string with a NUL byte): say so instead.
            try? send(message.errorReply(.failed("the reply could not be sent: \(error)")))
        }
    }

    /// Sends a copy of `prepared` if its body has the declared output `signature` (both made
    /// once, so this compares two strings), an internal error otherwise.
    func sendPrepared(_ prepared: DBusPreparedReply, to message: Message, signature: String) {
        guard !message.noReplyExpected else { return }
        guard prepared.signature == signature else {
            return sendReply(
                to: message, outputs: nil,
                result: .failure(
                    DBusError.failed(
                        "internal error: \(message.member ?? "") produced \"\(prepared.signature)\" instead of \"\(signature)\"")))
        }
        guard let reply = prepared.reply(to: message) else {
            return sendReply(to: message, outputs: nil, result: .failure(DBusError(DBusError.noMemoryName, "out of memory")))
        }
        send(built: reply)
    }

    // MARK: Standard interfaces

    private func answerPeer(_ call: DBusMethodCall, member: String) {
        switch member {
        case "Ping":
            reply(call, expecting: [], outputs: []) { [] }
        case "GetMachineId":
            reply(call, expecting: [], outputs: [DBusArgument("machine_uuid", .string)]) {
                var error = CDBus.DBusError()
                dbus_error_init(&error)
                defer { dbus_error_free(&error) }
                guard let id = dbus_try_get_local_machine_id(&error) else {
                    throw DBusConnection.swiftError(&error, fallback: "no machine id")
                }
                defer { dbus_free(id) }
                return [.string(String(cString: id))]
            }
        default:
            reply(call, .failure(DBusError.unknownMethod(unknown(call.message))))
        }
    }

    private func answerProperties(_ call: DBusMethodCall, member: String, interfaces: [DBusInterface]) {
        func find(_ interfaceName: String) throws -> DBusInterface {
            guard let interface = interfaces.first(where: { $0.name == interfaceName }) else {
                throw DBusError.unknownInterface("no interface \(interfaceName) at \(call.message.path?.rawValue ?? "")")
            }
            return interface
        }
        func find(_ interface: DBusInterface, _ name: String) throws -> DBusProperty {
            guard let property = interface.property(name) else {
                throw DBusError.unknownProperty("no property \(name) on \(interface.name)")
            }
            return property
        }
        switch member {
        case "Get":
            let outputs = [DBusArgument("value", .variant)]
            guard arguments(of: call, are: [.string, .string]) else { return }
            do {
                let interface = try find(try call.argument(0, as: String.self))
                let property = try find(interface, try call.argument(1, as: String.self))
                let value = try property.read()
                let key = ObjectRegistry.PropertyReplyKey(
                    path: call.message.path ?? .root, interface: interface.name, property: property.name)
                guard let prepared = objects.getReply(key, value) else {
                    // A value that fails validation is reported by sendReply, as for any reply.
                    return sendReply(to: call.message, outputs: outputs, result: .success([.variant(value)]))
                }
                sendPrepared(prepared, to: call.message, signature: DBusType.variant.signature)
            } catch {
                reply(call, .failure(error))
            }
        case "GetAll":
            reply(call, expecting: [.string], outputs: [DBusArgument("properties", .dictionary(key: .string, value: .variant))]) {
                let name = try call.argument(0, as: String.self)
                // GetAll of an interface the object lacks is an empty dict for some services;
                // the spec's reference implementation answers UnknownInterface, as here.
                let interface = try find(name)
                var values: [String: DBusValue] = [:]
                for property in interface.properties { values[property.name] = try property.read() }
                return [.stringVariantDictionary(values)]
            }
        case "Set":
            reply(call, expecting: [.string, .string, .variant], outputs: []) {
                let interface = try find(try call.argument(0, as: String.self))
                let property = try find(interface, try call.argument(1, as: String.self))
                guard let setter = property.setter else {
                    throw DBusError.propertyReadOnly("\(property.name) is read-only")
                }
                let value = try call.argument(2, as: DBusVariant.self).value
                guard value.type == property.type else {
                    throw DBusError.invalidArgs(
                        "\(property.name) has type \"\(property.type.signature)\", got \"\(value.type.signature)\"")
                }
                try setter(value, call)
                propertiesChanged(path: call.message.path ?? .root, interface: interface.name, [property.name])
                return []
            }
        default:
            reply(call, .failure(DBusError.unknownMethod(unknown(call.message))))
        }
    }
}
