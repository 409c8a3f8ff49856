# Sourced by Tests/Packaging/desktop-check and zip-check: a clean root of a release, made by
# debootstrap once and copied afresh for each run, with the packages Tests/Packaging/build made
# for it, apt's downloads kept between runs, and a user to run the shell as.
#   release_root RELEASE NAME   sets suite, ubuntu, debs, work (/var/cache/islet-build/SUITE-NAME)
#   release_install PACKAGE...  apt-get install in it (./debs/NAME_*.deb for islet's own), logged
#   release_user                the user the shell runs as: sets user, uid
#   release_run PHASE SCRIPT [ENV=VALUE...]   Tests/Desktops/run /usr/bin SCRIPT as that user
# Ubuntu takes the packages built for Debian 13 (glibc 2.36, the GNOME 45+ extension), from
# ISLET_UBUNTU_ARCHIVE or an Ubuntu archive in this machine's apt sources.
release_root() {
  release=$1
  local name=$2
  ubuntu=false debs=$release
  case $release in
    12) suite=bookworm ;; 13) suite=trixie ;; sid) suite=sid ;;
    # Testing takes its own build where there is one (Tests/Packaging/build testing), else Debian 13's.
    testing) suite=forky; [ -d .build-debian/testing ] || debs=13 ;;
    ubuntu-24.04) suite=noble ubuntu=true debs=13 ;;
    ubuntu-25.10) suite=questing ubuntu=true debs=13 ;;
    *) echo "${0##*/}: 12, 13, sid, testing, ubuntu-24.04 or ubuntu-25.10, not $release" >&2; exit 64 ;;
  esac
  [ "$(id -u)" -eq 0 ] || { echo "${0##*/}: makes and enters a chroot, so it runs as root" >&2; exit 1; }
  ls .build-debian/$debs/islet_*.deb >/dev/null 2>&1 ||
    { echo "${0##*/}: no packages in .build-debian/$debs (Tests/Packaging/build $debs)" >&2; exit 1; }
  local archive proxy base cache script check
  if $ubuntu; then archive=$(Tests/Packaging/archive ubuntu); else archive=$(Tests/Packaging/archive debian); fi
  proxy=$(Tests/Packaging/archive proxy)
  base=/var/cache/islet-build/$suite-clean
  work=/var/cache/islet-build/$suite-$name
  cache=/var/cache/islet-build/apt-$suite
  mkdir -p "$cache/partial" "$PWD/.build-desktops"
  if [ ! -f "$base/.islet-base" ]; then
    rm -rf "$base"; mkdir -p "$base"
    script=/usr/share/debootstrap/scripts/sid check=()
    # Debian's debootstrap has no Ubuntu keyring: the base is fetched unverified (a throwaway
    # test root); apt in it verifies everything after with the ubuntu-keyring the base installs.
    if $ubuntu; then script=/usr/share/debootstrap/scripts/gutsy check=(--no-check-gpg); fi
    echo "${0##*/}: debootstrap $suite into $base"
    debootstrap "${check[@]}" --variant=minbase "$suite" "$base" "$archive" "$script" >"$base.log" 2>&1 ||
      { tail -20 "$base.log" >&2; exit 1; }
    if $ubuntu; then echo "deb $archive $suite main universe" > "$base/etc/apt/sources.list"; fi
    echo 'Acquire::Check-Valid-Until "false";' > "$base/etc/apt/apt.conf.d/99islet-snapshot"
    touch "$base/.islet-base"
  fi
  # A mount left inside the last run's root is let go before the root is removed, never
  # removed through.
  awk -v w="$work/" 'index($2, w) == 1 {print $2}' /proc/mounts | sort -r | while read -r m; do umount -l "$m"; done
  ! awk -v w="$work/" 'index($2, w) == 1' /proc/mounts | grep -q . || { echo "${0##*/}: mounts are left in $work" >&2; exit 1; }
  rm -rf "$work"
  cp -a "$base" "$work"
  cp /etc/resolv.conf "$work/etc/resolv.conf"
  [ -z "$proxy" ] || echo "Acquire::http::Proxy \"$proxy\";" > "$work/etc/apt/apt.conf.d/99islet-proxy"
  mounted=()
  trap 'for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[$i]}" 2>/dev/null || true; done' EXIT
  local d
  for d in /proc /sys /dev /dev/pts /dev/shm; do release_bind "$d" "$d"; done
  release_bind "$cache" /var/cache/apt/archives
  release_bind "$PWD" /islet
  mkdir -p "$work/debs" "$work/run/systemd/seats"
  cp .build-debian/$debs/*.deb "$work/debs/"
  rm -f "$work"/debs/*-dbgsym_*.deb
  # A German Ubuntu has its language pack: without GNOME's German catalogues GLib translates
  # nothing in the shell, an extension's own catalogue included (g_dgettext follows the
  # program's own domain), and Ubuntu ships them in language packs, not in gnome-shell.
  if $ubuntu; then release_tools+=(language-pack-gnome-de); fi
  apt_log=$PWD/.build-desktops/$name-$release-apt.log
  chroot "$work" apt-get update -q >"$apt_log" 2>&1 || { tail -20 "$apt_log" >&2; exit 1; }
}
release_bind() { mkdir -p "$work$2"; mount --bind "$1" "$work$2"; mounted+=("$work$2"); }
release_install() {
  local wanted=() p
  for p in "$@"; do
    case $p in islet | islet-app | gnome-shell-extension-islet | plasma-widget-islet) wanted+=("$(cd "$work" && ls ./debs/${p}_*.deb)") ;; *) wanted+=("$p") ;; esac
  done
  DEBIAN_FRONTEND=noninteractive chroot "$work" apt-get install -y -q --no-install-recommends "${wanted[@]}" >>"$apt_log" 2>&1 ||
    { tail -20 "$apt_log" >&2; echo "${0##*/}: FAIL: apt-get install (log: $apt_log)" >&2; exit 1; }
}
# What the tests read the screen with: an X server for the shells before 50, OCR, the bus
# tools, a German locale.
release_tools=(xvfb x11-utils xwayland imagemagick tesseract-ocr fonts-dejavu-core fonts-cantarell dbus-daemon dbus-bin
  libglib2.0-bin procps psmisc gjs libgl1-mesa-dri at-spi2-core locales passwd)
