"""Open311 GeoReport v2 endpoints (JSON only); the REST API is mounted on /api/enforcement."""

from django.urls import path, re_path

from . import open311

urlpatterns = [
    path("services.json", open311.services, name="open311_services"),
    re_path(r"^services/(?P<service_code>[\w-]+)\.json$", open311.service_definition, name="open311_service"),
    path("requests.json", open311.requests, name="open311_requests"),
    re_path(r"^requests/(?P<request_id>[^/]+)\.json$", open311.request_detail, name="open311_request"),
]
