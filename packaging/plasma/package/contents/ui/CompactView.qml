// The compact view in the panel: an icon (a fast, a paused timer) and the text, as GNOME's
// island and the panels show it; islet's icon alone while nothing is live (if so chosen).
import QtQuick
import QtQuick.Layouts
import org.kde.plasma.components as PlasmaComponents
import org.kde.kirigami as Kirigami

MouseArea {
    id: compact
    property var view: null
    property string text: ""
    property bool minimal: false
    property url icon
    // The popup's state when the press began: Plasma closes an open popup as the press takes the
    // focus, before the click arrives, so the click toggles what was, as Plasma's own widgets do.
    property bool expanded: false
    property bool wasExpanded: false
    signal toggled(bool expand)

    readonly property bool idle: view === null
    readonly property string styleClass: idle ? "" : view.bar.styleClass

    Layout.minimumWidth: row.implicitWidth + Kirigami.Units.smallSpacing * 2
    Layout.preferredWidth: Layout.minimumWidth
    hoverEnabled: true
    activeFocusOnTab: true
    Accessible.role: Accessible.Button
    Accessible.name: idle ? i18n("Live activity") : text
    onPressed: wasExpanded = expanded
    onClicked: toggled(!wasExpanded)
    Keys.onPressed: event => {
        if (event.key === Qt.Key_Space || event.key === Qt.Key_Return || event.key === Qt.Key_Enter) {
            toggled(!expanded);
            event.accepted = true;
        }
    }

    Rectangle {
        // A moment that deserves attention (a phase changed, a timer ended): highlighted.
        anchors.fill: parent
        radius: height / 2
        color: Kirigami.Theme.highlightColor
        opacity: compact.styleClass === "islet-alert" ? 0.6 : 0
    }

    RowLayout {
        id: row
        anchors.centerIn: parent
        spacing: Kirigami.Units.smallSpacing

        Kirigami.Icon {
            // A program's activity that names its program (contract 1.4, a song in mpv): that
            // program's icon while it runs (its desktop entry's id, as icon themes name apps).
            readonly property bool program: !compact.idle && compact.view.app !== null && compact.view.status === "running"
            Layout.preferredWidth: Kirigami.Units.iconSizes.small
            Layout.preferredHeight: Kirigami.Units.iconSizes.small
            visible: compact.idle || program || compact.view.bar.icon !== null
            source: compact.idle ? compact.icon : (program ? compact.view.app : (compact.view.bar.icon ?? ""))
            fallback: compact.idle ? "" : (compact.view.bar.icon ?? "")
            isMask: !compact.idle && !program
            color: label.color
        }
        PlasmaComponents.Label {
            id: label
            visible: !compact.idle
            text: compact.text
            font.features: { "tnum": 1 }
            color: compact.styleClass === "islet-paused" || compact.styleClass === "islet-stale" || compact.minimal
                ? Kirigami.Theme.disabledTextColor : Kirigami.Theme.textColor
        }
    }
}
