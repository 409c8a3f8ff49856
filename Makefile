# islet: `make run` to try it, `make test` to check it, `make install` / `make deb` to ship it.
SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
SYSCONFDIR ?= $(if $(filter /usr,$(PREFIX)),/etc,$(PREFIX)/etc)
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share
UNITDIR = $(PREFIX)/lib/systemd/user
# Release builds link the Swift runtime statically (no toolchain needed where they run); they
# live in a build folder of their own so that debug builds and benchmarks are not rebuilt.
STATIC = .build-static
# They are linked for a small resident set (bench/RESULTS.md): lld, each function in a section
# of its own and the functions each program runs placed together (packaging/link-order), relative
# relocations packed (glibc 2.36), and no dynamic symbol table for the Swift runtime's symbols.
# For a quick start (`islet status` runs every second or two in some panels): generic types'
# metadata through direct accessors rather than demangling their names at first use, and
# libstdc++ linked in too (the loader's relocation of libstdc++.so was a third of the
# instructions `islet status` ran): the linker finds $(STATIC)/link/libstdc++.so, a script
# naming the static archive, before the shared library. libgcc's unwinder is linked in as well
# (one shared library fewer to find, map and relocate at every start), and there is no
# $ORIGIN run path: the programs need no library of their own beside them, and a run path
# made the loader look for libdbus in nine folders next to the program first.
# EXTRA_SWIFT_FLAGS: more for the release build's compiler and linker (packaging/debian/rules
# passes dpkg-buildflags' hardening this way).
EXTRA_SWIFT_FLAGS ?=
STATIC_FLAGS = $(EXTRA_SWIFT_FLAGS) -c release --static-swift-stdlib --disable-local-rpath --scratch-path $(STATIC) \
	-Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
	-Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xlinker --symbol-ordering-file=$(CURDIR)/packaging/link-order/symbols.txt -Xlinker --no-warn-symbol-ordering \
	-Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic -Xlinker -L$(CURDIR)/$(STATIC)/link
LIBSTDCXX_A := $(shell $${CC:-cc} -print-file-name=libstdc++.a 2>/dev/null)
STATIC_BIN = $(STATIC)/release
PROGRAMS = isletd islet-notify islet
# The app (GTK 4 / libadwaita): installed with the rest, but a package of its own in `make deb`
# (islet-app), so that the service, the bridge and the command line need no GTK.
APP = islet-app
# Installed programs are stripped of their symbol tables (isletd: 90 MB -> 63 MB).
STRIP ?= strip
VERSION = 0.1.0
# The GNOME Shell extension (packaging/gnome-shell): built for GNOME Shell 43/44 or 45+,
# whichever this system has (GNOME_SHELL_API=43 or 45 to choose).
GNOME_SHELL_API ?= $(shell packaging/gnome-shell/api-for-system)
EXTENSION_UUID = islet@islet.org
EXTENSION_DIR = $(DATADIR)/gnome-shell/extensions/$(EXTENSION_UUID)
EXTENSION_FILES = metadata.json extension.js island.js panel.js stylesheet.css
# Its texts are its own gettext domain, compiled into its own locale/ folder.
EXTENSION_DOMAIN = gnome-shell-extension-islet
# The Plasma 6 applet (packaging/plasma): the island in Plasma's panel.
PLASMOID_ID = org.islet.island
PLASMOID_DIR = $(DATADIR)/plasma/plasmoids/$(PLASMOID_ID)
PLASMOID_FILES = metadata.json contents/code/applet.js contents/code/island.js contents/config/config.qml \
	contents/config/main.xml contents/ui/main.qml contents/ui/CompactView.qml contents/ui/FullView.qml \
	contents/ui/SignalFeed.qml contents/ui/configGeneral.qml contents/icons/org.islet.Islet.App.svg \
	$(foreach l,$(LINGUAS),contents/locale/$(l)/LC_MESSAGES/plasma_applet_$(PLASMOID_ID).mo)

.PHONY: all deps test-deps build release run test lint format test-installed bench soak clean install uninstall deb source-package debian-packages package-matrix store-checks extension-zips plasmoid man completions installed-files app-files desktops po locale

all: build

# What the build needs from Debian, installed when missing (as root); a package build, which
# must not install anything, says INSTALL_DEPS=true.
INSTALL_DEPS ?= packaging/install-deps
# The debug build's and the tests' flags for the Swift on PATH (packaging/swift-test-flags: with
# Debian's swiftlang, the tests link without Swift Testing's Foundation overlay); asked when a
# recipe runs, after its prerequisites may have installed that Swift.
DEBUG_FLAGS = $(shell SWIFT=$(SWIFT) packaging/swift-test-flags)
deps:
	@$(INSTALL_DEPS)

