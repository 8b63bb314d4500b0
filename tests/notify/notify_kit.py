"""Helpers for the notification tests (a module name of its own: in a whole-suite run, 'conftest' may
be another folder's)."""

from __future__ import annotations

import email
import email.policy
import socket
import threading


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Mailbox:
    """What the SMTP server accepted: parsed messages, in order."""

    def __init__(self):
        self.messages: list = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        msg = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        with self.lock:
            self.messages.append(msg)
        return "250 Message accepted for delivery"

    def subjects(self, address: str) -> list[str]:
        """Subjects, unfolded (Django folds a non-ASCII subject onto a continuation line)."""
        return [str(m["Subject"]).strip() for m in self.to(address)]

    def to(self, address: str) -> list:
        with self.lock:
            return [m for m in self.messages if address in m["To"]]
