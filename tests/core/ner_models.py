"""Tiny randomly initialised token-classification model folders, built locally (no download).

``build_folder(path, kind)`` trains a small tokenizer with our presets (see :data:`KINDS`:
WordPiece with ``##``, byte-level BPE with and without RoBERTa's trimmed offsets, Unigram
with Metaspace), saves it with our ``save_pretrained``, and saves a
``BertForTokenClassification`` or ``RobertaForTokenClassification`` of a few thousand
weights beside it. The classifier weights are scaled up so the argmax label changes from
token to token (a fresh head predicts nearly uniform scores).
"""

from __future__ import annotations

import json
from pathlib import Path

from subword_core.training.presets import train_tokenizer
from subword_core._util.progress import drive

LABELS = ["O", "B-PER", "I-PER", "B-ORG", "I-ORG", "B-LOC", "I-LOC", "B-MISC", "I-MISC"]
CORPUS = [
    "Ada Lovelace worked with Charles Babbage in London on the Analytical Engine.",
    "The United Nations met in New York; Microsoft and Google sent delegates.",
    "Zoë Saldaña visited São Paulo, Kraków and Reykjavík in the summer of 2019.",
    "Der Bundestag tagt in Berlin. Die Universität Zürich liegt in der Schweiz.",
    "東京 と 大阪 は 日本 の 都市 です。 서울 은 한국 의 수도 입니다.",
    "Emoji 👩‍💻 and 🇫🇷 flags, tabs\tand newlines\nend here!!!",
    "internationalization antidisestablishmentarianism supercalifragilistic",
]
#: Texts that exercise the sub-word heuristics: accents (precomposed and combining),
#: NFKC characters, CJK, Korean, an emoji ZWJ sequence, tabs, newlines, runs of spaces,
#: long unknown words, punctuation, special tokens in the text, the empty string.
TEXTS = [
    "Ada Lovelace worked with Charles Babbage in London.",
    "Zoë Saldaña visited São Paulo",
    "Zoe\u0308 Salda\u0303na visited Sa\u0303o Paulo",
    "ﬁnance ｆｕｌｌｗｉｄｔｈ ① ㎏ Ⅻ",
    "東京と大阪は日本の都市です。",
    "서울은 한국의 수도입니다",
    "👩‍💻 codes; 🇫🇷 waves 👍🏽",
    "tab\tseparated\tvalues\nand a new line",
    "runs   of    spaces  here ",
    "",
    " ",
    "supercalifragilisticexpialidocious pneumonoultramicroscopicsilicovolcanoconiosis",
    "Hello, world!!! (really?) -- yes: \"quoted\" [brackets] {braces} a/b c.d e_f",
    "Microsoft and Google in New York.",
    "[CLS] inside [SEP] text <s> and </s> [MASK]",
    "qqqq xyzzy ǅ ß ẞ İstanbul",
    "  leading and trailing spaces  ",
    "UPPER lower MiXeD 12345 3.14 1,000",
]


ROBERTA_SPECIALS = ["<s>", "<pad>", "</s>", "<unk>", "<mask>"]
#: ``wordpiece``: BERT; ``byte-bpe``: RoBERTa (offsets trimmed of the leading space);
#: ``byte-bpe-untrimmed``: GPT-2 style, offsets keep the space, no special tokens;
#: ``unigram``: SentencePiece-style Metaspace ``▁`` tokens with an unknown token.
KINDS = ("wordpiece", "byte-bpe", "byte-bpe-untrimmed", "unigram")


def _tokenizer(kind: str):
    from subword_core import processors

    if kind == "wordpiece":
        return drive(train_tokenizer(CORPUS, "wordpiece", 300)).tokenizer
    if kind == "byte-bpe-untrimmed":
        return drive(train_tokenizer(CORPUS, "byte-bpe", 400)).tokenizer
    algorithm = "unigram" if kind == "unigram" else "byte-bpe"
    tokenizer = drive(train_tokenizer(CORPUS, algorithm, 300 if kind == "unigram" else 400,
                                      special_tokens=ROBERTA_SPECIALS)).tokenizer
    tokenizer.post_processor = processors.RobertaProcessing(
        ("</s>", tokenizer.token_to_id("</s>")), ("<s>", tokenizer.token_to_id("<s>")),
        trim_offsets=True, add_prefix_space=False)
    return tokenizer


def build_folder(path: Path, kind: str = "wordpiece", seed: int = 0,
                 model_max_length: int | None = 64, labels: list[str] = LABELS) -> Path:
    """Save a tokenizer and a random token-classification model in ``path``."""
    import torch
    import transformers

    tokenizer = _tokenizer(kind)
    tokenizer.save_pretrained(path)
    config_path = path / "tokenizer_config.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    if model_max_length is None:
        config.pop("model_max_length", None)
    else:
        config["model_max_length"] = model_max_length
    config_path.write_text(json.dumps(config, indent=2), encoding="utf-8")
    torch.manual_seed(seed)
    common = dict(vocab_size=tokenizer.get_vocab_size(), hidden_size=32, num_hidden_layers=2,
                  num_attention_heads=2, intermediate_size=37, num_labels=len(labels),
                  id2label=dict(enumerate(labels)), label2id={l: i for i, l in enumerate(labels)})
    if kind == "wordpiece":
        model = transformers.BertForTokenClassification(transformers.BertConfig(
            max_position_embeddings=128, **common))
    else:
        pad = tokenizer.token_to_id("<pad>") or 1
        model = transformers.RobertaForTokenClassification(transformers.RobertaConfig(
            max_position_embeddings=130, pad_token_id=pad, bos_token_id=0, eos_token_id=2,
            type_vocab_size=1, **common))
    with torch.no_grad():
        model.classifier.weight.mul_(40.0)
    model.save_pretrained(path)
    return path
