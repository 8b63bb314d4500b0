from django.urls import path

from . import views
from .api import api

app_name = "locallaw"

urlpatterns = [
    path("api/", api.urls),
    path("<slug:code>/", views.register_page, name="register"),
]
