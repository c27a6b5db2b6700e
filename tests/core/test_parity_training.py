"""parity-bpe as a pipeline (subword_core.training.parity) and in the CLI.

End to end on the reference's inputs: its words are the lines pre-tokenized by HF's
``Whitespace`` + ``ByteLevel(use_regex=False)``, counted; the merges must be what its loop
(restated in :mod:`parity_reference`) learns from them.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from cli_runner import cli
from parity_reference import naive_parity

from subword_core.errors import CorpusError, TrainingError, VocabSizeError
from subword_core.trainers import TrainingHistory, drive
from subword_core.training.parity import language_files, parity_bpe, train_parity_tokenizer

CORPUS = Path(__file__).resolve().parents[2] / "resources" / "corpora" / "multilingual.txt"


def sample_languages() -> dict[str, list[str]]:
    """Three 'languages' of the bundled multilingual sample (not parallel, but unequal)."""
    lines = CORPUS.read_text(encoding="utf-8").splitlines()
    return {"latin": [ln for ln in lines if ln.isascii()][:12],
            "hangul": [ln for ln in lines if any("가" <= ch <= "힣" for ch in ln)],
            "han": [ln for ln in lines if any("一" <= ch <= "鿿" for ch in ln)]}


def hf_counts(lines: list[str]) -> Counter:
    tk = pytest.importorskip("tokenizers")
    pre = tk.pre_tokenizers.Sequence([tk.pre_tokenizers.Whitespace(),
                                      tk.pre_tokenizers.ByteLevel(use_regex=False)])
    return Counter(w for line in lines for w, _ in pre.pre_tokenize_str(line + "\n") if w)


@pytest.mark.parametrize("options", [{}, {"global_merges": 5},
                                     {"variant": "window", "window_size": 10, "alpha": 1}])
@pytest.mark.parametrize("from_files", [False, True], ids=["texts", "files"])
def test_merges_are_the_reference_loops_on_its_pre_tokenized_words(options, from_files,
                                                                    tmp_path):
    languages = sample_languages()
    dev = {lang: lines[:3] for lang, lines in languages.items()}
    if from_files:  # the reference reads files line by line: so do we, whole files
        _write(tmp_path, {f"{lang}.txt": "\n".join(lines) + "\n"
                          for lang, lines in languages.items()})
        _write(tmp_path, {f"dev/{lang}.txt": "\n".join(lines) + "\n"
                          for lang, lines in dev.items()})
        sources, dev_sources = language_files(tmp_path)
        sources = {lang: sources[lang] for lang in languages}  # the same language order
    else:
        sources, dev_sources = languages, dev
    result = drive(train_parity_tokenizer(sources, 257 + 60, dev=dev_sources, **options))
    train_counts = {lang: hf_counts(lines) for lang, lines in languages.items()}
    dev_counts = {lang: hf_counts(lines) for lang, lines in dev.items()}
    expected = naive_parity(train_counts, dev_counts, 60, min_frequency=2, **options)
    got = [((m.left, m.right), m.language, m.language_lengths) for m in result.history.merges]
    assert got == expected
    assert len({m.language for m in result.history.merges}) > 1


def test_the_tokenizer_is_a_byte_level_bpe_that_round_trips():
    languages = sample_languages()
    result = drive(train_parity_tokenizer(languages, 400))
    tok = result.tokenizer
    assert type(tok.model).__name__ == "BPE"
    assert tok.token_to_id("<|endoftext|>") == 0
    text = "서울의 봄 and 我喜欢"
    assert tok.decode(tok.encode(text).ids).strip() == text  # Ġ before each word
    assert result.history.trainer == "ParityBpeTrainer"
    assert result.history.options["languages"] == ["latin", "hangul", "han"]
    assert result.report.words == sum(sum(hf_counts(v).values()) for v in languages.values())


def test_preset_checks_sizes_and_options():
    with pytest.raises(VocabSizeError):
        parity_bpe(100)
    with pytest.raises(TrainingError, match="parity-bpe"):
        parity_bpe(1000, windw_size=3)
    assert parity_bpe(1000, min_frequency=5, variant="window").trainer.min_frequency == 5


def _write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


def test_language_files_by_name_with_a_dev_subfolder(tmp_path):
    _write(tmp_path, {"eng_Latn.txt": "a\n", "kor_Hang.txt": "b\n", "kor_Hang.more.txt": "c\n",
                      ".hidden": "x", "dev/eng_Latn.dev": "a\n", "dev/kor_Hang.dev": "b\n"})
    train, dev = language_files(tmp_path)
    assert list(train) == ["eng_Latn", "kor_Hang"]
    assert [p.name for p in train["kor_Hang"]] == ["kor_Hang.more.txt", "kor_Hang.txt"]
    assert [p.name for p in dev["eng_Latn"]] == ["eng_Latn.dev"]


def test_language_files_without_dev_and_mismatched_dev(tmp_path):
    _write(tmp_path, {"en.txt": "a\n", "de.txt": "b\n"})
    assert language_files(tmp_path)[1] is None
    _write(tmp_path, {"dev/en.txt": "a\n", "dev/fr.txt": "b\n"})
    with pytest.raises(CorpusError, match="no dev file for de; no training file for fr"):
        language_files(tmp_path)
    (tmp_path / "empty").mkdir()
    with pytest.raises(CorpusError, match="no language files"):
        language_files(tmp_path / "empty")


def test_cli_trains_parity_bpe_from_a_languages_folder(tmp_path, capsys):
    languages = sample_languages()
    folder = _write(tmp_path / "langs", {f"{lang}.txt": "\n".join(lines) + "\n"
                                         for lang, lines in languages.items()})
    _write(folder, {f"dev/{lang}.txt": "\n".join(lines[:3]) + "\n"
                    for lang, lines in languages.items()})
    out, hist = tmp_path / "tok.json", tmp_path / "h.jsonl"
    code, _, err = cli(capsys, "train", "--algorithm", "parity-bpe", "--languages-dir", folder,
                       "--vocab-size", 320, "--global-merges", 3, "-o", out, "--history", hist)
    assert code == 0, err
    assert json.loads(out.read_text())["model"]["type"] == "BPE"
    history = TrainingHistory.load(hist)
    assert sorted(history.options["languages"]) == ["han", "hangul", "latin"]
    assert history.options["parity"] == "dev"
    assert [m.language for m in history.merges[:3]] == [None] * 3
    assert {m.language for m in history.merges[3:]} <= set(languages)


@pytest.mark.parametrize("args, message", [
    (["--algorithm", "parity-bpe"], "--languages-dir"),
    (["--algorithm", "bpe", "--languages-dir", "x"], "is for --algorithm parity-bpe"),
    (["--algorithm", "parity-bpe", "--languages-dir", "x", "f.txt"], "not FILEs"),
])
def test_cli_usage_errors(capsys, args, message):
    code, _, err = cli(capsys, "train", *args, "--vocab-size", 300, "-o", "x.json")
    assert code == 2 and message in err


def test_cli_data_error_names_the_files(tmp_path, capsys):
    _write(tmp_path, {"en.txt": "a b\n", "dev/fr.txt": "a\n"})
    code, _, err = cli(capsys, "train", "--algorithm", "parity-bpe", "--languages-dir", tmp_path,
                       "--vocab-size", 300, "-o", tmp_path / "x.json")
    assert code == 1 and "no dev file for en" in err


# ---------------------------------------------------------------------------------------
# the Build view's pipelines (subword_core.teaching.builder)
# ---------------------------------------------------------------------------------------
def test_a_builder_spec_with_a_languages_folder_is_parity_bpe(tmp_path):
    from subword_core.teaching import builder
    from subword_core.trainers import BpeTrainer, ParityBpeTrainer

    languages = sample_languages()
    folder = _write(tmp_path, {f"{lang}.txt": "\n".join(lines) + "\n"
                               for lang, lines in languages.items()})
    _write(folder, {f"dev/{lang}.txt": "\n".join(lines[:3]) + "\n"
                    for lang, lines in languages.items()})
    spec = builder.parity_spec(320)
    assert not builder.is_parity(spec)  # no folder yet: plain BPE, the same pipeline
    assert type(builder.spec_preset(spec).trainer) is BpeTrainer
    spec.trainer.update(languages_dir=str(folder), global_merges=2)
    assert builder.is_parity(spec)
    assert type(builder.spec_preset(spec).trainer) is ParityBpeTrainer
    built = drive(builder.train_spec(spec, None))
    files, dev = language_files(folder)
    direct = drive(train_parity_tokenizer(files, 320, dev=dev, global_merges=2))
    assert built.history.merges == direct.history.merges
    assert built.tokenizer.to_str() == direct.tokenizer.to_str()


@pytest.mark.parametrize("trainer, message", [
    ({"continuing_subword_prefix": "##"}, "no continuing_subword_prefix"),
    ({"parity_variant": "sliding"}, "parity_variant must be base or window"),
    ({"global_merges": -1}, "global_merges must be an integer"),
])
def test_builder_refuses_what_parity_bpe_lacks(trainer, message):
    from subword_core.teaching import builder

    spec = builder.parity_spec()
    spec.trainer.update(languages_dir="somewhere", **trainer)
    with pytest.raises(builder.PipelineError, match=message):
        builder.validate(spec)
