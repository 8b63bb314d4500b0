from django.apps import AppConfig


class RecordsConfig(AppConfig):
    name = "adhiniyam.records"
    label = "records"
    verbose_name = "Records: bodies, people, properties, cases"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.db.models.signals import post_delete, post_save, pre_save

        from . import bodysettings, calendar
        from .models import Closure
        bodysettings.connect()              # first: the refresh below reads the body's new settings
        pre_save.connect(calendar.day_was, sender=Closure, dispatch_uid="calendar:pre")
        post_save.connect(calendar.day_changed, sender=Closure, dispatch_uid="calendar:save")
        post_delete.connect(calendar.day_changed, sender=Closure, dispatch_uid="calendar:delete")
