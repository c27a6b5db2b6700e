"""Unicode normalization, case mapping and categories exactly as HF ``tokenizers`` sees them.

HF's Rust crates pin old Unicode data: ``unicode-normalization-alignments`` (NFD/NFC/...
and StripAccents' "is a combining mark") uses Unicode 9.0, ``unicode_categories`` (the
BertNormalizer's control and non-spacing-mark tests) uses Unicode 8.0, while Rust's own
``char::to_lowercase`` follows a recent Unicode (17.0). Python's ``unicodedata`` follows
whatever Unicode the interpreter ships (14.0 on 3.11). So we take ``unicodedata`` and
correct it with the small sets of characters whose data changed in between; the sets
cover every Unicode version up to 18.0, so they hold for any Python from 3.11 on.

The normalization forms also report, for every output character, HF's ``change`` value
(``1`` inserted, ``0`` replaces, ``-N`` replaces and removes N), which
``NormalizedString.transform`` turns into alignments. The values follow the crate: a
decomposed character gives ``0`` to its first part and ``1`` to the rest, every part
keeps its value through canonical reordering, and composing two characters adds their
values minus one.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

import regex

Change = tuple[str, int]


def _chars(spec: str) -> frozenset[str]:
    """Expand ``"0041 0300-036F"`` (hex code points and inclusive ranges) into a set of chars."""
    chars: set[str] = set()
    for item in spec.split():
        first, _, last = item.partition("-")
        chars.update(chr(i) for i in range(int(first, 16), int(last or first, 16) + 1))
    return frozenset(chars)


# Non-zero canonical combining class today, but 0 in Unicode 9.0 (unassigned then).
_CCC_NEW = _chars(
    "05C8-05C9 07FD 0897-089F 08CA-08D3 09FE 0C3C 0D3B-0D3C 0EBA 1715 1ABF-1AF0 1DF6-1DFA A82C "
    "10D24-10D27 10D69-10D6D 10EAB-10EAC 10ECB-10ECF 10EF0-10EFB 10EFD-10EFF 10F46-10F50 "
    "10F82-10F85 11070 1133B 113CE-113D0 1145E 11839-1183A 1193D-1193E 11943 119E0 11A34 11A47 "
    "11A99 11D42 11D44-11D45 11D97 11F41-11F42 1612F 16FF0-16FF1 1D127-1D128 1D250-1D252 "
    "1D25B-1D25C 1D25F 1D280-1D281 1E08F 1E130-1E136 1E2AE 1E2EC-1E2EF 1E4EC-1E4EF 1E5EE-1E5EF "
    "1E6E3 1E6E6 1E6EE-1E6EF 1E6F5"
)
# A decomposition mapping today, none in Unicode 9.0.
_DECOMP_NEW = _chars(
    "0558 058B-058C 209D-209F 32FF A7F1-A7F4 AB69 105C9 105E4 10781-10785 10787-107B0 "
    "107B2-107BF 11383 11385 1138E 11391 113C5 113C7-113C8 11938 16121-16128 16D68-16D6A "
    "1B123-1B126 1CCD6-1CCF9 1D6A6 1DF95 1DFCD-1DFFF 1E030-1E06D 1F16C 1FBF0-1FBF9"
)
# General_Category=Mark (Mn/Mc/Me) today but not in Unicode 9.0, and the reverse.
_MARK_NEW = _chars(
    "05C8-05C9 07FD 0897-089F 08CA-08D3 09FE 0AFA-0AFF 0B53-0B55 0C04 0C3C 0CF3 0D00 0D3B-0D3C "
    "0D81 0EBA 0ECE 1715 180F 1ABF-1AF0 1CF7 1DF6-1DFA A82C A8FF 10D24-10D27 10D69-10D6D "
    "10EAB-10EAC 10ECB-10ECF 10EF0-10EFF 10F46-10F50 10F82-10F85 11070 11073-11074 110C2 "
    "11145-11146 111C9 111CE-111CF 11241 1133B 113B8-113C0 113C2 113C5 113C7-113CA 113CC-113D0 "
    "113D2 113E1-113E2 1145E 1182C-1183A 11930-11935 11937-11938 1193B-1193E 11940 11942-11943 "
    "119D1-119D7 119DA-119E0 119E4 11A01-11A0A 11A33-11A39 11A3B-11A3E 11A47 11A51-11A5B "
    "11A8A-11A99 11B60-11B67 11D31-11D36 11D3A 11D3C-11D3D 11D3F-11D45 11D47 11D8A-11D8E "
    "11D90-11D91 11D93-11D97 11DF0 11EF3-11EF6 11F00-11F01 11F03 11F34-11F3A 11F3E-11F42 11F5A "
    "13440 13447-13455 1611E-1612F 16F4F 16F7F-16F87 16FE4 16FF0-16FF1 1CF00-1CF2D 1CF30-1CF46 "
    "1D127-1D128 1D250-1D252 1D25B-1D25C 1D25F 1D280-1D281 1E08F 1E130-1E136 1E2AE 1E2EC-1E2EF "
    "1E4EC-1E4EF 1E5EE-1E5EF 1E6E3 1E6E6 1E6EE-1E6EF 1E6F5"
)
_MARK_OLD = _chars("1CF2-1CF3")
# Mn today but not in Unicode 8.0, and the reverse.
_MN_NEW = _chars(
    "05C8-05C9 07FD 0897-089F 08CA-08E1 09FE 0AFA-0AFF 0B53-0B55 0C04 0C3C 0D00 0D3B-0D3C 0D81 "
    "0EBA 0ECE 180F 1885-1886 1ABF-1AF0 1DF6-1DFB A82C A8C5 A8FF A9BD 10D24-10D27 10D69-10D6D "
    "10EAB-10EAC 10ECB-10ECF 10EF0-10EFF 10F46-10F50 10F82-10F85 11070 11073-11074 110C2 111C9 "
    "111CF 1123E 11241 1133B 113BB-113C0 113CE 113D0 113D2 113E1-113E2 11438-1143F 11442-11444 "
    "11446 1145E 1182F-11837 11839-1183A 1193B-1193C 1193E 11943 119D4-119D7 119DA-119DB 119E0 "
    "11A01-11A0A 11A33-11A38 11A3B-11A3E 11A47 11A51-11A56 11A59-11A5B 11A8A-11A96 11A98-11A99 "
    "11B60 11B62-11B64 11B66 11C30-11C36 11C38-11C3D 11C3F 11C92-11CA7 11CAA-11CB0 11CB2-11CB3 "
    "11CB5-11CB6 11D31-11D36 11D3A 11D3C-11D3D 11D3F-11D45 11D47 11D90-11D91 11D95 11D97 11DF0 "
    "11EF3-11EF4 11F00-11F01 11F36-11F3A 11F40 11F42 11F5A 13440 13447-13455 1611E-16129 "
    "1612D-1612F 16F4F 16FE4 1CF00-1CF2D 1CF30-1CF46 1D127-1D128 1D25B-1D25C 1E000-1E006 "
    "1E008-1E018 1E01B-1E021 1E023-1E024 1E026-1E02A 1E08F 1E130-1E136 1E2AE 1E2EC-1E2EF "
    "1E4EC-1E4EF 1E5EE-1E5EF 1E6E3 1E6E6 1E6EE-1E6EF 1E6F5 1E944-1E94A"
)
_MN_OLD = _chars("1734 1171E")
# Cc/Cf/Co today but not in Unicode 8.0.
_OTHER_NEW = _chars("0890-0891 08E2 110CD 13430-1343F")

# Grapheme_Cluster_Break=Extend since Unicode 17.0; unicode-segmentation (Unicode 16.0)
# does not know them yet and starts a new cluster there.
_EXTEND_NEW = _chars(
    "05C8-05C9 0B53-0B54 1ADE-1ADF 1AEC-1AF0 10ECB-10ECF 10EF0-10EF9 11DF0 1D127-1D128 "
    "1D250-1D252 1D25B-1D25C 1D25F 1D280-1D281"
)

# Rust's to_lowercase (Unicode 17.0) maps these; Python's unicodedata may be too old to.
_LOWER_NEW: dict[str, str] = {
    "\u1c89": "\u1c8a", "\ua7cb": "\u0264", "\ua7cc": "\ua7cd", "\ua7ce": "\ua7cf",
    "\ua7d2": "\ua7d3", "\ua7d4": "\ua7d5", "\ua7da": "\ua7db", "\ua7dc": "\u019b",
}
_LOWER_NEW.update({chr(i): chr(i + 0x20) for i in range(0x10D50, 0x10D66)})  # Garay
_LOWER_NEW.update({chr(i): chr(i + 0x1B) for i in range(0x16EA0, 0x16EB9)})  # Beria Erfe


# ------------------------------------------------------------------ character classes
def rust_lowercase(c: str) -> str:
    """Rust ``char::to_lowercase`` of one char: no context rules (no final sigma)."""
    return _LOWER_NEW.get(c) or c.lower()


def is_combining_mark(c: str) -> bool:
    """General_Category=Mark in Unicode 9.0 (HF ``StripAccents``)."""
    if c in _MARK_OLD:
        return True
    return c not in _MARK_NEW and unicodedata.category(c)[0] == "M"


def is_nonspacing_mark(c: str) -> bool:
    """General_Category=Mn in Unicode 8.0 (HF ``BertNormalizer`` accent stripping)."""
    if c in _MN_OLD:
        return True
    return c not in _MN_NEW and unicodedata.category(c) == "Mn"


def is_other(c: str) -> bool:
    """Cc, Cf or Co in Unicode 8.0 (HF ``BertNormalizer``'s ``is_control``, before exceptions)."""
    return c not in _OTHER_NEW and unicodedata.category(c) in ("Cc", "Cf", "Co")


def combining_class(c: str) -> int:
    """Canonical combining class in Unicode 9.0."""
    return 0 if c in _CCC_NEW else unicodedata.combining(c)


_GRAPHEME = regex.compile(r"\X")


def multi_char_graphemes(text: str) -> list[str]:
    """The clusters of :func:`graphemes` longer than one char (usually none)."""
    clusters = _GRAPHEME.findall(text)
    if len(clusters) == len(text):
        return []  # every cluster is a single char (the common case: one regex pass)
    return [g for cluster in clusters if len(cluster) > 1 for g in graphemes(cluster)
            if len(g) > 1]


def graphemes(text: str) -> Iterator[str]:
    """Extended grapheme clusters as HF's ``unicode-segmentation`` cuts them.

    The ``regex`` module's ``\\X`` implements the same rules (UAX #29) with newer data,
    so we only split its clusters before marks that are too new for HF.
    """
    for cluster in _GRAPHEME.findall(text):
        start = 0
        if len(cluster) > 1:
            for i in range(1, len(cluster)):
                if cluster[i] in _EXTEND_NEW:
                    yield cluster[start:i]
                    start = i
        yield cluster[start:]


# -------------------------------------------------------------- normalization forms
def decompose(text: str, compat: bool) -> list[Change]:
    """NFD (or NFKD with ``compat``) of ``text`` as HF ``(char, change)`` pairs.

    Example:
        >>> decompose("é", compat=False)
        [('e', 0), ('́', 1)]
    """
    form = "NFKD" if compat else "NFD"
    out: list[tuple[int, str, int]] = []  # (combining class, char, change)
    segment = 0  # where the run that may still need canonical reordering starts
    for c in text:
        parts = c if c < "\u00a0" or c in _DECOMP_NEW else unicodedata.normalize(form, c)
        for i, part in enumerate(parts):
            ccc = combining_class(part)
            if ccc == 0:
                _reorder(out, segment)
                segment = len(out)
            out.append((ccc, part, 0 if i == 0 else 1))
    _reorder(out, segment)
    return [(c, change) for _, c, change in out]


def _reorder(out: list[tuple[int, str, int]], start: int) -> None:
    # Canonical ordering: a stable sort of the marks after a starter by combining class.
    # subtle: each char keeps its change value, so alignments follow the chars around.
    if len(out) - start > 1:
        out[start:] = sorted(out[start:], key=lambda item: item[0])


def compose(decomposed: list[Change]) -> list[Change]:
    """Canonical composition of a decomposed ``(char, change)`` sequence (NFC/NFKC).

    Example:
        >>> compose([("e", 0), ("\\u0301", 0)])
        [('é', -1)]
    """
    out: list[Change] = []
    starter: int | None = None  # index in ``out`` of the last starter, if any
    last_ccc: int | None = None  # class of the last char left uncomposed after the starter
    for c, change in decomposed:
        ccc = combining_class(c)
        blocked = last_ccc is not None and last_ccc >= ccc
        if starter is not None and not blocked:
            composite = _compose_pair(out[starter][0], c)
            if composite is not None:
                # The composite takes both chars' places: their changes add, minus one.
                out[starter] = (composite, out[starter][1] + change - 1)
                continue
        if ccc == 0:
            starter, last_ccc = len(out), None
        elif starter is not None:
            last_ccc = ccc
        out.append((c, change))
    return out


_PAIRS: dict[tuple[str, str], str | None] = {}


def _compose_pair(first: str, second: str) -> str | None:
    """The primary composite of two chars in Unicode 9.0, or None."""
    key = (first, second)
    if key not in _PAIRS:
        composed = unicodedata.normalize("NFC", first + second)
        # A composite that has no decomposition in Unicode 9.0 did not exist then.
        ok = len(composed) == 1 and composed not in _DECOMP_NEW
        if len(_PAIRS) > 100_000:
            _PAIRS.clear()  # bounded: pathological input must not grow memory forever
        _PAIRS[key] = composed if ok else None
    return _PAIRS[key]


def nfd(text: str) -> list[Change]:
    return decompose(text, compat=False)


def nfkd(text: str) -> list[Change]:
    return decompose(text, compat=True)


def nfc(text: str) -> list[Change]:
    return compose(decompose(text, compat=False))


def nfkc(text: str) -> list[Change]:
    return compose(decompose(text, compat=True))
