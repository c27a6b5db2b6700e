"""Unicode tables frozen at the versions Hugging Face ``tokenizers`` was built with.

HF's Rust code answers "is this a letter / digit / punctuation / which script?" from
tables compiled into the wheel, each of its own Unicode version, while Python's
``regex`` module (2026.11: Unicode 18) and ``unicodedata`` (Python 3.11: Unicode 14)
follow others. Parity needs to know where the versions disagree. Each table is a
space-separated list of code point ranges, ``HHHH`` or ``HHHH-HHHH``, found by probing
every code point through ``tokenizers`` 0.23.3 and re-checked by the slow sweeps in
``tests/core/test_pre_tokenizers.py``:

* :data:`ADDED_AFTER_UNICODE_16`: code points ``regex`` knows that Unicode 16 did not
  assign. Oniguruma (the regex engine) and the Rust ``regex`` crate in the wheel
  follow Unicode 16 and see them as unassigned.
* :data:`NUMBERS_ADDED_AFTER_UNICODE_17`: ``\\p{N}`` characters unknown to Rust's
  ``char::is_numeric`` (Unicode 17 in the wheel).
* :data:`PUNCTUATION_AFTER_UNICODE_8`: characters that became ``P*`` after Unicode 8;
  the ``unicode_categories`` crate behind HF's punctuation test is frozen at 8.0
  (:data:`PUNCTUATION_UNTIL_UNICODE_8` lists the two that stopped being ``P*``).
* :data:`ADDED_AFTER_UNICODE_9` and :data:`SCRIPTS_UNICODE_9`: HF's ``UnicodeScripts``
  uses a script table generated from Unicode 9 (via sentencepiece); anything added
  later has no script there.
"""

from __future__ import annotations

ADDED_AFTER_UNICODE_16 = """
    0558 058B-058C 05C8-05C9 088F 0B53-0B54 0C5C 0CDC 1ACF-1AF0 208F 209D-209F 20C1-20C4 2B96
    2E60-2E63 A7CE-A7CF A7D2 A7D4 A7DD A7E2 A7F1 AB6C-AB6D FBC3-FBD2 FD90-FD91 FDC8-FDCE
    107BB-107BF 10940-10959 10EC5-10EC7 10EC9-10EEE 10EF0-10EFB 11B0A 11B60-11B67 11DB0-11DDB
    11DE0-11DE9 11DF0-11DF1 1246F 12475-1247F 12550-12686 16EA0-16EB8 16EBB-16ED3 16FF2-16FF6
    187F8-187FF 18CD6-18CDA 18D09-18D20 18D80-18DF2 18E00-19191 191A0-191D2 1B123-1B128 1B168
    1CCFA-1CCFC 1CEBA-1CED0 1CED2-1CED4 1CEDD-1CEFD 1D127-1D128 1D1EB-1D1FF 1D250-1D281 1D6A6
    1DB00-1DB1C 1DF1F-1DF24 1DF2B-1DF81 1DF90-1DF96 1DFCD-1DFFF 1E6C0-1E6DE 1E6E0-1E6F5
    1E6FE-1E6FF 1F1AE 1F6D8-1F6D9 1F777-1F77A 1F7DA-1F7DB 1F7F1-1F7FF 1F8D0-1F8D8 1FA54-1FA57
    1FA8A-1FA8E 1FAC8 1FACC-1FACD 1FADD 1FAEA-1FAEB 1FAEF 1FAF9-1FAFA 1FBFA 2B73A-2B73F 2B81E
    2CEA2-2CEAD 323B0-33479 3D000-3FC3F
"""

NUMBERS_ADDED_AFTER_UNICODE_17 = "1246F 12475-1247F 12550-12686"

PUNCTUATION_AFTER_UNICODE_8 = """
    061D 09FD 0A76 0C77 0C84 1B4E-1B4F 1B7D-1B7F 2E43-2E4F 2E52-2E5D 2E60-2E63 10D6E 10EAD 10ED0
    10F55-10F59 10F86-10F89 113D4-113D5 113D7-113D8 1144B-1144F 1145A-1145B 1145D 11660-1166C
    116B9 1183B 11944-11946 119E2 11A3F-11A46 11A9A-11A9C 11A9E-11AA2 11B00-11B09 11BE1
    11C41-11C45 11C70-11C71 11EF7-11EF8 11F43-11F4F 11FFF 12FF1-12FF2 16D6D-16D6F 16E97-16E9A
    16FE2 1E5FF 1E95E-1E95F
"""

PUNCTUATION_UNTIL_UNICODE_8 = "166D 111C9"

