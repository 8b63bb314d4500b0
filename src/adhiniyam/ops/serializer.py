"""Django's JSON serializer, but times keep their microseconds.

Django's DjangoJSONEncoder cuts datetimes to milliseconds; the audit chain hashes `recorded_at` to the
microsecond, so a backup made with plain `dumpdata` would restore events that no longer match their
hashes. Registered as the serialization format "adhjson" (OpsConfig.ready)."""

from __future__ import annotations

import datetime as dt

from django.core.serializers.json import Deserializer as _JSONDeserializer
from django.core.serializers.json import DjangoJSONEncoder
from django.core.serializers.json import Serializer as _JSONSerializer


class PreciseEncoder(DjangoJSONEncoder):
    def default(self, o):
        if isinstance(o, dt.datetime):
            text = o.isoformat()
            return text[:-6] + "Z" if text.endswith("+00:00") else text
        if isinstance(o, dt.time):
            return o.isoformat()
        return super().default(o)


class Serializer(_JSONSerializer):
    def _init_options(self):
        super()._init_options()
        self.json_kwargs["cls"] = PreciseEncoder


Deserializer = _JSONDeserializer
