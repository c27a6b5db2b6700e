"""The probe texts the format-reference tests encode with ours and with each format's own library.

One list for every format (tests/core/test_format_reference_*.py), so that each format is
checked on the same classes of text: accents precomposed and combining, NFKC-sensitive
characters, CJK, Korean, emoji with ZWJ, tabs, newlines, runs of spaces, the empty string,
very long words, digits, punctuation and characters no vocabulary is likely to hold.
``random_texts`` is the hypothesis strategy for the property tests.
"""

from __future__ import annotations

PROBES: dict[str, str] = {
    "empty": "",
    "plain": "hello world",
    "pangram": "The quick brown fox jumps over the lazy dog.",
    "precomposed": "naïve café résumé Zürich São Paulo El Niño façade Ångström",
    "combining": "nai\u0308ve cafe\u0301 re\u0301sume\u0301 A\u030angstro\u0308m",
    "stacked-combining": "Z\u0351\u0362\u0335a\u0300\u0301\u0302l\u0327\u0328go a\u0301\u0301\u0301",
    "ligatures": "ﬁnance ﬂower ﬀ ﬃ ﬅ",
    "fullwidth": "①②③ Ｈｅｌｌｏ Ｗｏｒｌｄ！ ＡＢＣ１２３",
    "super-sub": "x² H₂O ™ … ½ ㎏ Ⅻ",
    "japanese": "日本語のテキストです。カタカナとひらがな",
    "chinese": "中文测试，汉字和标点！",
    "korean": "안녕하세요 세계! 한국어 토크나이저입니다",
    "korean-jamo": "\u1100\u1161\u11a8 \u1112\u1161\u11ab",
    "emoji-zwj": "family 👩\u200d👩\u200d👧 and 👩🏽\u200d💻 coder",
    "emoji-flags": "🇫🇷 🇰🇷 😀😃😄😁 ❤️ 👍🏻",
    "tabs": "\tindented\t\ttwice\tand\ttabs\t",
    "newlines": "line one\nline two\r\n\nline four\n",
    "carriage-return": "a\rb c\r\rd",
    "space-runs": "  a  b   c    d          e   ",
    "only-spaces": "     ",
    "leading-trailing": "   leading and trailing   ",
    "long-word": "antidisestablishmentarianism" * 40,
    "long-run": "x" * 3000,
    "digits": "In 1994, 12,345.678 people paid $1,000,000.",
    "numbers": "3.14159 2.71828 0xDEADBEEF 1e-10 007 42nd",
    "punctuation": "Hello!!! What?! (yes) [no] {maybe} <tag> \"quoted\" 'single' ... --- ;:",
    "email-url": "e-mail: someone@example.com, url: https://example.org/path?q=1&r=2#frag",
    "control": "\x00\x01 control \x7f\x1b[0m",
    "private-use": "\ue000\U000f0000 private \U0010fffd",
    "math": "Ω≈ç√∫˜µ≤≥÷ ∀x∈ℝ: x²≥0",
    "arabic": "مرحبا بالعالم",
    "hebrew": "שָׁלוֹם עולם",
    "hindi": "नमस्ते दुनिया",
    "thai": "สวัสดีชาวโลก",
    "russian": "Привет, мир! Ёжик",
    "greek": "Γειά σου Κόσμε ΐ",
    "mixed-case": "HeLLo WoRLD camelCase snake_case kebab-case UPPER",
    "other-spaces": "non\u00a0breaking\u2009thin\u3000ideographic\u202fnarrow",
    "zero-width": "zero\u200bwidth\u200cnon\u200djoiner\ufeffbom\u2060wj",
    "contractions": "I'm can't won't it's y'all we'd've",
    "code": "def f(x):\n    return x**2  # comment\n\tif a != b: pass",
    "markers": "</w> lo@@ <unk> [UNK] @@ ## Ġ ▁ <s> </s> <|endoftext|> [CLS]",
    "single-chars": "a b c é ß x 日 🙂",
    "repeats": "aaaaaaaaaaaaaaaaaaaa bbbbbbbbbbbbbbbbbb !!!!!!!!!!!!",
    "case-special": "ß ẞ İ ı ǅ Ǆemo ſt Σίσυφος",
    "line-separators": "\u2028line\u2029para\x85nel\x0bvt\x0cff",
    "spanish": "¿Dónde está el baño? ¡Allí!",
    "underscores": "_ __init__ a_b_ _x trailing_",
    "backslashes": "\\ \\n \\123; C:\\path\\to",
}


def uncovered(text: str, offsets, dropped: str = "") -> list[int]:
    """Indices of characters of ``text`` that no token's offsets cover, leaving out the
    characters in ``dropped`` (what the format's pipeline removes by design, e.g. the
    spaces between words): text must never disappear."""
    covered = {i for start, end in offsets for i in range(start, end)}
    return [i for i, char in enumerate(text) if i not in covered and char not in dropped]


def random_texts():
    """Hypothesis strategy: random Unicode text (no surrogates), biased to spaces and marks."""
    from hypothesis import strategies as st

    specials = st.sampled_from([" ", "  ", "\t", "\n", "\r\n", "\u0301", "\u200d", "_", "\\",
                                "é", "e\u0301", "日", "한", "👩", "1", ".", "ﬁ", "Ａ"])
    return st.lists(st.one_of(st.text(max_size=6), specials), max_size=12).map("".join)
