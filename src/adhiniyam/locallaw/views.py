"""The public register of local instruments as a server-rendered page (/local-law/<body code>/)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render

from adhiniyam.records import engine as E
from adhiniyam.records.errors import ServiceError

from .api import _body, _on, areas_out, register


def register_page(request, code: str):
    try:
        body = _body(code)
        on = _on(request.GET.get("on")) or E.today()
    except ServiceError as exc:
        raise Http404(exc.detail) from None
    reg = register(body, on, only_in_force=False)
    return render(request, "locallaw/register.html", {"reg": reg, "body": body, "on": on, "areas": areas_out(body),
                                                       "nav_section": "acts"})
