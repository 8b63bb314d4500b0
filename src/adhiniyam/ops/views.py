"""Two plain views for operators:

  GET  /ops/health   the server is up and its database answers (for load balancers and restarts)
  POST /ops/floor    the benchmark floor: one insert in one transaction, nothing else; answers 404
                     unless ADHINIYAM_BENCH_FLOOR=1 (set only by bench/api.py)
"""

from __future__ import annotations

import os

from django.db import connection, transaction
from django.http import Http404, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from .models import FloorRow


@require_GET
def health(request):
    with connection.cursor() as cur:
        cur.execute("SELECT 1")
        cur.fetchone()
    return JsonResponse({"ok": True, "database": connection.vendor})


@csrf_exempt
@require_POST
def floor(request):
    if os.environ.get("ADHINIYAM_BENCH_FLOOR") != "1":
        raise Http404("not enabled")
    with transaction.atomic():
        row = FloorRow.objects.create(body_id=int(request.GET.get("body", 0) or 0), note="floor")
    return JsonResponse({"id": row.pk}, status=201)
