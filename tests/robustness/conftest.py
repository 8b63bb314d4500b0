"""Fixtures for the robustness suite (issue 11). The helpers live in robustness_kit.py: a module
name no other test folder uses, because every folder's conftest.py is importable as `conftest`."""

from __future__ import annotations

import pytest
from robustness_kit import CLOCK, Api, make_world


@pytest.fixture(autouse=True)
def fixed_clock(settings):
    settings.ADHINIYAM_CLOCK = CLOCK
    return CLOCK


@pytest.fixture
def world(db):
    return make_world()


@pytest.fixture
def api(client, world):
    return Api(client, world["tokens"])
