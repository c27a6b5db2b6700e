"""Models: turn one pre-tokenized word into tokens (HF ``tokenizers.models``).

Importing this package registers ``BPE``, ``WordPiece``, ``Unigram`` and ``WordLevel``
under their ``tokenizer.json`` ``"type"`` names. All offsets are character offsets
into the word.
"""

from .bpe import BPE
from .bpe_trace import LineageNode, MergeCandidate, MergeStep, MergeTrace
from .lattice import Lattice, LatticeNode, Segmentation
from .unigram import Unigram
from .wordlevel import WordLevel
from .wordpiece import MatchStep, MatchTrace, WordPiece

__all__ = [
    "BPE",
    "Lattice",
    "LatticeNode",
    "LineageNode",
    "MatchStep",
    "MatchTrace",
    "MergeCandidate",
    "MergeStep",
    "MergeTrace",
    "Segmentation",
    "Unigram",
    "WordLevel",
    "WordPiece",
]
