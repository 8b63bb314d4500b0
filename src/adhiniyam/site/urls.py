from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from adhiniyam.api.api import api
from adhiniyam.records import views

urlpatterns = [
    path("", views.home, name="home"),
    path("cases/<int:case_id>/", views.case_page, name="case"),
    path("cases/<int:case_id>/act/", views.case_act, name="case_act"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(next_page="/login/"), name="logout"),
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("ops/", include("adhiniyam.ops.urls")),   # health and the benchmark floor (src/adhiniyam/ops)
    path("open311/v2/", include("adhiniyam.enforcement.urls")),   # Open311 GeoReport v2 (src/adhiniyam/enforcement)
    path("complaints/", include("adhiniyam.enforcement.urls_web")),   # public complaint form (enforcement)
    path("local-law/", include("adhiniyam.locallaw.urls")),   # public register of local instruments (src/adhiniyam/locallaw)
    path("", include("adhiniyam.web.urls")),   # the web application (src/adhiniyam/web)
]
