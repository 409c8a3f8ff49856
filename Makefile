# islet: `make run` to try it, `make test` to check it.
SWIFT ?= swift
PREFIX ?= /usr/local
BIN_DEBUG = $(shell $(SWIFT) build --show-bin-path 2>/dev/null)

.PHONY: all deps build release run test bench clean

all: build

deps:
	@packaging/install-deps

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: build
	packaging/run-dev "$$($(SWIFT) build --show-bin-path)"

# The whole suite, under a private session bus. Tests that need to kill or configure a bus
# start their own dbus-daemon as well.
test: deps
	$(SWIFT) build --build-tests
	dbus-run-session -- $(SWIFT) test --skip-build

bench: deps
	$(MAKE) -C bench

clean:
	rm -rf .build bench/.build
