"""Seed a fresh database for the server tests: the robustness world and `n` open cases at Taleigao.
Prints one JSON line: the users' bearer tokens and the cases' ids. Run by harness.Database."""

from __future__ import annotations

import json
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "adhiniyam.site.settings")

import django  # noqa: E402

django.setup()


def main(n: int = 0):
    from django.db import transaction
    from django.test import Client
    from robustness_kit import Api, make_world, open_case

    with transaction.atomic():
        world = make_world()
    api = Api(Client(), world["tokens"])
    cases = [open_case(api, "clerk")["id"] for _ in range(n)]
    print(json.dumps({"tokens": world["tokens"], "cases": cases}))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
