"""Pages of the enforcement area: the public complaint form (/complaints/<body>/) and printable receipts
(/complaints/receipts/<payment id>/)."""

from django.urls import path

from . import web

urlpatterns = [
    path("receipts/<int:payment_id>/", web.receipt, name="enforcement_receipt"),
    path("<slug:code>/", web.complaint_form, name="complaint_form"),
]
