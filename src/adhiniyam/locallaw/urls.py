from django.urls import path

from . import views

app_name = "locallaw"

urlpatterns = [
    path("<slug:code>/", views.register_page, name="register"),
]
