"""Vocabulary surgery: prune, extend, merge; each edit's invariant, and HF loads the result."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from subword_core import Tokenizer
from subword_core._util.progress import drive
from subword_core.analysis.audit import audit
from subword_core.analysis.surgery import (
    SurgeryError, corpus_diff, extend, merge_bpe, prune,
)
from subword_core.models import BPE
from subword_core.pre_tokenizers import Whitespace
from subword_core.training.presets import train_tokenizer

ENGLISH = [
    "the lower newest widest theatre lowest",
    "a thesis on the lowering of the newest theatres",
    "tabs\tand  spaces, punctuation! and numbers 12345",
    "café naïve résumé coöperate",
] * 30
KOREAN = ["한국어 문장을 더 짧게 만듭니다", "한국어 토크나이저를 확장합니다 문장", "짧은 문장 한국어"] * 30
MIXED = ["the newest 한국어 문장 café", "lowest theatre 확장", "", "  spaces\t", "🙂 emoji 👩‍💻"]


def _train(tmp_path, docs, algorithm="byte-bpe", size=320) -> Tokenizer:
    path = tmp_path / f"{algorithm}-{len(docs)}.txt"
    path.write_text("\n".join(docs) + "\n", encoding="utf-8")
    return drive(train_tokenizer([path], algorithm, size)).tokenizer


def _words(docs) -> Counter:
    return Counter(w for d in docs for w in d.split())


def _hf_same(tmp_path, tokenizer: Tokenizer, texts) -> None:
    hf = pytest.importorskip("tokenizers")
    path = tmp_path / "edited.json"
    tokenizer.save(str(path))
    reference = hf.Tokenizer.from_file(str(path))
    for text in texts:
        ours, theirs = tokenizer.encode(text), reference.encode(text)
        assert (ours.ids, ours.tokens, ours.offsets) == (theirs.ids, theirs.tokens,
                                                         theirs.offsets), text


# ----------------------------------------------------------------------------- prune
def test_prune_cascades_to_products_nothing_builds_and_remaps():
    vocab = {t: i for i, t in enumerate(["a", "b", "c", "ab", "abc", "bc"])}
    tokenizer = Tokenizer(BPE(vocab, [("a", "b"), ("ab", "c"), ("b", "c")]))
    tokenizer.pre_tokenizer = Whitespace()
    kept = prune(tokenizer, ["ab"])
    assert kept.removed == ["ab", "abc"]
    assert kept.tokenizer.get_vocab() == {"a": 0, "b": 1, "c": 2, "bc": 5}
    assert kept.tokenizer.model.merges == [("b", "c")]
    remapped = prune(tokenizer, [3], remap=True)
    assert remapped.tokenizer.get_vocab() == {"a": 0, "b": 1, "c": 2, "bc": 3}
    assert remapped.id_map == {0: 0, 1: 1, 2: 2, 5: 3}
    assert json.loads(remapped.mapping_json()) == {"0": 0, "1": 1, "2": 2, "5": 3}
    assert remapped.tokenizer.encode("abc").tokens == ["a", "bc"]


@pytest.mark.parametrize("remap", [False, True])
def test_pruning_tokens_never_formed_on_a_corpus_keeps_its_tokenization(tmp_path, remap):
    tokenizer = _train(tmp_path, ENGLISH + KOREAN, size=400)
    report = audit(tokenizer, ENGLISH)
    never = [t.id for t in report.tokens if t.count == 0 and not t.inside
             and not t.categories.count("special") and t.token not in ("<unk>",)]
    assert len(never) > 30  # the Korean merges and bytes, unseen in the English words
    result = prune(tokenizer, never, remap=remap)
    assert corpus_diff(tokenizer, result.tokenizer, ENGLISH).identical
    for doc in ENGLISH[:4]:
        old, new = tokenizer.encode(doc), result.tokenizer.encode(doc)
        assert new.tokens == old.tokens
        assert new.ids == [result.id_map[i] for i in old.ids]
    assert result.tokenizer.get_vocab_size() == tokenizer.get_vocab_size() - len(result.removed)
    _hf_same(tmp_path, result.tokenizer, ENGLISH[:4] + MIXED)


def test_pruning_a_used_token_changes_the_corpus_and_the_diff_says_how(tmp_path):
    tokenizer = _train(tmp_path, ENGLISH, size=300)
    the = tokenizer.token_to_id("Ġthe")
    result = prune(tokenizer, [the])
    diff = corpus_diff(tokenizer, result.tokenizer, ENGLISH)
    assert not diff.identical
    change = next(c for c in diff.changes if c.word == "␣the")
    assert change.before != change.after and diff.tokens_after > diff.tokens_before


def test_prune_remaps_the_post_processor_and_added_tokens(tmp_path):
    from subword_core.processors import TemplateProcessing

    tokenizer = _train(tmp_path, ENGLISH, algorithm="wordpiece", size=200)
    tokenizer.add_special_tokens(["<eos>"])
    eos = tokenizer.token_to_id("<eos>")
    tokenizer.post_processor = TemplateProcessing(
        single="[CLS] $A <eos>", pair="[CLS] $A <eos> $B:1 <eos>:1",
        special_tokens=[("[CLS]", tokenizer.token_to_id("[CLS]")), ("<eos>", eos)])
    doomed = [t for t in tokenizer.get_vocab() if t.startswith("##")][:3]
    result = prune(tokenizer, doomed, remap=True)
    assert result.tokenizer.token_to_id("<eos>") == eos - 3 == result.id_map[eos]
    encoding = result.tokenizer.encode("the lowest")
    assert encoding.tokens[-1] == "<eos>" and encoding.ids[-1] == eos - 3
    _hf_same(tmp_path, result.tokenizer, ENGLISH[:4] + MIXED)


def test_prune_a_unigram_always_remaps(tmp_path):
    tokenizer = _train(tmp_path, ENGLISH, algorithm="unigram", size=150)
    piece = next(t for t in tokenizer.get_vocab() if len(t) > 3 and not t.startswith("<"))
    result = prune(tokenizer, [piece])
    assert piece not in result.tokenizer.get_vocab()
    size = tokenizer.get_vocab_size()
    assert sorted(result.tokenizer.get_vocab().values()) == list(range(size - 1))
    _hf_same(tmp_path, result.tokenizer, ENGLISH[:4] + MIXED)


def test_prune_refuses_unknown_and_added_tokens(tmp_path):
    tokenizer = _train(tmp_path, ENGLISH, size=300)
    with pytest.raises(SurgeryError, match="not in the model"):
        prune(tokenizer, ["no such token"])
    tokenizer.add_special_tokens(["<mask>"])
    with pytest.raises(SurgeryError, match="added token"):
        prune(tokenizer, ["<mask>"])


# ----------------------------------------------------------------------------- extend
def test_extend_keeps_every_merge_and_id_and_old_text(tmp_path):
    tokenizer = _train(tmp_path, ENGLISH, size=300)
    result = extend(tokenizer, KOREAN, 360)
    new = result.tokenizer
    old_merges = tokenizer.model.merges
    assert new.model.merges[: len(old_merges)] == old_merges
    assert all(new.token_to_id(t) == i for t, i in tokenizer.get_vocab().items())
    assert new.get_vocab_size() == 360 and len(result.added) == 60
    assert len(result.history.merges) == len(new.model.merges) - len(old_merges)
    assert result.history.merges[0].rank == len(old_merges)
    for doc in ENGLISH[:4]:  # no new merge applies to English words
        assert new.encode(doc).ids == tokenizer.encode(doc).ids
    korean = KOREAN[0]
    assert len(new.encode(korean).ids) < len(tokenizer.encode(korean).ids)
    _hf_same(tmp_path, new, ENGLISH[:4] + KOREAN[:3] + MIXED)


def test_extend_where_a_new_merge_applies_only_then_text_changes(tmp_path):
    tokenizer = _train(tmp_path, ENGLISH, size=300)
    result = extend(tokenizer, ["zebra zebras zebra " * 5] * 5 + KOREAN, 330)
    new_ids = set(result.tokenizer.get_vocab().values()) - set(tokenizer.get_vocab().values())
    for word in _words(ENGLISH + ["zebra zebras"]):
        before, after = tokenizer.encode(word).ids, result.tokenizer.encode(word).ids
        assert before == after or set(after) & new_ids, word


def test_extend_a_character_bpe_adds_the_new_alphabet_first(tmp_path):
    tokenizer = _train(tmp_path, ENGLISH, algorithm="bpe", size=200)
    result = extend(tokenizer, KOREAN, 260)
    suffix = tokenizer.model.end_of_word_suffix or ""
    alphabet = [t for t in result.added if len(t.removesuffix(suffix)) == 1]
    assert any("\uac00" <= t[0] <= "\ud7a3" for t in alphabet)
    assert result.added[: len(alphabet)] == alphabet == sorted(alphabet)
    unk = result.tokenizer.model.unk_token
    assert unk not in result.tokenizer.encode(KOREAN[0]).tokens
    _hf_same(tmp_path, result.tokenizer, ENGLISH[:4] + KOREAN[:3])


def test_extend_refuses_a_smaller_size_and_other_models(tmp_path):
    tokenizer = _train(tmp_path, ENGLISH, size=300)
    with pytest.raises(SurgeryError, match="already has"):
        extend(tokenizer, KOREAN, 100)
    with pytest.raises(SurgeryError, match="BPE or WordPiece"):
        extend(_train(tmp_path, ENGLISH, algorithm="unigram", size=150), KOREAN, 400)


def test_extend_a_wordpiece_appends_pieces_and_keeps_ids(tmp_path):
    tokenizer = _train(tmp_path, ENGLISH, algorithm="wordpiece", size=200)
    size = tokenizer.get_vocab_size()
    result = extend(tokenizer, KOREAN, size + 60)
    new = result.tokenizer
    assert all(new.token_to_id(t) == i for t, i in tokenizer.get_vocab().items())
    assert new.get_vocab_size() == size + 60 and len(result.history.merges) > 0
    assert any(t.startswith("##") for t in result.added)  # pieces inside Korean words
    new_ids = set(new.get_vocab().values()) - set(tokenizer.get_vocab().values())
    for doc in ENGLISH[:4]:  # English words only change where a new piece is used
        before, after = tokenizer.encode(doc).ids, new.encode(doc).ids
        assert before == after or set(after) & new_ids
    # Korean was all [UNK] before; now pieces longer than one syllable cover it
    assert set(tokenizer.encode(KOREAN[0]).tokens[1:-1]) == {"[UNK]"}
    korean = new.encode(KOREAN[0]).tokens[1:-1]
    assert "[UNK]" not in korean and len(korean) < len(KOREAN[0].replace(" ", ""))
    _hf_same(tmp_path, new, ENGLISH[:4] + KOREAN[:3] + MIXED)


# ----------------------------------------------------------------------------- merge
def test_merge_two_bpes_keeps_the_first_ids_and_reports_conflicts(tmp_path):
    first = _train(tmp_path, ENGLISH, size=300)
    second = _train(tmp_path, KOREAN + ENGLISH[:8], size=330)
    result = merge_bpe(first, second)
    merged = result.tokenizer
    assert all(merged.token_to_id(t) == i for t, i in first.get_vocab().items())
    assert set(second.get_vocab()) <= set(merged.get_vocab())
    assert merged.model.merges[: len(first.model.merges)] == first.model.merges
    for doc in ENGLISH[:4]:
        assert merged.encode(doc).tokens == first.encode(doc).tokens
    assert len(merged.encode(KOREAN[0]).ids) < len(first.encode(KOREAN[0]).ids)
    assert all(isinstance(c, str) for c in result.conflicts)
    _hf_same(tmp_path, merged, ENGLISH[:4] + KOREAN[:3] + MIXED)


def test_merge_refuses_different_pipelines(tmp_path):
    with pytest.raises(SurgeryError, match="differ"):
        merge_bpe(_train(tmp_path, ENGLISH, size=300),
                  _train(tmp_path, ENGLISH, algorithm="bpe", size=200))


def test_edits_save_as_pretrained_folders_transformers_loads(tmp_path):
    transformers = pytest.importorskip("transformers")
    result = extend(_train(tmp_path, ENGLISH, size=300), KOREAN, 340)
    folder = tmp_path / "extended"
    result.tokenizer.save_pretrained(str(folder))
    loaded = transformers.AutoTokenizer.from_pretrained(str(folder))
    text = "the newest 한국어 문장"
    assert loaded(text)["input_ids"] == result.tokenizer.encode(text).ids


# ----------------------------------------------------------------------------- CLI
def test_cli_prune_extend_merge(tmp_path, capsys):
    from cli_runner import cli

    tokenizer = _train(tmp_path, ENGLISH + KOREAN, size=400)
    path = tmp_path / "tok.json"
    tokenizer.save(str(path))
    english = tmp_path / "english.txt"
    english.write_text("\n".join(ENGLISH) + "\n", encoding="utf-8")
    korean = tmp_path / "korean.txt"
    korean.write_text("\n".join(KOREAN) + "\n", encoding="utf-8")
    code, out, err = cli(capsys, "prune", path, "--category", "unused", "--corpus", english,
                         "--remap", "--mapping", tmp_path / "map.json", "-o", tmp_path / "p.json")
    assert code == 0, err
    assert "removed" in out and "splits as before" in out  # never-formed tokens only
    pruned = Tokenizer.from_file(str(tmp_path / "p.json"))
    assert pruned.get_vocab_size() < tokenizer.get_vocab_size()
    assert json.loads((tmp_path / "map.json").read_text())
    code, out, err = cli(capsys, "extend", tmp_path / "p.json", korean, "--vocab-size",
                         pruned.get_vocab_size() + 10, "-o", tmp_path / "e.json")
    assert code == 0, err
    assert Tokenizer.from_file(str(tmp_path / "e.json")).get_vocab_size() \
        == pruned.get_vocab_size() + 10
    code, out, err = cli(capsys, "merge", path, tmp_path / "e.json", "--pretrained",
                         "-o", tmp_path / "merged")
    assert code == 0, err and (tmp_path / "merged" / "tokenizer.json").is_file()


def test_cli_surgery_errors_are_one_line(tmp_path, capsys):
    from cli_runner import cli

    path = tmp_path / "tok.json"
    _train(tmp_path, ENGLISH, size=300).save(str(path))
    code, _, err = cli(capsys, "prune", path, "--ids", 999999, "-o", tmp_path / "x.json")
    assert code == 1 and err.count("\n") == 1 and "not in the model" in err
    assert not (tmp_path / "x.json").exists()
    code, _, err = cli(capsys, "extend", path, path, "--vocab-size", 10, "-o", tmp_path / "x.json")
    assert code == 1 and "already has" in err
    code, _, err = cli(capsys, "prune", path, "--category", "unused", "-o", tmp_path / "x.json")
    assert code == 1 and "needs --corpus" in err
    code, _, _ = cli(capsys, "prune", path, "-o", tmp_path / "x.json")
    assert code == 2


def test_counts_made_once_serve_the_extension_and_the_diff(tmp_path):
    from subword_core.analysis.surgery import model_inputs

    tokenizer = _train(tmp_path, ENGLISH, size=300)
    counts = model_inputs(tokenizer, KOREAN + ENGLISH[:4])
    from_counts = extend(tokenizer, counts, 340)
    from_documents = extend(tokenizer, KOREAN + ENGLISH[:4], 340)
    assert from_counts.tokenizer.to_dict() == from_documents.tokenizer.to_dict()
    assert corpus_diff(tokenizer, from_counts.tokenizer, counts) \
        == corpus_diff(tokenizer, from_counts.tokenizer, KOREAN + ENGLISH[:4])
