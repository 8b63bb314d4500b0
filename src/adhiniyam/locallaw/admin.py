"""Admin: local law is read here, entered through `adhiniyam instruments import`, the API or the services,
so that every instrument is checked against its Act (an admin form would bypass the check)."""

from django.contrib import admin

from .models import Instrument, NamedArea


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Instrument)
class InstrumentAdmin(ReadOnly):
    list_display = ("ident", "title", "kind", "layer", "made_by", "under", "commencement", "repeal", "state")
    list_filter = ("state", "kind", "layer", "act_id")
    search_fields = ("ident", "title", "made_by", "under")


@admin.register(NamedArea)
class NamedAreaAdmin(ReadOnly):
    list_display = ("name", "kind", "body", "resolution_on", "public_notice_on")
    list_filter = ("kind",)
    search_fields = ("name", "body__code")
