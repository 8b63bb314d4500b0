"""YAML that remembers where each mapping came from, so that errors can name file and line."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

try:
    _Base = yaml.CSafeLoader  # type: ignore[attr-defined]
except AttributeError:  # pragma: no cover
    _Base = yaml.SafeLoader


class Mapping(dict):
    """A dict with the file and line it was read from."""

    __slots__ = ("file", "line")


class _Loader(_Base):
    pass


def _construct_mapping(loader, node):
    loader.flatten_mapping(node)
    m = Mapping(loader.construct_pairs(node, deep=True))
    m.line = node.start_mark.line + 1
    m.file = getattr(loader, "_file", None)
    return m


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


class BadDate(str):
    """What looked like a date but is none (`2026-02-30`): kept as text with its line, so the check
    that reads it can say which line and what was expected, instead of the whole file failing."""

    __slots__ = ("line",)


def _construct_timestamp(loader, node):
    try:
        return loader.construct_yaml_timestamp(node)
    except ValueError:
        bad = BadDate(node.value)
        bad.line = node.start_mark.line + 1
        return bad


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)

# YAML 1.1 reads `on`, `off`, `yes` and `no` as booleans; in a law pack `on:` is a date key.
# Only true and false are booleans here.
_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in _Base.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                              list("tTfF"))


def load(path: Path):
    from .errors import PackError

    if not Path(path).is_file():
        raise PackError(path, None, "no such file")
    with open(path, encoding="utf-8") as f:
        loader = _Loader(f)
        loader._file = str(path)
        try:
            return loader.get_single_data()
        except yaml.YAMLError as e:
            mark = getattr(e, "problem_mark", None)
            raise PackError(path, mark.line + 1 if mark else None, f"not valid YAML: {getattr(e, 'problem', e)}") from None
        finally:
            loader.dispose()


def where(obj, default_file=None) -> tuple[str | None, int | None]:
    return getattr(obj, "file", default_file), getattr(obj, "line", None)
