"""``tokenizers.models``: the models (``import subword_core.compat as tokenizers``)."""

from __future__ import annotations

from .. import models as _models
from ..components import Model
from ._names import alias

__all__ = alias(globals(), ("BPE", "Model", "Unigram", "WordLevel", "WordPiece"), _models,
                Model=Model)
