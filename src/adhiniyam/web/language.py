"""Which language a page is in: the user's own choice when they made one (kept in the language
cookie by Django's set_language), otherwise the language of the body the page is about (its
State's: Gujarati in Gujarat, Punjabi in Punjab, Konkani in Goa, Hindi in Himachal Pradesh and
Uttarakhand), otherwise the language of the body the signed-in user works at or applies to, and
otherwise what the browser asks for (Django's LocaleMiddleware)."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from adhiniyam.law import translations as T


def body_of(request, kwargs):
    from adhiniyam.records.models import Body, Case

    if kwargs.get("code"):
        return Body.objects.filter(code=kwargs["code"]).only("state").first()
    if kwargs.get("case_id"):
        case = Case.objects.filter(pk=kwargs["case_id"]).select_related("body").only("body__state").first()
        return case.body if case else None
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        from adhiniyam.records import access

        found = [m.body for m in access.memberships(user)]
        return found[0] if found else None
    return None


class BodyLanguageMiddleware:
    """After LocaleMiddleware: the page's body decides its language unless the user chose one."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    MACHINE = ("/api/", "/open311/", "/ops/", "/admin/")   # answers for programs and the admin stay in English

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.path.startswith(self.MACHINE) or "/api/" in request.path:
            return None
        body = body_of(request, view_kwargs)
        request.body_languages = T.state_languages(body.state) if body is not None else list(T.LANGUAGES)
        if settings.LANGUAGE_COOKIE_NAME in request.COOKIES or body is None:
            return None
        lang = T.state_language(body.state)
        translation.activate(lang)
        request.LANGUAGE_CODE = lang
        return None
