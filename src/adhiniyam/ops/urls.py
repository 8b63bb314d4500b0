from django.urls import path

from . import views

urlpatterns = [
    path("health", views.health, name="ops_health"),
    path("floor", views.floor, name="ops_floor"),
]
