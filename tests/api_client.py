"""The Django test client speaking JSON to the API with a bearer token, shared by the test folders."""

from __future__ import annotations

import datetime as dt
from contextlib import nullcontext

from django.conf import settings
from django.test import override_settings

DATE_FIELDS = ("on", "paid_on", "spent_on")


def entered_on(moment: str | None):
    """The service's clock at `moment` (YYYY-MM-DD: 10:00 that day; YYYY-MM-DDTHH:MM: that minute) while an
    entry is made: a paper entered on the day it happened, as an office does (records.dating: an entry
    dated before the day it is made is a late entry, with its reason). Never later than the clock already
    is: a date in the future stays in the future."""
    if not moment:
        return nullcontext()
    try:
        when = dt.datetime.fromisoformat(moment if "T" in moment else f"{moment}T10:00")
    except ValueError:
        return nullcontext()           # a malformed date, for the service to refuse
    now = settings.ADHINIYAM_CLOCK
    if now and when > dt.datetime.fromisoformat(str(now)):
        return nullcontext()
    return override_settings(ADHINIYAM_CLOCK=when.isoformat(timespec="minutes"))


def _moment(payload) -> str | None:
    """The date an entry's payload gives (on, paid_on or spent_on), if any."""
    if not isinstance(payload, dict):
        return None
    return next((payload[f] for f in DATE_FIELDS if isinstance(payload.get(f), str)), None)


class Api:
    """The Django test client speaking JSON with a bearer token."""

    def __init__(self, client, tokens):
        self.client, self.tokens = client, tokens

    def _auth(self, who):
        return {"HTTP_AUTHORIZATION": f"Bearer {self.tokens[who]}"} if who else {}

    def call(self, who, method, url, payload=None, entered=None, **extra):
        """One request as `who` (None: anonymous); `entered`: the day it is made on (entered_on)."""
        with entered_on(entered):
            if method == "GET":
                return self.client.get(url, payload or {}, **self._auth(who), **extra)
            if method == "DELETE":
                return self.client.delete(url, **self._auth(who), **extra)
            if isinstance(payload, dict) and payload.get("__multipart__"):
                data = {k: v for k, v in payload.items() if k != "__multipart__"}
                return self.client.post(url, data, **self._auth(who), **extra)
            return self.client.post(url, payload if payload is not None else {}, content_type="application/json",
                                    **self._auth(who), **extra)

    def get(self, who, url, **params):
        return self.call(who, "GET", url, params)

    def post(self, who, url, payload=None, entered=None, **extra):
        return self.call(who, "POST", url, payload, entered=entered, **extra)

    def enter(self, who, url, payload, **extra):
        """POST an entry on the day it happened (the payload's on, paid_on or spent_on), as the office enters it."""
        return self.post(who, url, payload, entered=_moment(payload), **extra)

    def enter_late(self, who, url, payload, **extra):
        """POST an entry today of something that happened on the payload's earlier date: a late entry, with
        its reason (records.dating; the body's late_entry_days must reach back that far)."""
        day = (_moment(payload) or "")[:10]
        today = str(settings.ADHINIYAM_CLOCK or dt.date.today())[:10]
        if isinstance(payload, dict) and day and day < today and "late_reason" not in payload:
            payload = {**payload, "late_reason": f"the paper of {day}, entered on {today}"}
        return self.post(who, url, payload, **extra)

    def act(self, who, case_id, payload, **extra):
        """Record an action in a case on the day it happened."""
        return self.enter(who, f"/api/cases/{case_id}/actions", payload, **extra)

    def upload(self, who, url, data):
        """A multipart form (a document upload)."""
        return self.client.post(url, data, **self._auth(who))
