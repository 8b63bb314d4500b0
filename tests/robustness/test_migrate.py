"""`adhiniyam migrate` to a named migration of one app, on a new database, stops there and says so: the
installed law packs are stored only once their table exists (packs.apps; a migrate that stopped short
of it used to end in a traceback)."""

from __future__ import annotations

from robustness_harness import Database


def test_a_migrate_that_stops_short_of_the_packs_table_ends_cleanly():
    db = Database("sqlite", migrated=False)
    try:
        partial = db.adhiniyam("migrate", "api", "0002", check=False)
        assert partial.returncode == 0, partial.stderr
        assert "Traceback" not in partial.stderr
        db.adhiniyam("migrate")
        stored = db.python("import django; django.setup()\n"
                           "from adhiniyam.packs.models import PackVersion\n"
                           "print(sorted(set(PackVersion.objects.values_list('act_id', flat=True))))")
        assert "goa_panchayat_raj_1994" in stored        # the full migrate stores the installed packs
    finally:
        db.drop()
