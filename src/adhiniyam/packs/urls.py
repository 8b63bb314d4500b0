from django.urls import path

from . import views

app_name = "packs"

urlpatterns = [
    path("", views.upgrades, name="upgrades"),
    path("approve/", views.approve, name="approve"),
]
