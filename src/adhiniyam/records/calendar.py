"""A body's office calendar as the records keep it: the days it records beside its State's public holidays
and its weekly days off (records.Closure: a closure, or with `open` an opening), each with its source.

  may_keep(user, body)         an administrator of the body or of a body above it keeps its calendar
  record_day / remove_day      such a day recorded or removed, checked by the model, in one transaction
  day_was / day_changed        the receivers (RecordsConfig.ready): a day recorded, changed or removed
                               derives again the body's open cases it can move, in the same transaction

A period counts by the office's open days (a receipt on a closed day, a last day that falls on one), so
the stored deadlines that the inbox and the sweep read follow a change at once.
"""

from __future__ import annotations

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from . import access
from .errors import Forbidden, Invalid, NotFound
from .models import DUE_NEVER, Body, Case, Closure, Role
from .sweep import refresh


def may_keep(user, body: Body) -> bool:
    return bool(user and user.is_authenticated and
                (user.is_superuser or access.covering(user, body, {Role.ADMINISTRATOR})))


def _keeper(user, body: Body) -> None:
    if not may_keep(user, body):
        raise Forbidden(_("Only an administrator of %(body)s, or of a body above it, keeps its office calendar.")
                        % {"body": body.name}, code="not_administrator")


def record_day(user, body: Body, on: dt.date, open_: bool, reason: str, source: str) -> Closure:
    """A closure or an opening of the body's office on `on`, with the order it rests on."""
    _keeper(user, body)
    recorded = Invalid(_("%(day)s is already in the calendar of %(body)s: remove it first to record it otherwise.")
                       % {"day": on.isoformat(), "body": body.name}, code="calendar_day_recorded")
    day = Closure(body=body, on=on, open=open_, reason=reason.strip(), source=source.strip())
    try:
        with transaction.atomic():
            if Closure.objects.filter(body=body, on=on).exists():
                raise recorded
            day.full_clean(validate_constraints=False)
            day.save()
    except ValidationError as exc:
        raise Invalid(" ".join(exc.messages), code="bad_calendar_day") from exc
    except IntegrityError:                  # the same day recorded by someone else at this very moment
        raise recorded from None
    return day


def remove_day(user, body: Body, day_id: int) -> Closure:
    _keeper(user, body)
    with transaction.atomic():
        day = Closure.objects.select_for_update().filter(body=body, pk=day_id).first()
        if day is None:
            raise NotFound(_("No such day in the calendar of %(body)s.") % {"body": body.name})
        day.delete()
    return day


def day_was(sender, instance, **kwargs):
    """Before a day of a body's calendar is changed: where it was, to refresh both."""
    if kwargs.get("raw"):                   # a fixture loaded (adhiniyam restore): cases come as stored
        return
    instance._calendar_was = (sender.objects.filter(pk=instance.pk).values_list("body_id", "on").first()
                              if instance.pk else None)


def day_changed(sender, instance, **kwargs):
    """A day of a body's office calendar was recorded, changed or removed: the open cases it can move are
    derived again in the same transaction. Those are the cases opened on or before that day with a
    deadline running to it or beyond (their stored deadlines are last days after any closed-office
    extension, so a case whose deadlines all end before the day cannot be moved by it)."""
    if kwargs.get("raw"):
        return
    for body_id, day in {(instance.body_id, instance.on), getattr(instance, "_calendar_was", None)} - {None}:
        running = Q(next_deadline__gte=day) | Q(due__gte=day, due__lt=DUE_NEVER)
        refresh(Case.objects.filter(running, body_id=body_id, opened_on__lte=day))
