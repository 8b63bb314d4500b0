from django.urls import path

from . import floor, views

urlpatterns = [
    path("health", views.health, name="ops_health"),
    path("floor", views.floor, name="ops_floor"),
    path("floor/raw", floor.raw, name="ops_floor_raw"),
]
