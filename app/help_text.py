"""The words of the first-start hint and of Help ▸ Views and panes (kept apart from the layout code).

Each text is marked for translation (context "Help") and translated when shown; the help is cut
into sections and list items, so a translator works on one paragraph at a time.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP

FIRST_START_HINT = QT_TRANSLATE_NOOP(
    "Help",
    "Welcome! A small tokenizer trains on the sample corpus. Type in <b>Encoding</b> to see how "
    "text splits; click a token to follow it in every pane. Ctrl+1…9 switch views; F1 explains them.")

#: The help, piece by piece; the list tags between the pieces are markup, not text.
HELP_PIECES: tuple[str, ...] = (
    QT_TRANSLATE_NOOP(
        "Help",
        "<h3>Views</h3>\n"
        "<p>Each view is a layout of docks for one task. Drag, tab, resize or close docks as you like:\n"
        "the view remembers it. <i>View ▸ Reset layout</i> puts the current view back.</p>"),
    "<ul>",
    QT_TRANSLATE_NOOP(
        "Help",
        "<li><b>Explore</b> (Ctrl+1) — the corpus and its word counts; the text you type, drawn as\n"
        "tokens over the original characters, with the normalized text and the pre-tokens; the\n"
        "<b>Offsets</b> table (one row per token: id, token, character span, word) and the\n"
        "<b>Groupings</b> (tokens grouped back into words and entities).</li>"),
    QT_TRANSLATE_NOOP(
        "Help",
        "<li><b>Train</b> (Ctrl+2) — algorithm, vocabulary size and options, live progress and curves;\n"
        "the <b>Merge history</b>: every merge with its count, the runner-up pair and ties, a replay slider\n"
        "that re-encodes the text as it was after merge <i>n</i>, and the merge tree of a token.</li>"),
    QT_TRANSLATE_NOOP(
        "Help",
        "<li><b>Compare</b> (Ctrl+3) — several tokenizers side by side on the same text, and their\n"
        "figures on the corpus (tokens per word, chars per token, unknown rate).</li>"),
    QT_TRANSLATE_NOOP(
        "Help",
        "<li><b>Unseen words</b> (Ctrl+4) — retrains on part of the corpus and shows how the held-out\n"
        "words are split.</li>"),
    QT_TRANSLATE_NOOP(
        "Help",
        "<li><b>Statistics</b> (Ctrl+5) — corpus-wide figures of the current tokenizer: the\n"
        "chars-per-token curve, token lengths and how much of the vocabulary is used.</li>"),
    QT_TRANSLATE_NOOP(
        "Help",
        "<li><b>Vocabulary</b> (Ctrl+6) — every token with its id, readable and raw form, merge rank or\n"
        "score, length and corpus frequency; search by substring, regex or id; ids ↔ text.</li>"),
    QT_TRANSLATE_NOOP(
        "Help",
        "<li><b>Long text</b> (Ctrl+7) — the text cut into the windows a model reads: at most\n"
        "<i>max_length</i> tokens each (special tokens included), neighbours sharing <i>stride</i>\n"
        "tokens (the bar under them), as <code>enable_truncation(max_length, stride, strategy,\n"
        "direction)</code> and <code>encoding.overflowing</code> make them. Type a question to see\n"
        "question answering's windows: with <i>only_second</i> every window repeats the question and\n"
        "cuts only the text (<b>Like QA</b> sets transformers' 384 / 128). Each window says which\n"
        "characters of the text its offsets cover; click a token to outline it in every window that\n"
        "holds it. The Encoding pane next to it edits the text.</li>"),
    QT_TRANSLATE_NOOP(
        "Help",
        "<li><b>Build</b> (Ctrl+8) — a tokenizer block by block: normalizers and pre-tokenizers in\n"
        "order, the model with its trainer options, the post-processor template and the decoder. Each\n"
        "stage's output on the text shows as you edit (the normalized text with its alignments, the\n"
        "pre-tokens with their offsets). <b>Starting point</b> fills every block from the course's\n"
        "BERT, GPT-2 and XLNet builds or one of the four presets; <b>Train all four at</b> trains the\n"
        "presets at one size and compares them.</li>"),
    QT_TRANSLATE_NOOP(
        "Help",
        "<li><b>Lessons</b> (Ctrl+9) — the worked examples of the course notes, step by step\n"
        "(Alt+← / Alt+→): byte-pair compression, classic BPE, and BPE, WordPiece and Unigram on the\n"
        "hug corpus. Every figure is computed by the library; where the notes slip, the step says so\n"
        "and gives the correct figure. Each step's tokenizer is shown beside it, on the step's text\n"
        "or yours; your own text and tokenizers stay as they are, and Keep this tokenizer adds the\n"
        "step's tokenizer to them.</li>"),
    QT_TRANSLATE_NOOP(
        "Help",
        "<li><b>Languages</b> (Ctrl+0) — a parallel corpus (the bundled sample of 14 languages, or a\n"
        "folder of one file per language such as FLORES-200's, a TSV/CSV with a column per language,\n"
        "JSONL with a language field) measured with every open tokenizer: tokens, characters and bytes\n"
        "per token, tokens per word, the <i>premium</i> against a pivot language, vocabulary use, Rényi\n"
        "efficiency and the unknown rate, as bars and a table; the Lorenz curve and Gini of the\n"
        "per-language token counts; one sentence in every language as token rows. <b>Merges</b>\n"
        "replays the current BPE's merges once: what each merge saved in each language, and premium\n"
        "and Gini at every vocabulary size. Click a point or a row to select that merge in the\n"
        "merge history beside it. <code>subword languages</code> prints the same table.</li>"),
    QT_TRANSLATE_NOOP(
        "Help",
        "<li><b>Conformance</b> (Ctrl+Shift+1) — where two tokenizers that should be the same model\n"
        "part "
        "(say one opened from <code>tokenizer.json</code>, the other from its <code>.model</code>):\n"
        "built-in probe texts and the corpus's first lines are encoded by both; you see how many\n"
        "agree, the first differing text shrunk to its shortest differing part, the stage where the\n"
        "two part (normalized text, pre-tokens, model, post-processing) and both encodings side by\n"
        "side. <code>subword diff A B</code> does the same in a shell.</li>"),
    "</ul>",
    QT_TRANSLATE_NOOP(
        "Help",
        "<h3>How the panes link</h3>\n"
        "<p>Panes share one selection: clicking a token, a row of a table or a merge selects it\n"
        "everywhere (the same characters in the text, the same ids in the tables, its merge in the\n"
        "history). The tokenizer bar picks which tokenizer every pane shows.</p>"),
    QT_TRANSLATE_NOOP(
        "Help",
        "<h3>Reading tokens</h3>\n"
        "<p><b>␣</b> is a space inside a token, <b>⟨C3⟩</b> a single byte of a byte-level token that is\n"
        "not a whole character on its own, <b>##</b> a WordPiece continuation, <b>▁</b> a SentencePiece\n"
        "word start.</p>"),
    QT_TRANSLATE_NOOP(
        "Help",
        "<h3>Your work</h3>\n"
        "<p>The corpus, the tokenizers (trained ones are kept in the app's data folder), the compare\n"
        "list, the text and the active view come back when you start again. <i>Edit ▸ Undo</i>\n"
        "(Ctrl+Z) brings back a removed tokenizer, or the corpus that loading another one replaced.\n"
        "Drop a tokenizer file on the window to open it (it is recognised by its content, whatever\n"
        "its name), or a text file to load it as the corpus. In the text input, Tab moves to the next\n"
        "control and Ctrl+Tab types a tab.</p>"),
    QT_TRANSLATE_NOOP(
        "Help",
        "<h3>Your own tokenizer</h3>\n"
        "<p><i>File ▸ Open tokenizer</i> (Ctrl+Shift+O) reads a tokenizer.json, a SentencePiece\n"
        "<b>.model</b>, a <b>.tiktoken</b> file, GPT-2's <b>vocab.json</b> + <b>merges.txt</b>, a BERT\n"
        "<b>vocab.txt</b>, a subword-nmt <b>codes</b> file or a TFDS <b>.subwords</b> file; <i>Open\n"
        "tokenizer folder</i> (Ctrl+Shift+F) a model folder or hub cache snapshot. Dropping any of them on\n"
        "the window works too; the tokenizer bar says what was opened and what was guessed.\n"
        "<i>Training ▸ Retrain on this corpus</i> (Ctrl+Shift+T, or <b>Retrain…</b> in the tokenizer bar)\n"
        "learns the current tokenizer's model again on the loaded corpus, keeping its normalizer,\n"
        "pre-tokenizer, special tokens and post-processor, then compares old and new on the corpus\n"
        "(tokens per document, characters per token, shared boundaries). <i>File ▸ Save for\n"
        "transformers</i> writes a folder that <code>AutoTokenizer.from_pretrained</code> loads.</p>"),
)
#: The help in English (the source strings).
HELP_HTML = "\n".join(HELP_PIECES)


def first_start_hint() -> str:
    """The first-start hint in the interface language."""
    return QCoreApplication.translate("Help", FIRST_START_HINT)


def help_html() -> str:
    """Help ▸ Views and panes in the interface language."""
    return "\n".join(p if p in ("<ul>", "</ul>") else QCoreApplication.translate("Help", p)
                     for p in HELP_PIECES)
