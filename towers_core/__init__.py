"""Towers v1.3: rules engine, AI and tools. No GUI imports here, ever."""

__version__ = "0.1.0"
