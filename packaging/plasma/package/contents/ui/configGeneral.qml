// The applet's settings: the style, and what shows while nothing is live.
import QtQuick
import QtQuick.Controls as QQC2
import org.kde.kcmutils as KCM
import org.kde.kirigami as Kirigami

KCM.SimpleKCM {
    property alias cfg_minimal: minimal.checked
    property alias cfg_iconWhenIdle: iconWhenIdle.checked

    Kirigami.FormLayout {
        QQC2.CheckBox {
            id: minimal
            Kirigami.FormData.label: i18n("Style:")
            text: i18n("Minimal: the time alone, nothing to tap")
        }
        QQC2.CheckBox {
            id: iconWhenIdle
            Kirigami.FormData.label: i18n("With nothing live:")
            text: i18n("Show islet's icon")
        }
    }
}
