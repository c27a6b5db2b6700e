"""Small reusable widgets (no algorithm code: they draw what the core computed)."""

from .alignment_view import AlignmentView
from .token_text_view import TokenTextView

__all__ = ["AlignmentView", "TokenTextView"]
