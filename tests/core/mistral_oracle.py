"""mistral-common's ``Tekkenizer``, the reference for ``tekken.json`` (a test-only oracle).

mistral-common is installed without its dependencies (``scripts/setup.sh``: it pins old
versions of others). ``Tekkenizer`` encodes with tiktoken only, but its module imports the
request and image protocol modules, which import Pillow, jsonschema and
pydantic-extra-types. When those are missing, inert stand-ins take their place for this
import: none of them is reached by building a Tekkenizer or encoding text.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from unittest import mock

import pytest

_STUBBED = ("PIL", "jsonschema", "pydantic_extra_types")


class _StandIns(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Modules under the missing roots, as mocks (with the one real type pydantic needs)."""

    def __init__(self, roots: set[str]) -> None:
        self.roots = roots

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.roots:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec):
        module = mock.MagicMock()
        module.__spec__, module.__path__, module.__name__ = spec, [], spec.name
        return module

    def exec_module(self, module) -> None:
        if module.__name__ == "pydantic_extra_types.language_code":
            module.LanguageAlpha2 = str  # a field type of a request model


def tekkenizer_class():
    """``mistral_common``'s ``Tekkenizer`` (skips the test when mistral-common is absent)."""
    if importlib.util.find_spec("mistral_common") is None:
        pytest.skip("mistral-common is not installed")
    missing = {root for root in _STUBBED if importlib.util.find_spec(root) is None}
    finder = _StandIns(missing) if missing else None
    if finder is not None:
        sys.meta_path.append(finder)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pydantic on the mocked image type
            from mistral_common.tokens.tokenizers.tekken import Tekkenizer
    finally:
        if finder is not None:
            sys.meta_path.remove(finder)
            # mistral-common keeps what it imported; nothing else may find the stand-ins
            for name in [n for n in sys.modules if n.split(".")[0] in missing]:
                del sys.modules[name]
    return Tekkenizer
