from django.contrib import admin
from django.urls import include, path

from adhiniyam.api.api import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("open311/v2/", include("adhiniyam.enforcement.urls")),
    path("", include("adhiniyam.web.urls")),
]
