"""Compiles the Cython core; everything else lives in pyproject.toml."""
import sys

from Cython.Build import cythonize
from setuptools import Extension, find_packages, setup

MODULES = [
    "towers_core.skirmish.rules",
    "towers_core.skirmish.ai.search",
    "towers_core.skirmish.ai.ismcts",
    "towers_core.castles.rules",
    "towers_core.castles.ai.search",
    "towers_core.gauntlet.rules",
    "towers_core.gauntlet.cengine",
    "towers_core.gauntlet.ai.evaluate",
    "towers_core.gauntlet.ai.planner",
]

OPTIMIZE = ["/O2"] if sys.platform == "win32" else ["-O3"]

extensions = [
    Extension(name, [name.replace(".", "/") + ".pyx"], extra_compile_args=OPTIMIZE)
    for name in MODULES
]

# the art, style sheet and rules text ship inside the app package, from the top-level resources/
PACKAGES = find_packages(include=["towers_core", "towers_core.*", "towers_qt", "towers_qt.*"])

setup(
    packages=PACKAGES + ["towers_qt.resources"],
    package_dir={"towers_qt.resources": "resources"},
    ext_modules=cythonize(
        extensions,
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    )
)
