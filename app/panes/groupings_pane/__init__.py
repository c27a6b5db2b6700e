"""GroupingsPane: tokens grouped back into words/entities, as token classification does.

Mode 1, *Demo: frequency as a score*: a per-token score (corpus frequency, merge
rank or Unigram log-probability, from ``analysis.token_scores``) stands in for a
two-label classifier output (LOW/HIGH) and goes through ``labels.aggregate`` with
the strategy picked (none / simple / first / average / max). It shows how the
strategies group tokens; it is *not* an entity model, and the pane says so.
Rows: entity_group, word, start, end, score, tokens; selecting one selects its
span everywhere.

Mode 2, *IOB labels*: a word-per-line IOB/CoNLL file is aligned to sub-tokens
(``labels.align_sentence``: first sub-token only or all, IOB1 or IOB2), the
token labels are regrouped into entities and compared with the originals.

Mode 3, *Gold labels*: a CoNLL/IOB or JSONL-spans file (``subword_core.gold``)
against the current tokenizer: one document's token labels, its entities with
"fragmented into N tokens" and "regrouped: exact / differs" (after trimming a
byte-level token's leading space), and the corpus-wide figures, computed in a
worker (:class:`~app.jobs.FigureJob`) and deferred while the pane is out of sight.

Mode 4, *Token-classification model (folder)*: a ``transformers`` model folder read from
disk (``subword_core.token_classification``, the optional ``ner`` extra) runs in a worker on
the current text (again, debounced, when the text changes); its entity groups and per-token
labels are shown exactly as ``TokenClassificationPipeline`` gives them for the strategy
picked. The last folder is remembered in QSettings.

Corpus token frequencies need one encode per corpus word, so they are counted in
a worker and cached per tokenizer.
"""

from .gold_page import GoldLabelsPage, figures_text
from .model_page import MODEL_FOLDER_KEY, RERUN_DELAY_MS, ModelPage
from .pane import GroupingsPane
from .shared import MODEL_MODE, select_overlapping_rows

__all__ = ["GoldLabelsPage", "GroupingsPane", "MODEL_FOLDER_KEY", "MODEL_MODE", "ModelPage",
           "RERUN_DELAY_MS", "figures_text", "select_overlapping_rows"]
