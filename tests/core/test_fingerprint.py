"""The cheap tokenizer fingerprint: equal for equal tokenizers, different for any change,
never a whole serialization once the model's tables are digested."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from subword_core import normalizers, pre_tokenizers
from subword_core.added_tokens import AddedToken
from subword_core.analysis.figures.fingerprint import model_digest, tokenizer_fingerprint
from subword_core.models import BPE
from subword_core.training.presets import train_tokenizer
from subword_core.tokenizer import Tokenizer
from subword_core._util.progress import drive

RESOURCES = Path(__file__).resolve().parents[2] / "resources" / "corpora"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def trained():
    english = RESOURCES / "english.txt"
    return {name: drive(train_tokenizer(english, name, 300)).tokenizer
            for name in ("byte-bpe", "wordpiece", "unigram")}


def test_a_copy_read_back_has_the_same_fingerprint(trained):
    for tok in trained.values():
        again = Tokenizer.from_str(tok.to_str())
        assert tokenizer_fingerprint(again) == tokenizer_fingerprint(tok)


def test_the_fingerprint_is_stable_across_processes(trained, tmp_path):
    path = tmp_path / "t.json"
    trained["byte-bpe"].save(str(path))
    code = ("from subword_core.tokenizer import Tokenizer;"
            "from subword_core.analysis.figures.fingerprint import tokenizer_fingerprint;"
            f"print(tokenizer_fingerprint(Tokenizer.from_file({str(path)!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout.strip()
    assert out == tokenizer_fingerprint(trained["byte-bpe"])


@pytest.mark.parametrize("change", [
    lambda t: setattr(t, "normalizer", normalizers.Lowercase()),
    lambda t: setattr(t, "pre_tokenizer", pre_tokenizers.WhitespaceSplit()),
    lambda t: t.add_tokens(["brandnewtoken"]),
    lambda t: t.add_special_tokens([AddedToken("<x>", lstrip=True)]),
    lambda t: setattr(t, "encode_special_tokens", True),
    lambda t: t.enable_truncation(12),
    lambda t: setattr(t, "model", BPE({"a": 0, "b": 1, "ab": 2}, [("a", "b")])),
])
def test_any_change_changes_it(trained, change):
    tok = trained["byte-bpe"].shallow_copy()
    tok._added = Tokenizer.from_str(tok.to_str())._added  # its own added tokens
    before = tokenizer_fingerprint(tok)
    change(tok)
    assert tokenizer_fingerprint(tok) != before


def test_model_options_and_tables_change_it(trained):
    tok = Tokenizer.from_str(trained["byte-bpe"].to_str())
    before = tokenizer_fingerprint(tok)
    tok.model.dropout = 0.1
    assert tokenizer_fingerprint(tok) != before
    tok.model.dropout = None
    assert tokenizer_fingerprint(tok) == before
    # new tables (a retraining in place): the memoised digest is not reused
    vocab = dict(tok.model.get_vocab())
    merges = tok.model.merges[:-1]
    del vocab[tok.model.id_to_token(max(vocab.values()))]
    tok.model._set_tables(vocab, merges)
    assert tokenizer_fingerprint(tok) != before


def test_the_tables_are_digested_once(trained, monkeypatch):
    tok = Tokenizer.from_str(trained["unigram"].to_str())
    tokenizer_fingerprint(tok)
    calls = []
    original = type(tok.model).to_dict
    monkeypatch.setattr(type(tok.model), "to_dict", lambda self: calls.append(1) or original(self))
    monkeypatch.setattr(Tokenizer, "to_str", lambda *a, **k: pytest.fail("serialized"))
    for _ in range(3):
        tokenizer_fingerprint(tok)
    assert calls == []


def test_bpe_pair_forms_give_one_digest(trained):
    """The merge table is a pair of id columns until first used, then a dict: same digest."""
    text = trained["byte-bpe"].to_str()
    fresh = Tokenizer.from_str(text)
    used = Tokenizer.from_str(text)
    used.encode("the lowest newer")
    used.model._pair_rank  # built
    assert model_digest(fresh.model) == model_digest(used.model)


def test_a_pickled_model_whose_pair_dict_was_built_has_the_same_digest(trained):
    """A tokenizer sent to the window's pool process after its first encoding (its compact
    state takes the built pair dict apart again) once failed to be fingerprinted there
    ("too many values to unpack")."""
    import pickle

    used = Tokenizer.from_str(trained["byte-bpe"].to_str())
    used.model._pair_rank  # built: the compact state takes the dict apart
    copy = pickle.loads(pickle.dumps(used))
    assert tokenizer_fingerprint(copy) == tokenizer_fingerprint(used)


def test_a_stable_fingerprint_is_none_for_a_component_named_by_identity(trained):
    from subword_core.analysis.figures.fingerprint import stable_fingerprint

    tok = trained["byte-bpe"]
    assert stable_fingerprint(tok) == tokenizer_fingerprint(tok)

    class NoJson:  # a custom component: no to_dict
        def pre_tokenize(self, pretokenized):
            return None

    odd = tok.shallow_copy()
    vars(odd)["_pre_tokenizer"] = NoJson()
    assert tokenizer_fingerprint(odd).isalnum()
    assert stable_fingerprint(odd) is None


@pytest.mark.parametrize("name", ["byte-bpe", "wordpiece", "unigram"])
def test_a_pickled_tokenizer_carries_its_tables_digest(trained, name, monkeypatch):
    """The app's pool process that opens a tokenizer hashes its tables; the window's copy,
    unpickled, must not hash them again (85 ms for Llama 3 in a thread holding its GIL)."""
    import pickle

    from subword_core.analysis.figures import fingerprint

    tok = Tokenizer.from_str(trained[name].to_str())
    expected = tokenizer_fingerprint(tok)
    copy = pickle.loads(pickle.dumps(tok))
    monkeypatch.setattr(fingerprint, "_tables_digest", lambda model: pytest.fail("hashed"))
    copy.encode("the lowest newer")  # a first encoding builds lazy tables: not tables replaced
    assert tokenizer_fingerprint(copy) == expected


def test_a_digest_travels_only_while_it_names_the_tables(trained):
    import pickle

    from subword_core.models.digest_memo import MEMO, kept_digest

    tok = Tokenizer.from_str(trained["wordpiece"].to_str())
    plain = pickle.loads(pickle.dumps(tok))  # never digested: nothing travels
    assert kept_digest(plain.model) is None
    model_digest(tok.model)
    vars(tok.model)["_vocab"] = dict(vars(tok.model)["_vocab"])  # a table replaced: stale
    assert kept_digest(pickle.loads(pickle.dumps(tok)).model) is None
    digest = model_digest(tok.model)  # computed again: current and content-named
    assert kept_digest(pickle.loads(pickle.dumps(tok)).model) == digest
    vars(tok.model)[MEMO] = (vars(tok.model)[MEMO][0], "id:123")  # one naming an object
    assert kept_digest(pickle.loads(pickle.dumps(tok)).model) is None
