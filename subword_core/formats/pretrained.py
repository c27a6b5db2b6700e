"""What a ``tokenizer_config.json`` says, and :func:`save_pretrained` writing a model folder.

A hub model folder pairs the pipeline (``tokenizer.json``, or vocabulary files) with a
``tokenizer_config.json`` that ``transformers`` reads on top of it: which added tokens
exist (``added_tokens_decoder``), which token plays which role (``bos_token``,
``pad_token``...), ``model_max_length``, the padding and truncation sides, the
tokenizer class. :class:`Pretrained` holds that; an opened tokenizer keeps it as
``tokenizer.pretrained``.

:func:`apply_pretrained` registers the config's added tokens and role tokens the way
``transformers``' ``TokenizersBackend.__init__`` does, so ids and splits match what
``AutoTokenizer.from_pretrained(folder)`` builds. :func:`save_pretrained` writes
``tokenizer.json``, ``tokenizer_config.json`` and ``special_tokens_map.json`` that
``AutoTokenizer`` loads as a plain fast tokenizer (``tokenizer_class``
``PreTrainedTokenizerFast``, the class that takes ``tokenizer.json`` as it is; a model
class such as ``BertTokenizer`` would rebuild the pipeline from its own defaults). For a
tokenizer trained here the roles are inferred from its special tokens.

Example:
    >>> p = Pretrained.from_config({"unk_token": "[UNK]", "model_max_length": 512})
    >>> p.special_roles, p.model_max_length
    ({'unk_token': '[UNK]'}, 512)
"""

from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..added_tokens import AddedToken
from ..errors import TokenizerFileError
from ..fileio import atomic_write_text
from ..serialization import read_json_object

CONFIG_NAME = "tokenizer_config.json"
SPECIAL_TOKENS_MAP_NAME = "special_tokens_map.json"
TOKENIZER_NAME = "tokenizer.json"
#: The named roles, in the order ``transformers`` registers their tokens.
ROLES = ("bos_token", "eos_token", "unk_token", "sep_token", "pad_token", "cls_token",
         "mask_token")
#: What :func:`save_pretrained` writes as ``tokenizer_class``: AutoTokenizer (transformers 4
#: and 5) then loads ``tokenizer.json`` unchanged.
PLAIN_CLASS = "PreTrainedTokenizerFast"
#: Config keys with a field of their own in :class:`Pretrained`.
_FIELDS = {"model_max_length", "padding_side", "truncation_side", "tokenizer_class",
           "clean_up_tokenization_spaces", "add_bos_token", "add_eos_token",
           "added_tokens_decoder", "additional_special_tokens", "extra_special_tokens"}
#: Keys never copied into a saved config: files of the original folder, remote code,
#: and what transformers fills in itself when loading.
_NOT_SAVED = {"auto_map", "tokenizer_file", "vocab_file", "merges_file", "special_tokens_map_file",
              "files_loaded", "device_map", "slow_tokenizer_class", "init_inputs", "is_local",
              "local_files_only", "fix_mistral_regex", "backend"}
#: Special-token spellings that say their role, most telling first (for trained tokenizers).
_ROLE_SPELLINGS = {
    "bos_token": ("<s>", "<|startoftext|>", "<|begin_of_text|>", "<bos>", "[BOS]",
                  "<|endoftext|>"),
    "eos_token": ("</s>", "<|endoftext|>", "<|end_of_text|>", "<eos>", "[EOS]"),
    "unk_token": ("[UNK]", "<unk>", "<|unk|>"),
    "sep_token": ("[SEP]",),
    "pad_token": ("[PAD]", "<pad>", "<|pad|>"),
    "cls_token": ("[CLS]",),
    "mask_token": ("[MASK]", "<mask>", "<|mask|>"),
}


