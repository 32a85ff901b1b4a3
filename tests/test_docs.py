"""The repository explains itself: the rule book documents every option and preset, and every link of
the documentation leads to a file of the repository, none to a rule book kept outside it."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from engine.rules import OPTIONS, PRESETS, Rules

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
# What once pointed outside the repository: the shared rule and record documents, the seed documents by
# number, the development machine's folders. Written in pieces so that this file does not match itself.
OUTSIDE = re.compile("|".join([
    r"RULES\.md", r"RECORD\.md", r"\bshared/", "(?i:seed" + r" 00\d)", r"(?<![\w.])/" + "work/",
]))


def _documented(name: str) -> bool:
    return f"`{name}`" in RULES_DOC.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", [f.name for f in dataclasses.fields(Rules)])
def test_every_rules_field_is_documented(name: str) -> None:
    assert _documented(name), f"docs/rules.md does not document the Rules field `{name}`"


@pytest.mark.parametrize("name", list(OPTIONS))
def test_every_option_is_documented(name: str) -> None:
    assert _documented(name), f"docs/rules.md does not document the option `{name}`"


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_is_described(name: str) -> None:
    text = RULES_DOC.read_text(encoding="utf-8")
    assert re.search(rf"^\| `{re.escape(name)}`", text, re.MULTILINE), (
        f"docs/rules.md's table of variants has no row for the preset `{name}`")


def _anchors(path: Path) -> set[str]:
    """The anchors a Markdown file's headings make (as GitHub makes them)."""
    anchors = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"#{1,6}\s+(.*)", line)
        if heading:
            words = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower())
            anchors.add(words.replace(" ", "-"))
    return anchors


def _links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)  # code is not a link
    return LINK.findall(text)


def test_the_docs_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in DOCS}
    assert {"README.md", "docs/rules.md", "docs/records.md"} <= names


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_resolve(path: Path) -> None:
    broken = []
    for target in _links(path):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        if not linked.is_relative_to(ROOT) or not linked.exists():
            broken.append(f"{target} (no such file in the repository)")
        elif anchor and linked.suffix == ".md" and anchor not in _anchors(linked):
            broken.append(f"{target} (no heading makes #{anchor})")
    assert not broken, f"{path.relative_to(ROOT)}: " + "; ".join(broken)


def _sources() -> list[Path]:
    found = [*DOCS]
    for folder in ("engine", "pinochle_gui", "tests", "build"):
        found += sorted((ROOT / folder).rglob("*.py"))
    return found


@pytest.mark.parametrize("path", _sources(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_nothing_points_outside_the_repository(path: Path) -> None:
    hits = [f"line {n}: {line.strip()}" for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if OUTSIDE.search(line)]
    assert not hits, f"{path.relative_to(ROOT)} cites a document outside the repository: " + "; ".join(hits)
