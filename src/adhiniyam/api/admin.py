from django.contrib import admin

from .models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("prefix", "user", "name", "created_at", "expires_at", "last_used_at", "revoked", "revoked_reason")
    readonly_fields = ("prefix", "key_hash", "created_at", "last_used_at")
    list_filter = ("revoked",)
