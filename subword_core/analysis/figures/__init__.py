"""Corpus-wide figures from counts: the layer above the tokenizer that the profiles use.

- :mod:`.counts`: each pipeline's distinct model inputs counted once, encoded once per model;
- :mod:`.fingerprint`: a cheap tokenizer fingerprint (tables digested once, memoised);
- :mod:`.cache`: counts, profiles and cuts on disk, keyed by corpus and fingerprints.

:mod:`subword_core.analysis.corpus_profiles` drives them; nothing below the tokenizer imports them.
"""
