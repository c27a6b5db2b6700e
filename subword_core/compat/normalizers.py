"""``tokenizers.normalizers``: the normalizers (``import subword_core.compat as tokenizers``)."""

from __future__ import annotations

from .. import normalizers as _normalizers
from ..components import Normalizer
from ._names import alias

__all__ = alias(globals(), (
    "Normalizer", "BertNormalizer", "NFD", "NFKD", "NFC", "NFKC", "Sequence", "Lowercase",
    "Prepend", "Strip", "StripAccents", "Nmt", "Precompiled", "Replace", "ByteLevel",
), _normalizers, Normalizer=Normalizer)

NORMALIZERS = {"nfc": _normalizers.NFC, "nfd": _normalizers.NFD, "nfkc": _normalizers.NFKC,
               "nfkd": _normalizers.NFKD}


def unicode_normalizer_from_str(normalizer: str) -> Normalizer:
    """The Unicode normalizer named ``nfc``, ``nfd``, ``nfkc`` or ``nfkd`` (HF's helper)."""
    if normalizer not in NORMALIZERS:
        raise ValueError(f"{normalizer} is not a known unicode normalizer. "
                         f"Available are {NORMALIZERS.keys()}")
    return NORMALIZERS[normalizer]()


__all__ += ["NORMALIZERS", "unicode_normalizer_from_str"]
