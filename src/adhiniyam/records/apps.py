from django.apps import AppConfig


class RecordsConfig(AppConfig):
    name = "adhiniyam.records"
    label = "records"
    verbose_name = "Records: bodies, people, properties, cases"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import bodysettings
        bodysettings.connect()
