"""Probe texts shared by the format-fidelity tests (issue 23's classes).

Digits, punctuation, unknown characters, combining marks, whitespace runs, CJK, Korean,
emoji, plus what normalization rules rewrite (compatibility forms, NBSP, zero-width
characters) and what SentencePiece treats specially (``▁``, ``<s>``, ``<0x41>``).
"""

from __future__ import annotations

#: Distinct texts, at least 40.
PROBES = [
    "In 1994, 12,345.678 people paid $1,000,000.",  # the example
    "Hello World", "hello world", "", " ", "   ", "a", "I",
    "  leading and trailing  ", "runs   of    spaces", "tab\there\tand\nnewline\r\nCRLF\n\n",
    "2024-11-28 12:34:56", "3.14159 2.71828 1e-9 -42 +7", "phone: +1 (555) 010-9999",
    "١٢٣ ٤٥٦ and ۱۲۳ and ０１２３", "x² ½ ⅓ ① ⑳ Ⅻ",
    "Hello, world! How's it going? (fine) [ok] {yes} <no>", "!!!??? ... --- ;;; :::",
    "\"quoted\" 'single' ``tex'' «guillemets» „low“", "a/b\\c|d_e~f^g`h@i#j%k&l*m",
    "$5 €6 £7 ¥8 ₩9 ₹10 ¢ ₿", "café naïve straße Ærøskøbing", "cafe\u0301 nai\u0308ve",
    "a\u0301\u0302\u0303\u0304 e\u0308\u0304\u0323 o\u031b\u0323\u0302",
    "Z\u0351\u0352\u0353a\u0354\u0355l\u0356\u0357g\u0358o", "\u0301\u0302 lone marks",
    "ﬁsh ﬂow ＡＢＣ ｶﾀｶﾅ ㍿ ㌔ ™ ℃", "ΣΑΣ σας İstanbul ǅ ß ẞ", "\u3000ideographic\u3000space",
    "a\u00a0b\u2009c\u200bd\ufeffe", "control \x00\x07\x1b chars", "▁already ▁spaced▁",
    "東京 日本語のテキスト、句読点。", "吾輩は猫である。名前はまだ無い。", "ｶﾞｷﾞｸﾞ ﾊﾟﾋﾟ",
    "中文分词测试：你好，世界！", "한국어 토크나이저 테스트입니다", "\u1112\u1161\u11ab\u1100\u1173\u11af",
    "👩\u200d👩\u200d👧 family 👍🏽 🎉🎉 🇯🇵 🏳\ufe0f\u200d🌈", "emoji👍in😀text",
    "Привет, мир! Ελληνικά. עברית. العربية. हिन्दी. ไทย",
    "mixed 東京tokyo123 한국Seoul", "x" * 120, "tokenizer" * 12, "<s> </s> <unk> <pad>",
    "<0x41> <0xFF>", "ab<sep>cd <sep> ab", "a  \t  b\n\n\nc", "\n", "\t", "end.",
]
