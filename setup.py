"""Compiles the Cython core; everything else lives in pyproject.toml."""
from Cython.Build import cythonize
from setuptools import Extension, setup

MODULES = ["towers_core.rules"]

extensions = [
    Extension(name, [name.replace(".", "/") + ".pyx"], extra_compile_args=["-O3"])
    for name in MODULES
]

setup(
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
