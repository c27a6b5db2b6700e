"""Teaching: the guided lessons, the compression view's numbers and the step-by-step pipeline
builder.

Beside :mod:`subword_core.analysis` and independent of it (neither imports the other), above
training (see docs/ARCHITECTURE.md).
"""
