"""Where setuptools finds the packages; everything else is in pyproject.toml.

The repository keeps the GUI in ``app/`` and the data files in ``resources/``, but an installed
distribution must not claim generic top-level names: the wheel installs ``app/`` as the package
``subword_explorer`` (app/ imports itself only relatively) and ``resources/`` as the package data
``subword_core._resources`` (read by ``subword_core/_util/bundled.py``). The packages are found at
build time, so a new subpackage of ``app/`` or ``subword_core/`` needs no edit here.
"""

from setuptools import find_packages, setup

GUI = "subword_explorer"
core = find_packages(include=["subword_core", "subword_core.*"])
gui = [GUI + name[len("app"):] for name in find_packages(include=["app", "app.*"])]

setup(
    packages=[*core, *gui, "subword_core._resources"],
    package_dir={GUI: "app", "subword_core._resources": "resources"},
    package_data={
        GUI: ["translations/*.qm"],
        "subword_core._resources": ["corpora/**/*", "lessons/*", "labeled/*",
                                    "icons/*"],
    },
    include_package_data=False,  # only the package_data above (no MANIFEST.in)
    exclude_package_data={"": ["__pycache__/*", "*.pyc"]},
)
