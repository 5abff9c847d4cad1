"""The measuring instruments, apart from the product: the benchmarks (``bench``, ``framebench``,
``pacebench``), the simulators (``sim``, ``sim_british`` on ``simstats``), the coach's honesty
bench (``coachbench``) and review command (``coach_cli``), and ``kalooki --smoke-test``
(``smoke``). Each runs with ``python -m kalooki_desktop.tools.<name>``; they use the product,
the product never uses them (``tests/test_structure.py``). Docs: ``docs/tools.md``."""
