"""The words of the first-start hint and of Help ▸ Views and panes (kept apart from the layout code)."""

FIRST_START_HINT = (
    "Welcome! A small tokenizer trains on the sample corpus. Type in <b>Encoding</b> to see how "
    "text splits; click a token to follow it in every pane. Ctrl+1…7 switch views; F1 explains them."
)

HELP_HTML = """
<h3>Views</h3>
<p>Each view is a layout of docks for one task. Drag, tab, resize or close docks as you like:
the view remembers it. <i>View ▸ Reset layout</i> puts the current view back.</p>
<ul>
<li><b>Explore</b> (Ctrl+1) — the corpus and its word counts; the text you type, drawn as
tokens over the original characters, with the normalized text and the pre-tokens; the
<b>Offsets</b> table (one row per token: id, token, character span, word) and the
<b>Groupings</b> (tokens grouped back into words and entities).</li>
<li><b>Train</b> (Ctrl+2) — algorithm, vocabulary size and options, live progress and curves;
the <b>Merge history</b>: every merge with its count, the runner-up pair and ties, a replay slider
that re-encodes the text as it was after merge <i>n</i>, and the merge tree of a token.</li>
<li><b>Compare</b> (Ctrl+3) — several tokenizers side by side on the same text, and their
figures on the corpus (tokens per word, chars per token, unknown rate).</li>
<li><b>Unseen words</b> (Ctrl+4) — retrains on part of the corpus and shows how the held-out
words are split.</li>
<li><b>Statistics</b> (Ctrl+5) — corpus-wide figures of the current tokenizer: the
chars-per-token curve, token lengths and how much of the vocabulary is used.</li>
<li><b>Vocabulary</b> (Ctrl+6) — every token with its id, readable and raw form, merge rank or
score, length and corpus frequency; search by substring, regex or id; ids ↔ text.</li>
<li><b>Long text</b> (Ctrl+7) — the text cut into the windows a model reads: at most
<i>max_length</i> tokens each (special tokens included), neighbours sharing <i>stride</i>
tokens (the bar under them), as <code>enable_truncation(max_length, stride, strategy,
direction)</code> and <code>encoding.overflowing</code> make them. Type a question to see
question answering's windows: with <i>only_second</i> every window repeats the question and
cuts only the text (<b>Like QA</b> sets transformers' 384 / 128). Each window says which
characters of the text its offsets cover; click a token to outline it in every window that
holds it. The Encoding pane next to it edits the text.</li>
</ul>
<h3>How the panes link</h3>
<p>Panes share one selection: clicking a token, a row of a table or a merge selects it
everywhere (the same characters in the text, the same ids in the tables, its merge in the
history). The tokenizer bar picks which tokenizer every pane shows.</p>
<h3>Reading tokens</h3>
<p><b>␣</b> is a space inside a token, <b>⟨C3⟩</b> a single byte of a byte-level token that is
not a whole character on its own, <b>##</b> a WordPiece continuation, <b>▁</b> a SentencePiece
word start.</p>
<h3>Your work</h3>
<p>The corpus, the tokenizers (trained ones are kept in the app's data folder), the compare
list, the text and the active view come back when you start again. <i>Edit ▸ Undo remove</i>
brings back a removed tokenizer. Drop a tokenizer.json on the window to open it, or a text
file to load it as the corpus.</p>
<h3>Your own tokenizer</h3>
<p><i>File ▸ Open tokenizer</i> (Ctrl+Shift+O) reads a tokenizer.json, a SentencePiece
<b>.model</b>, a <b>.tiktoken</b> file, GPT-2's <b>vocab.json</b> + <b>merges.txt</b>, a BERT
<b>vocab.txt</b>, a subword-nmt <b>codes</b> file or a TFDS <b>.subwords</b> file; <i>Open
tokenizer folder</i> (Ctrl+Shift+F) a model folder or hub cache snapshot. Dropping any of them on
the window works too; the tokenizer bar says what was opened and what was guessed.
<i>Training ▸ Retrain on this corpus</i> (Ctrl+Shift+T, or <b>Retrain…</b> in the tokenizer bar)
learns the current tokenizer's model again on the loaded corpus, keeping its normalizer,
pre-tokenizer, special tokens and post-processor, then compares old and new on the corpus
(tokens per document, characters per token, shared boundaries). <i>File ▸ Save for
transformers</i> writes a folder that <code>AutoTokenizer.from_pretrained</code> loads.</p>
"""