@dataclass
class Pretrained:
    """What a ``tokenizer_config.json`` says (``transformers``' view of a tokenizer).

    Attributes:
        roles: role -> token text: the seven named roles (``bos_token``... ``mask_token``)
            and model-specific ones (``image_token``...). ``None``: explicitly no token (a
            class default does not apply).
        additional_special_tokens: further special tokens (``extra_special_tokens`` in
            transformers 5), in order.
        added_tokens_decoder: id -> added token, as declared.
        model_max_length: the model's context size (None: not said).
        padding_side, truncation_side: ``"right"`` or ``"left"``.
        tokenizer_class: e.g. ``"BertTokenizer"``.
        clean_up_tokenization_spaces: decode-time cleanup flag (None: not said).
        add_bos_token, add_eos_token: None when not said.
        extra: every other key, kept as read (``chat_template``, ``do_lower_case``...).
        token_options: role and extra tokens given as objects (with ``lstrip``...),
            by text.
    """

    roles: dict[str, str | None] = field(default_factory=dict)
    additional_special_tokens: list[str] = field(default_factory=list)
    added_tokens_decoder: dict[int, AddedToken] = field(default_factory=dict)
    model_max_length: int | None = None
    padding_side: str = "right"
    truncation_side: str = "right"
    tokenizer_class: str | None = None
    clean_up_tokenization_spaces: bool | None = None
    add_bos_token: bool | None = None
    add_eos_token: bool | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    token_options: dict[str, AddedToken] = field(default_factory=dict)

    @property
    def special_roles(self) -> dict[str, str]:
        """role -> token for the roles that have a token."""
        return {role: token for role, token in self.roles.items() if token is not None}

    @property
    def all_special_tokens(self) -> list[str]:
        """Role tokens, then additional ones, each once (transformers' ``all_special_tokens``)."""
        seen: dict[str, None] = {}
        for token in [*self.special_roles.values(), *self.additional_special_tokens]:
            seen.setdefault(token)
        return list(seen)

    def with_role_defaults(self, defaults: dict[str, str | None]) -> Pretrained:
        """A copy where each role the config does not mention takes the class default."""
        roles = {role: token for role, token in defaults.items() if role not in self.roles}
        return replace(self, roles={**_in_role_order(roles | self.roles)})

    @classmethod
    def from_config(cls, data: dict[str, Any], source: str = CONFIG_NAME,
                    special_tokens_map: dict[str, Any] | None = None) -> Pretrained:
        """Read a parsed ``tokenizer_config.json`` (``source`` names it in errors).

        ``special_tokens_map`` (``special_tokens_map.json``) overrides the roles when the
        config has no ``added_tokens_decoder``, as transformers does.
        """
        data = dict(data)
        if special_tokens_map and "added_tokens_decoder" not in data:
            data.update(special_tokens_map)
        options: dict[str, AddedToken] = {}
        roles = _read_roles(data, source, options)
        extras = _read_extras(data, source, options, roles)
        return cls(
            roles=roles,
            additional_special_tokens=extras,
            added_tokens_decoder=_read_added_tokens(data.get("added_tokens_decoder"), source),
            model_max_length=_optional_int(data, "model_max_length", source),
            padding_side=_side(data, "padding_side", source),
            truncation_side=_side(data, "truncation_side", source),
            tokenizer_class=_optional(data, "tokenizer_class", str, source),
            clean_up_tokenization_spaces=_optional(data, "clean_up_tokenization_spaces", bool,
                                                   source),
            add_bos_token=_optional(data, "add_bos_token", bool, source),
            add_eos_token=_optional(data, "add_eos_token", bool, source),
            extra={k: v for k, v in data.items() if k not in _FIELDS and k not in roles},
            token_options=options,
        )


# ---------------------------------------------------------------- reading a folder's config
def read_pretrained(folder: str | os.PathLike[str]) -> Pretrained | None:
    """The :class:`Pretrained` of ``folder/tokenizer_config.json``, or None without one.

    Raises:
        TokenizerFileError: the config (or ``special_tokens_map.json``) is malformed.
    """
    folder = Path(folder)
    config = _read_json_object(folder / CONFIG_NAME)
    if config is None:
        return None
    special_map = _read_json_object(folder / SPECIAL_TOKENS_MAP_NAME)
    return Pretrained.from_config(config, str(folder / CONFIG_NAME), special_map)


def _read_json_object(path: Path) -> dict[str, Any] | None:
    """The object in an optional JSON file of the folder (None when there is no file)."""
    return read_json_object(path) if path.is_file() else None


