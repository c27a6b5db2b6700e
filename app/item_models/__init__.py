"""Qt item models over core data: map rows and roles, nothing more (STYLE.md section 3).

Sorting and filtering happen inside the models (measured: a ``QSortFilterProxyModel``
took 5 s to sort 50k rows, sorting inside the model 47 ms; QT_SETUP.md).
"""

from .merges_model import MergesModel, UnigramStepsModel
from .table_model import Column, RecordTableModel
from .tokens_model import TokensModel
from .word_counts_model import WordCountsModel, WordCountsTable
from .vocab_model import TippedRecordModel, VocabModel  # noqa: F401  (vocabulary view)

__all__ = ["Column", "MergesModel", "RecordTableModel", "TokensModel", "UnigramStepsModel",
           "WordCountsModel", "WordCountsTable"]
