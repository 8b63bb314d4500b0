"""The SMS gateway interface. No real gateway is configured in this project (none can be reached
from here): a deployment names its own class in ADHINIYAM_SMS_GATEWAY, with the provider's account,
sender id and DLT template registration (required for commercial SMS in India) in its own settings.

A gateway sends one text to one number and returns the provider's reference; `reference` is the
outbox row's stable id, which providers that accept a client reference use to drop a repeat.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Protocol

from django.conf import settings
from django.utils import timezone
from django.utils.module_loading import import_string


class SmsGateway(Protocol):
    def send(self, to: str, text: str, reference: str) -> str: ...


class FileGateway:
    """Writes each SMS as a line of JSON to <var>/sms/outbox.jsonl (the demo; tests read it)."""

    def __init__(self, path: Path | None = None):
        self.path = Path(path or Path(settings.VAR_DIR) / "sms" / "outbox.jsonl")

    def send(self, to: str, text: str, reference: str) -> str:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = json.dumps({"to": to, "text": text, "reference": reference, "at": timezone.now().isoformat()},
                          ensure_ascii=False)
        with self.path.open("a", encoding="utf-8") as f:
            f.write(line + "\n")
        return reference


def gateway() -> SmsGateway:
    return import_string(getattr(settings, "ADHINIYAM_SMS_GATEWAY", "adhiniyam.notify.sms.FileGateway"))()
