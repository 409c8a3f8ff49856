/// Introspection XML generated from interface descriptions: the one place it is written.
public enum Introspection {
    public static let doctype =
        "<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\"\n"
        + " \"http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd\">\n"

    /// The standard interfaces every exported object answers.
    public static let standardInterfaces = """
          <interface name="org.freedesktop.DBus.Peer">
            <method name="Ping"/>
            <method name="GetMachineId">
              <arg name="machine_uuid" type="s" direction="out"/>
            </method>
          </interface>
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect">
              <arg name="xml_data" type="s" direction="out"/>
            </method>
          </interface>
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="out"/>
            </method>
            <method name="GetAll">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="properties" type="a{sv}" direction="out"/>
            </method>
            <method name="Set">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="in"/>
            </method>
            <signal name="PropertiesChanged">
              <arg name="interface_name" type="s"/>
              <arg name="changed_properties" type="a{sv}"/>
              <arg name="invalidated_properties" type="as"/>
            </signal>
          </interface>

        """

    /// The XML for one object: the standard interfaces (when it has any of its own), its
    /// interfaces and its child nodes.
    public static func xml(interfaces: [DBusInterface], children: [String], withDocs: Bool = false) -> String {
        var out = doctype + "<node>\n"
        if !interfaces.isEmpty { out += standardInterfaces }
        for interface in interfaces { out += xml(interface, withDocs: withDocs) }
        for child in children { out += "  <node name=\"\(escape(child))\"/>\n" }
        out += "</node>\n"
        return out
    }

    /// One interface. With `withDocs`, each description's doc text goes in as an
    /// `org.gtk.GDBus.DocString` annotation, as gdbus-codegen reads it.
    public static func xml(_ interface: DBusInterface, withDocs: Bool = false) -> String {
        var out = "  <interface name=\"\(escape(interface.name))\">\n"
        if withDocs { out += docAnnotation(interface.doc, indent: "    ") }
        for method in interface.methods {
            let args =
                method.inputs.map { argument($0, direction: "in") } + method.outputs.map { argument($0, direction: "out") }
            let doc = withDocs ? docAnnotation(method.doc, indent: "      ") : ""
            if args.isEmpty && doc.isEmpty {
                out += "    <method name=\"\(method.name)\"/>\n"
            } else {
                out += "    <method name=\"\(method.name)\">\n" + doc + args.joined() + "    </method>\n"
            }
        }
        for signal in interface.signals {
            let args = signal.arguments.map { argument($0, direction: nil) }
            let doc = withDocs ? docAnnotation(signal.doc, indent: "      ") : ""
            if args.isEmpty && doc.isEmpty {
                out += "    <signal name=\"\(signal.name)\"/>\n"
            } else {
                out += "    <signal name=\"\(signal.name)\">\n" + doc + args.joined() + "    </signal>\n"
            }
        }
        for property in interface.properties {
            out += "    <property name=\"\(property.name)\" type=\"\(escape(property.type.signature))\" access=\"\(property.access)\">\n"
            out += withDocs ? docAnnotation(property.doc, indent: "      ") : ""
            if property.changeSignal != .emitsValue {
                out += "      <annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"\(property.changeSignal.rawValue)\"/>\n"
            }
            out += "    </property>\n"
        }
        out += "  </interface>\n"
        return out
    }

    private static func argument(_ argument: DBusArgument, direction: String?) -> String {
        let dir = direction.map { " direction=\"\($0)\"" } ?? ""
        return "      <arg name=\"\(escape(argument.name))\" type=\"\(escape(argument.type.signature))\"\(dir)/>\n"
    }

    private static func docAnnotation(_ doc: String?, indent: String) -> String {
        guard let doc, !doc.isEmpty else { return "" }
        return indent + "<annotation name=\"org.gtk.GDBus.DocString\" value=\"\(escape(doc))\"/>\n"
    }

    /// XML attribute escaping.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            default: out.append(character)
            }
        }
        return out
    }
}
