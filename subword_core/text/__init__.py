"""Strings that remember where they came from, and the tables they need.

:mod:`.normalized` (``NormalizedString``, alignments to the original text), :mod:`.pretokenized`
(``PreTokenizedString``, splits with offsets), :mod:`.onig` (Oniguruma patterns on ``regex``),
:mod:`.precompiled` (SentencePiece's compiled normalization map), :mod:`.graphemes` (user-perceived
characters), :mod:`.gpt2_bytes` (GPT-2's byte alphabet) and the Unicode tables the components
share. Below the pipeline components (see docs/ARCHITECTURE.md): nothing here imports them.
"""
