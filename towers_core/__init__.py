"""Towers v1.3: rules engine, AI and tools. No GUI imports here, ever."""

__version__ = "0.1.0"  # the project's only version number (pyproject, app and build read it)
