"""Open311 GeoReport v2 at /open311/ (every resource as .xml and .json); the REST API is mounted on
/api/enforcement. Any other address under /open311/ answers with the specification's error."""

from django.urls import re_path

from . import open311

FMT = r"\.(?P<fmt>xml|json)$"

urlpatterns = [
    re_path(r"^discovery" + FMT, open311.discovery, name="open311_discovery"),
    re_path(r"^v2/discovery" + FMT, open311.discovery),
    re_path(r"^v2/services" + FMT, open311.services, name="open311_services"),
    re_path(r"^v2/services/(?P<service_code>[^/]+)" + FMT, open311.service_definition, name="open311_service"),
    re_path(r"^v2/requests" + FMT, open311.requests, name="open311_requests"),
    re_path(r"^v2/requests/(?P<request_id>[^/]+)" + FMT, open311.request_detail, name="open311_request"),
    re_path(r"^v2/tokens/(?P<token>[^/]+)" + FMT, open311.token, name="open311_token"),
    re_path(r"^(?P<path>.*)$", open311.unknown),
]