ADDED_AFTER_UNICODE_9 = """
    0558 0560 0588 058B-058C 05C8-05C9 05EF 061D 07FD-07FF 0860-086A 0870-0891 0897-089F 08B5
    08BE-08D3 09FC-09FE 0A76 0AFA-0AFF 0B53-0B55 0C04 0C3C 0C5C-0C5D 0C77 0C84 0CDC-0CDD 0CF3
    0D00 0D04 0D3B-0D3C 0D81 0E86 0E89 0E8C 0E8E-0E93 0E98 0EA0 0EA8-0EA9 0EAC 0EBA 0ECE 170D
    1715 171F 180F 1878 1ABF-1AF0 1B4C 1B4E-1B4F 1B7D-1B7F 1C89-1C8A 1C90-1CBA 1CBD-1CBF 1CF7
    1CFA 1DF6-1DFA 208F 209D-209F 20BF-20C4 23FF 2427-2429 2B96-2B97 2BBA-2BBC 2BC9 2BD2-2BEB
    2BF0-2BFF 2C2F 2C5F 2E45-2E5D 2E60-2E63 2FFC-2FFF 312E-312F 31BB-31BF 31E4-31E5 31EF 32FF
    4DB6-4DBF 9FD6-9FFF A7AF A7B8-A7DD A7E2 A7F1-A7F6 A82C A8FE-A8FF AB66-AB6D FBC2-FBD2
    FD40-FD4F FD90-FD91 FDC8-FDCF FDFE-FDFF 1019C 1032D-1032F 10570-1057A 1057C-1058A
    1058C-10592 10594-10595 10597-105A1 105A3-105B1 105B3-105B9 105BB-105BC 105C0-105F3
    10780-10785 10787-107B0 107B2-107BF 10940-10959 10A34-10A35 10A48 10D00-10D27 10D30-10D39
    10D40-10D65 10D69-10D85 10D8E-10D8F 10E80-10EA9 10EAB-10EAD 10EB0-10EB1 10EC2-10EC7
    10EC9-10EEE 10EF0-10F27 10F30-10F59 10F70-10F89 10FB0-10FCB 10FE0-10FF6 11070-11075 110C2
    110CD 11144-11147 111CE-111CF 1123F-11241 1133B 11380-11389 1138B 1138E 11390-113B5
    113B7-113C0 113C2 113C5 113C7-113CA 113CC-113D5 113D7-113D8 113E1-113E2 1145A 1145E-11461
    116B8-116B9 116D0-116E3 1171A 11740-11746 11800-1183B 11900-11906 11909 1190C-11913
    11915-11916 11918-11935 11937-11938 1193B-11946 11950-11959 119A0-119A7 119AA-119D7
    119DA-119E4 11A00-11A47 11A50-11AA2 11AB0-11ABF 11B00-11B0A 11B60-11B67 11BC0-11BE1
    11BF0-11BF9 11D00-11D06 11D08-11D09 11D0B-11D36 11D3A 11D3C-11D3D 11D3F-11D47 11D50-11D59
    11D60-11D65 11D67-11D68 11D6A-11D8E 11D90-11D91 11D93-11D98 11DA0-11DA9 11DB0-11DDB
    11DE0-11DE9 11DF0-11DF1 11EE0-11EF8 11F00-11F10 11F12-11F3A 11F3E-11F5A 11FB0 11FC0-11FF1
    11FFF 1246F 12475-1247F 12550-12686 12F90-12FF2 1342F-13455 13460-143FA 16100-16139
    16A70-16ABE 16AC0-16AC9 16D40-16D79 16E40-16E9A 16EA0-16EB8 16EBB-16ED3 16F45-16F4A 16F4F
    16F7F-16F87 16FE1-16FE4 16FF0-16FF6 187ED-187FF 18AF3-18CDA 18CFF-18D20 18D80-18DF2
    18E00-19191 191A0-191D2 1AFF0-1AFF3 1AFF5-1AFFB 1AFFD-1AFFE 1B002-1B128 1B132 1B150-1B152
    1B155 1B164-1B168 1B170-1B2FB 1CC00-1CCFC 1CD00-1CEB3 1CEBA-1CED0 1CED2-1CED4 1CEDD-1CEFD
    1CF00-1CF2D 1CF30-1CF46 1CF50-1CFC3 1D127-1D128 1D1E9-1D1FF 1D250-1D281 1D2C0-1D2D3
    1D2E0-1D2F3 1D372-1D378 1D6A6 1DB00-1DB1C 1DF00-1DF81 1DF90-1DF96 1DFCD-1DFFF 1E030-1E06D
    1E08F 1E100-1E12C 1E130-1E13D 1E140-1E149 1E14E-1E14F 1E290-1E2AE 1E2C0-1E2F9 1E2FF
    1E4D0-1E4F9 1E5D0-1E5FA 1E5FF 1E6C0-1E6DE 1E6E0-1E6F5 1E6FE-1E6FF 1E7E0-1E7E6 1E7E8-1E7EB
    1E7ED-1E7EE 1E7F0-1E7FE 1E94B 1EC71-1ECB4 1ED01-1ED3D 1F10D-1F10F 1F12F 1F16C-1F16F
    1F1AD-1F1AE 1F260-1F265 1F6D3-1F6D9 1F6DC-1F6DF 1F6F7-1F6FC 1F774-1F77F 1F7D5-1F7DB
    1F7E0-1F7EB 1F7F0-1F7FF 1F8B0-1F8BB 1F8C0-1F8C1 1F8D0-1F8D8 1F900-1F90F 1F91F 1F928-1F92F
    1F931-1F932 1F93F 1F94C-1F94F 1F95F-1F97F 1F992-1F9BF 1F9C1-1FA57 1FA60-1FA6D 1FA70-1FA7C
    1FA80-1FAC6 1FAC8 1FACC-1FADD 1FADF-1FAEB 1FAEF-1FAFA 1FB00-1FB92 1FB94-1FBFA 2A6D7-2A6DF
    2B735-2B73F 2B81E 2CEA2-2CEAD 2CEB0-2EBE0 2EBF0-2EE5D 30000-3134A 31350-33479 3D000-3FC3F
"""

