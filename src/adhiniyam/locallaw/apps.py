from django.apps import AppConfig


class LocalLawConfig(AppConfig):
    name = "adhiniyam.locallaw"
    label = "locallaw"
    verbose_name = "Local law: bye-laws, rules, notifications, fee schedules, named areas"
    default_auto_field = "django.db.models.BigAutoField"
