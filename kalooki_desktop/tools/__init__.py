"""The measuring instruments, apart from the product: ``python -m kalooki_desktop.tools.<name>``
(``docs/tools.md``). They use the product; the product never uses them."""
