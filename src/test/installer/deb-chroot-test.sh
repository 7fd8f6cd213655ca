#!/bin/sh
# Installs, runs and purges VMSched's .deb in a clean minimal Debian, as a teacher's
# `sudo apt install ./vmsched_*.deb` would on a fresh system:
#
#   sudo sh src/test/installer/deb-chroot-test.sh [PACKAGE.deb]
#
# PACKAGE.deb defaults to the one in target/installer/ (./mvnw -B -Pinstaller package).
# Needs root, debootstrap (apt-get install debootstrap) and a Debian mirror: MIRROR, or the first
# Debian URI of this machine's apt sources. Not part of the test suite for that reason.
# Environment: SUITE (bookworm), MIRROR, BASE (the debootstrapped root, made once and kept:
# /var/tmp/vmsched-debian-SUITE), WINDOW=0 to skip opening the window under Xvfb, SNAPSHOT=FILE.png
# to keep the window's picture.
# Every run copies BASE to a fresh root, so each install starts from the same clean system.
set -eu

SUITE=${SUITE:-bookworm}
BASE=${BASE:-/var/tmp/vmsched-debian-$SUITE}
WINDOW=${WINDOW:-1}
here=$(cd "$(dirname "$0")/../../.." && pwd)

fail() { echo "FAIL: $*" >&2; exit 1; }
pass() { echo "ok: $*"; }

[ "$(id -u)" = 0 ] || fail "run as root (debootstrap and chroot need it)"
command -v debootstrap >/dev/null 2>&1 || fail "no debootstrap: apt-get install debootstrap"

deb=${1:-}
if [ -z "$deb" ]; then
    for f in "$here"/target/installer/vmsched_*.deb; do [ -f "$f" ] && deb=$f; done
fi
[ -n "$deb" ] && [ -f "$deb" ] || fail "no .deb given and none in target/installer (./mvnw -B -Pinstaller package)"
scenario=$here/scenarios/two-vms.json
[ -f "$scenario" ] || fail "no $scenario"

mirror() {
    [ -n "${MIRROR:-}" ] && { echo "$MIRROR"; return; }
    # deb822 (URIs: ...) or one-line (deb URI suite ...) sources; the first that serves Debian itself
    cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
        | sed -n -e 's/^URIs:[[:space:]]*\([^[:space:]]*\).*/\1/p' \
                 -e 's/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]\{1,\}\)\{0,1\}\([^[:space:]]*\).*/\2/p' \
        | grep -E '/debian/?$' | head -n 1
}

if [ ! -x "$BASE/usr/bin/apt-get" ]; then
    m=$(mirror)
    [ -n "$m" ] || fail "no Debian mirror in the apt sources: set MIRROR"
    echo "== debootstrap --variant=minbase $SUITE $BASE $m (once; kept for later runs)"
    rm -rf "$BASE.partial"
    debootstrap --variant=minbase "$SUITE" "$BASE.partial" "$m" >"$BASE.log" 2>&1 \
        || fail "debootstrap failed, see $BASE.log"
    mv "$BASE.partial" "$BASE"
fi

root=$(mktemp -d /var/tmp/vmsched-deb-root.XXXXXX)
cleanup() {
    if mountpoint -q "$root/proc" 2>/dev/null; then umount "$root/proc" || umount -l "$root/proc"; fi
    # never delete through a mount still in place
    if ! grep -q " $root/" /proc/mounts; then rm -rf "$root"; else echo "left $root (still mounted)" >&2; fi
}
trap cleanup EXIT INT TERM
cp -a "$BASE/." "$root/"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
mount -t proc proc "$root/proc"
cp "$deb" "$root/tmp/vmsched.deb"
cp "$scenario" "$root/tmp/two-vms.json"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive "$@"; }

echo "== install $(basename "$deb") into a clean $SUITE"
in_root apt-get -q update >/dev/null
in_root apt-get install -y -q --no-install-recommends /tmp/vmsched.deb >"$root/tmp/install.log" 2>&1 \
    || { tail -n 30 "$root/tmp/install.log"; fail "apt-get install of the .deb failed"; }
