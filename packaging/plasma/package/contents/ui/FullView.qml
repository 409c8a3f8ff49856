// The expanded view, in the popup: title, time, detail, progress, the fast's lines and the
// buttons (Pause or Resume, +1 min, Stop, Stop Fast, Open islet); the time alone in the
// minimal style.
import QtQuick
import QtQuick.Layouts
import org.kde.plasma.components as PlasmaComponents
import org.kde.plasma.extras as PlasmaExtras
import org.kde.kirigami as Kirigami

PlasmaExtras.Representation {
    id: full
    property var view: null
    property bool minimal: false
    signal pressed(string action)

    readonly property var menu: view === null ? null : view.menu
    // The buttons are made again only when their set changes, not at each second's new view.
    readonly property string buttonsKey: menu === null || minimal ? "" : JSON.stringify(menu.buttons)
    property var buttons: []
    onButtonsKeyChanged: buttons = buttonsKey === "" ? [] : JSON.parse(buttonsKey)
    Layout.minimumWidth: Kirigami.Units.gridUnit * 16
    Layout.preferredWidth: Kirigami.Units.gridUnit * 18
    Layout.preferredHeight: column.implicitHeight + Kirigami.Units.largeSpacing * 2
    collapseMarginsHint: true

    ColumnLayout {
        id: column
        anchors.fill: parent
        anchors.margins: Kirigami.Units.largeSpacing
        spacing: Kirigami.Units.smallSpacing

        PlasmaExtras.PlaceholderMessage {
            Layout.fillWidth: true
            visible: full.menu === null
            iconName: "org.islet.Islet.App"
            text: i18n("Nothing live")
        }
        // A song's cover (contract 1.4's `art_url`: a local file the source found small
        // enough), decoded off the main thread at the size it is shown.
        Image {
            Layout.preferredWidth: Kirigami.Units.iconSizes.huge
            Layout.preferredHeight: Kirigami.Units.iconSizes.huge
            source: full.view === null || full.minimal ? "" : (full.view.art ?? "")
            visible: source != "" && status !== Image.Error
            sourceSize.width: Kirigami.Units.iconSizes.huge * 2
            sourceSize.height: Kirigami.Units.iconSizes.huge * 2
            fillMode: Image.PreserveAspectFit
            asynchronous: true
        }
        // Whose it is (contract 1.4: a song in mpv, a Pomodoro in Focus Timer): the program's
        // icon, as icon themes name apps by their desktop entry's id, and the name it gave.
        RowLayout {
            Layout.fillWidth: true
            spacing: Kirigami.Units.smallSpacing
            visible: full.view !== null && !full.minimal && (full.view.program ?? null) !== null
            Kirigami.Icon {
                Layout.preferredWidth: Kirigami.Units.iconSizes.small
                Layout.preferredHeight: Kirigami.Units.iconSizes.small
                visible: (full.view?.app ?? null) !== null
                source: full.view?.app ?? ""
                fallback: "application-x-executable"
            }
            PlasmaComponents.Label {
                Layout.fillWidth: true
                text: full.view?.program ?? ""
                opacity: 0.8
                elide: Text.ElideRight
            }
        }
        Kirigami.Heading {
            Layout.fillWidth: true
            level: 4
            visible: full.menu !== null && !full.minimal && full.menu.title !== null
            text: visible ? full.menu.title : ""
            elide: Text.ElideRight
        }
        PlasmaComponents.Label {
            Layout.fillWidth: true
            visible: full.menu !== null && full.menu.time !== null
            text: visible ? full.menu.time : ""
            font.pointSize: Kirigami.Theme.defaultFont.pointSize * (full.minimal ? 1.6 : 2)
            font.features: { "tnum": 1 }
            color: full.minimal ? Kirigami.Theme.disabledTextColor : Kirigami.Theme.textColor
        }
        PlasmaComponents.Label {
            Layout.fillWidth: true
            visible: full.menu !== null && !full.minimal && full.menu.detail !== null
            text: visible ? full.menu.detail : ""
            opacity: 0.8
            wrapMode: Text.Wrap
        }
        PlasmaComponents.ProgressBar {
            Layout.fillWidth: true
            visible: full.menu !== null && !full.minimal && full.menu.progress !== null
            from: 0
            to: 1
            value: visible ? full.menu.progress : 0
            Accessible.name: visible ? `${Math.floor(full.menu.progress * 100)}%` : ""
        }
        Repeater {
            model: full.menu !== null && !full.minimal ? full.menu.lines.length : 0
            delegate: PlasmaComponents.Label {
                required property int index
                Layout.fillWidth: true
                text: full.menu !== null ? (full.menu.lines[index] ?? "") : ""
                opacity: 0.8
                wrapMode: Text.Wrap
            }
        }
        Flow {
            Layout.fillWidth: true
            Layout.topMargin: Kirigami.Units.smallSpacing
            spacing: Kirigami.Units.smallSpacing
            visible: full.buttons.length > 0
            Repeater {
                model: full.buttons
                delegate: PlasmaComponents.Button {
                    required property var modelData
                    text: modelData.label
                    onClicked: full.pressed(modelData.action)
                }
            }
        }
    }
}