def _token_text(value: Any, key: str, source: str, options: dict[str, AddedToken]) -> str:
    """A role's token: a string, or an AddedToken object (``{"content": ...}``)."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and isinstance(value.get("content"), str):
        token = _added_token(value, f"{key}", source)
        options[token.content] = token.as_special()
        return token.content
    raise TokenizerFileError(f"{source}: {key} must be a token string, not {value!r}")


def _read_roles(data: dict[str, Any], source: str,
                options: dict[str, AddedToken]) -> dict[str, str | None]:
    roles: dict[str, str | None] = {}
    for role in ROLES:
        if role in data:
            value = data[role]
            roles[role] = None if value is None else _token_text(value, role, source, options)
    # transformers 5: other "*_token" keys holding a string are model-specific roles
    for key, value in data.items():
        if key.endswith("_token") and key not in ROLES and isinstance(value, str):
            roles[key] = value
    named = data.get("extra_special_tokens")
    if isinstance(named, dict):
        for key, value in named.items():
            roles[str(key)] = _token_text(value, f"extra_special_tokens.{key}", source, options)
    return roles


def _read_extras(data: dict[str, Any], source: str, options: dict[str, AddedToken],
                 roles: dict[str, str | None]) -> list[str]:
    extras = data.get("extra_special_tokens")
    key = "extra_special_tokens"
    if not extras or isinstance(extras, dict):
        extras, key = data.get("additional_special_tokens"), "additional_special_tokens"
    if extras is None:
        return []
    if not isinstance(extras, list):
        raise TokenizerFileError(f"{source}: {key} must be a list of tokens")
    return [_token_text(value, key, source, options) for value in extras]


def _added_token(entry: Any, where: str, source: str) -> AddedToken:
    if not isinstance(entry, dict) or not isinstance(entry.get("content"), str):
        raise TokenizerFileError(f"{source}: {where} must be an object with a \"content\" string")
    flags = {}
    for name in ("single_word", "lstrip", "rstrip", "normalized", "special"):
        value = entry.get(name)
        if value is not None and not isinstance(value, bool):
            raise TokenizerFileError(f"{source}: {where}.{name} must be true or false")
        flags[name] = value
    return AddedToken(entry["content"], bool(flags["single_word"]), bool(flags["lstrip"]),
                      bool(flags["rstrip"]), flags["normalized"], bool(flags["special"]))


def _read_added_tokens(data: Any, source: str) -> dict[int, AddedToken]:
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise TokenizerFileError(f"{source}: added_tokens_decoder must be an object of id -> token")
    tokens: dict[int, AddedToken] = {}
    for key, entry in data.items():
        try:
            index = int(key)
        except ValueError:
            raise TokenizerFileError(
                f"{source}: added_tokens_decoder key {key!r} is not a token id") from None
        if index < 0:
            raise TokenizerFileError(f"{source}: added_tokens_decoder id {index} is negative")
        tokens[index] = _added_token(entry, f"added_tokens_decoder[{key}]", source)
    return tokens


def _optional(data: dict[str, Any], key: str, kind: type, source: str) -> Any:
    value = data.get(key)
    if value is not None and not isinstance(value, kind):
        raise TokenizerFileError(f"{source}: {key} must be a {kind.__name__}, not {value!r}")
    return value


def _optional_int(data: dict[str, Any], key: str, source: str) -> int | None:
    value = data.get(key)
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # 1e30 written by some old configs
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise TokenizerFileError(f"{source}: {key} must be an integer, not {value!r}")
    return value


def _side(data: dict[str, Any], key: str, source: str) -> str:
    value = data.get(key, "right")
    if value not in ("right", "left"):
        raise TokenizerFileError(f"{source}: {key} must be \"right\" or \"left\", not {value!r}")
    return value


def _in_role_order(roles: dict[str, str | None]) -> dict[str, str | None]:
    ordered = {role: roles[role] for role in ROLES if role in roles}
    ordered.update((k, v) for k, v in roles.items() if k not in ordered)
    return ordered


# ---------------------------------------------------------------- applying a config
def apply_pretrained(tokenizer: Any, pretrained: Pretrained) -> list[str]:
    """Register the config's added tokens and role tokens, as ``TokenizersBackend`` does.

    In id order, the declared added tokens not already present with the same options;
    then each role token and additional special token not yet added, as a special token.
    The tokens get the next free ids (transformers does not honour the declared ids
    either): returns notes for every declared id that differs from the id given.
    """
    present = list(tokenizer.get_added_tokens_decoder().values())
    to_add = [token for _, token in sorted(pretrained.added_tokens_decoder.items())
              if token not in present]
    known = {token.content for token in present}
    known.update(token.content for token in to_add)
    named = set(pretrained.special_roles.values())
    for text in [*pretrained.special_roles.values(), *pretrained.additional_special_tokens]:
        if text in known:
            continue
        known.add(text)
        option = pretrained.token_options.get(text)
        to_add.append(option if option is not None else AddedToken(text, special=True))
    # a declared added token that holds a role is special, whatever its entry says
    to_add = [_special(token) if token.content in named and not token.special else token
              for token in to_add]
    if to_add:
        tokenizer.add_tokens(to_add)
    if pretrained.extra.get("split_special_tokens") is True:
        tokenizer.encode_special_tokens = True
    return added_id_notes(tokenizer, pretrained)


def _special(token: AddedToken) -> AddedToken:
    return token.as_special()


def added_id_notes(tokenizer: Any, pretrained: Pretrained) -> list[str]:
    """One note when declared added-token ids differ from the ids the tokens got."""
    moved = [(index, token.content, tokenizer.token_to_id(token.content))
             for index, token in sorted(pretrained.added_tokens_decoder.items())]
    moved = [m for m in moved if m[2] != m[0]]
    if not moved:
        return []
    index, content, got = moved[0]
    more = f" (and {len(moved) - 1} more)" if len(moved) > 1 else ""
    return [f"added_tokens_decoder says {content!r} is id {index}, it got {got}{more}, "
            "as in transformers"]


def role_template(tokenizer: Any, pretrained: Pretrained) -> Any:
    """transformers' ``update_post_processor``: ``[bos] $A [eos]`` per add_bos/eos_token."""
    from ..processors import TemplateProcessing

    roles = pretrained.special_roles
    bos = roles.get("bos_token") if pretrained.add_bos_token else None
    eos = roles.get("eos_token") if pretrained.add_eos_token else None
    single = f"{bos}:0 " if bos else ""
    single += "$A:0" + (f" {eos}:0" if eos else "")
    pair = single + (f" {bos}:1" if bos else "") + " $B:1" + (f" {eos}:1" if eos else "")
    specials = [(token, tokenizer.token_to_id(token)) for token in (bos, eos) if token]
    return TemplateProcessing(single=single, pair=pair,
                              special_tokens=[(t, i) for t, i in specials if i is not None])


