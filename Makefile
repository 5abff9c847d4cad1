# The two commands of the README: `make play` and `make test`. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: play test test-fast lint bench sim exe install-desktop clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m kalooki_desktop

lint: $(STAMP)
	$(PY) -m ruff check kalooki_desktop tests build scripts
	$(PY) -m mypy
	$(PY) -m kalooki_desktop.i18n --check

test: $(STAMP) lint
	$(PY) -m pytest -q

test-fast: $(STAMP)
	$(PY) -m pytest -q -m "not slow"

bench: $(STAMP)
	$(PY) -m kalooki_desktop.bench

BUILD_STAMP := $(VENV)/.build-stamp
$(BUILD_STAMP): $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test,build]'
	touch $(BUILD_STAMP)

# The one-file executable dist/kalooki (see kalooki.spec), then its launch time.
exe: $(BUILD_STAMP)
	$(PY) build/build.py

# Linux: the executable, its icon and a menu entry for this user (PREFIX=~/.local by default).
PREFIX ?= $(HOME)/.local
install-desktop: exe
	install -Dm755 dist/kalooki $(PREFIX)/bin/kalooki
	install -Dm644 assets/icon/kalooki-256.png $(PREFIX)/share/icons/hicolor/256x256/apps/kalooki.png
	install -Dm644 build/icons/kalooki-512.png $(PREFIX)/share/icons/hicolor/512x512/apps/kalooki.png
	sed 's|^Exec=.*|Exec=$(PREFIX)/bin/kalooki|' build/linux/kalooki.desktop > kalooki.desktop.tmp
	install -Dm644 kalooki.desktop.tmp $(PREFIX)/share/applications/kalooki.desktop
	rm -f kalooki.desktop.tmp

launch-bench: exe
	$(PY) build/launch_bench.py

clean:
	rm -rf $(VENV) build/lib build/work dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
