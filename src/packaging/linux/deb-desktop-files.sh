#!/bin/sh
# Adds the desktop entry and the icon to the .deb that jpackage wrote, as files of the package:
#   sh src/packaging/linux/deb-desktop-files.sh INSTALLER_DIR RESOURCE_DIR
# INSTALLER_DIR holds one vmsched_*.deb (target/installer); RESOURCE_DIR holds vmsched.desktop and
# vmsched.png (src/packaging/linux). jpackage installs only under /opt/vmsched and leaves the menu
# entry to xdg-desktop-menu in its postinst, which fails on a system without a menu directory; a
# file under /usr/share/applications needs no tool at install time and dpkg removes it with the
# package. The package is unpacked and built again with dpkg-deb (--root-owner-group: no fakeroot).
set -eu
umask 022

dir=$1
res=$2
deb=
for f in "$dir"/vmsched_*.deb; do
    [ -f "$f" ] || continue
    [ -z "$deb" ] || { echo "deb-desktop-files: more than one vmsched_*.deb in $dir" >&2; exit 1; }
    deb=$f
done
[ -n "$deb" ] || { echo "deb-desktop-files: no vmsched_*.deb in $dir" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/vmsched-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
root=$work/root

dpkg-deb -R "$deb" "$root"
install -D -m 644 "$res/vmsched.desktop" "$root/usr/share/applications/vmsched.desktop"
install -D -m 644 "$res/vmsched.png" "$root/usr/share/icons/hicolor/128x128/apps/vmsched.png"
# jpackage's own entry under /opt/vmsched/lib would only be a second, unused copy
rm -f "$root"/opt/vmsched/lib/vmsched-*.desktop

# jpackage adds xdg-utils to Depends for the xdg-desktop-menu calls that our scripts no longer
# make; on a minimal system it would bring perl and some hundred packages for nothing. It also
# names again what our control already names (libxtst6, libfreetype6): each entry is kept once,
# at its first place.
awk '/^Depends:/ {
        n = split(substr($0, 10), item, ",")
        line = ""; delete seen
        for (i = 1; i <= n; i++) {
            d = item[i]; gsub(/^[ \t]+|[ \t]+$/, "", d)
            if (d == "" || d == "xdg-utils" || (d in seen)) continue
            seen[d] = 1
            line = line (line == "" ? "" : ", ") d
        }
        print "Depends: " line; next
     }
     { print }' "$root/DEBIAN/control" > "$work/control"
cat "$work/control" > "$root/DEBIAN/control"

# Installed-Size is in KiB, without the control files
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -i "s/^Installed-Size:.*/Installed-Size: $size/" "$root/DEBIAN/control"

dpkg-deb --root-owner-group -b "$root" "$work/out.deb" >/dev/null
mv "$work/out.deb" "$deb"
echo "deb-desktop-files: $deb has /usr/share/applications/vmsched.desktop and its icon"