# ---------------------------------------------------------------- inferring and saving
def infer_pretrained(tokenizer: Any) -> Pretrained:
    """Roles of a tokenizer without a config (trained here, or a bare ``tokenizer.json``).

    Only special added tokens get a role (a role token transformers does not find among
    the added tokens would be added, changing how text is split): by the post-processor
    for ``[CLS]``/``[SEP]``-like pairs, by the model's ``unk_token``, the padding token,
    then by spelling (``[UNK]``, ``<s>``, ``<|endoftext|>``...). The rest are additional.
    """
    specials = [t.content for _, t in sorted(tokenizer.get_added_tokens_decoder().items())
                if t.special]
    available = set(specials)
    roles: dict[str, str | None] = {}
    processor = tokenizer.post_processor
    if type(processor).__name__ in ("BertProcessing", "RobertaProcessing"):
        for role, (token, _id) in (("cls_token", processor.cls), ("sep_token", processor.sep)):
            if token in available:
                roles[role] = token
    unk = getattr(tokenizer.model, "unk_token", None)
    if isinstance(unk, str) and unk in available:
        roles["unk_token"] = unk
    padding = tokenizer.padding
    if padding and padding["pad_token"] in available:
        roles["pad_token"] = padding["pad_token"]
    for role, spellings in _ROLE_SPELLINGS.items():
        if role not in roles:
            found = next((s for s in spellings if s in available), None)
            if found is not None:
                roles[role] = found
    used = set(roles.values())
    truncation = tokenizer.truncation
    return Pretrained(
        roles=_in_role_order(roles),
        additional_special_tokens=[s for s in specials if s not in used],
        model_max_length=truncation["max_length"] if truncation else None,
        padding_side=padding["direction"] if padding else "right",
        truncation_side=truncation["direction"] if truncation else "right",
        clean_up_tokenization_spaces=False,
    )


