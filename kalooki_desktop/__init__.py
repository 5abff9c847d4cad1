"""Kalooki desktop: Jamaican Kalooki against computer opponents."""

__version__ = "0.1.0"
