"""Plumbing that knows nothing of tokenizers: atomic file writes, pausing the garbage collector,
spawning worker processes, progress events and their driver, HF-style reprs, the shipped
data files (bundled).

The bottom layer of subword_core (see docs/ARCHITECTURE.md): it imports nothing from the rest of
the package but :mod:`subword_core.errors`.
"""