def config_dict(tokenizer: Any, pretrained: Pretrained) -> dict[str, Any]:
    """The ``tokenizer_config.json`` :func:`save_pretrained` writes."""
    config = {k: copy.deepcopy(v) for k, v in pretrained.extra.items()
              if k not in _NOT_SAVED and not (k.endswith("_token") and isinstance(v, str))}
    config["added_tokens_decoder"] = {
        str(index): _token_entry(token)
        for index, token in tokenizer.get_added_tokens_decoder().items()
    }
    config.update(pretrained.special_roles)
    if pretrained.additional_special_tokens:
        config["additional_special_tokens"] = list(pretrained.additional_special_tokens)
    config["clean_up_tokenization_spaces"] = bool(pretrained.clean_up_tokenization_spaces)
    if pretrained.model_max_length is not None:
        config["model_max_length"] = pretrained.model_max_length
    for key in ("add_bos_token", "add_eos_token"):
        if getattr(pretrained, key) is not None:
            config[key] = getattr(pretrained, key)
    config["padding_side"] = pretrained.padding_side
    config["truncation_side"] = pretrained.truncation_side
    config["split_special_tokens"] = bool(tokenizer.encode_special_tokens)
    config["tokenizer_class"] = PLAIN_CLASS
    return config


def _token_entry(token: AddedToken) -> dict[str, Any]:
    # the field order transformers writes
    return {"content": token.content, "lstrip": token.lstrip, "normalized": token.normalized,
            "rstrip": token.rstrip, "single_word": token.single_word, "special": token.special}


def special_tokens_map(pretrained: Pretrained) -> dict[str, Any]:
    """The ``special_tokens_map.json`` :func:`save_pretrained` writes."""
    data: dict[str, Any] = {role: token for role, token in pretrained.special_roles.items()
                            if role in ROLES}
    if pretrained.additional_special_tokens:
        data["additional_special_tokens"] = list(pretrained.additional_special_tokens)
    return data


def save_pretrained(tokenizer: Any, folder: str | os.PathLike[str]) -> list[Path]:
    """Write ``tokenizer.json``, ``tokenizer_config.json`` and ``special_tokens_map.json``.

    Each file is written atomically; the folder is created if needed. Uses
    ``tokenizer.pretrained`` when the tokenizer was opened with a config, else
    :func:`infer_pretrained`. Returns the paths written.

    Raises:
        TokenizerFileError: the folder cannot be created or a file cannot be written.
    """
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TokenizerFileError(f"cannot create {folder}: {exc.strerror or exc}") from None
    pretrained = tokenizer.pretrained
    if not isinstance(pretrained, Pretrained):
        pretrained = infer_pretrained(tokenizer)
    outputs = [
        (folder / TOKENIZER_NAME, tokenizer.to_str(pretty=True)),
        (folder / CONFIG_NAME, _json(config_dict(tokenizer, pretrained))),
        (folder / SPECIAL_TOKENS_MAP_NAME, _json(special_tokens_map(pretrained))),
    ]
    for path, text in outputs:
        try:
            atomic_write_text(path, text)
        except OSError as exc:
            raise TokenizerFileError(f"cannot write {path}: {exc.strerror or exc}") from None
    return [path for path, _ in outputs]


def _json(data: dict[str, Any]) -> str:
    # transformers' layout: sorted keys, two-space indent, UTF-8, final newline
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


__all__ = [
    "CONFIG_NAME", "PLAIN_CLASS", "ROLES", "Pretrained", "added_id_notes", "apply_pretrained",
    "config_dict",
    "infer_pretrained", "read_pretrained", "role_template", "save_pretrained",
    "special_tokens_map",
]
