"""Stored versions of law packs. The installed packs are kept on every migrate; a stored version is
loaded by writing its files once into <var>/packs/<act>/<version>/ and reading that folder with the
engine's loader (`law.pack.load_pack_dir`), so it computes the same content hash."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

from adhiniyam.law import list_packs, load_pack
from adhiniyam.law.pack import load_pack_dir

from .models import PackVersion


def _files(pack) -> dict[str, str]:
    root = Path(pack.path)
    return {str(p.relative_to(root)): p.read_text(encoding="utf-8") for p in sorted(root.rglob("*.yaml"))}


def keep(pack, using: str = "default") -> PackVersion:
    """Store a loaded pack's files under its version, once."""
    row, _created = PackVersion.objects.using(using).get_or_create(
        act_id=pack.id, version=str(pack.version), defaults={"title": pack.title, "files": _files(pack)})
    return row


def keep_installed(using: str = "default") -> list[PackVersion]:
    return [keep(load_pack(act), using) for act in list_packs()]


def load(act_id: str, version: str):
    """The pack as it was at `version`: the installed one when it is that version, else the stored files.
    None when that version was never stored."""
    installed = load_pack(act_id)
    if version == str(installed.version):
        return installed
    row = PackVersion.objects.filter(act_id=act_id, version=version).only("files").first()
    if row is None:
        return None
    folder = Path(settings.VAR_DIR) / "packs" / act_id / version
    if not (folder / "act.yaml").exists():
        for rel, text in row.files.items():
            target = folder / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    return load_pack_dir(folder)


def versions(act_id: str) -> list[PackVersion]:
    return list(PackVersion.objects.filter(act_id=act_id).defer("files").order_by("stored_at"))


def resolve(act_id: str | None, text: str) -> PackVersion:
    """A stored version named by its hash or a prefix of it ('installed': the installed one)."""
    from adhiniyam.records.errors import Invalid

    if text == "installed":
        if not act_id:
            raise Invalid("'installed' needs the Act (--act).")
        text = str(load_pack(act_id).version)
    rows = PackVersion.objects.filter(version__startswith=text).defer("files")
    if act_id:
        rows = rows.filter(act_id=act_id)
    found = list(rows[:2])
    if len(found) != 1:
        known = ", ".join(f"{v.act_id} {v.version}" for v in PackVersion.objects.defer("files")[:20])
        raise Invalid(f"{'No' if not found else 'More than one'} stored law-pack version {text!r}"
                      f"{' of ' + act_id if act_id else ''}. Stored: {known or 'none'}.")
    return found[0]