build: deps
	$(SWIFT) build $(DEBUG_FLAGS)

release: deps
	@# SwiftPM does not know the link order as an input: relink when it changes.
	@packaging/clear-stale-release "$$($(SWIFT) build $(STATIC_FLAGS) --show-bin-path)"
	@for p in $(PROGRAMS) $(APP); do [ $(STATIC_BIN)/$$p -nt packaging/link-order/symbols.txt ] || rm -f $(STATIC_BIN)/$$p; done
	@mkdir -p $(STATIC)/link
	@case "$(LIBSTDCXX_A)" in /*) echo "INPUT($(LIBSTDCXX_A))" > $(STATIC)/link/libstdc++.so;; \
	  *) echo "no libstdc++.a: linking libstdc++.so" >&2; rm -f $(STATIC)/link/libstdc++.so;; esac
	for p in $(PROGRAMS) $(APP); do \
	  $(SWIFT) build $(STATIC_FLAGS) $(if $(LINK_MAPS),-Xlinker -Map=$(LINK_MAPS)/$$p.map) --product $$p || exit 1; done

run: build locale
	ISLET_LOCALEDIR=$(CURDIR)/$(LOCALE_BUILD) packaging/run-dev "$$($(SWIFT) build $(DEBUG_FLAGS) --show-bin-path)"

# Translations (po/, CONTRIBUTING.md): `make po` regenerates the template from the sources and
# merges it into each language; `make locale` builds the catalogues the programs read
# (share/locale/LANG/LC_MESSAGES/islet.mo once installed) and the translated desktop entries.
LINGUAS := $(shell cat po/LINGUAS)
LOCALE_BUILD = .build-locale
CATALOGS = $(foreach l,$(LINGUAS),$(LOCALE_BUILD)/$(l)/LC_MESSAGES/islet.mo)
DESKTOP_FILES = $(LOCALE_BUILD)/org.islet.Islet.desktop.in $(LOCALE_BUILD)/islet-notify.desktop.in \
	$(LOCALE_BUILD)/org.islet.Islet.App.desktop.in
METAINFO = $(LOCALE_BUILD)/org.islet.Islet.App.metainfo.xml
po:
	po/update
locale: $(CATALOGS) $(DESKTOP_FILES) $(METAINFO)
$(METAINFO): packaging/org.islet.Islet.App.metainfo.xml $(foreach l,$(LINGUAS),po/$(l).po)
	@mkdir -p $(@D)
	msgfmt --xml --template=$< -d po -o $@
$(LOCALE_BUILD)/%/LC_MESSAGES/islet.mo: po/%.po
	@mkdir -p $(@D)
	msgfmt --check -o $@ $<
$(LOCALE_BUILD)/%.desktop.in: packaging/%.desktop.in $(foreach l,$(LINGUAS),po/$(l).po)
	@mkdir -p $(@D)
	msgfmt --desktop --template=$< -d po -o $@

# The suite expects English and ISO times unless a test asks for a locale (TranslationTests):
# the machine's own language settings are set aside.
TEST_LOCALE = env -u LANGUAGE -u LC_ALL -u LC_MESSAGES -u LC_TIME LANG=C.UTF-8

# The whole suite, under a private session bus (tests that need to kill or configure a bus
# start their own dbus-daemon as well), then the installation and the .deb.
test-deps:
	@packaging/install-deps --with-desktop
test: test-deps
	$(MAKE) lint
	$(SWIFT) build $(DEBUG_FLAGS) --build-tests
	$(TEST_LOCALE) dbus-run-session -- $(SWIFT) test $(DEBUG_FLAGS) --skip-build
	Tests/GnomeExtension/run
	Tests/Plasma/run
	Tests/App/run "$$($(SWIFT) build $(DEBUG_FLAGS) --show-bin-path)"
	Tests/App/page-proof
	packaging/test-install
	$(MAKE) test-installed

# swift-format with the project's .swift-format: `make lint` checks (part of `make test`),
# `make format` rewrites in place.
FORMATTED = Sources Tests bench/Sources Package.swift
lint:
	$(SWIFT) format lint --strict --configuration .swift-format -r $(FORMATTED)
	@# The template says what the sources say, and every language translates all of it.
	po/update --check
	@# The programs sleep on their loop (EventLoop.sleep): Task.sleep is libdispatch's from Swift
	@# 6.2 on and wakes its threads (docs/PACKAGING.md). IdleLoop's own fallback is the exception.
	@! grep -rnE '^[^/]*Task\.sleep\(' Sources --include=*.swift | grep -v '^Sources/IdleLoop/' \
	  || { echo "lint: Task.sleep in the programs' sources: use EventLoop.sleep(for:)" >&2; exit 1; }
format:
	$(SWIFT) format format -i --configuration .swift-format -r $(FORMATTED)

# The end-to-end suites again, against the release programs as installed (statically linked,
# in link order): what people run is what was tested.
test-installed: release
	$(SWIFT) build $(DEBUG_FLAGS) --build-tests
	$(TEST_LOCALE) ISLET_TEST_PROGRAMS=$(CURDIR)/$(STATIC_BIN) dbus-run-session -- \
	  $(SWIFT) test $(DEBUG_FLAGS) --skip-build --filter 'IsletServiceTests|IsletCommandTests|IsletNotifyTests'

# islet-notify on every real notification server and shell, headless (dunst, xfce4-notifyd,
# mako, swaync, GNOME Shell, KDE Plasma), then the GNOME Shell extension, the media card and the
# lock screen (gnome-island), the KDE job (plasma-job) and waybar: checks, screenshots in
# docs/screenshots/, a results table.
# Installs heavy packages (GNOME Shell, Plasma), so it is not part of `make test`.
# `make desktops SERVERS="mako swaync"` runs some of them.
# `make desktops DEBIAN=13`: the same on Debian 13's servers and shells (GNOME 48, Plasma 6.3);
# `DEBIAN=testing` on Debian testing's (GNOME 50), `DEBIAN=sid` on unstable's (GNOME 51, Plasma 6.7). Each in a chroot made with debootstrap
# and kept in /var/cache/islet-desktops (Tests/Desktops/chroot).
# Phosh is run as Debian 13 has it (0.46): `make desktops SERVERS=phosh` goes to that chroot.
ifeq ($(strip $(SERVERS)),phosh)
DEBIAN ?= 13
endif
desktops:
ifneq ($(filter 13 testing sid ubuntu-24.04 ubuntu-25.10,$(DEBIAN)),)
	$(MAKE) release
	Tests/Desktops/chroot $(DEBIAN) $(STATIC_BIN) $(SERVERS)
else
	@packaging/install-deps --with-desktops
	$(SWIFT) build $(DEBUG_FLAGS)
	Tests/Desktops/run "$$($(SWIFT) build $(DEBUG_FLAGS) --show-bin-path)" $(SERVERS)
endif

bench:
	@packaging/install-deps --with-bench
	$(MAKE) -C bench

# A day of use in SOAK_MINUTES (default 10), the bridge attached: leaks and missed signals.
SOAK_MINUTES ?= 10
soak: release
	$(SWIFT) build -c release --product islet-bench
	$$($(SWIFT) build -c release --show-bin-path)/islet-bench soak $(SOAK_MINUTES) $(CURDIR)/$(STATIC_BIN)

# Man pages and shell completions: islet's from its own --help (swift-argument-parser; the
# plugin reads a debug build: the text is the same, and it is quick); isletd and islet-notify,
# which parse their few options by hand to stay small in memory, have them written out in
# packaging/man and packaging/completions.
GENERATED = islet
HANDWRITTEN = isletd islet-notify
MANPAGES = $(foreach p,$(GENERATED) $(HANDWRITTEN),$(STATIC)/man/$(p).1)
COMPLETIONS = $(foreach p,$(GENERATED) $(HANDWRITTEN),$(STATIC)/completions/$(p).bash $(STATIC)/completions/_$(p) $(STATIC)/completions/$(p).fish)

man: release $(MANPAGES)
completions: release $(COMPLETIONS)

$(foreach p,$(GENERATED),$(STATIC)/man/$(p).1) &: $(foreach p,$(GENERATED),$(STATIC_BIN)/$(p))
	$(SWIFT) package --allow-writing-to-package-directory generate-manual \
	  --configuration debug --date 2026-11-22 --authors "islet developers" >/dev/null
	mkdir -p $(STATIC)/man
	cp $(foreach p,$(GENERATED),.build/plugins/GenerateManual/outputs/$(p)/$(p).1) $(STATIC)/man/

$(foreach p,$(HANDWRITTEN),$(STATIC)/man/$(p).1): $(STATIC)/man/%: packaging/man/%
	@mkdir -p $(@D)
	cp $< $@
$(foreach p,$(HANDWRITTEN),$(STATIC)/completions/$(p).bash $(STATIC)/completions/_$(p) $(STATIC)/completions/$(p).fish): \
  $(STATIC)/completions/%: packaging/completions/%
	@mkdir -p $(@D)
	cp $< $@

$(STATIC)/completions/%.bash: $(STATIC_BIN)/%
	@mkdir -p $(@D)
	@# Sourced by bash-completion, never run: no #! line (lintian's bash-completion-with-hashbang).
	$< --generate-completion-script bash | sed '1{/^#!/d}' > $@
$(STATIC)/completions/_%: $(STATIC_BIN)/%
	@mkdir -p $(@D)
	$< --generate-completion-script zsh > $@
$(STATIC)/completions/%.fish: $(STATIC_BIN)/%
	@mkdir -p $(@D)
	$< --generate-completion-script fish > $@

# Every file `make install` writes; `make uninstall` removes exactly these.
INSTALLED = \
	$(foreach p,$(PROGRAMS),$(BINDIR)/$(p)) \
	$(DATADIR)/dbus-1/services/org.islet.Islet1.service \
	$(DATADIR)/dbus-1/interfaces/org.islet.Islet1.xml $(DATADIR)/dbus-1/interfaces/org.islet.Notify1.xml \
	$(UNITDIR)/isletd.service $(UNITDIR)/islet-notify.service \
	$(SYSCONFDIR)/xdg/autostart/islet-notify.desktop \
	$(DATADIR)/applications/org.islet.Islet.desktop \
	$(APP_INSTALLED) $(ICONS) \
	$(foreach p,$(PROGRAMS),$(DATADIR)/man/man1/$(p).1) \
	$(foreach p,$(PROGRAMS),$(DATADIR)/bash-completion/completions/$(p)) \
	$(foreach p,$(PROGRAMS),$(DATADIR)/zsh/site-functions/_$(p)) \
	$(foreach p,$(PROGRAMS),$(DATADIR)/fish/vendor_completions.d/$(p).fish) \
	$(DATADIR)/doc/islet/README.md $(DATADIR)/doc/islet/config.toml $(DATADIR)/doc/islet/copyright \
	$(foreach f,$(EXTENSION_FILES),$(EXTENSION_DIR)/$(f)) \
	$(foreach l,$(LINGUAS),$(EXTENSION_DIR)/locale/$(l)/LC_MESSAGES/$(EXTENSION_DOMAIN).mo) \
	$(foreach f,$(PLASMOID_FILES),$(PLASMOID_DIR)/$(f)) \
	$(foreach l,$(LINGUAS),$(DATADIR)/locale/$(l)/LC_MESSAGES/islet.mo) \
	$(foreach f,$(notdir $(wildcard packaging/examples/*)),$(DATADIR)/doc/islet/examples/$(f))

# The app's own files (the islet-app package).
APP_INSTALLED = $(BINDIR)/$(APP) $(DATADIR)/man/man1/$(APP).1 $(DATADIR)/applications/org.islet.Islet.App.desktop \
	$(DATADIR)/dbus-1/services/org.islet.Islet.App.service $(DATADIR)/metainfo/org.islet.Islet.App.metainfo.xml
# The icon names islet everywhere (the app, and the notifications' desktop entry): in islet.
ICONS = $(DATADIR)/icons/hicolor/scalable/apps/org.islet.Islet.App.svg \
	$(DATADIR)/icons/hicolor/symbolic/apps/org.islet.Islet.App-symbolic.svg

installed-files:
	@for f in $(INSTALLED); do echo $$f; done
app-files:
	@for f in $(APP_INSTALLED); do echo $$f; done

subst = sed 's|@bindir@|$(BINDIR)|g'

install: release man completions locale
	for p in $(PROGRAMS); do install -Dm755 -s --strip-program=$(STRIP) $(STATIC_BIN)/$$p $(DESTDIR)$(BINDIR)/$$p; done
	install -d $(DESTDIR)$(DATADIR)/dbus-1/services $(DESTDIR)$(UNITDIR) $(DESTDIR)$(SYSCONFDIR)/xdg/autostart \
	  $(DESTDIR)$(DATADIR)/applications
	$(subst) dbus/org.islet.Islet1.service.in > $(DESTDIR)$(DATADIR)/dbus-1/services/org.islet.Islet1.service
	install -Dm644 dbus/org.islet.Islet1.xml $(DESTDIR)$(DATADIR)/dbus-1/interfaces/org.islet.Islet1.xml
	install -Dm644 dbus/org.islet.Notify1.xml $(DESTDIR)$(DATADIR)/dbus-1/interfaces/org.islet.Notify1.xml
	$(subst) packaging/systemd/isletd.service.in > $(DESTDIR)$(UNITDIR)/isletd.service
	$(subst) packaging/systemd/islet-notify.service.in > $(DESTDIR)$(UNITDIR)/islet-notify.service
	$(subst) $(LOCALE_BUILD)/islet-notify.desktop.in > $(DESTDIR)$(SYSCONFDIR)/xdg/autostart/islet-notify.desktop
	$(subst) $(LOCALE_BUILD)/org.islet.Islet.desktop.in > $(DESTDIR)$(DATADIR)/applications/org.islet.Islet.desktop
	install -Dm755 -s --strip-program=$(STRIP) $(STATIC_BIN)/$(APP) $(DESTDIR)$(BINDIR)/$(APP)
	install -Dm644 packaging/man/$(APP).1 $(DESTDIR)$(DATADIR)/man/man1/$(APP).1
	$(subst) $(LOCALE_BUILD)/org.islet.Islet.App.desktop.in > $(DESTDIR)$(DATADIR)/applications/org.islet.Islet.App.desktop
	$(subst) dbus/org.islet.Islet.App.service.in > $(DESTDIR)$(DATADIR)/dbus-1/services/org.islet.Islet.App.service
	install -Dm644 $(METAINFO) $(DESTDIR)$(DATADIR)/metainfo/org.islet.Islet.App.metainfo.xml
	install -Dm644 packaging/icons/org.islet.Islet.App.svg $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/org.islet.Islet.App.svg
	install -Dm644 packaging/icons/org.islet.Islet.App-symbolic.svg $(DESTDIR)$(DATADIR)/icons/hicolor/symbolic/apps/org.islet.Islet.App-symbolic.svg
	for l in $(LINGUAS); do install -Dm644 $(LOCALE_BUILD)/$$l/LC_MESSAGES/islet.mo $(DESTDIR)$(DATADIR)/locale/$$l/LC_MESSAGES/islet.mo || exit 1; done
	for p in $(PROGRAMS); do \
	  install -Dm644 $(STATIC)/man/$$p.1 $(DESTDIR)$(DATADIR)/man/man1/$$p.1 && \
	  install -Dm644 $(STATIC)/completions/$$p.bash $(DESTDIR)$(DATADIR)/bash-completion/completions/$$p && \
	  install -Dm644 $(STATIC)/completions/_$$p $(DESTDIR)$(DATADIR)/zsh/site-functions/_$$p && \
	  install -Dm644 $(STATIC)/completions/$$p.fish $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/$$p.fish || exit 1; \
	done
	install -Dm644 README.md $(DESTDIR)$(DATADIR)/doc/islet/README.md
	install -Dm644 packaging/config.toml $(DESTDIR)$(DATADIR)/doc/islet/config.toml
	install -Dm644 LICENSE $(DESTDIR)$(DATADIR)/doc/islet/copyright
	install -d $(DESTDIR)$(DATADIR)/doc/islet/examples
	install -m644 packaging/examples/* $(DESTDIR)$(DATADIR)/doc/islet/examples/
	packaging/gnome-shell/build $(GNOME_SHELL_API) $(STATIC)/gnome-shell/$(GNOME_SHELL_API) >/dev/null
	install -d $(DESTDIR)$(EXTENSION_DIR)
	install -m644 $(addprefix $(STATIC)/gnome-shell/$(GNOME_SHELL_API)/$(EXTENSION_UUID)/,$(EXTENSION_FILES)) $(DESTDIR)$(EXTENSION_DIR)/
	@# Its own translations, in its own folder, as the extensions.gnome.org zip has them.
	for l in $(LINGUAS); do install -Dm644 $(STATIC)/gnome-shell/$(GNOME_SHELL_API)/$(EXTENSION_UUID)/locale/$$l/LC_MESSAGES/$(EXTENSION_DOMAIN).mo \
	  $(DESTDIR)$(EXTENSION_DIR)/locale/$$l/LC_MESSAGES/$(EXTENSION_DOMAIN).mo || exit 1; done
	packaging/plasma/build $(STATIC)/plasma >/dev/null
	for f in $(PLASMOID_FILES); do install -Dm644 $(STATIC)/plasma/$(PLASMOID_ID)/$$f $(DESTDIR)$(PLASMOID_DIR)/$$f || exit 1; done
	@echo "Installed islet under $(DESTDIR)$(PREFIX). isletd starts on demand (D-Bus activation);"
	@echo "turn on the notifications with: systemctl --user enable --now islet-notify.service"
	@echo "and on GNOME Shell $(GNOME_SHELL_API)+ the island in the top bar with: gnome-extensions enable $(EXTENSION_UUID)"
	@echo "On KDE Plasma 6, add the widget \"islet\" ($(PLASMOID_ID)) to a panel."

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir $(DESTDIR)$(DATADIR)/doc/islet/examples $(DESTDIR)$(DATADIR)/doc/islet $(DESTDIR)$(EXTENSION_DIR) 2>/dev/null
	-rmdir $(addprefix $(DESTDIR)$(PLASMOID_DIR)/,contents/code contents/config contents/ui contents) $(DESTDIR)$(PLASMOID_DIR) 2>/dev/null

# A quick local .deb of this build (Swift runtime linked in): .build-static/islet_VERSION_ARCH.deb
# and islet-app's; for Debian and Ubuntu, the source package below (docs/PACKAGING.md).
deb: release
	packaging/quick-deb/build-deb $(VERSION)

# islet's Debian source package in .build-source/ (packaging/debian as debian/, the Swift
# packages it builds with as component tarballs), and `make debian-packages DEBIAN=sid`: that
# source package built offline in a clean chroot of Debian unstable with its own swiftlang, then
# lintian --pedantic (.build-debian/RELEASE); then the packages installed into a clean chroot
# of the release (every dependency from its archive, an upgrade from `make deb`'s 0.1.0 when
# .build-static has it, isletd activated, islet-notify run, removed and purged leaving nothing).
# DEBIAN=12 or 13: built here with this machine's Swift (their own cannot build islet).
source-package:
	packaging/source-package
debian-packages: source-package
	Tests/Packaging/build $(or $(DEBIAN),sid)
	Tests/Packaging/install-check $(or $(DEBIAN),sid) $(wildcard $(STATIC)/islet_$(VERSION)_*.deb)

# The extensions.gnome.org uploads, one zip per GNOME Shell generation (43-44, 45-51), from the
# sources the packages install (packaging/gnome-shell/zip; docs/EXTENSION-REVIEW.md).
extension-zips:
	packaging/gnome-shell/zip .build-extension

# The KDE Store's file (Plasma's "Get New Widgets"), from the sources plasma-widget-islet installs:
# .build-plasmoid/org.islet.island.plasmoid (packaging/plasma/plasmoid).
plasmoid:
	packaging/plasma/plasmoid .build-plasmoid

# The install matrix (docs/PACKAGING.md): the packages for Debian 12, 13 and unstable built and
# checked as above, then installed with apt into a clean root of each release and of Ubuntu 24.04
# and 25.10 (which take Debian 13's), each on its own GNOME: the packaged extension ACTIVE with a
# timer in its island, isletd activated, islet-notify running, islet-app opening
# (Tests/Packaging/desktop-check). `make package-matrix RELEASES="sid 13"` runs some of them.
RELEASES ?= 12 13 sid ubuntu-24.04 ubuntu-25.10
package-matrix: source-package
	for r in $(filter 12 13 sid testing,$(RELEASES)) $(if $(filter ubuntu-%,$(RELEASES)),13); do \
	  Tests/Packaging/build $$r && Tests/Packaging/install-check $$r || exit 1; done
	status=0; for r in $(RELEASES); do Tests/Packaging/desktop-check $$r || status=1; done; exit $$status

# The store files as a user installs them on each release's own shell, islet absent and then
# installed (Tests/Packaging/zip-check, plasmoid-check; after package-matrix, whose packages
# they install): GNOME 43, 46, 48, 49, 50 and 51; Plasma 6.3 and 6.7.
ZIP_RELEASES ?= 12 ubuntu-24.04 13 ubuntu-25.10 testing sid
PLASMOID_RELEASES ?= 13 sid
store-checks: extension-zips plasmoid
	status=0; for r in $(ZIP_RELEASES); do Tests/Packaging/zip-check $$r || status=1; done; \
	  for r in $(PLASMOID_RELEASES); do Tests/Packaging/plasmoid-check $$r || status=1; done; exit $$status

clean:
	rm -rf .build $(STATIC) $(LOCALE_BUILD) bench/.build .build-source .build-debian .build-extension .build-plasmoid
