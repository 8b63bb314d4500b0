from django.urls import path

from . import views

app_name = "locallaw"

# The local-law API (/local-law/api/) is mounted by adhiniyam.site.urls outside this app's namespace, so
# that django-ninja can find its own addresses (its OpenAPI description and docs).
urlpatterns = [
    path("<slug:code>/", views.register_page, name="register"),
]
