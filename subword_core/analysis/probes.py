"""A built-in set of probe texts that make tokenizers part: :data:`PROBES`.

Each probe is a short text of one class where implementations of the same format tend
to differ: accents written precomposed or combining, characters NFKC rewrites, CJK and
Korean, emoji sequences joined by ZWJ, tabs, newlines, runs of spaces, digits and
punctuation, the empty text, long words, characters no vocabulary has. The conformance
check (:mod:`.conformance`, ``subword diff``) encodes them all before the user's corpus;
the format tests use them as their ordinary probes.
"""

from __future__ import annotations

from typing import NamedTuple


class Probe(NamedTuple):
    """One probe text and the class it stands for."""

    kind: str
    text: str


#: (class, text) pairs, in the order the conformance check tries them.
PROBES: tuple[Probe, ...] = tuple(Probe(kind, text) for kind, text in (
    ("plain", "The quick brown fox jumps over the lazy dog."),
    ("plain", "Hello world"),
    ("case", "HELLO World hELLO wORLD"),
    ("contractions", "I'm sure you're right; we've, they'd, SHE'S o'clock"),
    ("numbers", "In 1994, 12,345.678 people paid $1,000,000."),
    ("numbers", "0 12 123 1234 12345 3.14159 2024-01-31 ½ ¾"),
    ("punctuation", "Wait... what?! (yes) [no] {maybe} <tag> \"quoted\" 'single'"),
    ("code", 'def f(x: int) -> str:\n    return f"{x!r:>10}"  # note'),
    ("url", "See https://example.com/a/b?q=1&r=%20#x or john.doe+tag@example.co.uk"),
    ("accents", "naïve café résumé Zürich São Paulo El Niño façade Ångström"),
    ("combining", "nai\u0308ve cafe\u0301 re\u0301sume\u0301 A\u030angstro\u0308m"),
    ("combining", "Z\u0351\u036b\u0343\u036a\u0302\u036b\u033d\u034f\u0334\u0319a\u0328lgo"),
    ("nfkc", "ﬁne ﬂour Ⅻ ① ｆｕｌｌｗｉｄｔｈ ＡＢＣ １２３ ㎏ ℃ ™ ﬀ"),
    ("nfkc", "x² + y³ = z⁴; H₂O; ¼ cup; ㈱ ㍿"),
    ("cjk", "你好，世界！今天天气很好。"),
    ("cjk", "東京は日本の首都です。カタカナとひらがな。"),
    ("korean", "안녕하세요, 세계! 토크나이저는 한국어를 어떻게 나눌까요?"),
    ("korean", "한국어 형태소 분석기와 서브워드 토큰화의 차이"),
    ("korean-jamo", "\u1112\u1161\u11ab\u1100\u1173\u11af 자모 분리"),
    ("thai", "ภาษาไทยไม่มีช่องว่างระหว่างคำ"),
    ("arabic", "مرحبا بالعالم، كيف حالك؟"),
    ("hebrew", "שלום עולם"),
    ("devanagari", "नमस्ते दुनिया, आप कैसे हैं?"),
    ("cyrillic", "Привет, мир! Съешь же ещё этих мягких французских булок."),
    ("greek", "Γειά σου Κόσμε· ὁ λόγος"),
    ("emoji", "I love 🍕 and 🎉!"),
    ("emoji-zwj", "👨‍👩‍👧‍👦 family, 🏳️‍🌈 flag, 👩🏽‍💻 coder"),
    ("emoji-flags", "🇰🇷🇺🇸🇯🇵 flags and keycaps 1️⃣ #️⃣"),
    ("tabs", "col1\tcol2\t\tcol3\t"),
    ("newlines", "line one\nline two\r\nline three\n\n\nend"),
    ("spaces", "a  b   c    d     e"),
    ("spaces", "   leading and trailing   "),
    ("spaces", "          "),
    ("empty", ""),
    ("single", "a"),
    ("single", " "),
    ("long-word", "Pneumonoultramicroscopicsilicovolcanoconiosis"),
    ("long-word", "Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft"),
    ("long-word", "a" * 120),
    ("repeats", "hahahahahahahahaha!!!!!!!!?????......"),
    ("mixed-script", "GPT-4는 2023년에 released됐다 (한국어+English 混合)"),
    ("specials", "<s> [INST] hello [/INST] </s> <|endoftext|> <unk> [CLS] [SEP] <pad>"),
    ("rare", "\u2603 \u2764 \U0001F9EC \U00010348 \U0001D49C \u0F3A"),
    ("control", "bell\x07 null\x00 esc\x1b del\x7f"),
    ("invisible", "zero\u200bwidth soft\u00adhyphen bom\ufeff nbsp\u00a0here"),
    ("rtl-mix", "abc \u202eevil\u202c def \u05d0\u05d1"),
))


def probe_texts() -> list[str]:
    """The texts of :data:`PROBES`, in order."""
    return [probe.text for probe in PROBES]


__all__ = ["PROBES", "Probe", "probe_texts"]