release_user() {
  user=islet-desk
  chroot "$work" id "$user" >/dev/null 2>&1 || chroot "$work" useradd -m -s /bin/sh "$user"
  uid=$(chroot "$work" id -u "$user")
  if ! chroot "$work" locale -a 2>/dev/null | grep -qix de_DE.utf8; then
    echo 'de_DE.UTF-8 UTF-8' >> "$work/etc/locale.gen"
    chroot "$work" locale-gen >/dev/null
  fi
}
release_run() {  # release_run PHASE SCRIPT [ENV=VALUE...]: .build-desktops/PHASE-RELEASE/results.txt
  local phase=$1 script=$2
  shift 2
  # A folder of the run's own, the only one handed to the user: runs side by side do not take
  # each other's files away.
  local shots=$PWD/docs/screenshots/packaged/$release runs=$PWD/.build-desktops/$phase-$release
  mkdir -p "$shots" "$runs"
  chown -R "$uid" "$runs" "$shots"
  local status=0
  chroot "--userspec=$uid:$uid" "$work" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 TERM=dumb "$@" \
    ISLET_DEBIAN="packaged/$release" ISLET_RESULTS="/islet/.build-desktops/$phase-$release/results.txt" \
    /islet/Tests/Desktops/run /usr/bin "$script" || status=1
  chown -R "$(stat -c %u:%g "$PWD")" "$runs" "$shots"
  echo "${0##*/}: $release, $phase: $(grep -c ' PASS ' "$runs/results.txt") passed, $(grep -c ' FAIL ' "$runs/results.txt") failed"
  return $status
}
