"""The cores of Towers' three 7×7 board games (Skirmish, Castles, Gauntlet of Crowns): rules
engines, AIs and the command line. No GUI imports here, ever."""

__version__ = "0.1.0"  # the project's only version number (pyproject, app and build read it)
