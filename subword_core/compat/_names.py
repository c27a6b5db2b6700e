"""Copy HF's public names from subword_core modules into a compat module's namespace."""

from __future__ import annotations

from types import ModuleType
from typing import Any


def alias(namespace: dict[str, Any], names: tuple[str, ...], *sources: ModuleType | dict,
          **renamed: Any) -> list[str]:
    """Put each of HF's ``names`` found in ``sources`` (or ``renamed``) into ``namespace``.

    A name that subword_core does not provide yet is left out (``from tokenizers.x import
    Name`` then fails with ImportError, as it would against an older ``tokenizers``).
    Returns the names provided, for ``__all__``.
    """
    found = []
    for name in names:
        if name in renamed:
            value = renamed[name]
        else:
            value = next((_get(source, name) for source in sources
                          if _get(source, name) is not None), None)
        if value is not None:
            namespace[name] = value
            found.append(name)
    return found


def _get(source: ModuleType | dict, name: str) -> Any:
    return source.get(name) if isinstance(source, dict) else getattr(source, name, None)
