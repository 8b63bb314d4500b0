"""The public complaint form (mounted at /complaints/)."""

from django.urls import path

from . import web

urlpatterns = [path("<slug:code>/", web.complaint_form, name="complaint_form")]