status=$(in_root dpkg-query -W -f '${db:Status-Abbrev}' vmsched)
[ "$(echo $status)" = ii ] || fail "vmsched is '$status' after the install, not 'ii'"
pass "apt-get install: vmsched is 'ii' (installed, configured)"
depends=$(in_root dpkg-query -W -f '${Depends}' vmsched)
case "$depends" in *libgtk-3-0*) pass "Depends names libgtk-3-0";; *) fail "Depends lacks libgtk-3-0: $depends";; esac
in_root dpkg-query -W -f '${db:Status-Abbrev}' libgtk-3-0 2>/dev/null | grep -q '^ii' \
    || fail "libgtk-3-0 was not installed with the package"
pass "libgtk-3-0 came with it"

desktop=$root/usr/share/applications/vmsched.desktop
[ -f "$desktop" ] || fail "no /usr/share/applications/vmsched.desktop"
[ -f "$root/usr/share/icons/hicolor/128x128/apps/vmsched.png" ] || fail "no icon under /usr/share/icons"
grep -q '^MimeType=.*application/json;' "$desktop" || fail "the desktop entry has no MimeType application/json"
exec_line=$(sed -n 's/^Exec=//p' "$desktop")
case "$exec_line" in *%f*) ;; *) fail "the desktop entry's Exec takes no file (%f): $exec_line";; esac
pass "desktop entry and icon installed; Exec=$exec_line"

version=$(in_root /opt/vmsched/bin/VMSched --version)
case "$version" in "VMSched "*) pass "VMSched --version: $version";; *) fail "--version printed: $version";; esac
in_root /opt/vmsched/bin/VMSched analyze /tmp/two-vms.json >"$root/tmp/analyze.txt" 2>&1 \
    || { cat "$root/tmp/analyze.txt"; fail "VMSched analyze failed"; }
pass "VMSched analyze /tmp/two-vms.json: exit 0, $(wc -l <"$root/tmp/analyze.txt") lines"

if [ "$WINDOW" = 1 ]; then
    # the desktop entry's own Exec line, %f being the scenario, on a virtual display: GTK and
    # JavaFX's natives must load from what the package's Depends brought
    in_root apt-get install -y -q --no-install-recommends xvfb xauth >/dev/null 2>&1 || fail "could not install xvfb"
    cmd=$(echo "$exec_line" | sed 's#%f#/tmp/two-vms.json --snapshot /tmp/window.png#')
    in_root xvfb-run -a -s "-screen 0 1400x900x24" $cmd >"$root/tmp/window.log" 2>&1 \
        || { cat "$root/tmp/window.log"; fail "the desktop entry's command did not open the scenario"; }
    [ -s "$root/tmp/window.png" ] || { cat "$root/tmp/window.log"; fail "no window snapshot"; }
    pass "the desktop entry's command opened two-vms.json in the window (snapshot $(wc -c <"$root/tmp/window.png") bytes)"
    [ -z "${SNAPSHOT:-}" ] || cp "$root/tmp/window.png" "$SNAPSHOT"
fi

in_root dpkg-query -L vmsched >"$root/tmp/files.txt"
echo "== purge"
in_root apt-get purge -y -q vmsched >"$root/tmp/purge.log" 2>&1 \
    || { tail -n 30 "$root/tmp/purge.log"; fail "apt-get purge failed"; }
if in_root dpkg-query -W -f '${db:Status-Abbrev}' vmsched 2>/dev/null | grep -q '^[a-z][a-z]'; then
    left=$(in_root dpkg-query -W -f '${db:Status-Abbrev}' vmsched)
    case "$left" in un*|pn*) ;; *) fail "dpkg still knows vmsched after the purge: '$left'";; esac
fi
pass "apt-get purge: dpkg -l lists no vmsched"
remaining=0
while IFS= read -r f; do
    [ -n "$f" ] || continue
    if [ -e "$root$f" ] && [ ! -d "$root$f" ]; then echo "left after purge: $f" >&2; remaining=$((remaining + 1)); fi
done <"$root/tmp/files.txt"
[ -e "$root/opt/vmsched" ] && { echo "left after purge: /opt/vmsched" >&2; remaining=$((remaining + 1)); }
ls "$root"/var/lib/dpkg/info/vmsched.* >/dev/null 2>&1 && { echo "left after purge: dpkg info files" >&2; remaining=$((remaining + 1)); }
[ "$remaining" = 0 ] || fail "$remaining paths left after the purge"
pass "no file of the package is left ($(wc -l <"$root/tmp/files.txt") paths checked), /opt/vmsched gone"
echo "PASS: install, run and purge of $(basename "$deb") in a clean $SUITE"
