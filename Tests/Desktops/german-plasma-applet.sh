# The Plasma applet in German (plasma-applet.sh's German checks): its texts from po/de.po
# through ki18n, as a German Plasma gives them.
. "$here/plasma-applet.sh"
applet_german=on
