from django.contrib import admin

from .models import BodyNotifySettings, Notification, Preference


@admin.register(BodyNotifySettings)
class BodyNotifySettingsAdmin(admin.ModelAdmin):
    list_display = ("body", "remind_days", "digest", "sms")


@admin.register(Preference)
class PreferenceAdmin(admin.ModelAdmin):
    list_display = ("body", "person", "user", "language", "email", "sms")
    list_filter = ("body", "language")
    raw_id_fields = ("person", "user")


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    """The outbox, read only: rows are written by the records service and changed only by the worker."""

    list_display = ("created_at", "body", "case", "kind", "channel", "to_address", "language", "status", "attempts")
    list_filter = ("status", "kind", "channel", "body")
    search_fields = ("to_address", "subject", "key")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
