"""Training whole tokenizers: the presets the app and the ``subword`` command offer, HF's training
API (``Tokenizer.train``, ``train_from_iterator``, ``model.get_trainer()``) with HF's trainer
defaults, and overall progress for a progress bar.

Above the tokenizer and the file formats, below the analysis and teaching layers (see
docs/ARCHITECTURE.md).
"""
