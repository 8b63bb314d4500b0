"""Sunrise and sunset at a body's location, for rules that allow entry only by day."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from astral import LocationInfo
from astral.sun import sun

IST = ZoneInfo("Asia/Kolkata")


def sun_times(lat: float, lon: float, on: date) -> tuple[datetime, datetime]:
    """(sunrise, sunset) in Indian Standard Time, as naive local datetimes."""
    loc = LocationInfo(latitude=lat, longitude=lon, timezone="Asia/Kolkata")
    s = sun(loc.observer, date=on, tzinfo=IST)
    return s["sunrise"].replace(tzinfo=None, microsecond=0), s["sunset"].replace(tzinfo=None, microsecond=0)


def twilight_times(lat: float, lon: float, on: date) -> tuple[datetime, datetime]:
    """(civil dawn, civil dusk) in Indian Standard Time: the sun six degrees below the horizon."""
    loc = LocationInfo(latitude=lat, longitude=lon, timezone="Asia/Kolkata")
    s = sun(loc.observer, date=on, tzinfo=IST)
    return s["dawn"].replace(tzinfo=None, microsecond=0), s["dusk"].replace(tzinfo=None, microsecond=0)


def by_day(lat: float, lon: float, at: datetime, margin: timedelta = timedelta(0), twilight: bool = False) -> tuple[bool, str]:
    """Whether `at` (local time) falls between sunrise and sunset — or, with `twilight`, between
    civil dawn and civil dusk — with a sentence saying so.

    `margin` narrows the window on both sides: half an hour after sunset to half an hour before
    sunrise is "night" for the Himachal vehicle-lights rule (margin = 30 minutes, read inversely).
    """
    rise, set_ = (twilight_times if twilight else sun_times)(lat, lon, at.date())
    ok = rise + margin <= at <= set_ - margin
    words = "between" if ok else "not between"
    ends = ("civil dawn", "civil dusk") if twilight else ("sunrise", "sunset")
    return ok, (f"{at:%H:%M} on {at.day} {at:%B %Y} is {words} {ends[0]} ({rise:%H:%M}) and {ends[1]} ({set_:%H:%M}) "
                f"at {lat:.4f}, {lon:.4f}")
