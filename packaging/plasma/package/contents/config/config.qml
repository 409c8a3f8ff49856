import QtQuick
import org.kde.plasma.configuration

ConfigModel {
    ConfigCategory {
        name: i18nd("islet", "General")
        icon: "preferences-desktop"
        source: "configGeneral.qml"
    }
}