# The scripts of HF's table (Unicode 9 script names, as ``regex`` spells them).
SCRIPTS_UNICODE_9 = [
    "Adlam", "Ahom", "AnatolianHieroglyphs", "Arabic", "Armenian", "Avestan", "Balinese",
    "Bamum", "BassaVah", "Batak", "Bengali", "Bhaiksuki", "Bopomofo", "Brahmi", "Braille",
    "Buginese", "Buhid", "CanadianAboriginal", "Carian", "CaucasianAlbanian", "Chakma",
    "Cham", "Cherokee", "Common", "Coptic", "Cuneiform", "Cypriot", "Cyrillic", "Deseret",
    "Devanagari", "Duployan", "EgyptianHieroglyphs", "Elbasan", "Ethiopic", "Georgian",
    "Glagolitic", "Gothic", "Grantha", "Greek", "Gujarati", "Gurmukhi", "Han", "Hangul",
    "Hanunoo", "Hatran", "Hebrew", "Hiragana", "ImperialAramaic", "Inherited",
    "InscriptionalPahlavi", "InscriptionalParthian", "Javanese", "Kaithi", "Kannada",
    "Katakana", "KayahLi", "Kharoshthi", "Khmer", "Khojki", "Khudawadi", "Lao", "Latin",
    "Lepcha", "Limbu", "LinearA", "LinearB", "Lisu", "Lycian", "Lydian", "Mahajani",
    "Malayalam", "Mandaic", "Manichaean", "Marchen", "MeeteiMayek", "MendeKikakui",
    "MeroiticCursive", "MeroiticHieroglyphs", "Miao", "Modi", "Mongolian", "Mro", "Multani",
    "Myanmar", "Nabataean", "NewTaiLue", "Newa", "Nko", "Ogham", "OlChiki", "OldHungarian",
    "OldItalic", "OldNorthArabian", "OldPermic", "OldPersian", "OldSouthArabian",
    "OldTurkic", "Oriya", "Osage", "Osmanya", "PahawhHmong", "Palmyrene", "PauCinHau",
    "PhagsPa", "Phoenician", "PsalterPahlavi", "Rejang", "Runic", "Samaritan", "Saurashtra",
    "Sharada", "Shavian", "Siddham", "SignWriting", "Sinhala", "SoraSompeng", "Sundanese",
    "SylotiNagri", "Syriac", "Tagalog", "Tagbanwa", "TaiLe", "TaiTham", "TaiViet", "Takri",
    "Tamil", "Tangut", "Telugu", "Thaana", "Thai", "Tibetan", "Tifinagh", "Tirhuta",
    "Ugaritic", "Vai", "WarangCiti", "Yi",
]

# The four characters whose script changed after Unicode 9 (regex: Armenian, Arabic,
# Inherited, Inherited); HF's table keeps the old script.
SCRIPT_CHANGES_AFTER_UNICODE_9 = {
    "\u0589": "Common",
    "\u061c": "Common",
    "\u0953": "Devanagari",
    "\u0954": "Devanagari",
}


def class_items(ranges: str) -> str:
    r"""Turn ``"0558 058B-058C"`` into the body of a regex character class.

    Example:
        >>> print(class_items("0041 0061-0063"))
        \U00000041\U00000061-\U00000063
    """
    items = []
    for item in ranges.split():
        start, _, end = item.partition("-")
        items.append(f"\\U{int(start, 16):08X}")
        if end:
            items.append(f"-\\U{int(end, 16):08X}")
    return "".join(items)


def char_set(ranges: str) -> frozenset[str]:
    """The characters of a range list, for fast ``isdisjoint`` / ``in`` tests.

    Example:
        >>> sorted(char_set("0041 0061-0063"))
        ['A', 'a', 'b', 'c']
    """
    chars: set[str] = set()
    for item in ranges.split():
        start, _, end = item.partition("-")
        chars.update(map(chr, range(int(start, 16), int(end or start, 16) + 1)))
    return frozenset(chars)
