"""``python -m kalooki_desktop.i18n --check``: the catalogues' check (:mod:`..tools.i18ncheck`)."""

from ..tools.i18ncheck import main

if __name__ == "__main__":
    raise SystemExit(main())
