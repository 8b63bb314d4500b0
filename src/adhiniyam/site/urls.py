from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from adhiniyam.api.api import api
from adhiniyam.locallaw.api import api as local_law_api

urlpatterns = [
    path("api/", api.urls),   # first: most requests are the API's, and no pattern before it matched its paths
    # the web application (src/adhiniyam/web) is the one set of pages; these keep short addresses working
    path("", RedirectView.as_view(url="/start/", query_string=True), name="home"),
    path("login/", RedirectView.as_view(url="/signin/", query_string=True), name="login"),
    path("cases/<int:case_id>/", RedirectView.as_view(url="/case/%(case_id)s/"), name="case"),
    path("admin/", admin.site.urls),
    path("ops/", include("adhiniyam.ops.urls")),   # health and the benchmark floor (src/adhiniyam/ops)
    path("open311/", include("adhiniyam.enforcement.urls")),   # Open311 GeoReport v2 (src/adhiniyam/enforcement)
    path("complaints/", include("adhiniyam.enforcement.urls_web")),   # public complaint form (enforcement)
    path("local-law/api/", local_law_api.urls),   # the local-law API (src/adhiniyam/locallaw/api.py)
    path("local-law/", include("adhiniyam.locallaw.urls")),   # public register of local instruments (src/adhiniyam/locallaw)
    path("law/upgrades/", include("adhiniyam.packs.urls")),   # law-pack versions and upgrades (src/adhiniyam/packs)
    path("", include("adhiniyam.web.urls")),   # the web application (src/adhiniyam/web)
]
