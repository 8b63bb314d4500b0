from django.urls import path

from . import views

app_name = "locallaw"

# The local-law API (/local-law/api/, .api) is mounted in site/urls.py, outside this app's namespace, so that
# django-ninja finds its own ("locallaw-api") for the OpenAPI description and the docs.
urlpatterns = [
    path("<slug:code>/", views.register_page, name="register"),
]
